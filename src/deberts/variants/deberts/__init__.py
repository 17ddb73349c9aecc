"""Deberts (Klabor), the 2-, 3- and 4-player game (docs/rules.md sections 1-3), in every
layer."""
