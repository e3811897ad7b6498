"""``chronicler demo``: bots play six years into a fresh journal, which is then published.

The engine plays (``engine.play_campaign``); this module only records and publishes, so the demo
shows the whole pipeline: card text -> engine -> events -> journal -> website.
"""

from __future__ import annotations

import hashlib
import json
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
# Beside the demo's journal: the fingerprint of the journal as the demo left it, so the next
# demo knows it may replace that journal (and only while nobody has written in it since).
MARKER = ".chronicler-demo.json"

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
    by its own demo bot (``default_bot`` in its ``bots``)."""
    game = registry.find(ruleset) if ruleset else registry.default()
    try:
        engine, bots = game.engine, game.bots
        play = engine.play_campaign
        compiled = game.load()
    except (ImportError, AttributeError) as error:
        raise ChroniclerError(f"{game.name} cannot play a campaign yet ({error})") from None

    def run(seed: int) -> Iterable[tuple[Any, Any]]:
        return play(compiled, seed, bots.default_bot(seed))

    return run


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            sha.update(chunk)
    return sha.hexdigest()


def _made_by_the_demo(path: Path) -> bool:
    """Whether the journal at ``path`` is the one an earlier demo wrote, unchanged since: the
    marker beside it holds its fingerprint, and no write waits in its -wal file."""
    marker = path.with_name(MARKER)
    if marker.is_symlink() or not marker.is_file() or path.is_symlink() or not path.is_file():
        return False
    try:
        kept = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return False
    return isinstance(kept, dict) and kept.get("sha256") == _digest(path)


def _fresh(path: Path) -> None:
    """The demo writes a new journal, or replaces the journal an earlier demo wrote there if
    nobody has recorded anything in it since (``make demo`` run twice). Any other journal is
    refused, as 'publish' refuses a folder it did not write: a group's campaign may be it."""
    _inspect_sqlite_file(path)  # a file that is no journal: its own refusal
    beside = [path.with_name(path.name + s) for s in ("", "-wal", "-shm")]
    if not any(p.exists() for p in beside):
        return
    if _made_by_the_demo(path):
        for old in (*beside, path.with_name(MARKER)):
            old.unlink(missing_ok=True)
        return
    raise ChroniclerError(
        f"{path} already holds a journal the demo did not write, or one written in since the "
        "demo made it; the demo never replaces such a journal: give a new or empty folder "
        "with --out (or move that journal away)"
    )


def _mark(path: Path) -> None:
    """Leave the journal's fingerprint beside it, for the next demo."""
    marker = path.with_name(MARKER)
    marker.write_text(
        json.dumps({"journal": path.name, "sha256": _digest(path)}) + "\n", encoding="utf-8"
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
    _mark(db)
    return DemoResult(db, published.index, name, fate, score)
