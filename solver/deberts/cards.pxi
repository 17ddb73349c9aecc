# The card tables, made once at import from deberts.variants.deberts.model.points and
# deberts.model.trick_order (the model reads the same tables): each suit's cards in
# power order, and for each trump suit the card points and powers, the orders within
# each suit, the cards each card beats and is beaten by. A solve copies the tables
# of its trump (CARD_TABLES).

from deberts.model import trick_order
from deberts.variants.deberts.model import points

LAST_TRICK = points.LAST_TRICK
CAPOT_LAST_TRICK = points.CAPOT_LAST_TRICK
BELLA_POINTS = points.BELLA_POINTS

# A suit's cards as 8 bits by rank, rearranged into power order (weakest bit 0):
# [0] for a plain suit, [1] for the trump suit.
cdef uint8_t ORDER_BYTES[2][256]


def ranks_by_power(order: tuple) -> list:
    """The rank indices of a suit from its weakest card to its strongest."""
    return sorted(range(8), key=order.__getitem__)


cdef void fill_suit_tables():
    """The tables every solve shares: ORDER_BYTES, NTH_BIT, and from each kind's
    card points in power order SHIFT_BYTES (common/structure.pxi) and TRUMP_BYTE_POINTS
    (bounds.pxi)."""
    cdef int worths[2][8]
    cdef int kind, cards, power
    for kind, (order, worth) in enumerate(((trick_order.PLAIN_ORDER, points.PLAIN_POINTS),
                                           (trick_order.TRUMP_ORDER, points.TRUMP_POINTS))):
        ranks = ranks_by_power(order)
        for power in range(8):
            worths[kind][power] = worth[ranks[power]]
        for cards in range(256):
            ORDER_BYTES[kind][cards] = sum(
                1 << power for power in range(8) if (cards >> ranks[power]) & 1
            )
    fill_structure_tables(worths[0], worths[1])
    for cards in range(256):
        TRUMP_BYTE_POINTS[cards] = sum(worths[1][power] for power in range(8)
                                       if (cards >> power) & 1)


cdef void fill_card_tables(Engine* e, int trump) except *:
    """The engine's tables that depend only on the trump suit."""
    cdef int card, rank, power, suit, other
    plain_order, trump_order = trick_order.PLAIN_ORDER, trick_order.TRUMP_ORDER
    e.trump = trump
    e.trump_mask = <uint32_t>0xFF << (8 * trump)
    for card in range(32):
        rank = card & 7
        if card >> 3 == trump:
            e.points[card] = points.TRUMP_POINTS[rank]
            e.trump_power[card] = 8 + trump_order[rank]
        else:
            e.points[card] = points.PLAIN_POINTS[rank]
            e.trump_power[card] = 0
        e.plain_power[card] = plain_order[rank]
        for suit in range(4):
            e.power[suit][card] = (e.trump_power[card] if e.trump_power[card]
                                   else e.plain_power[card] if card >> 3 == suit else 0)
    for power in range(17):
        e.trumps_above[power] = 0
        for rank in range(8):
            if 8 + trump_order[rank] > power:
                e.trumps_above[power] |= <uint32_t>1 << (8 * trump + rank)
    e.twins = 0
    for suit in range(4):
        order = trump_order if suit == trump else plain_order
        for power, rank in enumerate(ranks_by_power(order)):
            e.card_at[suit][power] = 8 * suit + rank
        e.to_power[suit] = ORDER_BYTES[suit == trump]
        for rank in range(8):
            e.beaters[8 * suit + rank] = 0
            e.weaker[8 * suit + rank] = 0
            for other in range(8):
                if other != rank and e.points[8 * suit + rank] == e.points[8 * suit + other]:
                    e.twins |= <uint32_t>1 << (8 * suit + rank)
                if order[other] > order[rank]:
                    e.beaters[8 * suit + rank] |= <uint32_t>1 << (8 * suit + other)
                if order[other] < order[rank]:
                    e.weaker[8 * suit + rank] |= <uint32_t>1 << (8 * suit + other)


# The card tables of each trump suit, made once: a solve copies one.
cdef Engine CARD_TABLES[4]


cdef void fill_all_tables() except *:
    """Everything this file makes, at import."""
    cdef int trump
    fill_suit_tables()
    for trump in range(4):
        fill_card_tables(&CARD_TABLES[trump], trump)
