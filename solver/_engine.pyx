# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact double-dummy engine of deberts: alpha-beta on the deal margin in C.

Only ``deberts.engine.solver`` calls this module. It receives a position already reduced
to integers (hands at the start of the current trick, the cards of that trick, the
bonus flags); a :class:`Search` answers in one of several modes (the value, the best
move, a threshold question, every move's value, every move's value and line) and
counts its nodes. Each Search owns its table, so separate objects are re-entrant;
the search runs without the GIL.
"""

include "state.pxi"
include "table.pxi"
include "ordering.pxi"
include "search.pxi"

cdef enum:
    WIDE_INTERVAL = 8         # wider than this, the value search bisects
    FIRST_STEP = 4            # the value search's first step past a bound
    FULL_WINDOW_CARDS = 24    # with no more cards in play, one full-window search
    NO_GUESS = INF

from libc.string cimport memcpy
from operator import itemgetter

# The card tables and bonuses come from the Python rules, so both read one definition.
import deberts.model.declarations
import deberts.model.tricks
from deberts.model.tricks import PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS

LAST_TRICK = deberts.model.tricks.LAST_TRICK
CAPOT_LAST_TRICK = deberts.model.tricks.CAPOT_LAST_TRICK
BELLA_POINTS = deberts.model.declarations.BELLA_POINTS
BELLA_MODES = {"fixed": BELLA_FIXED, "trick_winner": BELLA_TRICK_WINNER,
               "both_tricks": BELLA_BOTH_TRICKS}
DEFAULT_TABLE_BITS = 18
ALL_CARDS = 0xFFFFFFFF      # the card mask that filters out no root move
# What a table's entries depend on besides the cards and the bonus state: a position
# that differs in any of these clears the table.
SETTING_KEYS = ("players", "trump", "sides", "partners", "decl_team", "decl_value",
                "bella_mode", "bella_owner", "bella_cards", "bella_team", "mates",
                "exempt_trump_lead", "partner_free", "discard_free", "capot")
deal_setting = itemgetter(*SETTING_KEYS)

# A suit's cards as 8 bits by rank, rearranged into power order (weakest bit 0):
# [0] for a plain suit, [1] for the trump suit.
cdef uint8_t ORDER_BYTES[2][256]


def ranks_by_power(order: tuple) -> list:
    """The rank indices of a suit from its weakest card to its strongest."""
    return sorted(range(8), key=order.__getitem__)


cdef void fill_suit_tables():
    """The tables every solve shares: ORDER_BYTES, NTH_BIT, and from each kind's
    card points in power order SHIFT_BYTES and TRUMP_BYTE_POINTS (table.pxi)."""
    cdef int points[2][8]
    cdef int kind, cards, power
    for kind, (order, worth) in enumerate(((PLAIN_ORDER, PLAIN_POINTS),
                                           (TRUMP_ORDER, TRUMP_POINTS))):
        ranks = ranks_by_power(order)
        for power in range(8):
            points[kind][power] = worth[ranks[power]]
        for cards in range(256):
            ORDER_BYTES[kind][cards] = sum(
                1 << power for power in range(8) if (cards >> ranks[power]) & 1
            )
    fill_shift_bytes(points[0], points[1])
    fill_nth_bit()
    for cards in range(256):
        TRUMP_BYTE_POINTS[cards] = sum(points[1][power] for power in range(8)
                                       if (cards >> power) & 1)


fill_suit_tables()


cdef void fill_card_tables(Engine* e, int trump) except *:
    """The engine's tables that depend only on the trump suit: card points and
    powers, the orders within each suit, the cards each card beats and is beaten by."""
    cdef int card, rank, power, suit, other
    e.trump = trump
    e.trump_mask = <uint32_t>0xFF << (8 * trump)
    for card in range(32):
        rank = card & 7
        if card >> 3 == trump:
            e.points[card] = TRUMP_POINTS[rank]
            e.trump_power[card] = 8 + TRUMP_ORDER[rank]
        else:
            e.points[card] = PLAIN_POINTS[rank]
            e.trump_power[card] = 0
        e.plain_power[card] = PLAIN_ORDER[rank]
    for power in range(17):
        e.trumps_above[power] = 0
        for rank in range(8):
            if 8 + TRUMP_ORDER[rank] > power:
                e.trumps_above[power] |= <uint32_t>1 << (8 * trump + rank)
    e.twins = 0
    for suit in range(4):
        order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
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
for _trump in range(4):
    fill_card_tables(&CARD_TABLES[_trump], _trump)


cdef void setup_engine(Engine* e, dict spec) except *:
    """Fill the engine from the boundary's plain-integer description."""
    cdef int seat
    memcpy(e, &CARD_TABLES[<int>spec["trump"]], sizeof(Engine))
    e.n = spec["players"]
    for seat in range(4):
        e.s.hands[seat] = 0
        e.side[seat] = 0
        e.partner[seat] = -1
    e.declarer_dealt = 0
    for seat in range(e.n):
        e.s.hands[seat] = spec["hands"][seat]
        e.side[seat] = spec["sides"][seat]
        e.partner[seat] = spec["partners"][seat]
        if e.side[seat] > 0:
            e.declarer_dealt |= e.s.hands[seat]
    e.s.leader = spec["leader"]
    e.s.to_move = e.s.leader
    e.s.trick_len = 0
    e.s.in_trick = 0
    e.s.led = 0
    e.s.win_seat = e.s.leader
    e.s.win_card = 0
    e.s.win_power = 0
    e.s.trick_points = 0
    e.decl_team = spec["decl_team"]
    e.decl_value = spec["decl_value"]
    e.s.decl_pending = spec["decl_pending"]
    e.bella_mode = BELLA_MODES[spec["bella_mode"]]
    e.bella_owner = spec["bella_owner"]
    e.bella_cards = spec["bella_cards"]
    e.bella_team = spec["bella_team"]
    e.s.bella_state = spec["bella_state"]
    e.s.bella_now = 0
    e.nodes = 0
    for seat in range(4):
        e.mate[seat] = spec["mates"][seat] if seat < e.n else -1
    e.exempt_trump_lead = spec["exempt_trump_lead"]
    e.partner_free = spec["partner_free"]
    e.discard_free = spec["discard_free"]
    e.capot = spec["capot"]
    e.s.sides_won = spec["sides_won"] if e.capot else 0
    build_structure(e)


