# The transposition table: bounds on the margin still to be won from a node where no
# card is on the table (a trick start, a swap made there, or the break), so an entry
# is valid however the node was reached.
#
# While the stock lasts or declarations can still change, the key is the exact
# state the rest of the deal depends on. After that (the end phase: strict play of
# the cards in hand, nothing else at stake) nodes are filed by their rank structure
# (common/structure.pxi, shared with the Deberts engine): in each suit, which seat
# holds the weakest remaining card, the next, and so on, and whether the jack of
# trumps (never forced) is still in play. Two nodes of one structure have the same
# game tree and differ only in the points of corresponding cards; their values
# differ by at most the sum of those differences, so an entry's bounds, widened by
# it, hold for both.
#
# A stock-phase node's key (table_key) is its exact state:
#   field      bits  meaning
#   cards      64    seat 0's cards, seat 1's cards << 32
#   declared   4x64  each player's declarations (declared_key); 0 once settled
#   meta       32    bits 0-3 stock cards drawn, 4-7 the break's k (0 when no
#                    face-down card is left), 8-12 the face-up card (0 when the
#                    stock is gone), 13 break due, 14 leader (the first trick's
#                    winner when the break is due), 15 marriage open, 16 used
# A 64-bit hash of it, widened by one multiply (stock_hash), chooses the bucket
# (the high half) and verifies the entry (the low half, one-to-one with the 64
# bits), which holds the check instead of the key: 16 bytes, BUCKET of them to a
# 64-byte line, so a probe is one cache miss. Two keys are confused only when
# their 64-bit hashes agree, about once in 2**64 comparisons of different keys.
# Stock-phase entry layout (16 bytes):
#   field      bits  meaning
#   lock       64    the check hash xor data (a torn or foreign entry fails it)
#   data       64    bits 0-15 lower (the remaining margin is >= lower), 16-31
#                    upper (<= upper), 32-39 best (the move of the last cutoff or
#                    best value), 40-47 cards still to come (hands and stock: the
#                    replacement priority), 48-55 gen (the table generation that
#                    wrote it; older ones count as empty), 56-63 age (the root
#                    search that wrote it, counting mod 256)
#
# End-phase nodes (structure keys) have a table of their own with compact entries,
# END_BUCKET to a 64-byte bucket, so that many more of the end-game proofs that
# every stock-phase line ends in are kept; the bucket is chosen by a hash of the
# structure, and every entry of the structure narrows the bounds:
#   field      bits  meaning
#   lock       64    the structure's hash (key_hash of 8 bits a suit, bit i: seat
#                    1 holds the suit's i-th weakest remaining card; 4 bits a suit
#                    its count << 32; the jack in play << 48; the leader << 49),
#                    xor the other fields folded (end_check): a torn entry, written
#                    by two threads at once, fails it
#   remaining  32    the cards in play
#   lower      16    the remaining margin is >= lower
#   upper      16    the remaining margin is <= upper
#   best       8     the best move as suit * 8 + its place among the suit's cards
#   gen, age   8, 8  as above
#   cards_left 8     cards still in play: the replacement priority
#
# In either table a new node takes an empty or stale slot, else replaces an entry
# of an earlier root search before one of this search, and of those the one with
# fewest cards to come. Clearing the table is a new generation; each root search a
# new age.

from libc.stdlib cimport free
from posix.mman cimport madvise, MADV_HUGEPAGE
from posix.stdlib cimport posix_memalign

cdef enum:
    TABLE_SHAREABLE = 1  # threads may share the table: entries checked by a hash xor their data
    BUCKET = 4
    END_BUCKET = 3
    END_BUCKETS_SHIFT = 0     # end buckets: 2**(bits - this), 64 bytes each
    STOCK_ENTRIES_SHIFT = 2   # stock entries: 2**(bits + this), 16 bytes each
    META_USED = 1 << 16
    DATA_UPPER = 16           # the data word's fields (layout above)
    DATA_BEST = 32
    DATA_LEFT = 40
    DATA_GEN = 48
    DATA_AGE = 56
    END_LEADER_BIT = 49       # where an end entry's key holds the leader
    HUGE_PAGE = 1 << 21       # the bytes of a huge page (x86-64, arm64)

