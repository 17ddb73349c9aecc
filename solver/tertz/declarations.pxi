# Declarations in C (docs/rules.md 4.3): the fours and runs a player declares before
# a card, which earlier runs a new one replaces, and at the end who scores them.

# Points and strengths of the kinds, set from the Python model at import
# (_tertz.pyx): RUN_POINTS[n] for a run of n cards, FOUR_POINTS[r - 4] for four
# cards of rank r (J Q K A; other ranks score nothing).
cdef int RUN_POINTS[9]
cdef int FOUR_POINTS[4]
# Above every run's strength, in the kinds' order: four queens, kings, aces, jacks.
cdef int FOUR_STRENGTH[4]

cdef enum:
    FOUR_RANKS = 0xF0         # J Q K A in a suit's byte
    RUN_STARTS = 0x3F3F3F3F   # the ranks a run of three can start from, each suit


cdef inline uint32_t run_cards(uint8_t run) noexcept nogil:
    """A run's cards: ``suit << 6 | lowest rank << 3 | length - 1``."""
    cdef int length = (run & 7) + 1
    return ((<uint32_t>1 << length) - 1) << (8 * (run >> 6) + ((run >> 3) & 7))


cdef inline int run_strength(Engine* e, uint8_t run) noexcept nogil:
    """Orders runs: longer first, then the higher top card, then trumps."""
    cdef int length = (run & 7) + 1
    cdef int top = ((run >> 3) & 7) + length - 1
    return 32 * length + 4 * top + 2 * ((run >> 6) == e.trump)


cdef inline int is_new_run(Declared* d, uint32_t cards) noexcept nogil:
    """A maximal run is new when it shares no card with any run declared before
    (replaced ones included) or strictly contains one of the runs that still count."""
    cdef int i
    cdef uint32_t earlier
    cdef int shares = 0
    for i in range(d.count):
        earlier = run_cards(d.runs[i])
        if earlier & cards:
            if (d.counting >> i) & 1 and earlier & ~cards == 0 and earlier != cards:
                return 1
            shares = 1
    return not shares


cdef inline void declare_run(Declared* d, uint8_t run, uint8_t stamp) noexcept nogil:
    """Record a new run; the runs it contains no longer count. (The list cannot be
    full: a deal gives a player at most 11 runs, each with a card he drew.)"""
    cdef uint32_t cards = run_cards(run)
    cdef uint32_t earlier
    cdef int i
    if d.count == MAX_RUNS:
        return
    for i in range(d.count):
        earlier = run_cards(d.runs[i])
        if earlier & ~cards == 0:
            d.counting &= ~(<uint16_t>1 << i)
    d.runs[d.count] = run
    d.stamps[d.count] = stamp
    d.counting |= <uint16_t>1 << d.count
    d.count += 1


cdef void declare(Engine* e, int seat, uint8_t stamp) noexcept nogil:
    """Declare every new combination of the seat's hand: fours of ranks not yet
    declared, and new maximal runs of three or more."""
    cdef Declared* d = &e.s.declared[seat]
    cdef uint32_t hand = e.s.hands[seat]
    cdef uint32_t starts = hand & (hand >> 1) & (hand >> 2) & RUN_STARTS
    cdef uint32_t cards
    cdef int first, length
    d.fours |= <uint8_t>((hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & FOUR_RANKS) >> 4)
    while starts:  # the lowest start of a group is its run's lowest card
        first = lowest_bit(starts)
        length = lowest_bit(~((hand & suit_cards(first >> 3)) >> first))
        cards = ((<uint32_t>1 << length) - 1) << first
        starts &= ~cards
        if is_new_run(d, cards):
            declare_run(d, <uint8_t>(((first >> 3) << 6) | ((first & 7) << 3) | (length - 1)),
                        stamp)


cdef inline void best_declaration(Engine* e, Declared* d, int* strength, int* stamp,
                                  int* total) noexcept nogil:
    """A player's declarations that still count: their points, the strength of the
    best (-1 if none) and, for a run, when it was declared."""
    cdef int i, value
    strength[0] = -1
    stamp[0] = 0
    total[0] = 0
    for i in range(4):
        if (d.fours >> i) & 1:
            total[0] += FOUR_POINTS[i]
            if FOUR_STRENGTH[i] > strength[0]:
                strength[0] = FOUR_STRENGTH[i]
    for i in range(d.count):
        if (d.counting >> i) & 1:
            total[0] += RUN_POINTS[(d.runs[i] & 7) + 1]
            value = run_strength(e, d.runs[i])
            if value > strength[0]:
                strength[0] = value
                stamp[0] = d.stamps[i]


