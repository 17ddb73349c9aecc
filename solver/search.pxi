# The search: fail-soft alpha-beta on the remaining margin, the declarer's side
# maximising, with the transposition table consulted at trick starts.

cdef enum:
    MAX_PLIES = 40


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


cdef inline int points_at_stake(Engine* e) noexcept nogil:
    """Everything still to be won at a trick start: the remaining margin lies within
    plus or minus this (cards, last trick, bonuses still in play)."""
    cdef int total = LAST_TRICK + e.s.points_left
    if e.s.decl_pending:
        total += e.decl_value if e.decl_value > 0 else -e.decl_value
    if e.s.bella_state:
        total += BELLA_POINTS
    if e.capot and e.s.sides_won != 3:
        total += CAPOT_LAST_TRICK - LAST_TRICK
    return total


cdef inline int can_take_all(uint32_t own, int lost, uint32_t top) noexcept nogil:
    """Whether the side holding ``own`` (of the cards left at a trick start) can
    still take every trick: it has lost none (``lost``), and while trumps are left it
    holds the top one (``top``, 0 when none is left), which wins its trick whenever
    it is played."""
    return not lost and (top == 0 or top & own != 0)


cdef inline void stake_bounds(Engine* e, uint32_t declarer_cards, uint32_t defender_cards,
                              int* lower, int* upper) noexcept nogil:
    """``points_at_stake`` as a lower and an upper bound at a trick start, a capot's
    extra points counted only towards a side that can still take every trick."""
    cdef int total = points_at_stake(e)
    cdef uint32_t trumps, top = 0
    lower[0] = -total
    upper[0] = total
    if e.capot and e.s.sides_won != 3:
        trumps = power_byte(e, e.s.remaining, e.trump)
        if trumps:
            top = <uint32_t>1 << e.card_at[e.trump][31 - __builtin_clz(trumps)]
        if not can_take_all(declarer_cards, e.s.sides_won & 2, top):
            upper[0] -= CAPOT_LAST_TRICK - LAST_TRICK
        if not can_take_all(defender_cards, e.s.sides_won & 1, top):
            lower[0] += CAPOT_LAST_TRICK - LAST_TRICK


cdef inline int sure_points(Engine* e, uint32_t own, uint32_t other) noexcept nogil:
    """Card points the side holding ``own`` is sure to take whatever is played: its
    trumps above all the other side's trumps each win their trick (or lose it to a
    partner's higher trump). Plain cards are never sure: a top card can still be
    thrown away on another suit."""
    cdef uint32_t mine = power_byte(e, own, e.trump)
    cdef uint32_t theirs = power_byte(e, other, e.trump)
    if theirs:
        mine &= ~((<uint32_t>2 << (31 - __builtin_clz(theirs))) - 1)
    return TRUMP_BYTE_POINTS[mine]


cdef inline int try_cards(Engine* e, int* moves, int count, int alpha, int beta,
                          int* best_card) noexcept nogil:
    """Play each move in turn (the trick it completes settles its points) and search
    on: the best value for the mover, fail-soft, and in ``best_card`` its card."""
    cdef Undo undo
    cdef int i, card, delta, value
    cdef int maximizing = e.side[seat_to_move(e)] > 0
    cdef int best = -INF if maximizing else INF
    best_card[0] = moves[0] & 31
    for i in range(count):
        card = moves[i] & 31
        delta = play_card(e, card, moves[i] >> 5, &undo)
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

    # What the search proved about this trick start: a fail-low result is an upper
    # bound, a fail-high one a lower bound, anything between is exact.
    if best <= window_low:
        table_store(e, &key, -INF, best, best_card)
    elif best >= window_high:
        table_store(e, &key, best, INF, best_card)
    else:
        table_store(e, &key, best, best, best_card)
    return best
