"""Deberts' analysis layer."""
