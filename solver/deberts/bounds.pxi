# Bounds on the margin still to be won, from what is at stake and what a side is
# sure to take: the search's fast exits at a trick start (search.pxi) and the value
# search's starting interval (root.pxi).

# The points of a set of trumps given as a power-order byte.
cdef int TRUMP_BYTE_POINTS[256]


cdef inline int points_at_stake(Engine* e) noexcept nogil:
    """Everything still to be won at a trick start: the remaining margin lies within
    plus or minus this (cards, last trick, bonuses still in play)."""
    cdef int total = LAST_TRICK + e.s.points_left
    if e.s.decl_pending:
        total += e.decl_value if e.decl_value > 0 else -e.decl_value
    if e.s.bella_state != BELLA_SETTLED:
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
            top = <uint32_t>1 << e.card_at[e.trump][highest_bit(trumps)]
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
        mine &= ~((<uint32_t>2 << highest_bit(theirs)) - 1)
    return TRUMP_BYTE_POINTS[mine]


cdef int root_bound(Engine* e) noexcept nogil:
    """The remaining margin from the root lies within plus or minus this."""
    cdef int total = points_at_stake(e) + e.s.trick_points
    if e.s.bella_now:
        total += BELLA_POINTS
    return total
