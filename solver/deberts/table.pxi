# The transposition table: bounds on the margin of the *remaining* play at trick
# starts, so an entry is valid however the position was reached.
#
# Positions are filed by their rank structure (quasi-symmetry, as in Kupferschmid
# and Helmert's Skat solver and Furtak and Buro's payoff similarity): in each suit,
# which seat holds the weakest remaining card, the next, and so on. Two positions of
# one structure have the same game tree, move for move, and differ only in the
# points of the cards that correspond; their values differ by at most the sum of
# those point differences, so an entry's bounds, widened by it, hold for both.
# Positions whose only difference is which worthless cards are left differ by 0.
#
# Entry layout (24 bytes):
#   field      bits  meaning
#   owners     64    16 bits a suit, 2 bits a remaining card, weakest first: its seat
#   remaining  32    the cards still in play (the exact position, with owners)
#   counts     16    4 bits a suit: how many of its cards remain
#   lower      16    the remaining margin is >= lower
#   upper      16    the remaining margin is <= upper
#   meta        8    bit 7 used, bits 5-6 bella_state, bit 4 decl_pending,
#                    bits 2-3 sides_won (capot), bits 0-1 leader
#   best        8    the card of the last cutoff or best value, as suit * 8 + its
#                    place among the suit's remaining cards (weakest 0)
#   cards       8    cards still to play: the replacement priority (more = deeper)
#   gen         8    the table generation that wrote it; older generations count as empty
#   age         8    the root search that wrote it (counting mod 256)
# Buckets of BUCKET entries, chosen by the structure; a new position takes an empty
# or stale slot, else replaces an entry of an earlier root search before one of this
# search, and of those the one with fewest cards. Clearing the table is a new
# generation; each root search a new age, so entries of earlier positions (other
# samples of a deal, say) stay readable but give way first.

from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef enum:
    BUCKET = 4
    META_USED = 0x80

cdef struct Entry:
    uint64_t owners
    uint32_t remaining
    uint16_t counts
    int16_t lower
    int16_t upper
    uint8_t meta
    uint8_t best
    uint8_t cards
    uint8_t gen
    uint8_t age

cdef extern from *:
    void __builtin_prefetch(const void*) nogil


cdef struct Table:
    Entry* entries
    uint64_t mask          # number of buckets - 1
    uint8_t gen            # the current generation, 1..255
    uint8_t age            # the current root search

cdef struct Key:
    uint64_t owners
    uint32_t remaining
    uint16_t counts
    uint8_t meta
    Entry* bucket          # where positions of this structure are filed


cdef inline void table_key(Engine* e, Key* key) noexcept nogil:
    """The current trick start's structure, exact cards and bonus state, and its
    bucket, which starts loading while the caller computes the bounds."""
    cdef int suit
    key.owners = e.s.owners.key
    key.remaining = e.s.remaining
    key.counts = 0
    for suit in range(4):
        key.counts |= <uint16_t>(popcount32(e.s.remaining & (<uint32_t>0xFF << (8 * suit)))
                                 << (4 * suit))
    key.meta = <uint8_t>(META_USED | (e.s.bella_state << 5) | (e.s.decl_pending << 4)
                         | (e.s.sides_won << 2) | e.s.leader)
    key.bucket = table_bucket(<Table*>e.table, key)
    __builtin_prefetch(key.bucket)


cdef inline Entry* table_bucket(Table* t, Key* key) noexcept nogil:
    cdef uint64_t h = key.owners ^ ((key.counts | (<uint64_t>key.meta << 16))
                                    * <uint64_t>0x9E3779B97F4A7C15)
    h ^= h >> 33
    h *= <uint64_t>0xFF51AFD7ED558CCD
    h ^= h >> 33
    h *= <uint64_t>0xC4CEB9FE1A85EC53
    h ^= h >> 33
    return t.entries + BUCKET * (h & t.mask)


# How far the points of two sets of a suit's cards, of one size, can differ card
# for card: [kind][a][b] for the sets as power-order bytes a and b (kind 1 = trump).
cdef uint8_t SHIFT_BYTES[2][256][256]
# [byte][k]: the position of the byte's k-th lowest set bit, 8 if it has no more.
cdef uint8_t NTH_BIT[256][8]


cdef void fill_nth_bit() noexcept nogil:
    cdef int byte, k, bit
    for byte in range(256):
        k = 0
        for bit in range(8):
            if (byte >> bit) & 1:
                NTH_BIT[byte][k] = bit
                k += 1
        while k < 8:
            NTH_BIT[byte][k] = 8
            k += 1


cdef void fill_shift_bytes(int* plain_points, int* trump_points) noexcept nogil:
    """Fill SHIFT_BYTES from each kind's card points in power order."""
    cdef int kind, a, b, x, y, total, difference
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


