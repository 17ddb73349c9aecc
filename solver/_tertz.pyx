# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact double-dummy engine of Tertz (docs/rules.md section 4) in C.

Only ``deberts.variants.tertz.engine`` calls this module. It receives a position reduced to
integers as a :class:`Spec` (hands, the stock in draw order, the card on the table,
the break, the marriage, the declarations so far); a :class:`Search` answers the
value, every move's value, or the value and an optimal line, and counts its nodes.
Each Search owns its table, so separate objects are re-entrant; the search runs
without the GIL, under the caller's limit (``common/limit.pxi``, shared with the
Deberts engine, as are the bit helpers, the end phase's structure table
``common/structure.pxi`` and the value search ``common/mtdf.pxi``).

Moves are integers: a card 0..31, ``SWAP`` (32), ``BREAK + k`` (64 + k).
"""

include "common/bits.pxi"
include "common/limit.pxi"
include "tertz/types.pxi"
include "tertz/declarations.pxi"
include "tertz/legality.pxi"
include "tertz/state.pxi"
include "tertz/table.pxi"
include "common/structure.pxi"
include "tertz/bounds.pxi"
include "tertz/ordering.pxi"
include "tertz/search.pxi"
include "common/mtdf.pxi"
include "tertz/root.pxi"

# The points and orders come from the Python model, so both read one definition.
from deberts.model.cards import Rank
from deberts.variants.tertz.model.declarations import FOUR_CLASS, FOUR_POINTS as MODEL_FOUR_POINTS
from deberts.variants.tertz.model.declarations import MARRIAGE_POINTS as MODEL_MARRIAGE, run_points
from deberts.variants.tertz.model.tricks import LAST_TRICK as MODEL_LAST_TRICK, card_points
from deberts.model.trick_order import trick_power

DEFAULT_TABLE_BITS = 20
MOVE_SWAP = SWAP
MOVE_BREAK = BREAK
STOCK_PLAY = {"suit_or_trump": STOCK_SUIT_OR_TRUMP, "follow": STOCK_FOLLOW,
              "free": STOCK_FREE}


cdef void fill_rule_tables() except *:
    """The declarations' and bonuses' points (declarations.pxi, types.pxi) and the
    suits' orders and points by rank (table.pxi)."""
    global LAST_TRICK, MARRIAGE_POINTS
    cdef int length, index, rank
    cdef int power[2][8]
    cdef int points[2][8]
    for rank in range(8):  # a card of suit 0, plain (trump 1) and trump (trump 0)
        power[0][rank] = trick_power(rank, 0, 1) - 1
        power[1][rank] = trick_power(rank, 0, 0) - 9
        points[0][rank] = card_points(rank, 1)
        points[1][rank] = card_points(rank, 0)
    fill_order_tables(power[0], power[1], points[0], points[1])
    LAST_TRICK = MODEL_LAST_TRICK
    MARRIAGE_POINTS = MODEL_MARRIAGE
    for length in range(3, 9):
        RUN_POINTS[length] = run_points(length)
    for four, value in MODEL_FOUR_POINTS.items():
        index = int(four) - int(Rank.JACK)
        FOUR_POINTS[index] = value
        FOUR_STRENGTH[index] = 32 * FOUR_CLASS[four]