cdef struct Entry:
    uint64_t lock
    uint64_t data

cdef struct EndEntry:
    uint32_t lock[2]       # the structure's hash xor the data (end_check)
    uint32_t remaining
    int16_t lower
    int16_t upper
    uint8_t best
    uint8_t gen
    uint8_t age
    uint8_t cards_left

cdef struct EndBucket:
    EndEntry entries[END_BUCKET]
    uint32_t spare         # to 64 bytes

cdef struct Table:
    Entry* entries
    uint64_t mask          # number of buckets - 1
    EndBucket* end         # the end phase's table
    uint64_t end_mask      # number of end buckets - 1
    uint8_t gen            # the current generation, 1..255
    uint8_t age            # the current root search

cdef struct Key:
    uint64_t cards         # an end-phase node's structure
    uint64_t check         # the check hash: of the stock-phase key, or of the
                           # end-phase structure (key_hash(cards), one-to-one)
    uint32_t remaining     # an end-phase node's cards in play
    Entry* bucket          # where a stock-phase node is filed; NULL otherwise
    EndBucket* end         # where an end-phase node is filed; NULL otherwise

cdef extern from *:
    void __builtin_prefetch(const void*) nogil

cdef extern from *:
    """
    /* wyhash's mix: the 128-bit product of a and b, its halves xored */
    static inline uint64_t deberts_mum(uint64_t a, uint64_t b) {
        __uint128_t product = (__uint128_t)a * b;
        return (uint64_t)product ^ (uint64_t)(product >> 64);
    }
    /* the 128-bit product of a and b: its low half returned, its high half in *high */
    static inline uint64_t deberts_wide(uint64_t a, uint64_t b, uint64_t* high) {
        __uint128_t product = (__uint128_t)a * b;
        *high = (uint64_t)(product >> 64);
        return (uint64_t)product;
    }
    """
    uint64_t mum "deberts_mum" (uint64_t a, uint64_t b) nogil
    uint64_t wide "deberts_wide" (uint64_t a, uint64_t b, uint64_t* high) nogil


# The words of the table, which threads sharing it read and write at once, are each
# read and written exactly once, by relaxed atomic loads and stores (plain moves on
# x86-64 and arm64): a plain read of an entry may be repeated by the compiler, which
# assumes no other thread writes it; gcc -O3 did so, dropping the copy an end entry
# was checked in and reading its bounds again after its check word had passed, so
# a bound another thread was writing meanwhile passed as this position's. The
# check word then covers exactly the words the search uses.
cdef extern from *:
    """
    typedef uint32_t __attribute__((may_alias)) deberts_word;
    static inline uint64_t deberts_load(const uint64_t* word) {
        return __atomic_load_n(word, __ATOMIC_RELAXED);
    }
    static inline void deberts_store(uint64_t* word, uint64_t value) {
        __atomic_store_n(word, value, __ATOMIC_RELAXED);
    }
    /* copy the size bytes (a multiple of 4, 4-aligned) of a shared entry into a
       private one, or back, a 32-bit word at a time, each word once */
    static inline void deberts_read_entry(void* copy, const void* entry, size_t size) {
        uint32_t words[8];
        const deberts_word* from = (const deberts_word*)entry;
        #pragma GCC unroll 8
        for (size_t i = 0; i < size / 4; i++)
            words[i] = __atomic_load_n(from + i, __ATOMIC_RELAXED);
        memcpy(copy, words, size);
    }
    static inline void deberts_write_entry(void* entry, const void* fresh, size_t size) {
        uint32_t words[8];
        deberts_word* to = (deberts_word*)entry;
        memcpy(words, fresh, size);
        #pragma GCC unroll 8
        for (size_t i = 0; i < size / 4; i++)
            __atomic_store_n(to + i, words[i], __ATOMIC_RELAXED);
    }
    """
    uint64_t load_word "deberts_load" (const uint64_t* word) nogil
    void store_word "deberts_store" (uint64_t* word, uint64_t value) nogil
    void read_entry "deberts_read_entry" (void* copy, const void* entry, size_t size) nogil
    void write_entry "deberts_write_entry" (void* entry, const void* fresh, size_t size) nogil


