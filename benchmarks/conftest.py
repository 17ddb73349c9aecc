"""Benchmarks import their helpers from this folder (and nothing from tests/)."""

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE)]

#: Not collected (for its doctests): on this folder's path it would be imported as
#: ``distributed`` and hide Dask's own; it runs as ``python -m benchmarks.distributed``.
collect_ignore = ["distributed.py"]
