"""Deberts' model layer."""
