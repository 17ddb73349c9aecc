# Move ordering: likely-best cards first, so alpha-beta cuts early. It changes only
# the speed of the search, never its values.

cdef struct Context:
    # what the ordering of one node's cards looks at, computed once for the node
    uint32_t others           # cards held by every other seat
    uint32_t opponents        # cards held by the other side
    uint32_t behind           # cards held by the seats still to play to this trick
    uint32_t ruffed           # leading: the plain suits an opponent void in them can ruff
    uint32_t partner_ruffs    # leading: the same for a partner
    int void_behind           # one of those seats has none of the led suit but a trump


cdef inline uint32_t void_suits(uint32_t hand) noexcept nogil:
    """The cards of the suits ``hand`` holds none of: each byte folded onto its
    lowest bit, then spread back over the byte."""
    cdef uint32_t fold = hand | (hand >> 4)
    fold |= fold >> 2
    fold |= fold >> 1
    return ~((fold & <uint32_t>0x01010101) * 0xFF)


cdef inline void node_context(Engine* e, int seat, Context* c) noexcept nogil:
    """What ``move_score`` reads at this seat: the other hands and the suits each
    side can ruff when leading, the hands behind at a middle seat, nothing at the
    last seat."""
    cdef int later, other
    c.behind = 0
    c.void_behind = 0
    if e.s.trick_len == 0:
        # No card is in the trick, so the others hold what remains but this hand.
        c.others = e.s.remaining & ~e.s.hands[seat]
        c.opponents = c.others & (~e.declarer_dealt if e.side[seat] > 0 else e.declarer_dealt)
        c.ruffed = 0
        c.partner_ruffs = 0
        for other in range(e.n):
            if other != seat and e.s.hands[other] & e.trump_mask:
                if e.side[other] != e.side[seat]:
                    c.ruffed |= void_suits(e.s.hands[other])
                else:
                    c.partner_ruffs |= void_suits(e.s.hands[other])
        c.ruffed &= ~e.trump_mask
        c.partner_ruffs &= ~e.trump_mask
        return
    if e.s.trick_len == e.n - 1:
        return
    later = seat + 1 if seat + 1 < e.n else 0
    while later != e.s.leader:
        c.behind |= e.s.hands[later]
        if (e.s.hands[later] & (<uint32_t>0xFF << (8 * e.s.led)) == 0
                and e.s.hands[later] & e.trump_mask):
            c.void_behind = 1
        later = later + 1 if later + 1 < e.n else 0


cdef inline int surely_wins(Engine* e, Context* c, int card) noexcept nogil:
    """True when nobody after the mover in this trick can beat ``card``: no higher
    card of its suit behind, and for a plain card nobody behind can ruff (everyone
    follows suit or holds no trump; a heuristic: it ignores that a partner behind
    would keep the trick anyway)."""
    if c.behind & e.beaters[card]:
        return 0
    return e.trump_power[card] or not c.void_behind


cdef inline int lead_score(Engine* e, Context* c, int card) noexcept nogil:
    """The leader's order (higher first), by tiers, the lowest card and fewest
    points first within a tier unless said otherwise:

    - a card that wins the trick for the side, most points first: a top card of a
      plain suit no opponent can ruff, or a card of a suit the partner can ruff
      and no opponent can;
    - a low card of a suit an opponent can ruff (without the capot rule: the ruff
      costs the opponent a trump it must play);
    - any other low card;
    - the top trump;
    - last, a top card an opponent can ruff, a low card led towards the partner's
      higher one, and with the capot rule a low card an opponent can ruff (a lost
      trick ends a capot).

    Tuned by node totals over the benchmark sets and another seeded set of each
    size, and checked against exact labels (``benchmarks/label_positions.py``)."""
    cdef int points = e.points[card]
    cdef int low = -8 * points - e.plain_power[card]
    cdef int ruffed = (c.ruffed >> card) & 1
    if e.beaters[card] & c.others == 0:
        if e.trump_power[card]:
            return 300 + e.trump_power[card]
        return 100 + low if ruffed else 900 + 4 * points
    if e.beaters[card] & c.opponents == 0:
        return 100 + low
    if ruffed:
        return (100 if e.capot else 500) + low
    if (c.partner_ruffs >> card) & 1:
        return 900 + 4 * points
    return 400 + low