cdef int declarations_outcome(Engine* e) noexcept nogil:
    """The declarations' margin at the end: the player whose best declaration is
    higher (equal runs: the one declared first) scores all of his that count."""
    cdef int strength0, stamp0, total0, strength1, stamp1, total1
    best_declaration(e, &e.s.declared[0], &strength0, &stamp0, &total0)
    best_declaration(e, &e.s.declared[1], &strength1, &stamp1, &total1)
    if strength0 < 0 and strength1 < 0:
        return 0
    if strength0 > strength1 or (strength0 == strength1 and stamp0 < stamp1):
        return total0
    return -total1


cdef inline int may_declare_again(Engine* e, int seat) noexcept nogil:
    """Whether ``seat`` could still declare something new from the cards he holds
    or may draw (his hand and the stock): a four of a rank he has not declared, a
    three-card sequence sharing no card with his earlier runs, or a counting run
    whose cards are all still there with a neighbour that would extend it. Errs
    towards yes: every new combination the rules allow is among these."""
    cdef Declared* d = &e.s.declared[seat]
    cdef uint32_t cards = e.s.hands[seat] | e.s.stock_cards
    cdef uint32_t earlier = 0, run, free
    cdef int i
    if ((cards & (cards >> 8) & (cards >> 16) & (cards >> 24) & FOUR_RANKS) >> 4) & ~d.fours:
        return 1
    for i in range(d.count):
        run = run_cards(d.runs[i])
        earlier |= run
        if ((d.counting >> i) & 1 and run & cards == run
                and ((run << 1) | (run >> 1)) & ~run & cards & (<uint32_t>0xFF << (8 * (d.runs[i] >> 6)))):
            return 1
    free = cards & ~earlier
    return (free & (free >> 1) & (free >> 2) & <uint32_t>0x3F3F3F3F) != 0


cdef inline int declarations_final(Engine* e) noexcept nogil:
    """No player can declare again: under ``opening`` never (the position holds
    the dealt hands' declarations); else once the stock is gone and neither holds
    9 cards, or once neither could make anything new from his hand and the stock."""
    if e.declare_opening:
        return 1
    if e.s.drawn == STOCK_SIZE and popcount32(e.s.hands[0]) < HAND_SIZE and popcount32(
            e.s.hands[1]) < HAND_SIZE:
        return 1
    return not may_declare_again(e, 0) and not may_declare_again(e, 1)


cdef inline void declare_last_hands(Engine* e) noexcept nogil:
    """Once the stock is gone, the hands that still hold 9 cards are those their
    players declare from before their next card (nothing can change them before
    it): declare them now, the player to move first, with the stamps those cards
    would give."""
    cdef int seat = e.s.to_move, stamp = ENGINE_STAMPS + e.s.cards_played, turn
    for turn in range(2):
        if popcount32(e.s.hands[seat]) == HAND_SIZE:
            declare(e, seat, <uint8_t>stamp)
            stamp += 1
        seat = 1 - seat


cdef inline int settle_declarations(Engine* e) noexcept nogil:
    """Once the declarations are final, their margin, and their state cleared (so
    the table files the rest of the deal by the cards alone and the stake bounds
    apply); else 0. After the last draw they are made final at once."""
    cdef int outcome
    if not e.s.declaring:
        return 0
    if e.s.drawn == STOCK_SIZE and not e.declare_opening:
        declare_last_hands(e)
    elif not declarations_final(e):
        return 0
    outcome = declarations_outcome(e)
    memset(&e.s.declared[0], 0, 2 * sizeof(Declared))
    e.s.declaring = 0
    return outcome


cdef inline int declared_key(Declared* d, uint32_t hand, uint64_t* key) noexcept nogil:
    """One player's declarations packed exactly into ``key[0]``, ``key[1]`` for the
    table, leaving out the replaced runs none of whose cards is still in ``hand``
    (no later run can touch them). Word 0: the fours (4 bits), which kept runs
    count (8 bits), kept runs 0-2; word 1: kept runs 3-6; a run is its code and
    stamp (14 bits). Returns 0, or -1 when more than KEY_RUNS runs are kept (such
    positions are not filed)."""
    cdef uint64_t run
    cdef int i, kept = 0
    key[0] = d.fours
    key[1] = 0
    for i in range(d.count):
        if not (d.counting >> i) & 1 and run_cards(d.runs[i]) & hand == 0:
            continue
        if kept == KEY_RUNS:
            return -1
        if (d.counting >> i) & 1:
            key[0] |= <uint64_t>1 << (4 + kept)
        run = <uint64_t>d.runs[i] | (<uint64_t>d.stamps[i] << 8)
        if kept < 3:
            key[0] |= run << (12 + 14 * kept)
        else:
            key[1] |= run << (14 * (kept - 3))
        kept += 1
    return 0
