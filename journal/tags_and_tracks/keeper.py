"""Tags and Tracks' part of the journal (``KEEPER``, named by its contract's
``JournalPart.keeper``): the kinds of entries its campaigns keep, the table they make (sheets
and tracks), how each entry runs again through the rules after an earlier one is fixed, and how
a campaign reads in ``campaign list`` and ``campaign show``. It keeps no tables of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from sqlmodel import Session

from dsl.contract import Ruleset
from dsl.errors import ChroniclerError
from journal import ledger
from journal.keepers import Draft, KeepsNoTables
from journal.models import Campaign, Entry
from journal.tags_and_tracks import changes, story, tracks
from journal.tags_and_tracks import payloads as p


def _again(s: Session, campaign: Campaign, state: story.Story, entry: Entry) -> Draft:
    """What ``entry``, as the table told it, comes to on ``state``: its own verb's work again,
    from what was given to it (the roll's dice and choices stay as rolled)."""
    x = story.read(entry)
    kind, who, text = entry.kind, entry.who or "", entry.text
    if kind == p.RecordKind.CHARACTER:
        return story.joins(state, campaign, x.sheet)
    if kind == p.RecordKind.NARRATION:
        return story.narration(text)
    if kind == p.RecordKind.TRACK:
        if x.change == p.TrackChange.ADD:
            return tracks.add_track(state, campaign, x.track, x.after)
        return tracks.change_track(state, campaign, x.track, x.change, x.by)
    game = story.find_game(campaign.ruleset)
    if kind == p.RecordKind.ROLL:
        return changes.record_roll(state, campaign, game, who, changes.RollDone(**dict(x)))
    if kind == p.RecordKind.CONSEQUENCE:
        return changes.take_consequence(
            state, campaign, game, who, stat=x.stat, hits=x.hits, consequence=x.name
        )
    if kind == p.RecordKind.HIT:
        named = x.consequence.name if x.consequence is not None else None
        return changes.hit(
            state,
            campaign,
            game,
            who,
            stat=x.stat,
            hits=x.hits,
            consequence=named,
            concede=x.conceded,
        )
    if kind == p.RecordKind.XP:
        if x.why == p.XpReason.FLASHBACK:
            return changes.flashback(state, campaign, game, who, text)
        return changes.gain_xp(state, campaign, who, x.amount, text)
    if kind == p.RecordKind.STAT:
        return changes.raise_stat(state, campaign, game, who, x.stat, x.in_conflict)
    if kind == p.RecordKind.INTRUSION:
        return changes.intrusion(state, campaign, game, who, text, x.accepted)
    if kind == p.RecordKind.REST:
        return changes.rest(state, campaign, game, who, x.stat, x.points, text)
    if kind == p.RecordKind.RECOVER:
        return changes.recover(state, campaign, game, who, x.consequence.name, text)
    raise ChroniclerError(f"the journal is damaged: no kind of entry {kind!r}")


@dataclass(frozen=True)
class TagsAndTracks(KeepsNoTables):
    name: str = "tags-and-tracks"
    own: type[BaseModel] | None = None

    @property
    def entry_models(self) -> Mapping[str, type[BaseModel]]:
        return p.ENTRY_MODELS

    def start(self, s: Session, name: str, game: Ruleset) -> Campaign:
        version = str(game.compiled().version or "")
        return ledger.create_campaign(s, name, ruleset=game.name, ruleset_version=version)

    def standing(self, s: Session, campaign: Campaign) -> str:
        played = ledger.sessions_of(s, campaign)
        scenes = sum(len(ledger.scenes_in(s, x)) for x in played)
        table = story.told(ledger.entries(s, campaign))
        return (
            f"{_count(len(played), 'session')}, {_count(scenes, 'scene')}, "
            f"{_count(len(table.sheets), 'character')}"
        )

    def shown(self, s: Session, campaign: Campaign, upto: int | None) -> list[str]:
        from journal.tags_and_tracks.shown import story_lines

        return story_lines(s, campaign, upto)

    def listed(self, s: Session, campaign: Campaign) -> dict[str, Any]:
        played = ledger.sessions_of(s, campaign)
        table = story.told(ledger.entries(s, campaign))
        return {
            "sessions": len(played),
            "scenes": sum(len(ledger.scenes_in(s, x)) for x in played),
            "characters": list(table.sheets),
        }

    def shown_json(self, s: Session, campaign: Campaign, upto: int | None) -> dict[str, Any]:
        from journal.tags_and_tracks.shown import story_json

        return story_json(s, campaign)

    def empty(self, s: Session, campaign: Campaign) -> story.Story:
        return story.Story()

    def after(self, state: Any, entry: Entry) -> story.Story:
        return story.after(state, entry.kind, story.read(entry), entry.who)

    def again(self, s: Session, campaign: Campaign, state: Any, entry: Entry) -> Draft:
        return _again(s, campaign, state, entry)

    def markdown(self, s: Session, campaign: Campaign) -> list[str]:
        from journal.bundle import started_line
        from journal.tags_and_tracks.bundle import story_markdown

        lines = [f"# {campaign.name}", "", started_line(campaign), ""]
        lines += story_markdown(s, campaign)
        lines += ["## Characters", ""]
        for character in ledger.characters(s, campaign):
            lines += [f"### {character.name}", ""]
        return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


KEEPER = TagsAndTracks()
