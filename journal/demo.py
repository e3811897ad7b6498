"""``chronicler demo``: bots play six years into a fresh journal, which is then published.

The ruleset plays (its contract's ``campaign.play_campaign``); this module only records and
publishes, so the demo shows the whole pipeline: card text -> engine -> events -> journal ->
website.
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
from journal.six_winters.recording import record_campaign
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
    by its own default bot (its contract's ``campaign`` and ``bots``)."""
    game = registry.find(ruleset) if ruleset else registry.default()
    campaign, bots = game.campaign, game.bots
    if campaign is None or bots is None:
        raise ChroniclerError(f"{game.name} cannot play a campaign: no bot plays it")
    game.load()  # the text compiles (or says why) before the first year

    def run(seed: int) -> Iterable[tuple[Any, Any]]:
        return campaign.play_campaign(seed, bots.make(bots.default, seed))

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
            from journal.six_winters import ledger

            end = ledger.campaign_end(s, ledger.get_campaign(s, name))
            fate, score = end.fate, end.score
    _mark(db)
    return DemoResult(db, published.index, name, fate, score)


# --- a game a GM runs: Tags and Tracks -----------------------------------------------------------

STORY_TITLE = "Salt Roads"
STORY_RULESET = "tags-and-tracks"

# The demo's table, in our own words: what the GM records over two sessions, in order. Each
# roll gives the faces the table rolled (no stat named: nothing to spend, nothing to ask).
STORY_SCRIPT: list[tuple[str, Any]] = [
    ("session", ("The Drowned Market", "Rain hammers the canvas of the harbour stalls.")),
    (
        "scene",
        ("At the fish gate", "A guard in a dripping cloak wants a coin *Brick* will not pay."),
    ),
    ("narrate", "Brick lowers his head and walks at the guard as if the gate were not there."),
    ("roll", ("Brick", "bash", [2, 5, 4], False)),
    ("narrate", "The guard staggers back into a barrel of eels, and the gate swings open."),
    ("track", ("The watch arrives", "clock", 4)),
    ("tick", ("The watch arrives", 2)),
    ("consequence", ("Brick", "STR", 1, "bruised knuckles")),
    ("scene", ("Soup for the harbour master", "Inside, the harbour master is cold and hungry.")),
    ("roll", ("Brick", "blazing soup", [3, 6, 5], False)),
    ("narrate", "A pot of pepper broth later, the harbour master signs the travel papers."),
    ("session", ("Up the Salt Road", "Two days north, the road climbs into white hills.")),
    ("scene", ("The toll bridge", "Three bored soldiers hold the only bridge over the gorge.")),
    ("track", ("The road north", "steps", "4|2")),
    ("roll", ("Brick", "poetry", [4, 1], True)),
    ("narrate", "His verse about their sergeant's mother ends the talking, not the toll."),
    ("tick", ("The road north", 3)),
    ("intrusion", ("Brick", "The sergeant recognises the eels on Brick's boots.")),
    ("xp", ("Brick", 1, "For a poem nobody asked for.")),
]


def _story_roll(
    s: Any, campaign: Any, game: Any, who: str, skill: str, dice: list[int], hard: bool
) -> None:
    """A roll of the table's dice through the ruleset's own roll, recorded as the companion
    records one."""
    from journal import log
    from journal.tags_and_tracks import changes, story

    sheet = log.state_now(s, campaign).character(campaign, who)
    rolled = sheet.skill(skill)
    if rolled is None:
        raise ChroniclerError(f"the demo's {who} has no skill {skill!r}")
    odds = game.engine.dice_and_cuts(
        game.rules, level=rolled.level, easy=False, assist=0, hard=hard, far=False, cuts=0
    )
    roll = game.engine.new_roll(
        game.rules,
        character=sheet.name,
        skill=rolled.name,
        level=rolled.level,
        advantages=odds.dice - rolled.level,
        cuts=odds.cuts,
        stat=None,
        points=0,
        xp=sheet.xp,
        seed=0,
        dice=dice,
        table_dice=True,
        skills=[k.name for k in sheet.skills],
    )
    if roll.pending() is not None:  # the script's dice ask nothing of the player
        raise ChroniclerError(f"the demo's roll of {skill} asks {roll.pending().prompt!r}")
    account = registry.find(game.name).journal.account
    ended = game.engine.outcome(roll)  # where the roll ended, as the companion records it
    done = changes.RollDone(
        skill=rolled.name,
        level=rolled.level,
        dice=odds.dice,
        cuts=odds.cuts,
        stat=None,
        faces=list(ended.dice),
        highest=ended.highest,
        band=ended.band,
        hits=ended.hits,
        points_before=0,
        points_after=0,
        xp_before=sheet.xp,
        xp_after=ended.xp,
        gained=None,
        seed=None,
        lines=account.narrate(roll.events),
    )
    name = sheet.name
    story.record(
        s, campaign, game, "roll", lambda t, c, g: changes.record_roll(t, c, g, name, done)
    )


