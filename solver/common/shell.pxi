# The shell both engines' ``Search`` classes share: the transposition table's life
# and the setting its entries hold for. A template, as mtdf.pxi: the including engine
# defines ``Table``, ``Engine``, ``Setting`` (compared with memcmp), ``table_init``,
# ``table_free``, ``table_clear``, ``table_new_search``, ``table_size`` and
# ``DEFAULT_TABLE_BITS`` before it includes this file.

from libc.string cimport memcmp


cdef class TableSearch(Limited):
    """A search with its own transposition table, reusable across positions; each
    engine's ``Search`` derives from it.

    Entries stay valid while positions share a setting; a position of another
    setting clears the table. One object must not be used by two threads at once;
    give each thread its own.
    """

    cdef Table table
    cdef Engine engine
    cdef Setting setting        # the setting of the table's entries
    cdef bint has_setting
    cdef readonly int table_bits

    def __cinit__(self, int table_bits=DEFAULT_TABLE_BITS):
        if not 4 <= table_bits <= 30:
            raise ValueError(f"table_bits {table_bits} out of range 4..30")
        if table_init(&self.table, table_bits) != 0:
            raise MemoryError(f"cannot allocate a table of 2**{table_bits} entries")
        self.table_bits = table_bits
        self.has_setting = False

    def __dealloc__(self):
        table_free(&self.table)

    @property
    def table_bytes(self) -> int:
        return table_size(&self.table)

    def clear(self) -> None:
        """Forget everything the table holds."""
        table_clear(&self.table)

    cdef Engine* begin(self, const Setting* setting) noexcept nogil:
        """A new root search under ``setting`` (the table cleared when it is not the
        setting of its entries): the engine, for the caller to set up."""
        if not self.has_setting or memcmp(setting, &self.setting, sizeof(Setting)):
            table_clear(&self.table)
            self.setting = setting[0]
            self.has_setting = True
        table_new_search(&self.table)
        return &self.engine
