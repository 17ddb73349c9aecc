"""Analysis built on the engine: the double-dummy table, the review of a played
deal, deal sampling, bid evaluation and the statistics they report."""