cdef inline void table_key(Engine* e, Key* key) noexcept nogil:
    """The node's key and bucket (which starts loading at once)."""
    cdef int left = STOCK_SIZE - e.s.drawn
    cdef uint64_t declared[4]
    cdef uint64_t cards, meta
    if left == 0 and not e.s.declaring:
        structure_key(e, key)
        return
    key.end = NULL
    cards = e.s.hands[0] | (<uint64_t>e.s.hands[1] << 32)
    if (declared_key(&e.s.declared[0], e.s.hands[0], declared) < 0
            or declared_key(&e.s.declared[1], e.s.hands[1], declared + 2) < 0):
        key.bucket = NULL
        return
    meta = (META_USED | e.s.drawn | (e.s.break_due << 13) | (e.s.leader << 14)
            | (e.s.marriage_open << 15))
    if left > 1:
        meta |= e.s.cut << 4
    if left > 0:
        meta |= e.s.face_up << 8
    cdef uint64_t index
    key.check = stock_hash(cards, meta, declared, &index)
    key.bucket = (<Table*>e.table).entries + BUCKET * (index & (<Table*>e.table).mask)
    __builtin_prefetch(key.bucket)


cdef inline void structure_key(Engine* e, Key* key) noexcept nogil:
    """The end phase's key: the rank structure (kept in the state), the leader."""
    key.cards = e.s.structure | (<uint64_t>e.s.leader << END_LEADER_BIT)
    key.remaining = e.s.hands[0] | e.s.hands[1]
    key.bucket = NULL
    key.check = key_hash(key.cards)
    key.end = (<Table*>e.table).end + (key.check & (<Table*>e.table).end_mask)
    __builtin_prefetch(key.end)


cdef inline uint64_t rank_structure(Engine* e) noexcept nogil:
    """The rank structure of the cards in play (the hands): in each suit's byte,
    bit i set when seat 1 holds the suit's i-th weakest card; each suit's count
    in 4 bits from bit 32; bit 48, the jack of trumps in play. Made once, when
    the stock is gone; ``structure_without`` keeps it as cards are played."""
    cdef uint32_t in_play = e.s.hands[0] | e.s.hands[1]
    cdef uint32_t places, seat1
    cdef uint64_t owners = 0
    cdef int suit
    for suit in range(4):
        places = power_byte(e, in_play, suit)
        seat1 = power_byte(e, e.s.hands[1], suit)
        owners |= (<uint64_t>popcount32(places) << (32 + 4 * suit)
                   | <uint64_t>compress_byte(seat1, places) << (8 * suit))
    if in_play & e.jack:
        owners |= <uint64_t>1 << 48
    return owners


cdef inline uint64_t structure_without(Engine* e, uint64_t structure, int card) noexcept nogil:
    """``structure`` once ``card``, in play, is played: the owners of its suit's
    stronger cards move down one place, its count falls by one."""
    cdef int suit = card >> 3
    cdef int place = popcount32((e.s.hands[0] | e.s.hands[1]) & e.beaten[card])
    cdef uint64_t below = ((<uint64_t>1 << place) - 1) << (8 * suit)
    cdef uint64_t byte = <uint64_t>0xFF << (8 * suit)
    structure = ((structure & ~byte) | (structure & below)
                 | ((structure >> 1) & (<uint64_t>0x7F << (8 * suit)) & ~below))
    structure -= <uint64_t>1 << (32 + 4 * suit)
    if (<uint32_t>1 << card) & e.jack:
        structure &= ~(<uint64_t>1 << 48)
    return structure


# COMPRESS_NIBBLES[m][x]: the bits of x under the 4-bit mask m, packed from bit 0.
cdef uint8_t COMPRESS_NIBBLES[16][16]


cdef void fill_compress_nibbles() noexcept nogil:
    cdef int m, x, bit, out
    for m in range(16):
        for x in range(16):
            COMPRESS_NIBBLES[m][x] = 0
            out = 0
            for bit in range(4):
                if (m >> bit) & 1:
                    if (x >> bit) & 1:
                        COMPRESS_NIBBLES[m][x] |= 1 << out
                    out += 1


