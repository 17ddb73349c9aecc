# The value search both engines share: MTD(f), null-window searches closing in on
# the exact value. Each engine brings ``search(e, alpha, beta)`` (fail-soft, on the
# margin still to be won) and ``root_bound(e)`` (the margin lies within plus or
# minus it, and has its parity: every card's points move between the sides as a
# swing of twice their points, and every bonus is even).

cdef enum:
    WIDE_INTERVAL = 8         # wider than this, the value search bisects
    FIRST_STEP = 4            # the value search's first step past a bound


cdef inline int known_step(int* known, int count, int lower, int upper, int rose,
                           int* beta) noexcept nogil:
    """The next null-window test that ``known`` (values of the root's other moves)
    suggests, in ``beta``; 0 if none. After a fail-high onto a known value: is the
    value above it? After a fail-low: is it the highest known value still possible?"""
    cdef int i, best = -INF
    for i in range(count):
        if rose:
            if known[i] == lower:
                beta[0] = lower + 1
                return 1
        elif lower < known[i] <= upper and known[i] > best:
            best = known[i]
    if best == -INF:
        return 0
    beta[0] = best
    return 1


cdef int mtdf(Engine* e, int guess, int* known, int count) noexcept nogil:
    """The exact value by null-window searches closing in on it: from the guess,
    steps growing away from the one bound found while the other side is still
    open, bisection of a wide interval, then of the margins left in a narrow one.
    ``known`` holds the ``count`` values of the root's other moves found so far
    (in ``values`` mode): moves often share a value, so those are tested first."""
    cdef int bound = root_bound(e)
    cdef int lower = -bound, upper = bound, beta = guess, value
    cdef int step = FIRST_STEP
    while lower < upper:
        if beta <= lower:
            beta = lower + 1
        if beta > upper:
            beta = upper
        value = search(e, beta - 1, beta)
        if e.limit.stopped:
            return 0
        if value < beta:
            upper = value
        else:
            lower = value
        publish_interval(&e.limit, lower, upper, bound)
        if known_step(known, count, lower, upper, value == lower, &beta):
            continue
        if upper - lower <= WIDE_INTERVAL:
            # Every margin from here has the parity of ``bound`` (a card's points
            # move from one side to the other, a swing of twice its points, and
            # every bonus is even): halve the margins left, not the interval.
            beta = lower + 2 * ((upper - lower + 2) // 4)
        elif lower == -bound:
            beta = upper - step
            step *= 2
        elif upper == bound:
            beta = lower + 1 + step
            step *= 2
        else:
            beta = lower + (upper - lower + 1) // 2
    return lower
