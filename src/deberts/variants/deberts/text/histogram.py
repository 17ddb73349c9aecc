"""The bins of a bid evaluation's margin histograms, shared by every option so the
histograms compare at a glance; the text report and the SVG drawing both use them."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from deberts.variants.deberts.analysis.bid_evaluation import OptionStats

#: About this many bins over the whole range of margins.
BINS = 12


def margin_bins(options: Sequence[OptionStats]) -> tuple[list[int], list[list[int]]]:
    """The bin edges (a round width, a multiple of 10) over every option's margins,
    and each option's counts in those bins."""
    low = min(o.margins().min() for o in options)
    high = max(o.margins().max() for o in options)
    width = max(10, int(np.ceil((high - low + 1) / BINS / 10)) * 10)
    start = int(np.floor(low / width)) * width
    edges = np.arange(start, high + width + 1, width)
    counts = [np.histogram(o.margins(), bins=edges)[0] for o in options]
    return [int(e) for e in edges], [[int(c) for c in row] for row in counts]