cdef inline uint32_t compress_byte(uint32_t x, uint32_t mask) noexcept nogil:
    """The bits of the byte ``x`` under ``mask``, packed from bit 0 (x86's pext):
    bit i says whether ``x`` holds the mask's i-th lowest bit."""
    return (COMPRESS_NIBBLES[mask & 15][x & 15]
            | COMPRESS_NIBBLES[mask >> 4][(x >> 4) & 15] << popcount32(mask & 15))


cdef inline uint64_t key_hash(uint64_t h) noexcept nogil:
    """A 64-bit mix (murmur3's finaliser)."""
    h ^= h >> 33
    h *= <uint64_t>0xFF51AFD7ED558CCD
    h ^= h >> 33
    h *= <uint64_t>0xC4CEB9FE1A85EC53
    h ^= h >> 33
    return h


# The seed of a stock-phase key's hash.
cdef uint64_t STOCK_SEED = 0x2D358DCCAA6C78A5


cdef inline uint64_t stock_hash(uint64_t cards, uint64_t meta, uint64_t* declared,
                                uint64_t* index) noexcept nogil:
    """A stock-phase key's check hash, and in ``index`` the hash that picks its
    bucket: wyhash's rounds over its six words (with wyhash's secret words) to 64
    bits, then one widening multiply by an odd number, whose low half (the check)
    is a one-to-one function of those 64 bits and whose high half mixes them all
    (the index). Two keys are confused only when the 64 bits agree."""
    cdef uint64_t h = mum(cards ^ STOCK_SEED ^ <uint64_t>0xA0761D6478BD642F,
                          meta ^ <uint64_t>0xE7037ED1A0B428DB)
    h = mum(h ^ declared[0] ^ <uint64_t>0x8EBC6AF09C88C6E3,
            declared[1] ^ <uint64_t>0x589965CC75374CC3)
    h = mum(h ^ declared[2] ^ <uint64_t>0xA0761D6478BD642F,
            declared[3] ^ <uint64_t>0x8EBC6AF09C88C6E3)
    return wide(h ^ <uint64_t>0xE7037ED1A0B428DB, <uint64_t>0x9E3779B97F4A7C15, index)


cdef inline uint64_t entry_data(int lower, int upper, int best, int cards_left,
                                Table* t) noexcept nogil:
    """An entry's data word (layout above)."""
    return (<uint64_t><uint16_t>lower | <uint64_t><uint16_t>upper << DATA_UPPER
            | <uint64_t><uint8_t>best << DATA_BEST | <uint64_t>cards_left << DATA_LEFT
            | <uint64_t>t.gen << DATA_GEN | <uint64_t>t.age << DATA_AGE)


cdef inline int data_lower(uint64_t data) noexcept nogil:
    return <int16_t>data


cdef inline int data_upper(uint64_t data) noexcept nogil:
    return <int16_t>(data >> DATA_UPPER)


cdef inline int data_gen(uint64_t data) noexcept nogil:
    return <uint8_t>(data >> DATA_GEN)


cdef inline int table_probe(Engine* e, Key* key, int* lower, int* upper) noexcept nogil:
    """Narrow ``lower``/``upper`` by the node's entry (in the end phase, by every
    entry of its structure, widened by the point shift); return the suggested
    first move (-1 if none)."""
    cdef Table* t = <Table*>e.table
    cdef Entry* bucket = key.bucket
    cdef int i
    if key.end != NULL:
        return structure_probe(e, key.end.entries, END_BUCKET, key, lower, upper)
    if bucket == NULL:
        return -1
    cdef uint64_t data
    for i in range(BUCKET):
        data = load_word(&bucket[i].data)
        if load_word(&bucket[i].lock) ^ data == key.check and data_gen(data) == t.gen:
            if data_lower(data) > lower[0]:
                lower[0] = data_lower(data)
            if data_upper(data) < upper[0]:
                upper[0] = data_upper(data)
            return <uint8_t>(data >> DATA_BEST)
    return -1


# A suit's cards as 8 bits by rank, rearranged into power order (weakest bit 0):
# [0] for a plain suit, [1] for the trump suit.
cdef uint8_t ORDER_BYTES[2][256]
# The card points of a power-order byte's cards, [0] plain, [1] trump.
cdef uint8_t BYTE_POINTS[2][256]