def _tell_story(s: Any, game: Any, sheet_file: Path) -> None:
    """The demo's script, through the same operations as the table verbs (each a change of the
    history, each entry checked by the rules)."""
    from dsl.sheets import load_sheet
    from journal import ledger
    from journal.keepers import keeper_named
    from journal.tags_and_tracks import story

    found = registry.find(game.name)
    campaign = keeper_named(found.journal.keeper).start(s, STORY_TITLE, found)
    kept = story.sheet_of_character(load_sheet(sheet_file, game.rules))
    story.record(s, campaign, game, "character add", lambda t, c, g: story.joins(t, c, kept))
    ledger.ensure_character(s, campaign, kept.name, title=kept.background or None)
    for step, what in STORY_SCRIPT:
        if step == "session":
            story.begin_session(s, campaign, *what)
        elif step == "scene":
            story.begin_scene(s, campaign, *what)
        elif step == "roll":
            _story_roll(s, campaign, game, *what)
        else:
            story.record(s, campaign, game, *_story_step(step, what))


def _story_step(step: str, what: Any) -> tuple[str, Callable[[Any, Any, Any], Any]]:
    """The verb a step of the demo's script is, and the entry it makes."""
    from journal.tags_and_tracks import changes, story, tracks
    from journal.tags_and_tracks import payloads as p

    if step == "narrate":
        return "narrate", lambda t, c, g: story.narration(what)
    if step == "track":
        name, kind, size = what
        state = tracks.new_track_state(
            countdown=None,
            clock=size if kind == "clock" else None,
            steps=size if kind == "steps" else None,
            breaks=[],
        )
        return "track add", lambda t, c, g: tracks.add_track(t, c, name, state)
    if step == "tick":
        track, by = what
        return "track tick", lambda t, c, g: tracks.change_track(
            t, c, track, p.TrackChange.TICK, by
        )
    if step == "consequence":
        who, stat, hits, consequence = what
        return "consequence take", lambda t, c, g: changes.take_consequence(
            t, c, g, who, stat=stat, hits=hits, consequence=consequence
        )
    if step == "intrusion":
        who, said = what
        return "intrusion", lambda t, c, g: changes.intrusion(t, c, g, who, said, accepted=True)
    if step == "xp":
        return "xp gain", lambda t, c, g: changes.gain_xp(t, c, *what)
    raise ChroniclerError(f"the demo's script has no step {step!r}")


def run_story_demo(out: Path) -> DemoResult:
    """Two sessions of Tags and Tracks as a GM records them (``STORY_SCRIPT``), into a fresh
    journal (or the one an earlier demo wrote), published like any campaign."""
    from journal.tags_and_tracks import story

    out.mkdir(parents=True, exist_ok=True)
    db = out / "chronicle.db"
    _fresh(db)
    game = story.find_game(STORY_RULESET)
    sheet_file = registry.find(STORY_RULESET).folder / "examples" / "brick.character"
    with open_journal(db) as journal:
        journal.write(lambda s: _tell_story(s, game, sheet_file))
        published = publish(journal, STORY_TITLE, out / "website")
    _mark(db)
    return DemoResult(db, published.index, STORY_TITLE, None, None)
