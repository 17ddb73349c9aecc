"""Text rendering of deals, positions and results, shared by the CLI and the
result types' ``__str__``."""
