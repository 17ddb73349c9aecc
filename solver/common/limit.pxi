# How a search is limited, watched and stopped, the same in both engines: a node
# count, a deadline on the monotonic clock (the clock of Python's time.monotonic)
# and one on the searching thread's CPU clock (time.thread_time's), checked at
# trick starts every LIMIT_CHECK nodes, so a search
# stops within a few microseconds of its deadline; and every POLL_SECONDS a short
# visit to Python with the GIL: pending signals are handled there (Ctrl-C raises
# KeyboardInterrupt in the main thread) and the caller's progress observer is
# called. In values mode each root move's value is told to Python the moment it is
# proven. Once stopped, every level returns at once and nothing more is stored in
# the table (what was stored before was proven, so the table stays sound); the
# boundary tells the observer where the search stood, then raises what stopped it.

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport uint64_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID

from deberts.errors import SearchInterrupted

cdef enum:
    LIMIT_CHECK = 2048      # nodes between two looks at the limit

cdef enum:
    OPEN_LOWER = 1          # no lower bound proven yet
    OPEN_UPPER = 2          # no upper bound proven yet

cdef double POLL_SECONDS = 0.1  # between two visits to Python


cdef struct Limit:
    uint64_t node_limit     # 0: none
    uint64_t next_check     # the node count at which the limit is next checked
    double deadline         # seconds on the monotonic clock; 0: none
    double cpu_deadline     # seconds on the thread's CPU clock; 0: none
    double next_poll        # when Python is next visited
    int stopped             # the search stopped: its results are meaningless
    int lower               # the interval known to hold the value being searched
    int upper               # (of the root, or of the root move being solved)
    int open                # OPEN_LOWER | OPEN_UPPER: the sides of that interval not
                            # proven yet (the value search's bound, not a margin)
    int searching           # in values mode, the engine's code of the root move being
                            # solved; -1 when the position's value is searched
    int move                # in values mode, the root move being solved (from 1),
    int moves               # of how many; 0 0 when the position's value is searched
    int reporting           # the watch listens for each root move's value
    int base                # what the boundary settled at the root: added to both
    int offset              # what the root move being solved settled: added to both
    void* watch             # the Watch of the search (borrowed: its Search keeps it)


cdef class Watch:
    """What a search tells its caller while it runs, and what stopped it: the
    observer is called as ``observer(nodes, lower, upper, searching, move, moves)``
    at each visit to Python and once more when the search stops before its end
    (the interval in the root's terms, before what the boundary adds, None for a
    side not proven yet; in values mode the engine's code of the root move being
    solved, its rank from 1 and their count, else None, 0 and 0); in values mode
    ``found(moves, values)`` is called before the first root move is solved and
    as each is proven, with the root moves in the order they are solved and the
    values proven so far (of the first moves of that list, in the boundary's
    terms); ``error`` is the exception raised there (KeyboardInterrupt on Ctrl-C,
    or the observer's)."""

    cdef object observer
    cdef object found
    cdef object error


cdef inline double monotonic_now() noexcept nogil:
    cdef timespec now
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec + now.tv_nsec * 1e-9


cdef inline double thread_cpu_now() noexcept nogil:
    cdef timespec now
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return now.tv_sec + now.tv_nsec * 1e-9


cdef void set_limit(Limit* limit, Watch watch, double deadline, double cpu_deadline,
                    uint64_t node_limit) noexcept:
    """A new search under ``deadline``, ``cpu_deadline`` and ``node_limit`` (0:
    none), watched by ``watch``."""
    limit.deadline = deadline
    limit.cpu_deadline = cpu_deadline
    limit.node_limit = node_limit
    limit.stopped = 0
    limit.next_check = LIMIT_CHECK
    if node_limit and node_limit < limit.next_check:
        limit.next_check = node_limit
    limit.next_poll = monotonic_now() + POLL_SECONDS
    limit.lower = 0
    limit.upper = 0
    limit.open = OPEN_LOWER | OPEN_UPPER
    limit.base = 0
    limit.offset = 0
    limit.searching = -1
    limit.move = 0
    limit.moves = 0
    limit.reporting = watch.found is not None
    limit.watch = <void*>watch
    watch.error = None


cdef tell_observer(Limit* limit, uint64_t nodes):
    """Call the observer, if any, with where the search stands."""
    cdef Watch watch = <Watch>limit.watch
    if watch.observer is not None:
        watch.observer(nodes,
                       None if limit.open & OPEN_LOWER else limit.lower,
                       None if limit.open & OPEN_UPPER else limit.upper,
                       None if limit.searching < 0 else limit.searching,
                       limit.move, limit.moves)


cdef int visit_python(Limit* limit, uint64_t nodes) noexcept with gil:
    """Handle pending signals and call the observer; -1 when either raised (the
    exception kept in the watch), else 0."""
    cdef Watch watch = <Watch>limit.watch
    try:
        PyErr_CheckSignals()
        tell_observer(limit, nodes)
    except BaseException as error:
        watch.error = error
        return -1
    return 0


