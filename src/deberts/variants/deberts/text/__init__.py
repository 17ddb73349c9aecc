"""Deberts' text layer."""
