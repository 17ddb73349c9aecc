"""Deberts' formats layer."""
