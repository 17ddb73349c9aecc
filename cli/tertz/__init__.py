"""Tertz's command-line layer."""