cdef int principal_line(Engine* e, int target, int* line) noexcept nogil:
    """Write an optimal line from here that reaches ``target``; return its length.
    Each step keeps the first move (in search order, without the table's advice, so
    the line does not depend on what the table held before) that reaches the target."""
    cdef Undo undo[MAX_PLIES]
    cdef int moves[MAX_MOVES]
    cdef int length = 0, count, i, card, delta, value, seat, found
    while not deal_over(e):
        seat = seat_to_move(e)
        count = ordered_moves(e, seat, legal_mask(e, seat), -1, moves)
        found = 0
        for i in range(count):
            card = moves[i] & 31
            delta = play_card(e, card, moves[i] >> 5, &undo[length])
            value = delta + search(e, target - delta - 1, target - delta + 1)
            if value == target:
                line[length] = moves[i]
                length += 1
                target -= delta
                found = 1
                break
            undo_card(e, &undo[length])
        if not found:
            break
    for i in range(length - 1, -1, -1):
        undo_card(e, &undo[i])
    return length


cdef int root_bound(Engine* e) noexcept nogil:
    """The remaining margin from the root lies within plus or minus this."""
    cdef int total = points_at_stake(e) + e.s.trick_points
    if e.s.bella_now:
        total += BELLA_POINTS
    return total


cdef int first_guess(Engine* e) noexcept nogil:
    """Where the value search starts: the margin of one play-out in which every
    player plays the card the move ordering tries first. MTD(f) converges in fewer
    searches from a near guess (a perfect one would halve the work)."""
    cdef Undo undo[MAX_PLIES]
    cdef int moves[MAX_MOVES]
    cdef int length = 0, total = 0, seat, i
    while not deal_over(e):
        seat = seat_to_move(e)
        ordered_moves(e, seat, legal_mask(e, seat), -1, moves)
        total += play_card(e, moves[0] & 31, moves[0] >> 5, &undo[length])
        length += 1
    for i in range(length - 1, -1, -1):
        undo_card(e, &undo[i])
    return total


