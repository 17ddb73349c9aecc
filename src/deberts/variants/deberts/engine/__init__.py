"""Deberts' engine layer."""
