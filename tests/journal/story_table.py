"""A Tags and Tracks session at the table, written through the one ledger as its verbs write it
(the tests of the story site and bundle share it)."""

from __future__ import annotations

from typing import Any

from journal import ledger
from journal.keepers import keeper_named
from journal.tags_and_tracks import changes, story, tracks
from journal.tags_and_tracks import payloads as p
from rules import registry


def brick(name: str = "Brick", background: str = "orc cook on the road") -> p.Sheet:
    return p.Sheet(
        name=name,
        background=background,
        stats=[
            p.StatPool(name="strength", points=5, level=5),
            p.StatPool(name="dexterity", points=3, level=3),
            p.StatPool(name="will", points=1, level=1),
        ],
        skills=[
            p.SkillTag(name="do anything", level=1),
            p.SkillTag(name="fight", level=2, builds_on="do anything"),
            p.SkillTag(name="bash", level=3, builds_on="fight"),
        ],
    )


def play(s, hostile: list[str]) -> None:  # type: ignore[no-untyped-def]
    """A session at the table, with ``hostile`` texts wherever people type."""
    game = story.find_game("tags-and-tracks")
    found = registry.find("tags-and-tracks")
    campaign = keeper_named(found.journal.keeper).start(s, "Salt Roads", found)

    def record(verb: str, make: Any) -> None:
        story.record(s, campaign, game, verb, make)

    def joins(sheet: p.Sheet) -> None:
        record("character add", lambda t, c, g: story.joins(t, c, sheet))
        ledger.ensure_character(s, campaign, sheet.name, title=sheet.background or None)

    joins(brick())
    story.begin_session(s, campaign, "The Drowned Market", "Rain on the *stalls*.")
    story.begin_scene(s, campaign, "At the gate", "A guard blocks the way.")
    clock = p.TrackState(kind=p.TrackKind.CLOCK, size=6)
    record("track add", lambda t, c, g: tracks.add_track(t, c, "Guards", clock))
    record("track tick", lambda t, c, g: tracks.change_track(t, c, "Guards", p.TrackChange.TICK, 2))
    record("narrate", lambda t, c, g: story.narration("The bells ring *twice*."))
    steps = tracks.new_track_state(
        countdown=None, clock=None, steps="4|2", breaks=["the outer wall stands"]
    )
    record("track add", lambda t, c, g: tracks.add_track(t, c, "Castle", steps))
    record("track tick", lambda t, c, g: tracks.change_track(t, c, "Castle", p.TrackChange.TICK, 4))
    record("track burn", lambda t, c, g: tracks.change_track(t, c, "Castle", p.TrackChange.BURN, 1))
    for what in ("sprain", "bruise"):
        record(
            "consequence take",
            lambda t, c, g, what=what: changes.take_consequence(
                t, c, g, "Brick", stat="STR", hits=1, consequence=what
            ),
        )
    for number, text in enumerate(hostile, start=1):
        _hostile(s, campaign, record, joins, f"{text[:150]} {number}", text)


def _hostile(s, campaign, record, joins, name: str, text: str) -> None:  # type: ignore[no-untyped-def]
    story.begin_scene(s, campaign, name, text)
    joins(brick(name, text))
    track = tracks.new_track_state(countdown=None, clock=None, steps="1|1", breaks=[text])
    record("track add", lambda t, c, g: tracks.add_track(t, c, f"track {name}", track))
    record(
        "track tick",
        lambda t, c, g: tracks.change_track(t, c, f"track {name}", p.TrackChange.TICK, 1),
    )
    record(
        "consequence take",
        lambda t, c, g: changes.take_consequence(
            t, c, g, name, stat="WIL", hits=1, consequence=name
        ),
    )
    record("intrusion", lambda t, c, g: changes.intrusion(t, c, g, name, text, accepted=True))
    record("xp spend", lambda t, c, g: changes.flashback(t, c, g, name, text))
    record("narrate", lambda t, c, g: story.narration(text))
