# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact double-dummy engine of deberts: alpha-beta on the deal margin in C.

Only ``deberts.solve`` calls this module. It receives a position already reduced to
integers (hands at the start of the current trick, the cards of that trick, the
bonus flags) and returns each legal move's remaining margin, its principal line and
the node count. Every call owns its table, so calls are re-entrant; the search runs
without the GIL.
"""

include "state.pxi"
include "table.pxi"
include "ordering.pxi"
include "search.pxi"

PLAIN_ORDER = (1, 2, 3, 7, 4, 5, 6, 8)
TRUMP_ORDER = (1, 2, 7, 5, 8, 3, 4, 6)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
BELLA_MODES = {"fixed": BELLA_FIXED, "trick_winner": BELLA_TRICK_WINNER,
               "both_tricks": BELLA_BOTH_TRICKS}
DEFAULT_TABLE_BITS = 18


cdef void setup_engine(Engine* e, dict spec) except *:
    """Fill the engine from the boundary's plain-integer description."""
    cdef int seat, card, rank, power
    e.n = spec["players"]
    e.trump = spec["trump"]
    e.trump_mask = <uint32_t>0xFF << (8 * e.trump)
    for seat in range(4):
        e.hands[seat] = 0
        e.side[seat] = 0
        e.partner[seat] = -1
    for seat in range(e.n):
        e.hands[seat] = spec["hands"][seat]
        e.side[seat] = spec["sides"][seat]
        e.partner[seat] = spec["partners"][seat]
    for card in range(32):
        rank = card & 7
        if card >> 3 == e.trump:
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
                e.trumps_above[power] |= <uint32_t>1 << (8 * e.trump + rank)
    e.leader = spec["leader"]
    e.trick_len = 0
    e.led = 0
    e.win_seat = e.leader
    e.win_power = 0
    e.trick_points = 0
    e.decl_team = spec["decl_team"]
    e.decl_value = spec["decl_value"]
    e.decl_pending = spec["decl_pending"]
    e.bella_mode = BELLA_MODES[spec["bella_mode"]]
    e.bella_owner = spec["bella_owner"]
    e.bella_cards = spec["bella_cards"]
    e.bella_team = spec["bella_team"]
    e.bella_state = spec["bella_state"]
    e.bella_now = 0
    e.nodes = 0


cdef int principal_line(Engine* e, int target, int* line) noexcept nogil:
    """Write an optimal line from here that reaches ``target``; return its length.
    Each step keeps the first move (in search order) whose exact value is the target."""
    cdef Undo undo[MAX_PLIES]
    cdef int moves[MAX_MOVES]
    cdef int length = 0, count, i, card, delta, value, seat, found, first
    cdef Entry* entry
    while not (e.trick_len == 0 and e.hands[e.leader] == 0):
        seat = seat_to_move(e)
        first = -1
        if e.trick_len == 0:
            entry = table_probe(e)
            if entry != NULL:
                first = entry.best
        count = ordered_moves(e, seat, legal_mask(e, seat), first, moves)
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


def analyse(dict spec, list trick, int table_bits=DEFAULT_TABLE_BITS):
    """Solve a position exactly.

    ``spec`` describes the start of the current trick; ``trick`` lists the moves
    made in it since (``card | 32 * declined_bella``). Returns ``(moves, nodes)``
    where each move is ``(move, remaining_margin, line)``: the margin still to be
    won from the start of the current trick, and an optimal continuation.
    """
    cdef Engine e
    cdef Table table
    cdef Undo undo[4]
    cdef Undo root
    cdef int moves[MAX_MOVES]
    cdef int values[MAX_MOVES]
    cdef int lines[MAX_MOVES][MAX_PLIES]
    cdef int lengths[MAX_MOVES]
    cdef int count, i, seat, delta
    if not 4 <= table_bits <= 30:
        raise ValueError(f"table_bits {table_bits} out of range 4..30")
    setup_engine(&e, spec)
    if len(trick) >= e.n:
        raise ValueError("the current trick holds too many cards")
    for i, move in enumerate(trick):
        play_card(&e, move & 31, move >> 5, &undo[i])
    if e.trick_len == 0 and e.hands[e.leader] == 0:
        return [], 0
    if table_init(&table, table_bits) != 0:
        raise MemoryError(f"cannot allocate a table of 2**{table_bits} entries")
    e.table = &table
    try:
        with nogil:
            seat = seat_to_move(&e)
            count = ordered_moves(&e, seat, legal_mask(&e, seat), -1, moves)
            for i in range(count):
                delta = play_card(&e, moves[i] & 31, moves[i] >> 5, &root)
                values[i] = delta + search(&e, -INF, INF)
                lengths[i] = principal_line(&e, values[i] - delta, lines[i])
                undo_card(&e, &root)
    finally:
        table_free(&table)
    return [
        (moves[i], values[i], [lines[i][j] for j in range(lengths[i])])
        for i in range(count)
    ], e.nodes
