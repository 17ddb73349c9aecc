# The search: fail-soft alpha-beta on the remaining margin, the declarer's side
# maximising, with the transposition table consulted at trick starts.

cdef int last_trick(Engine* e) noexcept nogil:
    """Every hand holds one card: the trick is forced, so just play it out."""
    cdef Undo undo[4]
    cdef int i, delta = 0
    cdef int seat
    e.nodes += 1
    for i in range(e.n):
        seat = seat_to_move(e)
        delta += play_card(e, lowest_bit(e.s.hands[seat]), 0, &undo[i])
    for i in range(e.n - 1, -1, -1):
        undo_card(e, &undo[i])
    return delta


cdef inline int try_cards(Engine* e, int* moves, int count, int alpha, int beta,
                          int* best_card) noexcept nogil:
    """Play each move in turn (the trick it completes settles its points) and search
    on: the best value for the mover, fail-soft, and in ``best_card`` its card."""
    cdef Undo undo
    cdef int i, card, delta, value
    cdef int maximizing = e.side[seat_to_move(e)] > 0
    cdef int best = -INF if maximizing else INF
    best_card[0] = move_card(moves[0])
    for i in range(count):
        card = move_card(moves[i])
        delta = play_card(e, card, move_declines(moves[i]), &undo)
        value = delta + search(e, alpha - delta, beta - delta)
        undo_card(e, &undo)
        if maximizing:
            if value > best:
                best = value
                best_card[0] = card
                if best > alpha:
                    alpha = best
        else:
            if value < best:
                best = value
                best_card[0] = card
                if best < beta:
                    beta = best
        if alpha >= beta:
            break
    return best


cdef int search(Engine* e, int alpha, int beta) noexcept nogil:
    """The margin still to be won under best play, exact when inside (alpha, beta);
    otherwise a bound on the failing side (fail-soft)."""
    cdef int moves[MAX_MOVES]
    cdef int seat, count, best_card, delta, value
    cdef uint32_t legal
    cdef Undo undo
    if e.s.trick_len == 0:
        return search_trick_start(e, alpha, beta)
    e.nodes += 1
    seat = seat_to_move(e)
    legal = legal_mask(e, seat)
    if forced(e, legal):  # played without ordering
        delta = play_card(e, lowest_bit(legal), 0, &undo)
        value = delta + search(e, alpha - delta, beta - delta)
        undo_card(e, &undo)
        return value
    if e.s.trick_len == e.n - 1 and legal & bella_choice_cards(e) == 0:
        count = settling_moves(e, seat, legal, moves)
    else:
        count = ordered_moves(e, seat, legal, -1, moves)
    return try_cards(e, moves, count, alpha, beta, &best_card)


cdef int search_trick_start(Engine* e, int alpha, int beta) noexcept nogil:
    """``search`` at a trick start: the end of the deal, the forced last trick, the
    sure-point bounds and the table's, then the cards; what it proves is stored."""
    cdef int moves[MAX_MOVES]
    cdef int count, best, best_card, first, upper, lower
    cdef int window_low, window_high
    cdef uint32_t declarer_cards, defender_cards
    cdef Key key

    if e.nodes >= e.limit.next_check:  # always true once stopped (limit.pxi)
        check_limit(&e.limit, e.nodes)
        if e.limit.stopped:
            return 0  # a meaningless value: the caller discards the whole search
    if e.s.hands[e.s.leader] == 0:
        return 0
    if popcount32(e.s.hands[e.s.leader]) == 1:
        return last_trick(e)
    table_key(e, &key)
    # The margin lies within what is at stake, less twice what a side is sure of.
    declarer_cards = e.s.remaining & e.declarer_dealt
    defender_cards = e.s.remaining & ~e.declarer_dealt
    stake_bounds(e, declarer_cards, defender_cards, &lower, &upper)
    lower += 2 * sure_points(e, declarer_cards, defender_cards)
    upper -= 2 * sure_points(e, defender_cards, declarer_cards)
    if upper <= alpha:
        return upper
    if lower >= beta:
        return lower
    first = table_probe(e, &key, &lower, &upper)
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

    count = ordered_moves(e, e.s.leader, e.s.hands[e.s.leader], first, moves)
    best = try_cards(e, moves, count, alpha, beta, &best_card)
    if e.limit.stopped:
        return best  # not proven: nothing stored

    # What the search proved about this trick start: a fail-low result is an upper
    # bound, a fail-high one a lower bound, anything between is exact.
    if best <= window_low:
        table_store(e, &key, -INF, best, best_card)
    elif best >= window_high:
        table_store(e, &key, best, INF, best_card)
    else:
        table_store(e, &key, best, best, best_card)
    return best
