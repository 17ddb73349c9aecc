"""Tertz in the text layer (docs/rules.md section 4)."""
