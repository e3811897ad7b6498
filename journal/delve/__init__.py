"""Delve's part of the journal: an expedition's models and the checks made at the table."""
