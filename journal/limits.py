"""Bounds the journal keeps to wherever a value enters: a verb's option, a bundle, a payload.

Kept apart from ``journal.bundle_schema`` (pydantic), so the verbs declare their options with
the same numbers without importing it.
"""

from __future__ import annotations

# A seed is kept in a signed 64-bit column (SQLite's INTEGER, PostgreSQL's BIGINT) and in
# bundles: every command that takes one takes 0 to this, so every seed recorded exports and
# imports again (2**63 was once accepted by 'roll' and then refused by 'import').
SEED_MAX = 2**63 - 1
