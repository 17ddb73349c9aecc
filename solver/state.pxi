# The engine's position: hands, the trick in progress, and the play-dependent bonus
# flags; playing and taking back one card; the legal cards (RULES.md 2.5, in C).
#
# Values are margins (declarer side minus defenders) of what is still to be won.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int16_t

cdef enum:
    INF = 10000
    MAX_MOVES = 20          # up to 9 cards, twice for a bella card with a choice

# The bonuses, set from the Python rules at import (_engine.pyx): the last trick,
# the last trick of a capot, bella.
cdef int LAST_TRICK, CAPOT_LAST_TRICK, BELLA_POINTS

cdef enum BellaMode:
    BELLA_FIXED = 0         # owner rule, or no bella: settled outside the search
    BELLA_TRICK_WINNER = 1  # the trick winner scores the announced bella
    BELLA_BOTH_TRICKS = 2   # the owner's team must win both bella tricks

# bella_state at a trick start: 0 nothing left to score, 1 pending (owner holds
# both cards), 2 both_tricks with the first bella trick won by the owner's team.
# sides_won (capot only, else always 0): bit 0 the declarer's side has taken a
# trick, bit 1 the defenders have; a capot is still possible while it is not 3.

cdef struct State:
    # everything playing a card changes: taking it back restores a copy
    uint64_t owners           # the rank structure the table files positions by
                              # (table.pxi), kept card by card: 16 bits a suit,
                              # 2 bits a remaining card from the weakest up (its seat)
    uint32_t hands[4]
    uint32_t remaining        # the cards still in hands
    uint32_t in_trick         # the cards of the trick in progress
    int16_t points_left       # the card points of ``remaining``
    int16_t trick_points
    # the trick in progress
    uint8_t leader
    uint8_t to_move           # the seat to play next
    uint8_t trick_len
    uint8_t led
    uint8_t win_seat
    uint8_t win_card
    uint8_t win_power
    # play-dependent bonuses
    uint8_t decl_pending      # 1 while the team still needs a trick to be credited
    uint8_t bella_state
    uint8_t bella_now         # a bella card in this trick decides something
    uint8_t sides_won         # see above


cdef struct Engine:
    State s
    int n
    int side[4]               # +1 declarer side, -1 defenders
    uint32_t declarer_dealt   # the declarer side's cards at the root (cards never
                              # change hands, so with ``remaining`` its cards now)
    int partner[4]            # seat whose top trump need not be beaten, or -1
    int trump
    uint32_t trump_mask
    int points[32]            # card points given the trump
    int trump_power[32]       # 9..16 for trumps, 0 otherwise
    int plain_power[32]       # 1..8 (plain order of the card's rank)
    uint32_t trumps_above[17] # trumps with power above p
    int card_at[4][8]         # per suit, the cards from weakest to strongest
    uint32_t weaker[32]       # the cards of the same suit that a card beats
    uint8_t* to_power[4]      # a suit's cards as a byte by rank -> by power (ORDER_BYTES)
    uint32_t beaters[32]      # the cards of the same suit that beat each card
    uint32_t twins            # the cards worth as much as another of their suit
    # the bonuses' setting
    uint32_t decl_team        # seat bitmask of the team whose declarations score
    int decl_value            # their margin value, signed
    int bella_mode
    int bella_owner
    uint32_t bella_cards
    uint32_t bella_team       # seat bitmask of the owner's team (both_tricks)
    # search
    void* table
    uint64_t nodes
    # Belote options (rules.py): legality exemptions and the capot
    int mate[4]               # the seat's partner in a pairs game, or -1
    int exempt_trump_lead     # partner[] exempts on trump leads too
    int partner_free          # void, partner winning: any card
    int discard_free          # void, cannot beat an opponent's top trump: any card
    int capot                 # a side taking every trick has a last trick of 100


ctypedef State Undo           # what taking a card back restores


cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil


cdef inline int popcount32(uint32_t x) noexcept nogil:
    return __builtin_popcount(x)


cdef inline int lowest_bit(uint32_t x) noexcept nogil:
    return __builtin_ctz(x)


cdef inline int seat_to_move(Engine* e) noexcept nogil:
    return e.s.to_move


cdef inline int deal_over(Engine* e) noexcept nogil:
    """Every card has been played."""
    return e.s.trick_len == 0 and e.s.hands[e.s.leader] == 0


cdef inline int card_power(Engine* e, int card) noexcept nogil:
    """How strongly a card competes for the current trick (0 = cannot win)."""
    if e.trump_power[card]:
        return e.trump_power[card]
    if (card >> 3) == e.s.led:
        return e.plain_power[card]
    return 0


cdef inline uint32_t legal_mask(Engine* e, int seat) noexcept nogil:
    """Follow suit; trumps led must be beaten; void, trump (beating a trump in the
    trick); else anything. The rule options' exemptions, as
    ``deberts.model.position.legal_in_trick`` decides them: the partner's top trump need
    not be beaten if exempt (on trump leads too unless the option says otherwise);
    void with the partner winning, any card (``partner_free``); void and unable to
    beat an opponent's top trump, any card (``discard_free``)."""
    cdef uint32_t hand = e.s.hands[seat]
    cdef uint32_t candidates, higher
    cdef int following = 1
    if e.s.trick_len == 0:
        return hand
    candidates = hand & (<uint32_t>0xFF << (8 * e.s.led))
    if candidates == 0:
        if e.partner_free and e.mate[seat] == e.s.win_seat:
            return hand
        following = 0
        candidates = hand & e.trump_mask
        if candidates == 0:
            return hand
    if candidates & e.trump_mask:
        if (e.s.win_power > 8 and e.partner[seat] == e.s.win_seat
                and (e.exempt_trump_lead or not following)):
            return candidates
        higher = candidates & e.trumps_above[e.s.win_power if e.s.win_power > 8 else 8]
        if higher:
            return higher
        if not following and e.discard_free and e.mate[seat] != e.s.win_seat:
            return hand
    return candidates