cdef void fill_card_tables(Engine* e, int trump) except *:
    """The engine's tables that depend only on the trump suit."""
    cdef int card, other, suit, power
    e.trump = trump
    e.trump_mask = suit_cards(trump)
    e.jack = <uint32_t>1 << (8 * trump + int(Rank.JACK))
    e.seven = <uint32_t>1 << (8 * trump + int(Rank.SEVEN))
    e.marriage = ((<uint32_t>1 << (8 * trump + int(Rank.KING)))
                  | (<uint32_t>1 << (8 * trump + int(Rank.QUEEN))))
    for card in range(32):
        e.points[card] = card_points(card, trump)
        e.power[card] = trick_power(card, card >> 3, trump)
    for card in range(32):
        e.beaters[card] = 0
        e.beaten[card] = 0
        for other in range(8 * (card >> 3), 8 * (card >> 3) + 8):
            if e.power[other] > e.power[card]:
                e.beaters[card] |= <uint32_t>1 << other
            elif e.power[other] < e.power[card]:
                e.beaten[card] |= <uint32_t>1 << other
    for suit in range(4):
        for card in range(8 * suit, 8 * suit + 8):
            power = e.power[card] - (9 if suit == trump else 1)
            e.card_at[suit][power] = card
    e.twinned = 0
    for suit in range(4):
        e.twin_below[e.card_at[suit][0]] = -1
        for power in range(1, 8):
            card = e.card_at[suit][power]
            other = e.card_at[suit][power - 1]
            e.twin_below[card] = other if e.points[other] == e.points[card] else -1
            if e.twin_below[card] >= 0:
                e.twinned |= <uint32_t>1 << card


fill_rule_tables()
fill_compress_nibbles()
# The card tables of each trump suit, made once: a search copies one.
cdef Engine CARD_TABLES[4]
for _trump in range(4):
    fill_card_tables(&CARD_TABLES[_trump], _trump)


cdef struct Setting:
    # What a table's entries depend on besides the state: a position of another
    # setting clears the table. Compared with memcmp, so a Setting lives only in
    # zero-filled memory (the fields of a cdef class).
    int trump
    int stock_play
    int declare_opening
    int swap_last
    int stock_count
    uint8_t stock[STOCK_SIZE]


cdef class Spec:
    """A position as the engine reads it. Built only by
    ``deberts.variants.tertz.engine.engine_input``; every field is a plain integer (seats,
    32-bit card masks, cards 0..31) and the rule options keep their names in
    :class:`deberts.variants.tertz.model.Rules`.

    ``runs`` holds each seat's declared runs as ``(cards, stamp, counting)`` (the
    stamp orders declarations in the deal), ``fours`` each seat's declared fours as
    bits ``rank - 4``; ``trick`` is the card on the table or -1.
    """

    cdef Setting setting
    cdef uint32_t hands[2]
    cdef Declared declared[2]
    cdef readonly int trick
    cdef readonly int leader
    cdef readonly int to_move
    cdef readonly int break_due
    cdef readonly int cards_played
    cdef readonly int marriage_open

    def __init__(self, *, int trump, hands, stock, int trick, int leader, int to_move,
                 bint break_due, int cards_played, bint marriage_open, runs, fours,
                 str stock_play, str declare_when, bint swap_last):
        cdef int seat, i
        if not 0 <= trump < 4 or not -1 <= trick < 32 or not 0 <= cards_played <= 32:
            raise ValueError(f"bad spec: trump {trump}, trick {trick}, {cards_played} played")
        if not 0 <= leader < 2 or not 0 <= to_move < 2:
            raise ValueError(f"bad spec: leader {leader}, to move {to_move}")
        if len(hands) != 2 or len(runs) != 2 or len(fours) != 2:
            raise ValueError("bad spec: hands, runs and fours need one entry a seat")
        if len(stock) > STOCK_SIZE:
            raise ValueError(f"bad spec: {len(stock)} stock cards, at most {STOCK_SIZE}")
        if stock_play not in STOCK_PLAY or declare_when not in ("stock", "opening"):
            raise ValueError(f"bad spec: stock_play {stock_play!r}, declare_when {declare_when!r}")
        self.setting.trump = trump
        self.setting.stock_play = STOCK_PLAY[stock_play]
        self.setting.declare_opening = declare_when == "opening"
        self.setting.swap_last = swap_last
        self.setting.stock_count = len(stock)
        for i, card in enumerate(stock):
            if not 0 <= card < 32:
                raise ValueError(f"bad spec: stock card {card}")
            self.setting.stock[i] = card
        for seat in range(2):
            self.hands[seat] = hands[seat]
            load_declared(&self.declared[seat], runs[seat], fours[seat])
        self.trick = trick
        self.leader = leader
        self.to_move = to_move
        self.break_due = break_due
        self.cards_played = cards_played
        self.marriage_open = marriage_open


