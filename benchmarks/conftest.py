"""Benchmarks import their helpers from this folder (and nothing from tests/)."""

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE)]
