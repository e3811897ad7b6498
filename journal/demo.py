"""``chronicler demo``: bots play six years into a fresh journal, which is then published.

The engine plays (``engine.play_campaign``); this module only records and publishes, so the demo
shows the whole pipeline: card text -> engine -> events -> journal -> website.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dsl.errors import ChroniclerError
from journal.catalogue import Catalogue, load_catalogue
from journal.db import _inspect_sqlite_file, open_journal
from journal.recording import record_campaign
from journal.website.publish import publish

PlayCampaign = Callable[[int], Iterable[tuple[Any, Any]]]


@dataclass(frozen=True)
class DemoResult:
    journal: Path
    site_index: Path
    campaign: str
    fate: str | None
    score: int | None


def _bot(engine: Any, seed: int) -> Any:
    """The engine's own bot for demos, wherever the engine keeps it."""
    try:
        bots: Any = importlib.import_module("rules.six_winters.bots")
        return bots.make_bot("heuristic", seed)
    except (ImportError, AttributeError, KeyError, ValueError):
        pass
    for holder_name in ("rules.six_winters.bots", "rules.six_winters.bot"):
        try:
            holder: Any = importlib.import_module(holder_name)
        except ImportError:
            continue
        for name in ("default_bot", "demo_bot", "GreedyBot", "HeuristicBot", "RandomBot"):
            found = getattr(holder, name, None)
            if found is None:
                continue
            if not callable(found):
                return found
            if inspect.isclass(found):
                try:
                    return found(seed=seed)  # type: ignore[call-arg]
                except TypeError:
                    return found()
            try:
                return found(seed)
            except TypeError:
                return found()
    return getattr(engine, "default_bot", None)


def engine_play_campaign() -> PlayCampaign:
    try:
        engine = importlib.import_module("rules.six_winters.engine")
        play = engine.play_campaign
        ruleset = engine.load_ruleset()
    except Exception as error:
        raise ChroniclerError(f"the engine cannot play a campaign yet ({error})") from None

    def run(seed: int) -> Iterable[tuple[Any, Any]]:
        return play(ruleset, seed, _bot(engine, seed))

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
    name = f"Demo campaign (seed {seed})"
    with open_journal(db) as journal:
        record_campaign(journal, name, years, seed=seed, catalogue=catalogue or load_catalogue())
        published = publish(journal, name, out / "website", catalogue=catalogue)
        with journal.reading() as s:
            from journal import ledger

            campaign = ledger.get_campaign(s, name)
            fate, score = campaign.fate, campaign.score
    return DemoResult(db, published.index, name, fate, score)
