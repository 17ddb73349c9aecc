# Move ordering: likely-best cards first, so alpha-beta cuts early. It changes only
# the speed of the search, never its values.

cdef inline uint32_t opponents(Engine* e, int seat) noexcept nogil:
    """The cards held by the other side."""
    cdef uint32_t cards = 0
    cdef int other
    for other in range(e.n):
        if e.side[other] != e.side[seat]:
            cards |= e.hands[other]
    return cards


cdef inline int surely_wins(Engine* e, int seat, int card) noexcept nogil:
    """True when nobody after ``seat`` in this trick can beat ``card``: no higher
    card of its suit behind, and for a plain card everyone behind can follow suit
    (a heuristic: it ignores that a partner behind would keep the trick anyway)."""
    cdef uint32_t led_mask = <uint32_t>0xFF << (8 * e.led)
    cdef int later = (seat + 1) % e.n
    while later != e.leader:
        if e.hands[later] & e.beaters[card]:
            return 0
        if not e.trump_power[card] and e.hands[later] & led_mask == 0:
            return 0
        later = (later + 1) % e.n
    return 1


cdef inline int move_score(Engine* e, int seat, int card) noexcept nogil:
    """Higher is tried first: cheap winners, points onto the own side's trick, low
    cards onto a lost one; the leader tries strong cards first."""
    cdef int power, winner, points = e.points[card]
    if e.trick_len == 0:
        # Cash the suit's top card (highest points first), else lead low.
        others = (e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]) & ~e.hands[seat]
        if e.beaters[card] & others == 0:
            return 900 + 4 * points + e.trump_power[card]
        if e.beaters[card] & opponents(e, seat) == 0:
            return 700 - 8 * points - e.plain_power[card]
        return 400 - 8 * points - e.plain_power[card]
    power = card_power(e, card)
    if e.trick_len == e.n - 1:
        # The last card decides the trick: order by what it settles for the mover.
        winner = seat if power > e.win_power else e.win_seat
        return e.side[seat] * e.side[winner] * (e.trick_points + points) * 16 - power
    if power > e.win_power:
        if surely_wins(e, seat, card):
            return 1200 + 4 * (e.trick_points + points)
        return 1000 - 8 * power + e.trick_points + points
    if e.side[e.win_seat] == e.side[seat] and surely_wins(e, seat, e.win_card):
        return 800 + points
    if e.side[e.win_seat] == e.side[seat]:
        return 500 - points
    return -points - power


cdef inline uint32_t drop_equivalents(Engine* e, int seat, uint32_t legal) noexcept nogil:
    """Keep one card of each run of cards that are interchangeable: same suit, same
    points, held by the mover, with no card still in play (in a hand or in the
    trick) between them in the suit's order. Playing either gives the same values."""
    cdef uint32_t in_play = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3] | e.in_trick
    cdef uint32_t kept = legal
    cdef int suit, i, card, previous
    for suit in range(4):
        if popcount32(legal & (<uint32_t>0xFF << (8 * suit))) < 2:
            continue
        previous = -1
        for i in range(8):
            card = 8 * suit + e.by_power[suit][i]
            if not (in_play >> card) & 1:
                continue
            if (legal >> card) & 1:
                if previous >= 0 and e.points[previous] == e.points[card]:
                    kept &= ~(<uint32_t>1 << card)
                previous = card
            else:
                previous = -1
    return kept


cdef int ordered_moves(Engine* e, int seat, uint32_t legal, int first, int* moves,
                       int collapse=1) noexcept nogil:
    """The legal cards of ``seat`` in search order (``first`` leads if legal), one of
    each equivalent run when ``collapse``; each move is ``card | 32 * declines_bella``.
    Returns how many."""
    cdef int scores[MAX_MOVES]
    cdef int count = 0, card, score, i, option
    if collapse:
        legal = drop_equivalents(e, seat, legal)
    while legal:
        card = lowest_bit(legal)
        legal &= legal - 1
        score = move_score(e, seat, card)
        if card == first:
            score = 1 << 20
        for option in range(bella_choices(e, seat, card)):
            i = count
            while i > 0 and scores[i - 1] < score - option:
                moves[i] = moves[i - 1]
                scores[i] = scores[i - 1]
                i -= 1
            moves[i] = card | (option << 5)
            scores[i] = score - option
            count += 1
    return count
