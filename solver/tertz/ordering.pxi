# Move ordering: likely-best moves first, so alpha-beta cuts early. It changes only
# the speed of the search, never its values.


cdef inline int sure_winner(Engine* e, int card, uint32_t other) noexcept nogil:
    """True when a lead of ``card`` wins the trick whatever the other hand
    ``other`` answers: no higher card of its suit there, and for a plain card no
    trump either (the jack may always be played), unless the answer must follow."""
    if e.beaters[card] & other:
        return 0
    if (card >> 3) == e.trump:
        return 1
    if other & e.jack:
        return 0
    return (other & e.trump_mask) == 0 or (
        e.s.drawn == STOCK_SIZE and other & suit_cards(card >> 3) != 0)


cdef inline int card_score(Engine* e, int card, uint32_t beating) noexcept nogil:
    """Higher is tried first. A lead: sure winners, highest points first, else low
    cards. An answer: by what the trick gives the mover (``beating``: the answers
    that win it), the cheapest card first."""
    cdef int points = e.points[card]
    if e.s.trick_len == 0:
        if sure_winner(e, card, e.s.hands[1 - e.s.to_move]):
            return 900 + 4 * points + e.power[card]
        return 400 - 8 * points - e.power[card]
    points += e.points[e.s.lead_card]
    if (beating >> card) & 1:
        return 16 * points - e.power[card]
    return -16 * points - e.power[card]


cdef inline uint32_t drop_equivalents(Engine* e, uint32_t legal) noexcept nogil:
    """Keep one card of each run of interchangeable legal cards: same suit, same
    points, no card still in play between them in the suit's order. A legal card
    goes when the nearest weaker card in play is its twin (``twin_below``, equal
    points) and legal too. Valid once no declaration can come (only the trick
    play is left), where playing either gives the same values."""
    cdef uint32_t in_play = e.s.hands[0] | e.s.hands[1]
    cdef uint32_t kept = legal
    cdef uint32_t candidates = legal & e.twinned
    cdef int card, twin
    if e.s.trick_len:
        in_play |= <uint32_t>1 << e.s.lead_card
    while candidates:
        card = lowest_bit(candidates)
        candidates &= candidates - 1
        twin = e.twin_below[card]
        while twin >= 0 and not (in_play >> twin) & 1:
            twin = e.twin_below[twin]
        if twin >= 0 and (legal >> twin) & 1:
            kept &= ~(<uint32_t>1 << card)
    return kept


cdef inline void insert_move(int* moves, int* scores, int count, int move,
                             int score) noexcept nogil:
    """Insert ``move`` into the first ``count`` moves, kept by descending score;
    ``scores[-1]`` is a sentinel above every score."""
    cdef int i = count
    while scores[i - 1] < score:
        moves[i] = moves[i - 1]
        scores[i] = scores[i - 1]
        i -= 1
    moves[i] = move
    scores[i] = score


cdef int ordered_moves(Engine* e, int first, int* moves, int collapse) noexcept nogil:
    """The legal moves in search order (``first`` leads if legal): each break when
    one is due, else the cards (one of each equivalent run when ``collapse``); the
    swap, when allowed, before them. Returns how many."""
    cdef int sentinel_and_scores[MAX_MOVES + 1]
    cdef int* scores = sentinel_and_scores + 1
    cdef int count = 0, card, k
    cdef uint32_t legal, beating = 0
    scores[-1] = 1 << 30  # above every score: the insertion stops there
    if can_swap(e):
        insert_move(moves, scores, 0, SWAP, (1 << 20) if first == SWAP else (1 << 19))
        count = 1
    if e.s.break_due:
        for k in range(BREAKS):
            insert_move(moves, scores, count, BREAK + k, (1 << 20) if first == BREAK + k else -k)
            count += 1
        return count
    legal = legal_cards(e)
    if collapse and not e.s.declaring and e.s.drawn == STOCK_SIZE:
        legal = drop_equivalents(e, legal)
    if e.s.trick_len:
        beating = beating_answers(e)
    while legal:
        card = lowest_bit(legal)
        legal &= legal - 1
        insert_move(moves, scores, count, card,
                    (1 << 20) if card == first else card_score(e, card, beating))
        count += 1
    return count
