"""Deberts' play layer."""
