"""Giving the memory of ended games back to the system.

Each computer player's solver holds a table of a few megabytes, made and freed as
games start and end, on many threads. glibc's allocator serves such blocks from
memory it maps for each, but raises that threshold as they are freed, after which
it keeps freed tables for reuse: a server that had many games stays at their peak
size. Fixing the threshold at 1 MiB makes every table a mapping of its own, unmapped
when the table is freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util

#: glibc's ``mallopt`` parameter for the size above which a block is mapped.
M_MMAP_THRESHOLD = -3
#: Blocks from this size are mapped, and unmapped when freed.
MAPPED_FROM = 1 << 20


def return_freed_memory() -> bool:
    """Have the C allocator give freed tables back to the system at once (glibc
    only; elsewhere nothing is changed). Whether the setting was made."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False  # not glibc
    return bool(mallopt(M_MMAP_THRESHOLD, MAPPED_FROM))
