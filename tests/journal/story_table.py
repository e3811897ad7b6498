"""A Tags and Tracks session at the table, written through the story ledger (the tests of the
story site and bundle share it)."""

from __future__ import annotations

from journal.tables import changes, story, tracks
from journal.tables import payloads as p


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
    campaign = story.start_campaign(s, "Salt Roads", game)
    story.add_character(s, campaign, brick())
    story.start_session(s, campaign, "The Drowned Market", "Rain on the *stalls*.")
    story.start_scene(s, campaign, "At the gate", "A guard blocks the way.")
    tracks.add_track(s, campaign, "Guards", p.TrackState(kind=p.TrackKind.CLOCK, size=6))
    tracks.change_track(s, campaign, "Guards", p.TrackChange.TICK, 2)
    story.narrate(s, campaign, "The bells ring *twice*.")
    steps = tracks.new_track_state(
        countdown=None, clock=None, steps="4|2", breaks=["the outer wall stands"]
    )
    tracks.add_track(s, campaign, "Castle", steps)
    tracks.change_track(s, campaign, "Castle", p.TrackChange.TICK, 4)
    tracks.change_track(s, campaign, "Castle", p.TrackChange.BURN, 1)
    changes.take_consequence(s, campaign, game, "Brick", stat="STR", hits=1, consequence="sprain")
    changes.take_consequence(s, campaign, game, "Brick", stat="STR", hits=1, consequence="bruise")
    for number, text in enumerate(hostile, start=1):
        name = f"{text[:150]} {number}"
        story.start_scene(s, campaign, name, text)
        story.add_character(s, campaign, brick(name, text))
        tracks.add_track(
            s,
            campaign,
            f"track {name}",
            tracks.new_track_state(countdown=None, clock=None, steps="1|1", breaks=[text]),
        )
        tracks.change_track(s, campaign, f"track {name}", p.TrackChange.TICK, 1)
        changes.take_consequence(s, campaign, game, name, stat="WIL", hits=1, consequence=name)
        changes.intrusion(s, campaign, game, name, text, accepted=True)
        changes.flashback(s, campaign, game, name, text)
        story.narrate(s, campaign, text)