cdef int mtdf(Engine* e, int guess) noexcept nogil:
    """The exact value by null-window searches closing in on it: from the guess,
    steps growing away from the one bound found while the other side is still
    open, bisection of a wide interval, then MTD(f) steps on the fail-soft bounds."""
    cdef int bound = root_bound(e)
    cdef int lower = -bound, upper = bound, beta = guess, value
    cdef int step = FIRST_STEP
    while lower < upper:
        if beta <= lower:
            beta = lower + 1
        if beta > upper:
            beta = upper
        value = search(e, beta - 1, beta)
        if value < beta:
            upper = value
        else:
            lower = value
        if upper - lower <= WIDE_INTERVAL:
            beta = value + 1 if value == lower else value
        elif lower == -bound:
            beta = upper - step
            step *= 2
        elif upper == bound:
            beta = lower + 1 + step
            step *= 2
        else:
            beta = lower + (upper - lower + 1) // 2
    return lower


cdef int exact_value(Engine* e, int guess) noexcept nogil:
    """The exact value from here. With at most FULL_WINDOW_CARDS cards in play, one
    full-window alpha-beta search: so small a tree does not repay MTD(f)'s repeated
    passes (measured: 2-player deals and 4-player endgames 8-12% faster, full 3- and
    4-player deals 8-14% slower). Otherwise MTD(f) from ``guess``, or from a
    play-out when it is NO_GUESS."""
    cdef int bound
    if popcount32(e.s.remaining | e.s.in_trick) <= FULL_WINDOW_CARDS:
        bound = root_bound(e)
        return search(e, -bound - 1, bound + 1)
    return mtdf(e, first_guess(e) if guess == NO_GUESS else guess)


cdef int root_moves(Engine* e, uint32_t cards, int* moves) noexcept nogil:
    """The root's legal moves of ``cards`` in search order, bella choices apart
    (no run of equivalent cards collapsed: each card gets its own value)."""
    cdef int seat = seat_to_move(e)
    cdef uint32_t legal = legal_mask(e, seat) & cards
    if legal == 0:
        return 0
    return ordered_moves(e, seat, legal, -1, moves, 0)


cdef int root_values(Engine* e, uint32_t cards, int guess, int* moves,
                     int* values) noexcept nogil:
    """The exact value of every root move of ``cards``: the first value search
    starts from ``guess`` (a margin from the root, or NO_GUESS), each later one from
    the last value found."""
    cdef Undo root
    cdef int count, i, delta
    count = root_moves(e, cards, moves)
    for i in range(count):
        delta = play_card(e, moves[i] & 31, moves[i] >> 5, &root)
        if i > 0:
            guess = values[i - 1]
        values[i] = delta + exact_value(e, NO_GUESS if guess == NO_GUESS else guess - delta)
        undo_card(e, &root)
    return count


cdef int root_bounds(Engine* e, uint32_t cards, int alpha, int* moves, int* lows,
                     int* highs) noexcept nogil:
    """For every root move of ``cards``, bounds from one null-window search at
    ``alpha``: a value at most ``alpha`` is an upper bound, above it a lower bound;
    the other side is what is at stake. Far cheaper than exact values, and enough
    to tell a move worse than a threshold from one that is not."""
    cdef Undo root
    cdef int count, i, delta, value, bound = root_bound(e)
    count = root_moves(e, cards, moves)
    for i in range(count):
        delta = play_card(e, moves[i] & 31, moves[i] >> 5, &root)
        value = delta + search(e, alpha - delta, alpha + 1 - delta)
        undo_card(e, &root)
        lows[i] = value if value > alpha else -bound
        highs[i] = value if value <= alpha else bound
    return count


cdef int best_move(Engine* e, int value) noexcept nogil:
    """A root move whose value is ``value`` (the root's exact value)."""
    cdef Undo root
    cdef int moves[MAX_MOVES]
    cdef int count, i, delta, found = -1, seat = seat_to_move(e)
    count = ordered_moves(e, seat, legal_mask(e, seat), -1, moves)
    for i in range(count):
        delta = play_card(e, moves[i] & 31, moves[i] >> 5, &root)
        if delta + search(e, value - delta - 1, value - delta + 1) == value:
            found = moves[i]
        undo_card(e, &root)
        if found >= 0:
            break
    return found


