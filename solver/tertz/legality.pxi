# Which moves the player to move has (docs/rules.md 4.2): the cards he may play, the
# trump-seven swap, and who wins a trick.


cdef inline uint32_t legal_cards(Engine* e) noexcept nogil:
    """The cards the player to move may play. The leader plays any card. The answer
    while the stock lasts follows the ``stock_play`` option; once it is gone he must
    follow suit, else trump, else anything, beating the led card when he can. The
    duties are worked out without the jack of trumps, which is then legal as well."""
    cdef uint32_t hand = e.s.hands[e.s.to_move]
    cdef uint32_t jack = hand & e.jack
    cdef uint32_t rest = hand & ~e.jack
    cdef uint32_t led, duty, higher
    if e.s.trick_len == 0:
        return hand
    led = suit_cards(e.s.lead_card >> 3)
    if e.s.drawn < STOCK_SIZE:
        if e.stock_play == STOCK_FREE:
            return hand
        if e.stock_play == STOCK_SUIT_OR_TRUMP:
            duty = rest & (led | e.trump_mask)
        else:
            duty = rest & led
            if duty == 0:
                duty = rest & e.trump_mask
    else:
        duty = rest & led
        if duty:
            higher = duty & e.beaters[e.s.lead_card]
            if higher:
                duty = higher
        else:
            duty = rest & e.trump_mask  # any trump beats a plain card
    if duty == 0:
        return hand
    return duty | jack


cdef inline int can_swap(Engine* e) noexcept nogil:
    """The player to move holds the seven of trumps and the stock at least two
    cards (``swap_last``), or more than two."""
    return e.s.hands[e.s.to_move] & e.seven and e.s.drawn <= STOCK_SIZE - 3 + e.swap_last


cdef inline int trick_winner(Engine* e, int answer) noexcept nogil:
    """The seat that wins the trick the answer ``answer`` completes: the higher
    trump, else the higher card of the led suit."""
    cdef int lead = e.s.lead_card
    if (answer >> 3) == (lead >> 3):
        return e.s.to_move if e.power[answer] > e.power[lead] else e.s.leader
    if (answer >> 3) == e.trump:
        return e.s.to_move
    return e.s.leader


cdef inline uint32_t beating_answers(Engine* e) noexcept nogil:
    """The answers that would win the trick on the table (as ``trick_winner``):
    the higher cards of the led suit, and any trump when the lead is not one."""
    if (e.s.lead_card >> 3) == e.trump:
        return e.beaters[e.s.lead_card]
    return e.beaters[e.s.lead_card] | e.trump_mask
