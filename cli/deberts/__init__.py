"""Deberts' cli layer."""
