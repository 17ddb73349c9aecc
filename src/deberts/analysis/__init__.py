"""Analysis built on the engine: the double-dummy table, the review of a played
deal, deal sampling, bid evaluation and the statistics they report.

Its public names are here (``deberts.analysis.dd_table``), loaded at their first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.deberts.analysis.bid_evaluation import BidEvaluation, OptionStats, evaluate_bid
    from deberts.variants.deberts.analysis.review import CardAnalysis, PlayAnalysis, analyze_play
    from deberts.variants.deberts.analysis.sampling import Knowledge, sample_deals
    from deberts.variants.deberts.analysis.table import DDTable, TableCell, dd_table

#: The layer's public names, by module, loaded at their first use.
_NAMES = {
    **dict.fromkeys(("BidEvaluation", "OptionStats", "evaluate_bid"),
                    "deberts.variants.deberts.analysis.bid_evaluation"),
    **dict.fromkeys(("CardAnalysis", "PlayAnalysis", "analyze_play"), "deberts.variants.deberts.analysis.review"),
    **dict.fromkeys(("Knowledge", "sample_deals"), "deberts.variants.deberts.analysis.sampling"),
    **dict.fromkeys(("DDTable", "TableCell", "dd_table"), "deberts.variants.deberts.analysis.table"),
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = sorted(_NAMES)