cdef inline uint32_t bella_choice_cards(Engine* e) noexcept nogil:
    """The cards whose play is also the choice to announce bella or not."""
    if e.bella_mode == BELLA_TRICK_WINNER and e.s.bella_state == 1:
        return e.bella_cards
    return 0


cdef inline int forced(Engine* e, uint32_t legal) noexcept nogil:
    """True when ``legal`` is one card whose play holds no bella choice."""
    return legal & (legal - 1) == 0 and legal & bella_choice_cards(e) == 0


cdef inline uint32_t power_byte(Engine* e, uint32_t cards, int suit) noexcept nogil:
    """The suit's cards among ``cards`` as 8 bits in power order (weakest bit 0)."""
    return e.to_power[suit][(cards >> (8 * suit)) & 0xFF]


cdef void build_structure(Engine* e) noexcept nogil:
    """The rank structure of the hands from scratch (see Engine.owners)."""
    cdef uint32_t order
    cdef int suit, place, card, seat
    e.s.remaining = e.s.hands[0] | e.s.hands[1] | e.s.hands[2] | e.s.hands[3]
    e.s.points_left = 0
    for card in range(32):
        if (e.s.remaining >> card) & 1:
            e.s.points_left += e.points[card]
    e.s.owners = 0
    for suit in range(4):
        order = power_byte(e, e.s.remaining, suit)
        place = 0
        while order:
            card = e.card_at[suit][lowest_bit(order)]
            order &= order - 1
            for seat in range(e.n):
                if (e.s.hands[seat] >> card) & 1:
                    e.s.owners |= <uint64_t>seat << (16 * suit + 2 * place)
            place += 1


cdef inline void leave_structure(Engine* e, int card) noexcept nogil:
    """Take a card out of the rank structure: the suit's stronger cards move
    down one place."""
    cdef uint64_t segment = <uint64_t>0xFFFF << (16 * (card >> 3))
    cdef uint64_t below = ((<uint64_t>1 << (16 * (card >> 3)
                                         + 2 * popcount32(e.s.remaining & e.weaker[card])))
                           - 1)
    e.s.owners = ((e.s.owners & ~(segment & ~below))
                  | ((e.s.owners >> 2) & (segment >> 2) & ~below))
    e.s.remaining &= ~(<uint32_t>1 << card)
    e.s.points_left -= e.points[card]


cdef inline int play_card(Engine* e, int card, int declines, Undo* u) noexcept nogil:
    """Play ``card`` for the seat to move; return the margin the trick settles, if
    this card completes it (0 otherwise). ``declines`` skips announcing bella."""
    cdef int seat = seat_to_move(e)
    cdef int power, winner, delta
    u[0] = e.s
    leave_structure(e, card)
    e.s.hands[seat] &= ~(<uint32_t>1 << card)
    e.s.in_trick |= <uint32_t>1 << card
    if e.s.trick_len == 0:
        e.s.led = card >> 3
        e.s.win_power = 0
    power = card_power(e, card)
    if power > e.s.win_power:
        e.s.win_power = power
        e.s.win_seat = seat
        e.s.win_card = card
    e.s.trick_points += e.points[card]
    if e.s.bella_state and (e.bella_cards >> card) & 1:
        if declines:
            e.s.bella_state = 0
        else:
            e.s.bella_now = 1
            if e.bella_mode == BELLA_TRICK_WINNER:
                e.s.bella_state = 0
    e.s.trick_len += 1
    if e.s.trick_len < e.n:
        e.s.to_move = seat + 1 if seat + 1 < e.n else 0
        return 0
    winner = e.s.win_seat
    delta = e.side[winner] * e.s.trick_points
    if e.capot:
        e.s.sides_won |= 1 if e.side[winner] > 0 else 2
    if e.s.hands[winner] == 0:
        if e.capot and e.s.sides_won != 3:
            delta += e.side[winner] * CAPOT_LAST_TRICK
        else:
            delta += e.side[winner] * LAST_TRICK
    if e.s.decl_pending and (e.decl_team >> winner) & 1:
        delta += e.decl_value
        e.s.decl_pending = 0
    if e.s.bella_now:
        if e.bella_mode == BELLA_TRICK_WINNER:
            delta += e.side[winner] * BELLA_POINTS
        elif (e.bella_team >> winner) & 1:
            if e.s.bella_state == 2:
                delta += e.side[e.bella_owner] * BELLA_POINTS
                e.s.bella_state = 0
            else:
                e.s.bella_state = 2
        else:
            e.s.bella_state = 0
        e.s.bella_now = 0
    e.s.leader = winner
    e.s.to_move = winner
    e.s.trick_len = 0
    e.s.in_trick = 0
    e.s.trick_points = 0
    e.s.win_power = 0
    return delta


cdef inline void undo_card(Engine* e, Undo* u) noexcept nogil:
    e.s = u[0]
