# The root drivers: the exact value by MTD(f) (common/mtdf.pxi), every root move's
# value, an optimal line. Each gives up as soon as the search has stopped at the
# caller's limit (common/limit.pxi), its result then meaningless.

cdef enum:
    NO_GUESS = INF
    MAX_DECLARED = 1600       # above any player's declarations in a deal (four
                              # fours 500, at most 11 runs of 100)


cdef int root_bound(Engine* e) noexcept nogil:
    """The remaining margin from the root lies within plus or minus this."""
    cdef int total = e.s.points_left + LAST_TRICK
    if e.s.marriage_open:
        total += MARRIAGE_POINTS
    if e.s.declaring:
        total += MAX_DECLARED
    return total


cdef int exact_value(Engine* e, int guess, int* known=NULL, int count=0) noexcept nogil:
    """The exact value from here, the probes starting from ``guess`` (NO_GUESS: from
    0, not from a play-out: benchmarks/README.md) and testing the ``known`` values
    first."""
    if deal_over(e):
        return 0
    return mtdf(e, 0 if guess == NO_GUESS else guess, known, count)


cdef int root_values(Engine* e, int guess, int* moves, int* values) noexcept nogil:
    """The exact value of every legal root move (no equivalent cards collapsed),
    the first search starting from ``guess`` (a margin from the root, or
    NO_GUESS), each later one from the value found before it, testing the values
    found so far first (in the next move's terms: less what its move settles).
    Each value is reported to the caller's watch as it is proven (limit.pxi)."""
    cdef Undo root = e.s
    cdef int known[MAX_MOVES]
    cdef int count, i, j, delta
    count = ordered_moves(e, -1, moves, 0)
    report_values(&e.limit, moves, values, count, 0)
    for i in range(count):
        delta = make_move(e, moves[i])
        for j in range(i):
            known[j] = values[j] - delta
        publish_move(&e.limit, delta, moves[i], i + 1, count)
        values[i] = delta + exact_value(e, guess if guess == NO_GUESS else guess - delta,
                                        known, i)
        guess = values[i]
        e.s = root
        if e.limit.stopped:
            break
        report_values(&e.limit, moves, values, count, i + 1)
    return count


cdef int principal_line(Engine* e, int target, int* line) noexcept nogil:
    """Write an optimal line from here that reaches ``target``; return its length.
    Each step keeps the first move (in search order without the table's advice, so
    the line does not depend on what the table held) that reaches the target."""
    cdef Undo root = e.s
    cdef Undo before
    cdef int moves[MAX_MOVES]
    cdef int length = 0, count, i, delta, found
    while not deal_over(e):
        count = ordered_moves(e, -1, moves, 1)
        found = 0
        before = e.s
        for i in range(count):
            delta = make_move(e, moves[i])
            if delta + search(e, target - delta - 1, target - delta + 1) == target:
                line[length] = moves[i]
                length += 1
                target -= delta
                found = 1
                break
            e.s = before
            if e.limit.stopped:
                break
        if not found or e.limit.stopped:
            break
    e.s = root
    return length
