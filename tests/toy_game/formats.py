"""High card's formats face: its batch line's reader and writer."""

from toy_game import read_line, write_line

__all__ = ["read_line", "write_line"]