cdef void load_declared(Declared* d, runs, int fours) except *:
    """One player's declarations from ``[(run_cards, stamp, counting)]`` and the
    mask of his declared fours' ranks (bit r - 4 for rank r)."""
    cdef int i, low, suit
    cdef uint32_t cards
    memset(d, 0, sizeof(Declared))
    if len(runs) > MAX_RUNS:
        raise ValueError(f"{len(runs)} runs declared by one seat, at most {MAX_RUNS}")
    d.fours = fours
    for i, (cards, stamp, counting) in enumerate(runs):
        low = lowest_bit(cards)
        suit = low >> 3
        d.runs[i] = <uint8_t>((suit << 6) | ((low & 7) << 3) | (popcount32(cards) - 1))
        if run_cards(d.runs[i]) != cards:
            raise ValueError(f"declared run {cards:#x} is not a run of one suit")
        d.stamps[i] = stamp
        if counting:
            d.counting |= <uint16_t>1 << i
    d.count = len(runs)


cdef void setup_engine(Engine* e, Spec spec) noexcept:
    """Fill the engine from the spec: the card tables of the trump, then the
    stock's face-down cards in draw order after each break (the stock
    right-aligned), the hands and the state."""
    cdef Setting* setting = &spec.setting
    cdef int i, k, card, offset = STOCK_SIZE - setting.stock_count
    cdef uint8_t stock[STOCK_SIZE]
    memcpy(e, &CARD_TABLES[setting.trump], sizeof(Engine))
    e.stock_play = setting.stock_play
    e.declare_opening = setting.declare_opening
    e.swap_last = setting.swap_last
    e.s.hands[0] = spec.hands[0]
    e.s.hands[1] = spec.hands[1]
    e.s.stock_cards = 0
    for i in range(STOCK_SIZE):
        stock[i] = 0
    for i in range(setting.stock_count):
        stock[offset + i] = setting.stock[i]
        e.s.stock_cards |= <uint32_t>1 << setting.stock[i]
    for k in range(BREAKS):
        for i in range(FACE_DOWN):
            e.cut_stock[k][i] = stock[(i + FACE_DOWN - k) % FACE_DOWN]
    e.s.drawn = offset
    e.s.cut = 0
    e.s.face_up = setting.stock[setting.stock_count - 1] if setting.stock_count else 0
    e.s.break_due = spec.break_due
    e.s.leader = spec.leader
    e.s.to_move = spec.to_move
    e.s.trick_len = 0
    e.s.lead_card = 0
    if spec.trick >= 0:
        e.s.trick_len = 1
        e.s.lead_card = spec.trick
    e.s.cards_played = spec.cards_played
    e.s.points_left = 0
    for card in range(32):
        if ((e.s.hands[0] | e.s.hands[1] | e.s.stock_cards) >> card) & 1:
            e.s.points_left += e.points[card]
    if e.s.trick_len:
        e.s.points_left += e.points[e.s.lead_card]
    e.s.marriage_open = spec.marriage_open
    e.s.declaring = 1
    e.s.declared[0] = spec.declared[0]
    e.s.declared[1] = spec.declared[1]
    e.s.structure = rank_structure(e) if e.s.drawn == STOCK_SIZE else 0
    e.nodes = 0


include "common/shell.pxi"


