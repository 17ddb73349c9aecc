"""Tertz in the engine layer (docs/rules.md section 4)."""
