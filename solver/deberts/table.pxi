# The transposition table: bounds on the margin of the *remaining* play at trick
# starts, so an entry is valid however the position was reached.
#
# Positions are filed by their rank structure (common/structure.pxi: the point
# shift, the probe and the store over a bucket). Positions whose only difference is
# which worthless cards are left differ by 0.
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
    TABLE_SHAREABLE = 0  # threads may share the table: its entries carry no check word
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


ctypedef Entry StructureEntry  # the entry common/structure.pxi reads and writes


cdef inline int trump_shift_unknown(Engine* e) noexcept nogil:
    """The bella cards would not correspond while bella is still in play."""
    return e.s.bella_state != BELLA_SETTLED


cdef inline Entry* entry_view(Entry* entry, Entry* copy) noexcept nogil:
    """The entry itself: the table is never shared."""
    return entry


cdef inline void entry_write(Entry* slot, Entry* fresh) noexcept nogil:
    slot[0] = fresh[0]


cdef inline int same_structure(Table* t, Entry* entry, Key* key) noexcept nogil:
    return (entry.owners == key.owners and entry.counts == key.counts
            and entry.meta == key.meta and entry.gen == t.gen)


cdef inline int same_position(Entry* entry, Key* key) noexcept nogil:
    return (entry.owners == key.owners and entry.remaining == key.remaining
            and entry.meta == key.meta)


cdef inline void file_position(Engine* e, Entry* entry, Key* key) noexcept nogil:
    entry.owners = key.owners
    entry.counts = key.counts
    entry.meta = key.meta
    entry.cards = <uint8_t>popcount32(e.s.hands[e.s.leader])


cdef inline int table_probe(Engine* e, Key* key, int* lower, int* upper) noexcept nogil:
    """Narrow ``lower``/``upper`` by every entry of the position's structure; return
    the suggested first card (-1 if none)."""
    return structure_probe(e, key.bucket, BUCKET, key, lower, upper)


cdef inline int card_place(Engine* e, uint32_t remaining, int card) noexcept nogil:
    """The inverse of ``structure_card``."""
    return 8 * (card >> 3) + popcount32(remaining & e.weaker[card])


cdef inline void table_store(Engine* e, Key* key, int lower, int upper,
                             int best) noexcept nogil:
    """Record bounds for the current trick-start position (keyed by ``table_key``)."""
    structure_store(e, key.bucket, BUCKET, key, lower, upper, best)


cdef inline int structure_priority(Table* t, Entry* entry) noexcept nogil:
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


cdef uint64_t table_size(Table* t) noexcept nogil:
    """The bytes of the table."""
    return (t.mask + 1) * BUCKET * sizeof(Entry)


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