cdef void check_limit(Limit* limit, uint64_t nodes) noexcept nogil:
    """Stop when the node limit or a deadline has passed, or a visit to Python
    raised; else set the next check."""
    cdef double now
    if limit.stopped or (limit.node_limit and nodes >= limit.node_limit):
        limit.stopped = 1
    else:
        now = monotonic_now()
        if limit.deadline and now >= limit.deadline:
            limit.stopped = 1
        elif limit.cpu_deadline and thread_cpu_now() >= limit.cpu_deadline:
            limit.stopped = 1
        elif now >= limit.next_poll:
            limit.next_poll = now + POLL_SECONDS
            if visit_python(limit, nodes) < 0:
                limit.stopped = 1
    if limit.stopped:
        limit.next_check = 0  # every later trick start comes back here, and returns
        return
    limit.next_check = nodes + LIMIT_CHECK
    if limit.node_limit and limit.node_limit < limit.next_check:
        limit.next_check = limit.node_limit


cdef inline void publish_move(Limit* limit, int offset, int searching, int move,
                              int moves) noexcept nogil:
    """Values mode: root move ``move`` of ``moves`` (the engine's code
    ``searching``) is being solved; it settled ``offset``."""
    limit.offset = offset
    limit.searching = searching
    limit.move = move
    limit.moves = moves
    limit.lower = 0
    limit.upper = 0
    limit.open = OPEN_LOWER | OPEN_UPPER


cdef inline void publish_interval(Limit* limit, int lower, int upper, int bound) noexcept nogil:
    """What the value search knows so far, for the observer, in the root's terms:
    a side still at ``bound`` (the search's own limit, plus or minus) is not
    proven."""
    limit.lower = limit.base + limit.offset + lower
    limit.upper = limit.base + limit.offset + upper
    limit.open = (OPEN_LOWER if lower <= -bound else 0) | (OPEN_UPPER if upper >= bound else 0)


cdef int tell_found(Limit* limit, int* moves, int* values, int count,
                    int proven) noexcept with gil:
    cdef Watch watch = <Watch>limit.watch
    try:
        watch.found([moves[i] for i in range(count)],
                    [limit.base + values[i] for i in range(proven)])
    except BaseException as error:
        watch.error = error
        return -1
    return 0


cdef inline void report_values(Limit* limit, int* moves, int* values, int count,
                               int proven) noexcept nogil:
    """Values mode: tell the watch, if it listens, the ``count`` root moves in the
    order they are solved and the values of the first ``proven`` of them (in the
    root's terms); what it raises stops the search."""
    if limit.reporting and not limit.stopped:
        if tell_found(limit, moves, values, count, proven) < 0:
            limit.stopped = 1
            limit.next_check = 0


cdef int raise_if_stopped(Limit* limit, uint64_t nodes) except -1:
    """At the boundary, after a search: tell the observer where the search
    stopped and raise what stopped it, if anything did (what stopped it first,
    before anything the observer raises now)."""
    cdef Watch watch = <Watch>limit.watch
    if not limit.stopped:
        return 0
    try:
        tell_observer(limit, nodes)
    except BaseException as error:
        if watch.error is None:
            watch.error = error
    if watch.error is not None:
        error, watch.error = watch.error, None
        raise error
    raise SearchInterrupted(f"the search stopped at its limit after {nodes} nodes")


cdef class Limited:
    """The base of each engine's Search: the limit and the observer that its later
    searches run under (set from Python between searches)."""

    cdef Watch watch
    cdef double deadline
    cdef double cpu_deadline
    cdef uint64_t node_limit
    cdef Limit* running         # the limit of the search under way, or NULL

    def __cinit__(self, *args, **kwargs):
        self.watch = Watch()
        self.running = NULL

    def limit(self, double deadline=0, uint64_t nodes=0, double cpu_deadline=0) -> None:
        """Stop each later search at ``deadline`` (seconds on the clock of
        ``time.monotonic``), at ``cpu_deadline`` (seconds on the searching thread's
        clock of ``time.thread_time``) or at about ``nodes`` nodes, raising
        :class:`deberts.errors.SearchInterrupted`; 0 is no limit."""
        self.deadline = deadline
        self.cpu_deadline = cpu_deadline
        self.node_limit = nodes

    def observe(self, observer=None, found=None) -> None:
        """Call ``observer(nodes, lower, upper, searching, move, moves)`` about
        every POLL_SECONDS of each later search and when it stops before its end,
        and ``found(moves, values)`` as its root moves' values are proven (Watch);
        None: nobody. What they raise stops the search and is raised by it."""
        self.watch.observer = observer
        self.watch.found = found

    def stop(self) -> None:
        """Stop the search under way, from another thread: it raises
        SearchInterrupted within a few thousand nodes (no effect between searches)."""
        if self.running != NULL:
            self.running.stopped = 1

    cdef void start(self, Limit* limit) noexcept:
        set_limit(limit, self.watch, self.deadline, self.cpu_deadline, self.node_limit)
        self.running = limit

    cdef int finish(self, Limit* limit, uint64_t nodes) except -1:
        self.running = NULL
        return raise_if_stopped(limit, nodes)
