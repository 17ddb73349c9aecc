# Bounds on the margin still to be won at a node with no card on the table: what is
# at stake, less what each player is sure of.


cdef inline int weakest_points(Engine* e, int suit, uint32_t places, int count) noexcept nogil:
    """The points of the ``count`` weakest cards among ``places`` (a suit's cards
    as a power-order byte). A card's points never fall as its power rises, in
    trumps as in plain suits, so these are also the fewest points."""
    if count < popcount32(places):
        places &= (<uint32_t>1 << NTH_BIT[places][count]) - 1
    return BYTE_POINTS[suit == e.trump][places]


cdef inline int strongest_points(Engine* e, int suit, uint32_t places, int count) noexcept nogil:
    """The points of the ``count`` strongest cards among ``places``."""
    cdef int weaker = popcount32(places) - count
    if weaker > 0:
        places &= ~((<uint32_t>1 << NTH_BIT[places][weaker]) - 1)
    return BYTE_POINTS[suit == e.trump][places]


cdef inline uint32_t above(uint32_t mine, uint32_t theirs) noexcept nogil:
    """Of a suit's power-order bytes, my cards above every one of theirs."""
    if theirs == 0:
        return mine
    return mine & ~((<uint32_t>2 << highest_bit(theirs)) - 1)


cdef int quick_points(Engine* e, int seat) noexcept nogil:
    """In the end phase (strict play), card points the leader ``seat`` is sure to
    take by leading his winners one after another (DDS's quick tricks): first his
    trumps above every trump of the other hand, each taking one of the other's
    trumps while he has any (the weakest: the fewest points); then, unless the
    other holds the jack of trumps (never forced, it may take any trick), in each
    plain suit his cards above every card of the other's, each taking a card of
    the suit while the other holds one, or anything when the other has no trump
    left. Never less than ``sure_points``: every master trump is counted."""
    cdef uint32_t mine, theirs, masters
    cdef int suit, won, followed, total, trumps_left
    cdef int trump = e.trump
    mine = power_byte(e, e.s.hands[seat], trump)
    theirs = power_byte(e, e.s.hands[1 - seat], trump)
    masters = above(mine, theirs)
    won = popcount32(masters)
    total = strongest_points(e, trump, masters, won) + weakest_points(e, trump, theirs, won)
    trumps_left = popcount32(theirs) - won
    if e.s.hands[1 - seat] & e.jack:
        return total
    for suit in range(4):
        if suit == trump:
            continue
        mine = power_byte(e, e.s.hands[seat], suit)
        theirs = power_byte(e, e.s.hands[1 - seat], suit)
        masters = above(mine, theirs)
        won = popcount32(masters)
        followed = popcount32(theirs)
        if trumps_left > 0 and won > followed:
            won = followed
        total += strongest_points(e, suit, masters, won) + weakest_points(e, suit, theirs, won)
    return total


cdef inline int sure_points(Engine* e, int seat) noexcept nogil:
    """Card points ``seat`` is sure to take: his trumps above every trump the other
    hand and the stock hold each win the trick they are played to."""
    cdef uint32_t mine = e.s.hands[seat] & e.trump_mask
    cdef uint32_t rest = (e.s.hands[1 - seat] | e.s.stock_cards) & e.trump_mask
    cdef int total = 0, card
    while mine:
        card = lowest_bit(mine)
        mine &= mine - 1
        if rest & e.beaters[card] == 0:
            total += e.points[card]
    return total


cdef inline void stake_bounds(Engine* e, int* lower, int* upper) noexcept nogil:
    """Where no card is on the table, the remaining margin lies within what is at
    stake (cards, the last trick, the marriage), less twice what a player is sure
    of (in the end phase, the leader's quick tricks); while declarations can
    still change, no bound."""
    cdef int total
    if e.s.declaring:
        lower[0] = -INF
        upper[0] = INF
        return
    total = e.s.points_left + LAST_TRICK
    if e.s.marriage_open:
        total += MARRIAGE_POINTS
    lower[0] = -total + 2 * sure_points(e, 0)
    upper[0] = total - 2 * sure_points(e, 1)


cdef inline void quick_bounds(Engine* e, int* lower, int* upper) noexcept nogil:
    """In the end phase, narrow the stake bounds by the leader's quick tricks
    (never looser than his sure points): after the table's probe, which often
    settles the node first."""
    cdef int total = e.s.points_left + LAST_TRICK, bound
    if e.s.marriage_open:
        total += MARRIAGE_POINTS
    if e.s.leader == 0:
        bound = -total + 2 * quick_points(e, 0)
        if bound > lower[0]:
            lower[0] = bound
    else:
        bound = total - 2 * quick_points(e, 1)
        if bound < upper[0]:
            upper[0] = bound
