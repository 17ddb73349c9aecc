"""Tertz, the two-player game with a stock (docs/rules.md section 4), in every layer."""
