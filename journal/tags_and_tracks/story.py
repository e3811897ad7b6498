"""A game a GM runs (Tags and Tracks) as the journal keeps it: sessions and scenes of story in
the one ledger, and one entry in its log per thing the rules did at the table. The characters'
sheets and the tracks are not stored: they are what the entries made of them, worked out here
(``Story``, ``after``), so a fix to one entry shows in every sheet and track after it.

The rules' numbers and judgements (a consequence's level, what XP buys) come from the
campaign's ruleset through its contract (``StoryGame.engine``), never from this package.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError
from sqlmodel import Session

from dsl.compiler import CompiledRuleset
from dsl.contract import StoryRules
from dsl.errors import ChroniclerError
from journal import ledger
from journal.keepers import Draft
from journal.models import Campaign, Entry
from journal.tags_and_tracks import payloads as p


@dataclass(frozen=True)
class StoryGame:
    """A campaign's ruleset as these verbs use it: its registry name, compiled text and
    story rules (its contract's ``story``: the sheets, the roll, the progression)."""

    name: str
    rules: CompiledRuleset
    engine: StoryRules

    def value(self, name: str) -> int:
        return int(self.rules.values[name])

    def stat_name(self, written: str) -> str | None:
        return self.rules.vocabulary.member("stats", written.strip())

    def stat_label(self, name: str) -> str:
        """A stat as a sheet writes it: its alias (STR) when the ruleset declares one."""
        for alias, full in self.rules.vocabulary.aliases.items():
            if full == name:
                return alias.upper()
        return name


def find_game(ruleset: str) -> StoryGame:
    """The ruleset named ``ruleset`` (a registry name or folder) if it is a GM-run game."""
    from rules import registry

    game = registry.find(ruleset)
    if game.story is None:
        raise ChroniclerError(
            f"the ruleset {game.name!r} has no character sheets and rolls for a GM to run; "
            "these verbs are for such a game (tags-and-tracks)"
        )
    return StoryGame(game.name, game.compiled(), game.story)


def story_campaign(s: Session, name: str) -> tuple[Campaign, StoryGame]:
    campaign = ledger.get_campaign(s, name)
    try:
        game = find_game(campaign.ruleset)
    except ChroniclerError:
        raise ChroniclerError(
            f"{campaign.name!r} plays {campaign.ruleset}, not a game a GM runs; these verbs are "
            "for a campaign started with 'chronicler campaign start NAME --ruleset "
            "tags-and-tracks'"
        ) from None
    return campaign, game


# --- the table as the entries made it --------------------------------------------------------


@dataclass(frozen=True)
class Story:
    """The characters' sheets and the tracks as they stand after some entries (each entry
    makes a new ``Story``; the sheets and track states are frozen models, shared)."""

    sheets: dict[str, p.Sheet] = field(default_factory=dict)  # by name, in the order joined
    tracks: dict[str, p.TrackState] = field(default_factory=dict)  # by name, in the order added

    def character(self, campaign: Campaign, name: str) -> p.Sheet:
        folded = name.strip().casefold()
        found = next((sh for n, sh in self.sheets.items() if n.casefold() == folded), None)
        if found is not None:
            return found
        names = list(self.sheets)
        near = difflib.get_close_matches(name, names, n=2, cutoff=0.5)
        hint = (
            f"; did you mean {' or '.join(near)}?"
            if near
            else (
                f"; it has: {', '.join(names)}"
                if names
                else "; add one with 'chronicler character add SHEET'"
            )
        )
        raise ChroniclerError(f"{campaign.name!r} has no character {name!r}{hint}")

    def track(self, campaign: Campaign, name: str) -> tuple[str, p.TrackState]:
        folded = " ".join(name.split()).casefold()
        found = next(((n, t) for n, t in self.tracks.items() if n.casefold() == folded), None)
        if found is not None:
            return found
        names = list(self.tracks)
        near = difflib.get_close_matches(name, names, n=2, cutoff=0.5)
        hint = (
            f"; did you mean {' or '.join(near)}?"
            if near
            else (f"; it has: {', '.join(names)}" if names else "; add one with 'track add'")
        )
        raise ChroniclerError(f"{campaign.name!r} has no track {name!r}{hint}")

    def with_sheet(self, sheet: p.Sheet) -> Story:
        return replace(self, sheets={**self.sheets, sheet.name: sheet})

    def with_track(self, name: str, state: p.TrackState) -> Story:
        return replace(self, tracks={**self.tracks, name: state})

    def without_track(self, name: str) -> Story:
        return replace(self, tracks={n: t for n, t in self.tracks.items() if n != name})


def _with_stat(sheet: p.Sheet, name: str, **changes: int) -> p.Sheet:
    stats = [st.model_copy(update=changes) if st.name == name else st for st in sheet.stats]
    return sheet.model_copy(update={"stats": stats})


def _sheet_after(sheet: p.Sheet, kind: str, x: Any) -> p.Sheet:
    """A character's sheet once an entry of ``kind`` (payload ``x``) is recorded."""
    if kind == p.RecordKind.ROLL:
        changed = sheet.model_copy(update={"xp": max(0, sheet.xp + x.xp_after - x.xp_before)})
        pool = sheet.stat(x.stat) if x.stat is not None else None
        if pool is not None:
            points = max(0, pool.points + x.points_after - x.points_before)
            changed = _with_stat(changed, pool.name, points=points)
        if x.gained is not None:
            tag = p.SkillTag(name=x.gained.name, level=x.gained.level, builds_on=x.gained.builds_on)
            changed = changed.model_copy(update={"skills": [*changed.skills, tag]})
        return changed
    if kind == p.RecordKind.CONSEQUENCE:
        taken = p.ConsequenceTag(name=x.name, stat=x.stat, level=x.level)
        return sheet.model_copy(update={"consequences": [*sheet.consequences, taken]})
    if kind == p.RecordKind.HIT:
        changed = _with_stat(sheet, x.stat, points=x.points_after)
        if x.consequence is not None:
            held = [*changed.consequences, x.consequence]
            changed = changed.model_copy(update={"consequences": held})
        return changed
    if kind == p.RecordKind.REST:
        return _with_stat(sheet, x.stat, points=x.points_after)
    if kind == p.RecordKind.RECOVER:
        left = list(sheet.consequences)
        if x.consequence in left:
            left.remove(x.consequence)
        return sheet.model_copy(update={"consequences": left})
    if kind == p.RecordKind.STAT:
        changed = _with_stat(sheet, x.stat, level=x.level, points=x.points)
        return changed.model_copy(update={"xp": x.xp_after})
    if kind in (p.RecordKind.XP, p.RecordKind.INTRUSION):
        return sheet.model_copy(update={"xp": x.xp_after})
    return sheet


# The kinds of entries that write a new version of a character's sheet.
SHEET_KINDS = frozenset(
    {
        p.RecordKind.CHARACTER,
        p.RecordKind.ROLL,
        p.RecordKind.CONSEQUENCE,
        p.RecordKind.HIT,
        p.RecordKind.REST,
        p.RecordKind.RECOVER,
        p.RecordKind.STAT,
        p.RecordKind.XP,
        p.RecordKind.INTRUSION,
    }
)


def after(story: Story, kind: str, payload: Any, who: str | None) -> Story:
    """The table once an entry is recorded: its recorded outcome applied (no rules run)."""
    if kind == p.RecordKind.CHARACTER:
        return story.with_sheet(payload.sheet)
    if kind == p.RecordKind.TRACK:
        if payload.change == p.TrackChange.REMOVE:
            return story.without_track(payload.track)
        return story.with_track(payload.track, payload.after)
    if kind in SHEET_KINDS and who is not None:
        sheet = next((sh for n, sh in story.sheets.items() if n == who), None)
        if sheet is None:
            raise ChroniclerError(
                f"the journal is damaged: an entry names {who!r}, who never joined"
            )
        return story.with_sheet(_sheet_after(sheet, kind, payload))
    return story


def read(entry: Entry) -> Any:
    """An entry's payload, validated against its kind's model."""
    return p.payload(entry.kind, entry.payload, f"entry {entry.number}")


def told(entries: Iterable[Entry]) -> Story:
    """The table once these entries are recorded, in order."""
    story = Story()
    for entry in entries:
        story = after(story, entry.kind, read(entry), entry.who)
    return story


@dataclass(frozen=True)
class SheetVersion:
    """A character's sheet as one entry left it (the first: as they joined)."""

    number: int  # 1 is the sheet they joined with
    entry: Entry
    sheet: p.Sheet


def sheets_over_time(entries: Iterable[Entry]) -> dict[str, list[SheetVersion]]:
    """Every character's sheet after each entry that changed it, in order."""
    story = Story()
    versions: dict[str, list[SheetVersion]] = {}
    for entry in entries:
        payload = read(entry)
        story = after(story, entry.kind, payload, entry.who)
        name = payload.sheet.name if entry.kind == p.RecordKind.CHARACTER else entry.who
        if entry.kind in SHEET_KINDS and name is not None:
            kept = versions.setdefault(name, [])
            kept.append(SheetVersion(len(kept) + 1, entry, story.sheets[name]))
    return versions


# --- characters and narration -----------------------------------------------------------------


# The journal's lists of labelled tags (``payloads.Sheet``), each kept from the sheet's entry
# of that name.
TAG_LISTS = ("schemes", "inventory")


def sheet_of_character(sheet: Any) -> p.Sheet:
    """A checked sheet file (``dsl.sheets.Sheet``, as the text's ``sheet`` block lays it out)
    as the journal keeps a sheet."""
    try:
        return _sheet_of_character(sheet)
    except ValidationError as error:
        raise p.refused(error, "the sheet") from None


def _sheet_of_character(sheet: Any) -> p.Sheet:
    """Read by the layout's entries: the title's first part names the character and the rest
    is its background; the reservoirs a declared category names are its stats, the others the
    things it holds; the chains of ranks its skills; each labelled entry (``tags schemes,
    labelled ...``) the journal's list of that name."""
    said = [sheet.title.get(part, "") for part in sheet.layout.title]
    tags: dict[str, list[p.Tag]] = {}
    for labelled in sheet.layout.labelled:
        kept = labelled.entry.casefold()
        if kept not in TAG_LISTS:
            raise ChroniclerError(
                f"the sheet's {labelled.entry} are no list the journal keeps (it keeps "
                f"{' and '.join(TAG_LISTS)})"
            )
        found = sheet.tags.get(labelled.entry, [])
        tags[kept] = [p.Tag(name=t.name, level=t.level) for t in found]
    return p.Sheet(
        name=sheet.name,
        background=" - ".join(x for x in said[1:] if x),
        stats=[
            p.StatPool(name=st.name, points=st.value, level=st.level)
            for st in sheet.of_members().values()
        ],
        skills=[
            p.SkillTag(name=sk.name, level=sk.level, builds_on=sk.builds_on)
            for sk in sheet.ranks.values()
        ],
        xp=0,  # at creation every XP is spent (the sheet file is checked for it)
        reservoirs=[
            p.Reservoir(name=r.name, value=r.value, level=r.level) for r in sheet.free().values()
        ],
        schemes=tags.get("schemes", []),
        inventory=tags.get("inventory", []),
    )


def joins(story: Story, campaign: Campaign, sheet: p.Sheet) -> Draft:
    if sheet.name.casefold() in {n.casefold() for n in story.sheets}:
        raise ChroniclerError(f"{campaign.name!r} already has a character called {sheet.name!r}")
    return Draft(
        p.RecordKind.CHARACTER,
        p.CharacterJoined(sheet=sheet),
        f"{sheet.name} joins the campaign",
        sheet.name,
    )


def narration(text: str) -> Draft:
    """Story told in the scene in play, between its rolls (the site shows it in its place)."""
    said = ledger.checked_text(text, "the narration").strip()
    if not said:
        raise ChroniclerError("the narration is empty")
    first = " ".join(said.split())
    line = "narration: " + (first if len(first) <= 60 else first[:59] + "…")
    return Draft(p.RecordKind.NARRATION, p.NarrationRecord(), line, None, said)


def checked_scene(s: Session, campaign: Campaign) -> None:
    if ledger.current_scene(s, campaign) is None:
        raise ChroniclerError(
            f"{campaign.name!r} has no scene in play: start one with 'chronicler scene start TITLE'"
        )


def begin_session(s: Session, campaign: Campaign, title: str, narration: str) -> Any:
    """A new session, kept in the history (undo takes it back)."""
    from journal import history

    number = len(ledger.sessions_of(s, campaign)) + 1
    history.keep_rows(s, campaign, "session start", f"session {number}: {title}", sessions=[number])
    return ledger.start_session(s, campaign, title, narration)


def begin_scene(s: Session, campaign: Campaign, title: str, narration: str) -> Any:
    """A new scene of the last session, kept in the history (undo takes it back)."""
    from journal import history

    played = ledger.sessions_of(s, campaign)
    if played:
        key = (played[-1].number, len(ledger.scenes_in(s, played[-1])) + 1)
        history.keep_rows(s, campaign, "scene start", f"scene {key[1]}: {title}", scenes=[key])
    return ledger.start_scene(s, campaign, title, narration)


def record(s: Session, campaign: Campaign, game: StoryGame, verb: str, make: Any) -> Entry:
    """Record the entry ``make(story, campaign, game)`` makes (``journal.log.record``)."""
    from journal import log

    return log.record(s, campaign.name, verb, lambda state: make(state, campaign, game))
