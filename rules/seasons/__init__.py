"""Seasons: seed 003's competitive seasonal game, as text (see ``STATUS.md``)."""
