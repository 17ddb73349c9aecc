# The root drivers: the exact value by MTD(f) or one full-window search, every root
# move's value or bounds, one optimal move, the principal line. Each is what one
# mode of Search (_engine.pyx) runs without the GIL; each gives up as soon as the
# search has stopped at the caller's limit (limit.pxi), its result then meaningless.

cdef enum:
    FULL_WINDOW_CARDS = 24    # with no more cards in play, one full-window search
    NO_GUESS = INF


cdef inline int reaches_target(Engine* e, int mover, int target) noexcept nogil:
    """Whether the move just made by ``mover`` keeps the exact value ``target`` (the
    value before it, less the points it settled). No move does better for the
    mover than the value, so one null-window search on the mover's side of
    ``target`` tells: the declarer's side reaches it with a value of at least
    ``target``, the defenders with one of at most ``target``. The last move tried
    needs no search: one move always reaches the value."""
    if e.side[mover] > 0:
        return search(e, target - 1, target) >= target
    return search(e, target, target + 1) <= target


cdef int play_optimal(Engine* e, int target, Undo* undo, int* delta) noexcept nogil:
    """Play the first move (in search order, without the table's advice, so the
    choice does not depend on what the table held before) that keeps ``target``,
    the exact value from here; return it, with the points it settled in ``delta``.
    Meaningless once the search has stopped at the caller's limit."""
    cdef int moves[MAX_MOVES]
    cdef int seat = seat_to_move(e), count, i
    count = ordered_moves(e, seat, legal_mask(e, seat), -1, moves)
    for i in range(count):
        delta[0] = play_card(e, move_card(moves[i]), move_declines(moves[i]), undo)
        if i == count - 1 or reaches_target(e, seat, target - delta[0]):
            return moves[i]
        undo_card(e, undo)
    return moves[count - 1]  # not reached: the last move is kept above


cdef int principal_line(Engine* e, int target, int* line) noexcept nogil:
    """Write an optimal line from here that reaches ``target`` (the exact value from
    here), each step ``play_optimal``; return its length."""
    cdef Undo undo[MAX_PLIES]
    cdef int length = 0, delta = 0, i
    while not deal_over(e):
        line[length] = play_optimal(e, target, &undo[length], &delta)
        if e.limit.stopped:
            undo_card(e, &undo[length])
            break
        length += 1
        target -= delta
    for i in range(length - 1, -1, -1):
        undo_card(e, &undo[i])
    return length


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
        total += play_card(e, move_card(moves[0]), move_declines(moves[0]), &undo[length])
        length += 1
    for i in range(length - 1, -1, -1):
        undo_card(e, &undo[i])
    return total


cdef int exact_value(Engine* e, int guess, int* known=NULL, int count=0) noexcept nogil:
    """The exact value from here. With at most FULL_WINDOW_CARDS cards in play, one
    full-window alpha-beta search: so small a tree does not repay MTD(f)'s repeated
    passes (figures: benchmarks/README.md). Otherwise MTD(f) from ``guess``, or from
    a play-out when it is NO_GUESS, testing the ``known`` values first."""
    cdef int bound
    if popcount32(e.s.remaining | e.s.in_trick) <= FULL_WINDOW_CARDS:
        bound = root_bound(e)
        return search(e, -bound - 1, bound + 1)
    return mtdf(e, first_guess(e) if guess == NO_GUESS else guess, known, count)


cdef int root_moves(Engine* e, uint32_t cards, int* moves) noexcept nogil:
    """The root's legal moves of ``cards`` in search order, bella choices apart
    (no run of equivalent cards collapsed: each card gets its own value)."""
    cdef int seat = seat_to_move(e)
    cdef uint32_t legal = legal_mask(e, seat) & cards
    if legal == 0:
        return 0
    return ordered_moves(e, seat, legal, -1, moves, 0)


cdef void solving_order(Engine* e, int* moves, int count, int* order) noexcept nogil:
    """The order in which ``root_values`` solves the root's moves (``order`` gets
    their indices). Where the value searches run MTD(f), suit by suit in the order
    each suit first comes in ``moves``, each suit's cards from the lowest up: cards of
    one suit next to each other most often share a value or differ little, and each
    search starts from the value found before. Full-window searches take no start,
    so there it is the search order."""
    cdef int n = 0, i, j, k, suit, start, card, suits_done = 0
    if popcount32(e.s.remaining | e.s.in_trick) <= FULL_WINDOW_CARDS:
        for i in range(count):
            order[i] = i
        return
    for i in range(count):
        suit = move_card(moves[i]) >> 3
        if suits_done & (1 << suit):
            continue
        suits_done |= 1 << suit
        start = n
        for j in range(i, count):
            card = move_card(moves[j])
            if card >> 3 != suit:
                continue
            k = n  # after the cards it beats (a card's two bella moves: search order)
            while k > start and (e.weaker[move_card(moves[order[k - 1]])] >> card) & 1:
                order[k] = order[k - 1]
                k -= 1
            order[k] = j
            n += 1


cdef int root_values(Engine* e, uint32_t cards, int guess, int* moves,
                     int* values) noexcept nogil:
    """The exact value of every root move of ``cards`` (``values[i]`` that of
    ``moves[i]``, in search order), solved in ``solving_order``: the first value
    search starts from ``guess`` (a margin from the root, or NO_GUESS), each later
    one from the last value found, testing the values found so far first (in the
    next move's terms: less the points its card settles). Each value is reported to
    the caller's watch as it is proven (limit.pxi)."""
    cdef Undo root
    cdef int known[MAX_MOVES]
    cdef int order[MAX_MOVES]
    cdef int solving[MAX_MOVES]     # the moves in solving order,
    cdef int found[MAX_MOVES]       # and their values
    cdef int count, i, j, move, delta
    count = root_moves(e, cards, moves)
    solving_order(e, moves, count, order)
    for i in range(count):
        solving[i] = moves[order[i]]
    report_values(&e.limit, solving, found, count, 0)
    for i in range(count):
        move = solving[i]
        delta = play_card(e, move_card(move), move_declines(move), &root)
        if i > 0:
            guess = found[i - 1]
        for j in range(i):
            known[j] = found[j] - delta
        publish_move(&e.limit, delta, move, i + 1, count)
        found[i] = delta + exact_value(
            e, NO_GUESS if guess == NO_GUESS else guess - delta, known, i)
        values[order[i]] = found[i]
        undo_card(e, &root)
        if e.limit.stopped:
            break
        report_values(&e.limit, solving, found, count, i + 1)
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
        delta = play_card(e, move_card(moves[i]), move_declines(moves[i]), &root)
        value = delta + search(e, alpha - delta, alpha + 1 - delta)
        undo_card(e, &root)
        if e.limit.stopped:
            break
        lows[i] = value if value > alpha else -bound
        highs[i] = value if value <= alpha else bound
    return count


cdef int best_move(Engine* e, int value) noexcept nogil:
    """A root move whose value is ``value`` (the root's exact value)."""
    cdef Undo root
    cdef int delta = 0
    cdef int move = play_optimal(e, value, &root, &delta)
    undo_card(e, &root)
    return move
