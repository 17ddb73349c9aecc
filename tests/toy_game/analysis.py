"""High card's analysis face: the review of a played deal."""

from toy_game import review as analyze_play

__all__ = ["analyze_play"]
