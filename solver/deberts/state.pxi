# The position in play: playing and taking back one card, the legal cards
# (docs/rules.md 2.5, in C), the rank structure the table files
# positions by. Types are in types.pxi.

from libc.string cimport memcpy


cdef inline int seat_to_move(Engine* e) noexcept nogil:
    return e.s.to_move


cdef inline int deal_over(Engine* e) noexcept nogil:
    """Every card has been played."""
    return e.s.trick_len == 0 and e.s.hands[e.s.leader] == 0


cdef inline int card_power(Engine* e, int card) noexcept nogil:
    """How strongly a card competes for the current trick (0 = cannot win)."""
    return e.power[e.s.led][card]


cdef inline uint32_t legal_mask(Engine* e, int seat) noexcept nogil:
    """Follow suit; trumps led must be beaten; void, trump (beating a trump in the
    trick); else anything. The rule options lift duties as
    ``deberts.variants.deberts.model.tricks.legal_cards`` does, under the same names:
    ``partner_exempt`` (the partner's top trump need not be beaten; with
    ``trump_lead_overtrump_partner`` only on a plain lead), ``partner_winning_free``
    (void with the partner winning, any card), ``discard_over_opponent_trump``
    (void and unable to beat an opponent's top trump, any card)."""
    cdef uint32_t hand = e.s.hands[seat]
    cdef uint32_t candidates, higher
    cdef int following = 1
    if e.s.trick_len == 0:
        return hand
    candidates = hand & (<uint32_t>0xFF << (8 * e.s.led))
    if candidates == 0:
        if e.partner_winning_free and e.partner[seat] == e.s.win_seat:
            return hand
        following = 0
        candidates = hand & e.trump_mask
        if candidates == 0:
            return hand
    if candidates & e.trump_mask:
        # following with a trump means trumps were led
        if (e.partner_exempt and e.s.win_power > 8 and e.partner[seat] == e.s.win_seat
                and not (e.trump_lead_overtrump_partner and following)):
            return candidates
        higher = candidates & e.trumps_above[e.s.win_power if e.s.win_power > 8 else 8]
        if higher:
            return higher
        if not following and e.discard_over_opponent_trump and e.partner[seat] != e.s.win_seat:
            return hand
    return candidates


cdef inline uint32_t bella_choice_cards(Engine* e) noexcept nogil:
    """The cards whose play is also the choice to announce bella or not."""
    if e.bella == BELLA_TRICK_WINNER and e.s.bella_state == BELLA_PENDING:
        return e.bella_cards
    return 0


cdef inline int forced(Engine* e, uint32_t legal) noexcept nogil:
    """True when ``legal`` is one card whose play holds no bella choice."""
    return legal & (legal - 1) == 0 and legal & bella_choice_cards(e) == 0


cdef inline uint32_t power_byte(Engine* e, uint32_t cards, int suit) noexcept nogil:
    """The suit's cards among ``cards`` as 8 bits in power order (weakest bit 0)."""
    return e.to_power[suit][(cards >> (8 * suit)) & 0xFF]


cdef void build_structure(Engine* e) noexcept nogil:
    """The rank structure of the hands from scratch (see State.owners)."""
    cdef uint32_t order
    cdef int suit, place, card, seat
    e.s.remaining = e.s.hands[0] | e.s.hands[1] | e.s.hands[2] | e.s.hands[3]
    e.s.points_left = 0
    for card in range(32):
        if (e.s.remaining >> card) & 1:
            e.s.points_left += e.points[card]
    for suit in range(4):
        e.s.owners.suits[suit] = 0
        order = power_byte(e, e.s.remaining, suit)
        place = 0
        while order:
            card = e.card_at[suit][lowest_bit(order)]
            order &= order - 1
            for seat in range(e.n):
                if (e.s.hands[seat] >> card) & 1:
                    e.s.owners.suits[suit] |= seat << (2 * place)
            place += 1


cdef inline void leave_structure(Engine* e, int card) noexcept nogil:
    """Take a card out of the rank structure: the suit's stronger cards move
    down one place (in the suit's 16 bits alone)."""
    cdef uint32_t seats = e.s.owners.suits[card >> 3]
    cdef uint32_t below = (<uint32_t>1 << (2 * popcount32(e.s.remaining & e.weaker[card]))) - 1
    e.s.owners.suits[card >> 3] = <uint16_t>((seats & below) | ((seats >> 2) & ~below))
    e.s.remaining &= ~(<uint32_t>1 << card)
    e.s.points_left -= e.points[card]


cdef inline int play_card(Engine* e, int card, int declines, Undo* u) noexcept nogil:
    """Play ``card`` for the seat to move; return the margin the trick settles, if
    this card completes it (0 otherwise). ``declines`` skips announcing bella
    (``move_declines``)."""
    cdef int seat = seat_to_move(e)
    cdef int power, winner, delta
    # memcpy, not a struct assignment: inlined into the search, gcc split the
    # assignment field by field; memcpy is a few vector moves
    memcpy(u, &e.s, sizeof(State))
    leave_structure(e, card)
    e.s.hands[seat] &= ~(<uint32_t>1 << card)
    e.s.in_trick |= <uint32_t>1 << card
    if e.s.trick_len == 0:
        e.s.led = card >> 3
        e.s.win_power = 0
    power = card_power(e, card)
    if power > e.s.win_power:
        e.s.win_power = power
        e.s.win_seat = seat
        e.s.win_card = card
    e.s.trick_points += e.points[card]
    if e.s.bella_state != BELLA_SETTLED and (e.bella_cards >> card) & 1:
        if declines:
            e.s.bella_state = BELLA_SETTLED
        else:
            e.s.bella_now = 1
            if e.bella == BELLA_TRICK_WINNER:
                e.s.bella_state = BELLA_SETTLED
    e.s.trick_len += 1
    if e.s.trick_len < e.n:
        e.s.to_move = seat + 1 if seat + 1 < e.n else 0
        return 0
    winner = e.s.win_seat
    delta = e.side[winner] * e.s.trick_points
    if e.capot:
        e.s.sides_won |= 1 if e.side[winner] > 0 else 2
    if e.s.hands[winner] == 0:
        if e.capot and e.s.sides_won != 3:
            delta += e.side[winner] * CAPOT_LAST_TRICK
        else:
            delta += e.side[winner] * LAST_TRICK
    if e.s.decl_pending and (e.decl_team >> winner) & 1:
        delta += e.decl_value
        e.s.decl_pending = 0
    if e.s.bella_now:
        if e.bella == BELLA_TRICK_WINNER:
            delta += e.side[winner] * BELLA_POINTS
        elif (e.bella_team >> winner) & 1:
            if e.s.bella_state == BELLA_FIRST_WON:
                delta += e.side[e.bella_owner] * BELLA_POINTS
                e.s.bella_state = BELLA_SETTLED
            else:
                e.s.bella_state = BELLA_FIRST_WON
        else:
            e.s.bella_state = BELLA_SETTLED
        e.s.bella_now = 0
    e.s.leader = winner
    e.s.to_move = winner
    e.s.trick_len = 0
    e.s.in_trick = 0
    e.s.trick_points = 0
    e.s.win_power = 0
    return delta


cdef inline void undo_card(Engine* e, Undo* u) noexcept nogil:
    """Take the last card back (the copy ``play_card`` saved, as it saved it)."""
    memcpy(&e.s, u, sizeof(State))
