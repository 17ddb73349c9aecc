"""The engine layer: the boundary to the compiled search, the reusable ``Solver``
and the thread pool. It imports the model only."""
