"""High card's engine face: its solver."""

from toy_game import ToySolver as Solver

__all__ = ["Solver"]
