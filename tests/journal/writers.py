"""A writer process for the concurrency test: records scenes into one journal as fast as it can."""

from __future__ import annotations

from journal.db import open_journal
from journal.six_winters import ledger
from journal.six_winters.ledger import Play


def record_scenes(path: str, who: str, count: int) -> None:
    with open_journal(path) as journal:
        for n in range(count):

            def write(s, n=n):  # type: ignore[no-untyped-def]
                campaign = ledger.get_campaign(s, "Shared")
                session = ledger.get_session(s, campaign, 1)
                ledger.record_scene(
                    s,
                    session,
                    scene=f"{who} scene {n}",
                    location="Yearly Field",
                    participants=["Parin"],
                    plays=[Play(f"{who} card {n}", 1)],
                    narration=f"{who} wrote this ({n}).",
                )

            journal.write(write)
