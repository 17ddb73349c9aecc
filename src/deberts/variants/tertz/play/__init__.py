"""Tertz in the play layer (docs/rules.md section 4)."""
