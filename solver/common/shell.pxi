# The shell both engines' ``Search`` classes share: the transposition table's life
# and the setting its entries hold for. A template, as mtdf.pxi: the including engine
# defines ``Table``, ``Engine``, ``Setting`` (compared with memcmp), ``table_init``,
# ``table_free``, ``table_clear``, ``table_new_search``, ``table_size``,
# ``DEFAULT_TABLE_BITS`` and ``TABLE_SHAREABLE`` (1 when its entries may be read
# while another thread writes them) before it includes this file.

from libc.string cimport memcmp


cdef class TableSearch(Limited):
    """A search with its own transposition table, reusable across positions; each
    engine's ``Search`` derives from it.

    Entries stay valid while positions share a setting; a position of another
    setting clears the table. One object must not be used by two threads at once;
    give each thread its own. ``share``: search in that search's table instead of
    one's own (the engine's entries must then be safe to read while another thread
    writes them); the searches sharing a table may run at once on positions of
    its setting, once a search has begun under that setting (``begin``).
    """

    cdef Table table
    cdef Table* tab             # the table searched: its own, or the one shared
    cdef TableSearch owner      # the search whose table it shares, or None
    cdef bint sharing           # owner is not None
    cdef Setting* kept          # the setting of the table's entries (the owner's)
    cdef bint* has_kept         # whether it has one yet (the owner's)
    cdef Engine engine
    cdef Setting setting        # the setting of its own table's entries
    cdef bint has_setting
    cdef readonly int table_bits

    def __cinit__(self, int table_bits=DEFAULT_TABLE_BITS, TableSearch share=None):
        self.has_setting = False
        self.tab = &self.table
        self.kept = &self.setting
        self.has_kept = &self.has_setting
        if share is not None:
            if not TABLE_SHAREABLE:
                raise ValueError("this engine's table cannot be shared between searches")
            self.owner = share.owner if share.owner is not None else share
            self.sharing = True
            self.tab = self.owner.tab
            self.kept = &self.owner.setting
            self.has_kept = &self.owner.has_setting
            self.table_bits = self.owner.table_bits
            return
        if not 4 <= table_bits <= 30:
            raise ValueError(f"table_bits {table_bits} out of range 4..30")
        if table_init(&self.table, table_bits) != 0:
            raise MemoryError(f"cannot allocate a table of 2**{table_bits} entries")
        self.table_bits = table_bits

    def __dealloc__(self):
        if not self.sharing:
            table_free(&self.table)

    @property
    def table_bytes(self) -> int:
        """The bytes of the table this search uses (its own or the one it shares)."""
        return table_size(self.tab)

    @property
    def shares(self) -> bool:
        """Whether it searches another search's table."""
        return self.sharing

    def clear(self) -> None:
        """Forget everything the table holds (the shared one: for every search
        sharing it; not while one of them runs)."""
        table_clear(self.tab)

    cdef Engine* begin(self, const Setting* setting) noexcept nogil:
        """A new root search under ``setting`` (the table cleared when it is not the
        setting of its entries): the engine, for the caller to set up. A search
        sharing a table reads the owner's setting; it clears the table only when
        the setting differs (searches running at once must share one setting), and
        leaves the root searches' age to the owner."""
        if not self.has_kept[0] or memcmp(setting, self.kept, sizeof(Setting)):
            table_clear(self.tab)
            self.kept[0] = setting[0]
            self.has_kept[0] = True
        if not self.sharing:
            table_new_search(self.tab)
        return &self.engine
