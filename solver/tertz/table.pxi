# The transposition table: bounds on the margin still to be won from a node where no
# card is on the table (a trick start, a swap made there, or the break), so an entry
# is valid however the node was reached. The key is the exact state the rest of the
# deal depends on; nothing is approximated.
#
# Entry layout (40 bytes):
#   field      bits  meaning
#   hands      64    seat 0's cards, seat 1's cards << 32
#   declared   2x64  each player's declarations (declared_key); 0 once settled
#   meta       32    bits 0-3 stock cards drawn, 4-7 the break's k (0 when no
#                    face-down card is left), 8-12 the face-up card (0 when the
#                    stock is gone), 13 break due, 14 leader (the first trick's
#                    winner when the break is due), 15 marriage open, 16 used
#   lower      16    the remaining margin is >= lower
#   upper      16    the remaining margin is <= upper
#   best       8     the move of the last cutoff or best value
#   cards      8     cards still to come (hands and stock): the replacement priority
#   gen        8     the table generation that wrote it; older ones count as empty
#   age        8     the root search that wrote it (counting mod 256)
# Buckets of BUCKET entries, chosen by a hash of the key. A new node takes an empty
# or stale slot, else replaces an entry of an earlier root search before one of this
# search, and of those the one with fewest cards to come. Clearing the table is a
# new generation; each root search a new age.

from libc.stdlib cimport calloc, free

cdef enum:
    BUCKET = 4
    META_USED = 1 << 16

cdef struct Entry:
    uint64_t hands
    uint64_t declared[2]
    uint32_t meta
    int16_t lower
    int16_t upper
    uint8_t best
    uint8_t cards
    uint8_t gen
    uint8_t age

cdef struct Table:
    Entry* entries
    uint64_t mask          # number of buckets - 1
    uint8_t gen            # the current generation, 1..255
    uint8_t age            # the current root search

cdef struct Key:
    uint64_t hands
    uint64_t declared[2]
    uint32_t meta
    Entry* bucket          # where the node is filed; NULL when it is not filed

cdef extern from *:
    void __builtin_prefetch(const void*) nogil


cdef inline void table_key(Engine* e, Key* key) noexcept nogil:
    """The node's exact key and bucket (which starts loading at once)."""
    cdef uint64_t h
    cdef int left = STOCK_SIZE - e.s.drawn
    key.hands = e.s.hands[0] | (<uint64_t>e.s.hands[1] << 32)
    key.declared[0] = declared_key(&e.s.declared[0])
    key.declared[1] = declared_key(&e.s.declared[1])
    key.meta = (META_USED | e.s.drawn | (e.s.break_due << 13) | (e.s.leader << 14)
                | (e.s.marriage_open << 15))
    if left > 1:
        key.meta |= e.s.cut << 4
    if left > 0:
        key.meta |= e.s.face_up << 8
    if key.declared[0] == UNFILED or key.declared[1] == UNFILED:
        key.bucket = NULL
        return
    h = key.hands ^ ((key.meta ^ key.declared[0] * <uint64_t>0xC2B2AE3D27D4EB4F
                      ^ key.declared[1] * <uint64_t>0x165667B19E3779F9)
                     * <uint64_t>0x9E3779B97F4A7C15)
    h ^= h >> 33
    h *= <uint64_t>0xFF51AFD7ED558CCD
    h ^= h >> 33
    h *= <uint64_t>0xC4CEB9FE1A85EC53
    h ^= h >> 33
    key.bucket = (<Table*>e.table).entries + BUCKET * (h & (<Table*>e.table).mask)
    __builtin_prefetch(key.bucket)


cdef inline int same_node(Entry* entry, Key* key) noexcept nogil:
    return (entry.hands == key.hands and entry.meta == key.meta
            and entry.declared[0] == key.declared[0] and entry.declared[1] == key.declared[1])


cdef inline int table_probe(Engine* e, Key* key, int* lower, int* upper) noexcept nogil:
    """Narrow ``lower``/``upper`` by the node's entry; return its best move (-1 if
    none)."""
    cdef Table* t = <Table*>e.table
    cdef Entry* bucket = key.bucket
    cdef int i
    if bucket == NULL:
        return -1
    for i in range(BUCKET):
        if bucket[i].gen == t.gen and same_node(bucket + i, key):
            if bucket[i].lower > lower[0]:
                lower[0] = bucket[i].lower
            if bucket[i].upper < upper[0]:
                upper[0] = bucket[i].upper
            return bucket[i].best
    return -1


cdef inline void table_store(Engine* e, Key* key, int lower, int upper,
                             int best) noexcept nogil:
    """Record bounds for the node keyed by ``table_key``."""
    cdef Table* t = <Table*>e.table
    cdef Entry* bucket = key.bucket
    cdef Entry* slot = bucket
    cdef int i
    if bucket == NULL:
        return
    for i in range(BUCKET):
        if bucket[i].gen != t.gen:
            slot = bucket + i
            break
        if same_node(bucket + i, key):
            slot = bucket + i
            if slot.lower > lower:
                lower = slot.lower
            if slot.upper < upper:
                upper = slot.upper
            break
        if keep_priority(t, bucket + i) < keep_priority(t, slot):
            slot = bucket + i
    slot.hands = key.hands
    slot.declared[0] = key.declared[0]
    slot.declared[1] = key.declared[1]
    slot.meta = key.meta
    slot.lower = <int16_t>lower
    slot.upper = <int16_t>upper
    slot.best = <uint8_t>best
    slot.cards = <uint8_t>(popcount32(e.s.hands[0] | e.s.hands[1]) + STOCK_SIZE - e.s.drawn)
    slot.gen = t.gen
    slot.age = t.age


cdef inline int keep_priority(Table* t, Entry* entry) noexcept nogil:
    """Which entry of a full bucket a new node replaces: the lowest of these, an
    earlier root search's before this one's, then fewer cards to come (64 is above
    any count of cards, so the age decides first)."""
    return (entry.age == t.age) * 64 + entry.cards


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
