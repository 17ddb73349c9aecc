# The part of the transposition table both engines share: positions filed by their
# rank structure (quasi-symmetry, as in Kupferschmid and Helmert's Skat solver and
# Furtak and Buro's payoff similarity). In each suit, which seat holds the weakest
# remaining card, the next, and so on: two positions of one structure have the same
# game tree, move for move, and differ only in the points of the cards that
# correspond; their values differ by at most the sum of those point differences (the
# point shift), so an entry's bounds, widened by it, hold for both.
#
# A template, as mtdf.pxi: the including engine defines, before it includes this file,
#   StructureEntry      its entry struct, with the fields ``remaining`` (the cards in
#                       play), ``lower``, ``upper`` (int16), ``best`` (the place of
#                       the best card, see ``structure_card``), ``gen``, ``age``
#   Key                 with ``remaining``
#   power_byte(e, cards, suit)      a suit's cards as 8 bits in power order
#   trump_shift_unknown(e)          1 when the trump suit's point shift is not
#                                   known (the point shift is then -1)
#   card_place(e, remaining, card)  the inverse of ``structure_card``
#   same_structure(t, entry, key)   the entry is of the key's structure, this
#                                   generation
#   same_position(entry, key)       the entry is of the key's exact position
#   structure_priority(t, entry)    which entry of a full bucket gives way (lowest)
#   file_position(e, entry, key)    write the key's fields and the priority's
#                                   count of cards (called last: the others are
#                                   written)
#   entry_view(entry, copy)         the entry to read: ``entry`` itself, or its
#                                   copy in ``copy`` where threads share the
#                                   table (one read, then checked)
#   entry_write(slot, fresh)        write the entry ``fresh`` into the table at
#                                   ``slot`` (where threads share the table,
#                                   each word once)


# How far the points of two sets of a suit's cards, of one size, can differ card
# for card: [kind][a][b] for the sets as power-order bytes a and b (kind 1 = trump).
cdef uint8_t SHIFT_BYTES[2][256][256]
# [byte][k]: the position of the byte's k-th lowest set bit, 8 if it has no more.
cdef uint8_t NTH_BIT[256][8]


cdef void fill_structure_tables(int* plain_points, int* trump_points) noexcept nogil:
    """Fill SHIFT_BYTES from each kind's card points in power order, and NTH_BIT."""
    cdef int kind, a, b, x, y, total, difference, byte, k, bit
    cdef int* points
    for kind in range(2):
        points = trump_points if kind else plain_points
        for a in range(256):
            for b in range(256):
                total = 0
                x = a
                y = b
                while x and y:
                    difference = points[lowest_bit(x)] - points[lowest_bit(y)]
                    total += difference if difference > 0 else -difference
                    x &= x - 1
                    y &= y - 1
                SHIFT_BYTES[kind][a][b] = <uint8_t>total
    for byte in range(256):
        k = 0
        for bit in range(8):
            if (byte >> bit) & 1:
                NTH_BIT[byte][k] = bit
                k += 1
        while k < 8:
            NTH_BIT[byte][k] = 8
            k += 1


cdef inline int point_shift(Engine* e, uint32_t stored, uint32_t current) noexcept nogil:
    """How far apart the values of two positions of one structure can be: the sum,
    over corresponding cards, of their point differences; -1 when the trump suit's
    cards differ and the engine says its shift is not known (``trump_shift_unknown``)."""
    cdef int suit, total = 0
    cdef uint32_t differ = stored ^ current
    while differ:  # only the suits whose cards differ
        suit = lowest_bit(differ) >> 3
        differ &= ~suit_cards(suit)
        if suit == e.trump:
            if trump_shift_unknown(e):
                return -1
            total += SHIFT_BYTES[1][power_byte(e, stored, suit)][power_byte(e, current, suit)]
        else:
            total += SHIFT_BYTES[0][power_byte(e, stored, suit)][power_byte(e, current, suit)]
    return total


cdef inline int structure_card(Engine* e, uint32_t remaining, int place) noexcept nogil:
    """The card at ``place`` (suit * 8 + index among the suit's remaining cards,
    weakest first), -1 if the suit has fewer cards left."""
    cdef int suit = place >> 3
    cdef int power = NTH_BIT[power_byte(e, remaining, suit)][place & 7]
    if power == 8:
        return -1
    return e.card_at[suit][power]


cdef inline int structure_probe(Engine* e, StructureEntry* entries, int count, Key* key,
                                int* lower, int* upper) noexcept nogil:
    """Narrow ``lower``/``upper`` by every one of ``count`` entries of the key's
    structure, each widened by its point shift; return the card of the nearest
    entry (-1 if none)."""
    cdef Table* t = <Table*>e.table
    cdef StructureEntry copy
    cdef StructureEntry* entry
    cdef int i, shift, first = -1, first_shift = INF, bound
    for i in range(count):
        entry = entry_view(entries + i, &copy)
        if not same_structure(t, entry, key):
            continue
        shift = 0
        if entry.remaining != key.remaining:
            shift = point_shift(e, entry.remaining, key.remaining)
            if shift < 0:
                continue
        if entry.lower > -INF:
            bound = entry.lower - shift
            if bound > lower[0]:
                lower[0] = bound
        if entry.upper < INF:
            bound = entry.upper + shift
            if bound < upper[0]:
                upper[0] = bound
        if shift < first_shift:
            first_shift = shift
            first = entry.best
    if first < 0:
        return -1
    return structure_card(e, key.remaining, first)


cdef inline void structure_store(Engine* e, StructureEntry* entries, int count, Key* key,
                                 int lower, int upper, int best) noexcept nogil:
    """Record bounds for the key's position among ``count`` entries: its own entry
    (the bounds intersected), else an empty or stale slot, else the entry of lowest
    ``structure_priority``."""
    cdef Table* t = <Table*>e.table
    cdef StructureEntry* slot = entries
    cdef StructureEntry copy, fresh
    cdef StructureEntry* entry
    cdef int i, priority = INF, this
    for i in range(count):
        entry = entry_view(entries + i, &copy)
        if entry.gen != t.gen:
            slot = entries + i
            break
        if same_position(entry, key):
            slot = entries + i
            if entry.lower > lower:
                lower = entry.lower
            if entry.upper < upper:
                upper = entry.upper
            break
        this = structure_priority(t, entry)
        if this < priority:
            priority = this
            slot = entries + i
    # The entry is made whole here and written at once; file_position comes last,
    # so an engine may seal what the others wrote (a check word for shared tables).
    fresh.remaining = key.remaining
    fresh.lower = <int16_t>lower
    fresh.upper = <int16_t>upper
    fresh.best = <uint8_t>card_place(e, key.remaining, best)
    fresh.gen = t.gen
    fresh.age = t.age
    file_position(e, &fresh, key)
    entry_write(slot, &fresh)
