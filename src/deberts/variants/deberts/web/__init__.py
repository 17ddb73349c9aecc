"""Deberts' web layer."""
