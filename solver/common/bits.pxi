# The bit helpers both engines use on 32-card masks (bit 8 * suit + rank).

from libc.stdint cimport uint32_t

cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil


cdef inline int popcount32(uint32_t x) noexcept nogil:
    return __builtin_popcount(x)


cdef inline int lowest_bit(uint32_t x) noexcept nogil:
    return __builtin_ctz(x)


cdef inline int highest_bit(uint32_t x) noexcept nogil:
    return 31 - __builtin_clz(x)


cdef inline uint32_t suit_cards(int suit) noexcept nogil:
    return <uint32_t>0xFF << (8 * suit)