cdef void fill_order_tables(int* plain_power, int* trump_power, int* plain_points,
                            int* trump_points) noexcept nogil:
    """ORDER_BYTES from each kind's power (0..7) by rank, BYTE_POINTS and the
    tables of common/structure.pxi from its points by rank."""
    cdef int kind, a, rank
    cdef int points[2][8]
    cdef int* power
    for kind in range(2):
        power = trump_power if kind else plain_power
        for rank in range(8):
            points[kind][power[rank]] = trump_points[rank] if kind else plain_points[rank]
        for a in range(256):
            ORDER_BYTES[kind][a] = 0
            BYTE_POINTS[kind][a] = 0
            for rank in range(8):
                if (a >> rank) & 1:
                    ORDER_BYTES[kind][a] |= 1 << power[rank]
                    BYTE_POINTS[kind][a] += points[kind][rank]
    fill_structure_tables(points[0], points[1])


cdef inline uint32_t power_byte(Engine* e, uint32_t cards, int suit) noexcept nogil:
    """The suit's cards among ``cards`` as 8 bits in power order (weakest bit 0)."""
    return ORDER_BYTES[suit == e.trump][(cards >> (8 * suit)) & 0xFF]


ctypedef EndEntry StructureEntry  # the entry common/structure.pxi reads and writes


cdef inline int trump_shift_unknown(Engine* e) noexcept nogil:
    """Every suit's point shift is known."""
    return 0


cdef inline uint64_t end_data(EndEntry* entry) noexcept nogil:
    """An end entry's fields besides its lock, folded into 64 bits (the second
    word through a multiply, so that a torn entry's fields do not cancel out)."""
    return ((<uint64_t>entry.remaining | <uint64_t><uint16_t>entry.lower << 32
             | <uint64_t><uint16_t>entry.upper << 48)
            ^ (<uint64_t>entry.best | <uint64_t>entry.gen << 8 | <uint64_t>entry.age << 16
               | <uint64_t>entry.cards_left << 24) * <uint64_t>0x9E3779B97F4A7C15)


cdef inline uint64_t end_check(EndEntry* entry) noexcept nogil:
    """The structure hash an end entry was written for, or noise when the entry
    is torn (threads sharing the table wrote it at once): its lock xor its data,
    as Stockfish's shared hash table checks its entries."""
    return (entry.lock[0] | <uint64_t>entry.lock[1] << 32) ^ end_data(entry)


cdef inline EndEntry* entry_view(EndEntry* entry, EndEntry* copy) noexcept nogil:
    """A copy of the entry, each word read once (read_entry): a thread sharing the
    table may be writing it, and the copy is what its check word is checked
    against and what the search then uses."""
    read_entry(copy, entry, sizeof(EndEntry))
    return copy


cdef inline void entry_write(EndEntry* slot, EndEntry* fresh) noexcept nogil:
    """Write a whole entry into the table, each word once (write_entry)."""
    write_entry(slot, fresh, sizeof(EndEntry))


cdef inline int same_structure(Table* t, EndEntry* entry, Key* key) noexcept nogil:
    return entry.gen == t.gen and end_check(entry) == key.check


cdef inline int same_position(EndEntry* entry, Key* key) noexcept nogil:
    return entry.remaining == key.remaining and end_check(entry) == key.check


cdef inline void file_position(Engine* e, EndEntry* entry, Key* key) noexcept nogil:
    """Complete an entry whose other fields are written: the count of cards, and
    the lock that seals it."""
    cdef uint64_t lock
    entry.cards_left = <uint8_t>popcount32(key.remaining)
    lock = key.check ^ end_data(entry)
    entry.lock[0] = <uint32_t>lock
    entry.lock[1] = <uint32_t>(lock >> 32)


cdef inline int card_place(Engine* e, uint32_t remaining, int card) noexcept nogil:
    """The inverse of ``structure_card``."""
    return 8 * (card >> 3) + popcount32(remaining & e.beaten[card])


