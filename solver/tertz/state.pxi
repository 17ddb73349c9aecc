# Making and taking back moves: a card (with the declarations and the marriage
# before it), the swap, the break and the draws (docs/rules.md 4.1-4.3).


cdef inline int deal_over(Engine* e) noexcept nogil:
    """Every card has been played."""
    return e.s.trick_len == 0 and not e.s.break_due and (e.s.hands[0] | e.s.hands[1]) == 0


cdef inline int stock_card(Engine* e, int index) noexcept nogil:
    """The stock's card at draw index ``index``: the face-up card last, the
    face-down ones rotated by the break."""
    if index == FACE_DOWN:
        return e.s.face_up
    return e.cut_stock[e.s.cut][index]


cdef inline void draw(Engine* e) noexcept nogil:
    """Both draw back to 9 cards, the trick's winner (now the leader) first."""
    cdef uint32_t first = <uint32_t>1 << stock_card(e, e.s.drawn)
    cdef uint32_t second = <uint32_t>1 << stock_card(e, e.s.drawn + 1)
    e.s.hands[e.s.leader] |= first
    e.s.hands[1 - e.s.leader] |= second
    e.s.stock_cards &= ~(first | second)
    e.s.drawn += 2
    if e.s.drawn == STOCK_SIZE:
        e.s.structure = rank_structure(e)
        if e.s.marriage_open and not (e.s.hands[0] & e.marriage == e.marriage
                                      or e.s.hands[1] & e.marriage == e.marriage):
            e.s.marriage_open = 0  # no card will come: the two stay apart


cdef inline void swap_seven(Engine* e) noexcept nogil:
    """The player to move takes the face-up card and leaves the seven of trumps
    in its place; he is still to move."""
    cdef uint32_t* hand = &e.s.hands[e.s.to_move]
    cdef uint32_t exchanged = e.seven | (<uint32_t>1 << e.s.face_up)
    hand[0] ^= exchanged
    e.s.stock_cards ^= exchanged
    e.s.face_up = lowest_bit(e.seven)


cdef inline void break_stock(Engine* e, int k) noexcept nogil:
    """The first trick's loser breaks by ``k``; then both draw and its winner leads."""
    e.s.cut = <uint8_t>k
    e.s.break_due = 0
    draw(e)
    e.s.to_move = e.s.leader


cdef inline int settle_marriage(Engine* e) noexcept nogil:
    """The marriage is settled as soon as one hand holds its two cards: he scores
    it before his next card whatever happens (his hand keeps both until then).
    Returns the margin it scores."""
    cdef int seat
    if not e.s.marriage_open:
        return 0
    for seat in range(2):
        if e.s.hands[seat] & e.marriage == e.marriage:
            e.s.marriage_open = 0
            return sign(seat) * MARRIAGE_POINTS
    return 0


cdef int settle_open(Engine* e) noexcept nogil:
    """What a move has made certain: the marriage held, the declarations final."""
    return settle_marriage(e) + settle_declarations(e)


cdef inline int settle(Engine* e) noexcept nogil:
    """``settle_open``, called only while the marriage or the declarations are
    still open: once both are settled (all the end phase), a move settles
    nothing else."""
    if e.s.marriage_open or e.s.declaring:
        return settle_open(e)
    return 0


cdef inline int before_card(Engine* e, int seat) noexcept nogil:
    """What happens right before a card: the marriage, scored once, by a player who
    holds its two cards; the declarations of a player who holds 9 cards. Returns
    the margin it scores."""
    cdef int delta = 0
    if e.s.marriage_open and e.s.hands[seat] & e.marriage == e.marriage:
        e.s.marriage_open = 0
        delta = sign(seat) * MARRIAGE_POINTS
    if e.s.declaring and popcount32(e.s.hands[seat]) == HAND_SIZE:
        declare(e, seat, ENGINE_STAMPS + e.s.cards_played)
    return delta


cdef inline int play_card(Engine* e, int card) noexcept nogil:
    """Play ``card`` for the player to move; return the margin it settles: the
    marriage and declarations before it, the trick it completes, the last trick,
    and the declarations once they can no longer change."""
    cdef int seat = e.s.to_move
    cdef uint32_t bit = <uint32_t>1 << card
    cdef int delta = before_card(e, seat)
    cdef int winner, points
    e.s.hands[seat] &= ~bit
    if e.s.drawn == STOCK_SIZE:
        e.s.structure = structure_without(e, e.s.structure, card)
    e.s.cards_played += 1
    if bit & e.marriage:
        e.s.marriage_open = 0
    if e.s.trick_len == 0:
        e.s.lead_card = card
        e.s.trick_len = 1
        e.s.to_move = 1 - seat
        return delta + settle(e)
    winner = trick_winner(e, card)
    points = e.points[e.s.lead_card] + e.points[card]
    e.s.points_left -= points
    e.s.trick_len = 0
    e.s.leader = winner
    e.s.to_move = winner
    if e.s.drawn < STOCK_SIZE:
        if e.s.drawn == 0:
            e.s.break_due = 1
            e.s.to_move = 1 - winner
        else:
            draw(e)
    elif e.s.hands[winner] == 0:
        points += LAST_TRICK
    return delta + sign(winner) * points + settle(e)


cdef inline int make_move(Engine* e, int move) noexcept nogil:
    """Make a card, swap or break move; return the margin it settles."""
    if move < SWAP:
        return play_card(e, move)
    if move == SWAP:
        swap_seven(e)
    else:
        break_stock(e, move - BREAK)
    return settle(e)
