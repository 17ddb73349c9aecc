"""``deberts.distributed``: solving on a Dask cluster (the ``dask`` extra), by the
name users import; the code is in :mod:`deberts.engine.distributed`.

    with deberts.distributed.connect("tcp://HOST:8786") as client:
        for solution in deberts.distributed.solve_many(positions, client):
            ...
"""

from deberts.engine.distributed import DEFAULT_CHUNK, connect, map_ordered
from deberts.variants.deberts.engine.many import solve_many_on as solve_many

__all__ = ["DEFAULT_CHUNK", "connect", "map_ordered", "solve_many"]
