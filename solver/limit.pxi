# The caller's limit on one search: a node count and a deadline on the monotonic
# clock (the clock of Python's time.monotonic). Checked at trick starts every
# LIMIT_CHECK nodes, so a search stops within a few microseconds of its deadline;
# once stopped, every level returns at once and nothing more is stored in the table
# (what was stored before was proven, so the table stays sound).

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef enum:
    LIMIT_CHECK = 2048      # nodes between two looks at the clock


cdef inline double monotonic_now() noexcept nogil:
    cdef timespec now
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec + now.tv_nsec * 1e-9


cdef void set_limit(Engine* e, double deadline, uint64_t node_limit) noexcept nogil:
    """No limit where ``deadline`` or ``node_limit`` is 0."""
    e.deadline = deadline
    e.node_limit = node_limit
    e.stopped = 0
    e.next_check = LIMIT_CHECK
    if node_limit and node_limit < e.next_check:
        e.next_check = node_limit


cdef void check_limit(Engine* e) noexcept nogil:
    """Stop when the node limit or the deadline has passed; else set the next check."""
    if e.stopped or (e.node_limit and e.nodes >= e.node_limit) or (
            e.deadline and monotonic_now() >= e.deadline):
        e.stopped = 1
        e.next_check = 0  # every later trick start comes back here, and returns
        return
    e.next_check = e.nodes + LIMIT_CHECK
    if e.node_limit and e.node_limit < e.next_check:
        e.next_check = e.node_limit
