"""Tertz on the web board."""
