# The search: fail-soft alpha-beta on the remaining margin, seat 0 maximising, the
# transposition table consulted where no card is on the table.


cdef inline int last_trick(Engine* e) noexcept nogil:
    """Each hand holds one card and the stock is gone: the trick's card points and
    the last trick's bonus, to its winner. Nothing else is left to score: with one
    card a hand no one holds the marriage, and the declarations are settled once
    the stock is gone."""
    cdef int lead = lowest_bit(e.s.hands[e.s.leader])
    cdef int answer = lowest_bit(e.s.hands[1 - e.s.leader])
    cdef int winner = e.s.leader
    e.nodes += 1
    if (answer >> 3) == (lead >> 3):
        if e.power[answer] > e.power[lead]:
            winner = 1 - winner
    elif (answer >> 3) == e.trump:
        winner = 1 - winner
    return sign(winner) * (e.points[lead] + e.points[answer] + LAST_TRICK)


cdef inline int try_moves(Engine* e, int* moves, int count, int alpha, int beta,
                          int* best_move) noexcept nogil:
    """Make each move in turn and search on: the best value for the mover,
    fail-soft, and in ``best_move`` its move."""
    cdef Undo undo = e.s
    cdef int i, delta, value
    cdef int maximizing = e.s.to_move == 0
    cdef int best = -INF if maximizing else INF
    best_move[0] = moves[0]
    for i in range(count):
        delta = make_move(e, moves[i])
        value = delta + search(e, alpha - delta, beta - delta)
        e.s = undo
        if maximizing:
            if value > best:
                best = value
                best_move[0] = moves[i]
                if best > alpha:
                    alpha = best
        else:
            if value < best:
                best = value
                best_move[0] = moves[i]
                if best < beta:
                    beta = best
        if alpha >= beta:
            break
    return best


cdef int search(Engine* e, int alpha, int beta) noexcept nogil:
    """The margin still to be won under best play, exact when inside (alpha, beta);
    otherwise a bound on the failing side (fail-soft)."""
    cdef int moves[MAX_MOVES]
    cdef int count, best_move, value
    if e.s.trick_len == 0:
        return search_table_node(e, alpha, beta)
    e.nodes += 1
    count = ordered_moves(e, -1, moves, 1)
    if e.s.drawn < STOCK_SIZE - 2 and transposition_cutoff(e, moves, count, alpha, beta, &value):
        return value
    return try_moves(e, moves, count, alpha, beta, &best_move)


cdef int transposition_cutoff(Engine* e, int* moves, int count, int alpha, int beta,
                              int* value) noexcept nogil:
    """Enhanced transposition cutoff at an answer while the stock lasts: when the
    table already proves that one answer's next trick start fails the window for
    the other player, the answer's value is that bound. Returns 1 on a cutoff.
    Every answer's key is made first, its bucket prefetched, and the probes follow
    in order, so the answers' cache misses overlap. Not from the stock's last trick
    on (its answers draw the last cards and lead into the end phase), where making
    and probing every answer costs more than the nodes it saves (figures:
    benchmarks/README.md)."""
    cdef Undo undo = e.s
    cdef Key keys[MAX_MOVES]
    cdef int deltas[MAX_MOVES]
    cdef int i, n = 0, lower, upper
    cdef int maximizing = e.s.to_move == 0
    for i in range(count):
        if moves[i] == SWAP:
            continue
        deltas[n] = make_move(e, moves[i])
        if not e.s.break_due:
            table_key(e, &keys[n])
            n += 1
        e.s = undo
    for i in range(n):
        lower = -INF
        upper = INF
        table_probe(e, &keys[i], &lower, &upper)
        if maximizing and lower > -INF and deltas[i] + lower >= beta:
            value[0] = deltas[i] + lower
            return 1
        if not maximizing and upper < INF and deltas[i] + upper <= alpha:
            value[0] = deltas[i] + upper
            return 1
    return 0


cdef int search_table_node(Engine* e, int alpha, int beta) noexcept nogil:
    """``search`` where no card is on the table (a lead or the break): the end of
    the deal, the forced last trick, the stake bounds and the table's, then the
    moves; what it proves is stored."""
    cdef int moves[MAX_MOVES]
    cdef int count, best, best_move, first, upper, lower
    cdef int window_low, window_high
    cdef Key key

    if e.nodes >= e.limit.next_check:  # always true once stopped (common/limit.pxi)
        check_limit(&e.limit, e.nodes)
        if e.limit.stopped:
            return 0  # a meaningless value: the caller discards the whole search
    if deal_over(e):
        return 0
    if e.s.drawn == STOCK_SIZE and popcount32(e.s.hands[e.s.leader]) == 1:
        return last_trick(e)
    table_key(e, &key)
    stake_bounds(e, &lower, &upper)
    if upper <= alpha:
        return upper
    if lower >= beta:
        return lower
    first = table_probe(e, &key, &lower, &upper)
    if lower >= beta or lower == upper:
        return lower
    if upper <= alpha:
        return upper
    if e.s.drawn == STOCK_SIZE and not e.s.declaring:
        quick_bounds(e, &lower, &upper)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
    if lower > alpha:
        alpha = lower
    if upper < beta:
        beta = upper
    window_low = alpha
    window_high = beta
    e.nodes += 1

    count = ordered_moves(e, first, moves, 1)
    best = try_moves(e, moves, count, alpha, beta, &best_move)
    if e.limit.stopped:
        return best  # not proven: nothing stored

    # What the search proved: a fail-low result is an upper bound, a fail-high one a
    # lower bound, anything between is exact.
    if best <= window_low:
        table_store(e, &key, -INF, best, best_move)
    elif best >= window_high:
        table_store(e, &key, best, INF, best_move)
    else:
        table_store(e, &key, best, best, best_move)
    return best