cdef inline int point_shift(Engine* e, uint32_t stored, uint32_t current) noexcept nogil:
    """How far apart the values of two positions of one structure can be: the sum,
    over corresponding cards, of their point differences; -1 when the bella cards
    would not correspond while bella is still in play."""
    cdef int suit, total = 0
    cdef uint32_t differ = stored ^ current
    while differ:  # only the suits whose cards differ
        suit = lowest_bit(differ) >> 3
        differ &= ~(<uint32_t>0xFF << (8 * suit))
        if suit == e.trump:
            if e.s.bella_state != BELLA_SETTLED:
                return -1
            total += SHIFT_BYTES[1][power_byte(e, stored, suit)][power_byte(e, current, suit)]
        else:
            total += SHIFT_BYTES[0][power_byte(e, stored, suit)][power_byte(e, current, suit)]
    return total


cdef inline int table_probe(Engine* e, Key* key, int* lower, int* upper) noexcept nogil:
    """Narrow ``lower``/``upper`` by every entry of the position's structure; return
    the suggested first card (-1 if none)."""
    cdef Table* t = <Table*>e.table
    cdef Entry* bucket = key.bucket
    cdef int i, shift, first = -1, first_shift = INF, bound
    for i in range(BUCKET):
        if (bucket[i].owners != key.owners or bucket[i].counts != key.counts
                or bucket[i].meta != key.meta or bucket[i].gen != t.gen):
            continue
        shift = 0
        if bucket[i].remaining != key.remaining:
            shift = point_shift(e, bucket[i].remaining, key.remaining)
            if shift < 0:
                continue
        if bucket[i].lower > -INF:
            bound = bucket[i].lower - shift
            if bound > lower[0]:
                lower[0] = bound
        if bucket[i].upper < INF:
            bound = bucket[i].upper + shift
            if bound < upper[0]:
                upper[0] = bound
        if shift < first_shift:
            first_shift = shift
            first = bucket[i].best
    if first < 0:
        return -1
    return structure_card(e, key.remaining, first)


cdef inline int structure_card(Engine* e, uint32_t remaining, int place) noexcept nogil:
    """The card at ``place`` (suit * 8 + index among the suit's remaining cards),
    -1 if the suit has fewer cards left."""
    cdef int suit = place >> 3
    cdef int power = NTH_BIT[power_byte(e, remaining, suit)][place & 7]
    if power == 8:
        return -1
    return e.card_at[suit][power]


cdef inline int card_place(Engine* e, uint32_t remaining, int card) noexcept nogil:
    """The inverse of ``structure_card``."""
    return 8 * (card >> 3) + popcount32(remaining & e.weaker[card])


cdef inline void table_store(Engine* e, Key* key, int lower, int upper,
                             int best) noexcept nogil:
    """Record bounds for the current trick-start position (keyed by ``table_key``)."""
    cdef Table* t = <Table*>e.table
    cdef Entry* bucket = key.bucket
    cdef Entry* slot = bucket
    cdef int i
    cdef uint8_t cards = <uint8_t>popcount32(e.s.hands[e.s.leader])
    for i in range(BUCKET):
        if bucket[i].gen != t.gen:
            slot = bucket + i
            break
        if (bucket[i].owners == key.owners and bucket[i].remaining == key.remaining
                and bucket[i].meta == key.meta):
            slot = bucket + i
            if slot.lower > lower:
                lower = slot.lower
            if slot.upper < upper:
                upper = slot.upper
            break
        if keep_priority(t, bucket + i) < keep_priority(t, slot):
            slot = bucket + i
    slot.owners = key.owners
    slot.remaining = key.remaining
    slot.counts = key.counts
    slot.meta = key.meta
    slot.lower = <int16_t>lower
    slot.upper = <int16_t>upper
    slot.best = <uint8_t>card_place(e, key.remaining, best)
    slot.cards = cards
    slot.gen = t.gen
    slot.age = t.age


cdef inline int keep_priority(Table* t, Entry* entry) noexcept nogil:
    """Which entry of a full bucket a new position replaces: the lowest of these,
    an earlier root search's before this one's, then fewer cards before more (16 is
    above any count of cards to play, so the age decides first)."""
    return (entry.age == t.age) * 16 + entry.cards


cdef int table_init(Table* t, int bits) noexcept nogil:
    """Allocate 2**bits entries (in buckets); 0 on success, -1 when out of memory."""
    cdef uint64_t buckets = (<uint64_t>1 << bits) // BUCKET
    t.entries = <Entry*>calloc(buckets * BUCKET, sizeof(Entry))
    t.mask = buckets - 1
    t.gen = 1
    t.age = 0
    return 0 if t.entries != NULL else -1


cdef void table_clear(Table* t) noexcept nogil:
    """Forget every entry: a new generation, or a wipe when generations run out."""
    if t.gen == 255:
        memset(t.entries, 0, (t.mask + 1) * BUCKET * sizeof(Entry))
        t.gen = 1
    else:
        t.gen += 1


cdef inline void table_new_search(Table* t) noexcept nogil:
    """A new root search begins: what the table holds becomes older."""
    t.age += 1


cdef void table_free(Table* t) noexcept nogil:
    free(t.entries)
    t.entries = NULL
