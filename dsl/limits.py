"""Bounds on what a person writes, kept by every stage that reads it.

A name the checker passes (a character's on a sheet, a skill's) is one the journal can keep: the
journal stores names of at most ``NAME_LIMIT`` characters (``journal.bundle_schema`` reads this
one number), so ``chronicler check`` and ``character add`` give a sheet one verdict.
"""

from __future__ import annotations

NAME_LIMIT = 200  # characters in any name: a card, a character, a skill, a campaign...