cdef class Search(TableSearch):
    """A Tertz search with its own transposition table, reusable across positions.

    Entries stay valid while positions share a setting (trump, the stock, the
    rules); a position of another setting clears the table. One object must not be
    used by two threads at once; give each thread its own.
    """

    cdef int settled          # the margin settled at the root (settle in state.pxi)

    cdef Engine* prepare(self, Spec spec) except NULL:
        """Set up the engine at the root, and settle there what is already certain."""
        cdef Engine* e = self.begin(&spec.setting)
        setup_engine(e, spec)
        self.start(&e.limit)
        e.table = self.tab
        if deal_over(e):
            raise ValueError("the deal is over: nothing left to solve")
        self.settled = settle(e)
        e.limit.base = self.settled
        return e

    def value(self, Spec spec not None, int guess=NO_GUESS):
        """``(value, nodes)``: the exact margin still to be won from the root, the
        value search starting from ``guess`` (a margin from the root) when given:
        a near guess saves null-window passes."""
        cdef Engine* e = self.prepare(spec)
        cdef int value
        cdef int start = NO_GUESS if guess == NO_GUESS else guess - self.settled
        with nogil:
            value = exact_value(e, start)
        self.finish(&e.limit, e.nodes)
        return self.settled + value, e.nodes

    def values(self, Spec spec not None, int guess=NO_GUESS):
        """``([(move, value)], nodes)``: the exact value of every legal move, the
        first move's search starting from ``guess`` when given."""
        cdef Engine* e = self.prepare(spec)
        cdef int moves[MAX_MOVES]
        cdef int values[MAX_MOVES]
        cdef int count
        cdef int start = NO_GUESS if guess == NO_GUESS else guess - self.settled
        with nogil:
            count = root_values(e, start, moves, values)
        self.finish(&e.limit, e.nodes)
        return [(moves[i], self.settled + values[i]) for i in range(count)], e.nodes

    def root_moves(self, Spec spec not None):
        """The root's legal moves in the order ``values`` searches them. The table
        is begun under the spec's setting (cleared if it held another): call it
        before searches sharing the table value the root's moves side by side."""
        cdef Engine* e = self.prepare(spec)
        cdef int moves[MAX_MOVES]
        cdef int count = ordered_moves(e, -1, moves, 0)
        self.finish(&e.limit, 0)
        return [moves[i] for i in range(count)]

    def move_value(self, Spec spec not None, int move, int guess=NO_GUESS, known=()):
        """``(value, nodes)``: the exact value of the root move ``move`` (the margin
        from the root after it, as ``values`` gives it), the search starting from
        ``guess`` (a margin from the root) when given and testing the ``known`` values (other root moves', margins
        from the root) first. Searches sharing one table value the root moves of
        one position side by side, each finding what the others proved."""
        cdef Engine* e = self.prepare(spec)
        cdef int moves[MAX_MOVES]
        cdef int after[MAX_MOVES]
        cdef int count, i, n = 0, delta, value
        cdef int start = NO_GUESS if guess == NO_GUESS else guess - self.settled
        count = ordered_moves(e, -1, moves, 0)
        for i in range(count):
            if moves[i] == move:
                break
        else:
            raise ValueError(f"move {move} is not legal at the root")
        for value in known:
            if n < MAX_MOVES:
                after[n] = value - self.settled
                n += 1
        with nogil:
            delta = make_move(e, move)
            for i in range(n):
                after[i] -= delta
            value = delta + exact_value(e, NO_GUESS if start == NO_GUESS else start - delta,
                                        after, n)
        self.finish(&e.limit, e.nodes)
        return self.settled + value, e.nodes

    def line(self, Spec spec not None, int guess=NO_GUESS):
        """``(value, line, nodes)``: the exact value and one optimal line of moves
        to the end of the deal (the value search from ``guess`` when given)."""
        cdef Engine* e = self.prepare(spec)
        cdef int line[MAX_PLIES]
        cdef int value, length
        cdef int start = NO_GUESS if guess == NO_GUESS else guess - self.settled
        with nogil:
            value = exact_value(e, start)
            length = principal_line(e, value, line)
        self.finish(&e.limit, e.nodes)
        return self.settled + value, [line[j] for j in range(length)], e.nodes
