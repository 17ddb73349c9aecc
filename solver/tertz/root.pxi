# The root drivers: the exact value by null-window probes, every root move's value,
# an optimal line.

cdef enum:
    WIDE_INTERVAL = 8         # wider than this, the value search bisects
    FIRST_STEP = 4            # the value search's first step past a bound
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
    """The exact value from here, the probes starting from ``guess`` (NO_GUESS: from
    0, which measured better than a play-out by the move ordering: the play-out
    ignores declarations and strays by 100 points or more)."""
    if deal_over(e):
        return 0
    return mtdf(e, 0 if guess == NO_GUESS else guess)


cdef int root_values(Engine* e, int* moves, int* values) noexcept nogil:
    """The exact value of every legal root move (no equivalent cards collapsed),
    each search starting from the value found before it."""
    cdef Undo root = e.s
    cdef int count, i, delta, guess = NO_GUESS
    count = ordered_moves(e, -1, moves, 0)
    for i in range(count):
        delta = make_move(e, moves[i])
        values[i] = delta + exact_value(e, guess if guess == NO_GUESS else guess - delta)
        guess = values[i]
        e.s = root
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
        if not found:
            break
    e.s = root
    return length
