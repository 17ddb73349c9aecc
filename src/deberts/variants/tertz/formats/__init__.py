"""Tertz in the formats layer (docs/rules.md section 4)."""
