"""Tertz in the analysis layer (docs/rules.md section 4)."""