cdef class Search:
    """A search with its own transposition table, reusable across positions.

    Entries stay valid while positions share a deal's setting (trump, sides, rules,
    declarations); a position of another setting clears the table. One object must
    not be used by two threads at once; give each thread its own.
    """

    cdef Table table
    cdef Engine engine
    cdef object setting
    cdef readonly int table_bits

    def __cinit__(self, int table_bits=DEFAULT_TABLE_BITS):
        if not 4 <= table_bits <= 30:
            raise ValueError(f"table_bits {table_bits} out of range 4..30")
        if table_init(&self.table, table_bits) != 0:
            raise MemoryError(f"cannot allocate a table of 2**{table_bits} entries")
        self.table_bits = table_bits
        self.setting = None

    def __dealloc__(self):
        table_free(&self.table)

    @property
    def table_bytes(self) -> int:
        return (self.table.mask + 1) * BUCKET * sizeof(Entry)

    def clear(self) -> None:
        """Forget everything the table holds."""
        table_clear(&self.table)

    cdef Engine* prepare(self, dict spec, list trick) except NULL:
        """Set up the engine at the root: the trick start, then the trick's moves."""
        cdef Undo undo
        cdef Engine* e = &self.engine
        setting = deal_setting(spec)
        if setting != self.setting:
            table_clear(&self.table)
            self.setting = setting
        table_new_search(&self.table)
        setup_engine(e, spec)
        e.table = &self.table
        if len(trick) >= e.n:
            raise ValueError("the current trick holds too many cards")
        for move in trick:
            play_card(e, move & 31, move >> 5, &undo)
        if deal_over(e):
            raise ValueError("the deal is over: nothing left to solve")
        return e

    def value(self, dict spec, list trick):
        """``(value, nodes)``: the exact margin still to be won from the trick start."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int value
        with nogil:
            value = exact_value(e, NO_GUESS)
        return value, e.nodes

    def best(self, dict spec, list trick):
        """``(value, move, nodes)``: the exact value and one optimal move."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int value, move
        with nogil:
            value = exact_value(e, NO_GUESS)
            move = best_move(e, value)
        return value, move, e.nodes

    def reaches(self, dict spec, list trick, int threshold):
        """``(answer, nodes)``: does the remaining margin exceed ``threshold``?
        One null-window search."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int value
        with nogil:
            value = search(e, threshold, threshold + 1)
        return value > threshold, e.nodes

    def values(self, dict spec, list trick, uint32_t cards=ALL_CARDS, int guess=NO_GUESS):
        """``([(move, value)], nodes)``: the exact value of every legal move (of
        those whose card is in the mask ``cards``), the search starting from
        ``guess`` when one is given (a near guess saves null-window passes)."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int moves[MAX_MOVES]
        cdef int values[MAX_MOVES]
        cdef int count
        with nogil:
            count = root_values(e, cards, guess, moves, values)
        return [(moves[i], values[i]) for i in range(count)], e.nodes

    def bounds(self, dict spec, list trick, int threshold, uint32_t cards=ALL_CARDS):
        """``([(move, low, high)], nodes)``: for every legal move of ``cards``, an
        interval holding its value that settles whether the value exceeds
        ``threshold`` (one null-window search a move)."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int moves[MAX_MOVES]
        cdef int lows[MAX_MOVES]
        cdef int highs[MAX_MOVES]
        cdef int count
        with nogil:
            count = root_bounds(e, cards, threshold, moves, lows, highs)
        return [(moves[i], lows[i], highs[i]) for i in range(count)], e.nodes

    def line(self, dict spec, list trick):
        """``(value, line, nodes)``: the exact value and one optimal line from here,
        cheaper than :meth:`lines` when the other moves' values are not needed."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int line[MAX_PLIES]
        cdef int value, length
        with nogil:
            value = exact_value(e, NO_GUESS)
            length = principal_line(e, value, line)
        return value, [line[j] for j in range(length)], e.nodes

    def lines(self, dict spec, list trick):
        """``([(move, value, line)], nodes)``: every legal move's exact value and an
        optimal continuation after it."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef Undo root
        cdef int moves[MAX_MOVES]
        cdef int values[MAX_MOVES]
        cdef int lines[MAX_MOVES][MAX_PLIES]
        cdef int lengths[MAX_MOVES]
        cdef int count, i, delta
        cdef uint32_t cards = ALL_CARDS
        with nogil:
            count = root_values(e, cards, NO_GUESS, moves, values)
            for i in range(count):
                delta = play_card(e, moves[i] & 31, moves[i] >> 5, &root)
                lengths[i] = principal_line(e, values[i] - delta, lines[i])
                undo_card(e, &root)
        return [
            (moves[i], values[i], [lines[i][j] for j in range(lengths[i])])
            for i in range(count)
        ], e.nodes