cdef inline void table_store(Engine* e, Key* key, int lower, int upper,
                             int best) noexcept nogil:
    """Record bounds for the node keyed by ``table_key``."""
    cdef Table* t = <Table*>e.table
    cdef Entry* bucket = key.bucket
    cdef Entry* slot = bucket
    cdef uint64_t data, slot_data = 0
    cdef int i
    if key.end != NULL:
        structure_store(e, key.end.entries, END_BUCKET, key, lower, upper, best)
        return
    if bucket == NULL:
        return
    for i in range(BUCKET):
        data = load_word(&bucket[i].data)
        if data_gen(data) != t.gen:
            slot = bucket + i
            break
        if load_word(&bucket[i].lock) ^ data == key.check:
            slot = bucket + i
            if data_lower(data) > lower:
                lower = data_lower(data)
            if data_upper(data) < upper:
                upper = data_upper(data)
            break
        if i == 0 or keep_priority(t, data) < keep_priority(t, slot_data):
            slot = bucket + i
            slot_data = data
    data = entry_data(lower, upper, best,
                      popcount32(e.s.hands[0] | e.s.hands[1]) + STOCK_SIZE - e.s.drawn, t)
    store_word(&slot.data, data)
    store_word(&slot.lock, key.check ^ data)


cdef inline int structure_priority(Table* t, EndEntry* entry) noexcept nogil:
    """As ``keep_priority``, for an end entry."""
    return (entry.age == t.age) * 64 + entry.cards_left


cdef inline int keep_priority(Table* t, uint64_t data) noexcept nogil:
    """Which entry of a full bucket a new node replaces: the lowest of these, an
    earlier root search's before this one's, then fewer cards to come (64 is above
    any count of cards, so the age decides first)."""
    return (<uint8_t>(data >> DATA_AGE) == t.age) * 64 + <uint8_t>(data >> DATA_LEFT)


cdef void* zeroed(uint64_t size) noexcept nogil:
    """``size`` bytes of zeros, or NULL: on huge pages where the system allows
    (aligned to one, and advised before the zeros fault the pages in), since every
    probe of a large table lands on a page of its own and would otherwise cost a
    walk of the page tables."""
    cdef void* memory = NULL
    cdef uint64_t align = HUGE_PAGE if size >= HUGE_PAGE else 64
    if posix_memalign(&memory, align, size) != 0:
        return NULL
    if align == HUGE_PAGE:
        madvise(memory, size, MADV_HUGEPAGE)  # advice only: ignored where unsupported
    memset(memory, 0, size)
    return memory


cdef uint64_t table_size(Table* t) noexcept nogil:
    """The bytes of both tables."""
    return (t.mask + 1) * BUCKET * sizeof(Entry) + (t.end_mask + 1) * sizeof(EndBucket)


cdef int table_init(Table* t, int bits) noexcept nogil:
    """Allocate 2**(bits + STOCK_ENTRIES_SHIFT) stock-phase entries (in buckets)
    and 2**(bits - END_BUCKETS_SHIFT) end buckets; 0 on success, -1 when out of
    memory."""
    cdef uint64_t buckets = (<uint64_t>1 << (bits + STOCK_ENTRIES_SHIFT)) // BUCKET
    cdef uint64_t end_buckets = <uint64_t>1 << (bits - END_BUCKETS_SHIFT)
    t.entries = <Entry*>zeroed(buckets * BUCKET * sizeof(Entry))
    t.end = <EndBucket*>zeroed(end_buckets * sizeof(EndBucket))
    t.mask = buckets - 1
    t.end_mask = end_buckets - 1
    t.gen = 1
    t.age = 0
    return 0 if t.entries != NULL and t.end != NULL else -1


cdef void table_clear(Table* t) noexcept nogil:
    """Forget every entry: a new generation, or a wipe when generations run out."""
    if t.gen == 255:
        memset(t.entries, 0, (t.mask + 1) * BUCKET * sizeof(Entry))
        memset(t.end, 0, (t.end_mask + 1) * sizeof(EndBucket))
        t.gen = 1
    else:
        t.gen += 1


cdef inline void table_new_search(Table* t) noexcept nogil:
    """A new root search begins: what the table holds becomes older."""
    t.age += 1


cdef void table_free(Table* t) noexcept nogil:
    free(t.entries)
    free(t.end)
    t.entries = NULL
    t.end = NULL
