"""``chronicler demo``: bots play six years into a fresh journal, which is then published.

The ruleset plays (its contract's ``campaign.play_campaign``); this module only records and
publishes, so the demo shows the whole pipeline: card text -> engine -> events -> journal ->
website.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dsl.errors import ChroniclerError
from journal.catalogue import Catalogue, load_catalogue
from journal.db import _inspect_sqlite_file, open_journal
from journal.recording import record_campaign
from journal.website.publish import publish
from rules import registry

# The demo campaign's title on its site and in its journal (one campaign to a demo journal).
DEMO_TITLE = "The Winters of Brightdune"

PlayCampaign = Callable[[int], Iterable[tuple[Any, Any]]]


@dataclass(frozen=True)
class DemoResult:
    journal: Path
    site_index: Path
    campaign: str
    fate: str | None
    score: int | None


def engine_play_campaign(ruleset: str | None = None) -> PlayCampaign:
    """Whole campaigns of a ruleset the registry knows (the default one unless named), played
    by its own default bot (its contract's ``campaign`` and ``bots``)."""
    game = registry.find(ruleset) if ruleset else registry.default()
    campaign, bots = game.campaign, game.bots
    if campaign is None or bots is None:
        raise ChroniclerError(f"{game.name} cannot play a campaign: no bot plays it")
    game.load()  # the text compiles (or says why) before the first year

    def run(seed: int) -> Iterable[tuple[Any, Any]]:
        return campaign.play_campaign(seed, bots.make(bots.default, seed))

    return run


def _fresh(path: Path) -> None:
    """The demo writes a new journal only: a folder that holds one is refused, as 'publish'
    refuses a folder it did not write (a group's campaign may be that journal)."""
    _inspect_sqlite_file(path)  # a file that is no journal: its own refusal
    if any(path.with_name(path.name + s).exists() for s in ("", "-wal", "-shm")):
        raise ChroniclerError(
            f"{path} already holds a journal; the demo never replaces one: give a new or "
            "empty folder with --out (or move that journal away)"
        )


def run_demo(
    out: Path,
    seed: int,
    *,
    play: PlayCampaign | None = None,
    catalogue: Catalogue | None = None,
) -> DemoResult:
    out.mkdir(parents=True, exist_ok=True)
    db = out / "chronicle.db"
    _fresh(db)
    years = (play or engine_play_campaign())(seed)
    name = DEMO_TITLE  # the seed is kept with the campaign; the home page says it quietly
    with open_journal(db) as journal:
        record_campaign(journal, name, years, seed=seed, catalogue=catalogue or load_catalogue())
        published = publish(journal, name, out / "website", catalogue=catalogue)
        with journal.reading() as s:
            from journal import ledger

            campaign = ledger.get_campaign(s, name)
            fate, score = campaign.fate, campaign.score
    return DemoResult(db, published.index, name, fate, score)