cdef inline int settling_score(Engine* e, int seat, int card) noexcept nogil:
    """``move_score`` at the last seat: the card decides the trick, so it is ordered
    by what the trick then gives the mover's side, the weaker card first on a tie."""
    cdef int power = card_power(e, card)
    cdef int winner = seat if power > e.s.win_power else e.s.win_seat
    return e.side[seat] * e.side[winner] * (e.s.trick_points + e.points[card]) * 16 - power


cdef inline int move_score(Engine* e, Context* c, int seat, int card) noexcept nogil:
    """Higher is tried first: cheap winners, points onto the own side's trick, low
    cards onto a lost one; the leader's order is ``lead_score``'s."""
    cdef int power, points = e.points[card]
    if e.s.trick_len == 0:
        return lead_score(e, c, card)
    if e.s.trick_len == e.n - 1:
        return settling_score(e, seat, card)
    power = card_power(e, card)
    if power > e.s.win_power:
        if surely_wins(e, c, card):
            return 1200 + 4 * (e.s.trick_points + points)
        if e.side[e.s.win_seat] == e.side[seat]:
            # Overtaking the partner without a sure win only risks the trick: after
            # every duck, the highest first.
            return 300 + 8 * power
        # Beating an opponent's card without a sure win: before every duck, the
        # highest first (it leaves the seats behind the least room to overtake).
        return 1000 + 8 * power + e.s.trick_points + points
    if e.side[e.s.win_seat] == e.side[seat] and surely_wins(e, c, e.s.win_card):
        return 800 + points
    if e.side[e.s.win_seat] == e.side[seat]:
        return 500 - points
    return -points - power


cdef inline uint32_t drop_equivalents(Engine* e, int seat, uint32_t legal) noexcept nogil:
    """Keep one card of each run of cards that are interchangeable: same suit, same
    points, held by the mover, with no card still in play (in a hand or in the
    trick) between them in the suit's order. Playing either gives the same values.
    Only a suit with two legal cards among the ``twins`` can have such a run."""
    cdef uint32_t in_play = e.s.remaining | e.s.in_trick
    cdef uint32_t kept = legal
    cdef uint32_t suits = legal & e.twins, suit_cards
    cdef int suit, i, card, previous
    while suits:
        suit = lowest_bit(suits) >> 3
        suit_cards = <uint32_t>0xFF << (8 * suit)
        suits &= ~suit_cards
        if popcount32(legal & e.twins & suit_cards) < 2:
            continue
        previous = -1
        for i in range(8):
            card = e.card_at[suit][i]
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
    cdef int count = 0, card, score
    cdef uint32_t with_choice = bella_choice_cards(e)
    cdef Context context
    if forced(e, legal):
        moves[0] = lowest_bit(legal)
        return 1
    if collapse:
        legal = drop_equivalents(e, seat, legal)
    node_context(e, seat, &context)
    while legal:
        card = lowest_bit(legal)
        legal &= legal - 1
        score = move_score(e, &context, seat, card)
        if card == first:
            score = 1 << 20
        insert_move(moves, scores, count, card, score)
        count += 1
        if (with_choice >> card) & 1:
            # declining bella: one point below announcing it
            insert_move(moves, scores, count, make_move(card, 1), score - 1)
            count += 1
    return count


cdef inline void insert_move(int* moves, int* scores, int count, int move,
                             int score) noexcept nogil:
    """Insert ``move`` into the first ``count`` moves, kept by decreasing score (after
    those of an equal score)."""
    while count > 0 and scores[count - 1] < score:
        moves[count] = moves[count - 1]
        scores[count] = scores[count - 1]
        count -= 1
    moves[count] = move
    scores[count] = score


cdef int settling_moves(Engine* e, int seat, uint32_t legal, int* moves) noexcept nogil:
    """``ordered_moves`` at the last seat of a trick for cards with no bella choice and
    no advised first card, in the same order: the ordering's cheap entry point for
    the search's most frequent node."""
    cdef int scores[MAX_MOVES]
    cdef int count = 0, card
    legal = drop_equivalents(e, seat, legal)
    while legal:
        card = lowest_bit(legal)
        legal &= legal - 1
        insert_move(moves, scores, count, card, settling_score(e, seat, card))
        count += 1
    return count
