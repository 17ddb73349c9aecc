# The transposition table: bounds on the margin of the *remaining* play at trick
# starts, so an entry is valid however the position was reached.
#
# Entry layout (24 bytes):
#   field   bits  meaning
#   k01     64    hands of seats 0 and 1 (seat 0 in the low half)
#   k23     64    hands of seats 2 and 3
#   lower   16    the remaining margin is >= lower
#   upper   16    the remaining margin is <= upper
#   meta     8    bit 7 used, bits 5-6 bella_state, bit 4 decl_pending,
#                 bits 2-3 sides_won (capot), bits 0-1 leader
#   best     8    the card that produced the last cutoff or best value
#   cards    8    cards still to play: the replacement priority (more = deeper)
#   gen      8    the table generation that wrote it; older generations count as empty
# Buckets of BUCKET entries; a new position takes an empty or stale slot, else
# replaces the entry with fewest cards. Clearing the table is a new generation.

from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef enum:
    BUCKET = 4
    META_USED = 0x80

cdef struct Entry:
    uint64_t k01
    uint64_t k23
    int16_t lower
    int16_t upper
    uint8_t meta
    uint8_t best
    uint8_t cards
    uint8_t gen

cdef struct Table:
    Entry* entries
    uint64_t mask          # number of buckets - 1
    uint8_t gen            # the current generation, 1..255


cdef inline uint8_t entry_meta(Engine* e) noexcept nogil:
    return <uint8_t>(META_USED | (e.bella_state << 5) | (e.decl_pending << 4)
                     | (e.sides_won << 2) | e.leader)


cdef inline Entry* table_bucket(Table* t, uint64_t k01, uint64_t k23, uint8_t meta) noexcept nogil:
    cdef uint64_t h = k01 * <uint64_t>0x9E3779B97F4A7C15
    h ^= (k23 + meta) * <uint64_t>0xC2B2AE3D27D4EB4F
    h ^= h >> 29
    return t.entries + BUCKET * (h & t.mask)


cdef inline void table_key(Engine* e, uint64_t* k01, uint64_t* k23) noexcept nogil:
    """The hands with each suit's remaining worthless bottom cards (7 8 9 plain,
    7 8 trump) renamed to the lowest of them, in order: positions that differ only
    in which of those cards are gone have the same value, and share an entry."""
    cdef uint32_t hands[4]
    cdef uint32_t remaining, present, bit, target
    cdef int seat, suit
    for seat in range(4):
        hands[seat] = e.hands[seat]
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    for suit in range(4):
        present = remaining & e.bottom_mask[suit]
        target = <uint32_t>1 << (8 * suit)
        while present:
            bit = present & (~present + 1)
            present &= present - 1
            if bit != target:
                for seat in range(4):
                    if hands[seat] & bit:
                        hands[seat] ^= bit | target
            target <<= 1
    k01[0] = hands[0] | (<uint64_t>hands[1] << 32)
    k23[0] = hands[2] | (<uint64_t>hands[3] << 32)


cdef extern from *:
    void __builtin_prefetch(const void*) nogil


cdef inline void table_prefetch(Engine* e, uint64_t k01, uint64_t k23) noexcept nogil:
    """Start loading the position's bucket while the bounds are computed."""
    __builtin_prefetch(table_bucket(<Table*>e.table, k01, k23, entry_meta(e)))


cdef inline Entry* table_probe(Engine* e, uint64_t k01, uint64_t k23) noexcept nogil:
    """The entry of the current trick-start position (keyed by ``table_key``), or NULL."""
    cdef Table* t = <Table*>e.table
    cdef uint8_t meta = entry_meta(e)
    cdef Entry* bucket = table_bucket(t, k01, k23, meta)
    cdef int i
    for i in range(BUCKET):
        if (bucket[i].meta == meta and bucket[i].k01 == k01 and bucket[i].k23 == k23
                and bucket[i].gen == t.gen):
            return bucket + i
    return NULL


cdef inline void table_store(Engine* e, uint64_t k01, uint64_t k23,
                             int lower, int upper, int best) noexcept nogil:
    """Record bounds for the current trick-start position (keyed by ``table_key``)."""
    cdef Table* t = <Table*>e.table
    cdef uint8_t meta = entry_meta(e)
    cdef Entry* bucket = table_bucket(t, k01, k23, meta)
    cdef Entry* slot = bucket
    cdef int i
    cdef uint8_t cards = <uint8_t>popcount32(e.hands[e.leader])
    for i in range(BUCKET):
        if bucket[i].gen != t.gen:
            slot = bucket + i
            break
        if bucket[i].meta == meta and bucket[i].k01 == k01 and bucket[i].k23 == k23:
            slot = bucket + i
            if slot.lower > lower:
                lower = slot.lower
            if slot.upper < upper:
                upper = slot.upper
            break
        if bucket[i].cards < slot.cards:
            slot = bucket + i
    slot.k01 = k01
    slot.k23 = k23
    slot.meta = meta
    slot.lower = <int16_t>lower
    slot.upper = <int16_t>upper
    slot.best = <uint8_t>best
    slot.cards = cards
    slot.gen = t.gen


cdef int table_init(Table* t, int bits) noexcept nogil:
    """Allocate 2**bits entries (in buckets); 0 on success, -1 when out of memory."""
    cdef uint64_t buckets = (<uint64_t>1 << bits) // BUCKET
    t.entries = <Entry*>calloc(buckets * BUCKET, sizeof(Entry))
    t.mask = buckets - 1
    t.gen = 1
    return 0 if t.entries != NULL else -1


cdef void table_clear(Table* t) noexcept nogil:
    """Forget every entry: a new generation, or a wipe when generations run out."""
    if t.gen == 255:
        memset(t.entries, 0, (t.mask + 1) * BUCKET * sizeof(Entry))
        t.gen = 1
    else:
        t.gen += 1


cdef void table_free(Table* t) noexcept nogil:
    free(t.entries)
    t.entries = NULL
