"""The ledger of a game a GM runs (Tags and Tracks): sessions and scenes of story, characters'
sheets over time, tracks, and one mechanic record per thing the rules did at the table.

Every operation takes an open ``sqlmodel.Session`` (the caller commits, ``Journal.write``) and
checks what it is given before it writes anything: a change the rules refuse raises a
``ChroniclerError`` and leaves the journal as it was. The rules' numbers and judgements (a
consequence's level, what XP buys) come from the campaign's ruleset, found through
``rules.registry``, never from this module.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from sqlmodel import Session, col, func, select

from dsl.compiler import CompiledRuleset
from dsl.contract import SitePages, StoryRules
from dsl.errors import ChroniclerError
from journal import ledger
from journal.models import (
    Campaign,
    Character,
    MechanicRecord,
    SheetVersion,
    StoryScene,
    StorySession,
)
from journal.tables import payloads as p


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


def is_story_campaign(campaign: Campaign) -> bool:
    """Whether the campaign plays a game a GM runs (and is published as a story site)."""
    from rules import registry

    try:
        game = registry.find(campaign.ruleset)
    except ChroniclerError:
        return False
    return game.journal.site is SitePages.STORY


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


def start_campaign(s: Session, name: str, game: StoryGame) -> Campaign:
    return ledger.create_campaign(
        s, name, ruleset=game.name, ruleset_version=str(game.rules.version or "")
    )


# --- sessions and scenes ---------------------------------------------------------------------


def checked_story(value: str, what: str) -> str:
    return ledger.checked_text(value, what)


def checked_title(value: str, what: str) -> str:
    title = ledger.checked_name(" ".join(value.split()), what)
    if not title:
        raise ChroniclerError(f"{what} is empty")
    return title


def sessions(s: Session, campaign: Campaign) -> list[StorySession]:
    query = select(StorySession).where(StorySession.campaign_id == campaign.id)
    return list(s.exec(query.order_by(col(StorySession.number))))


def scenes_of(s: Session, session: StorySession) -> list[StoryScene]:
    query = select(StoryScene).where(StoryScene.session_id == session.id)
    return list(s.exec(query.order_by(col(StoryScene.number))))


def start_session(s: Session, campaign: Campaign, title: str, narration: str) -> StorySession:
    row = StorySession(
        campaign_id=ledger._id(campaign),
        number=len(sessions(s, campaign)) + 1,
        title=checked_title(title, "the session's title"),
        narration=checked_story(narration, "the session's narration"),
        started_at=ledger.now_iso(),
    )
    s.add(row)
    s.flush()
    return row


def start_scene(s: Session, campaign: Campaign, title: str, narration: str) -> StoryScene:
    played = sessions(s, campaign)
    if not played:
        raise ChroniclerError(
            f"{campaign.name!r} has no session yet: start one with 'chronicler session start TITLE'"
        )
    row = StoryScene(
        session_id=ledger._id(played[-1]),
        number=len(scenes_of(s, played[-1])) + 1,
        title=checked_title(title, "the scene's title"),
        narration=checked_story(narration, "the scene's narration"),
        started_at=ledger.now_iso(),
    )
    s.add(row)
    s.flush()
    return row


def current_scene(s: Session, campaign: Campaign) -> StoryScene | None:
    """The scene in play: the last scene of the last session (records attach to it)."""
    played = sessions(s, campaign)
    if not played:
        return None
    scenes = scenes_of(s, played[-1])
    return scenes[-1] if scenes else None


def narrate(s: Session, campaign: Campaign, text: str) -> Told:
    """Story told in the scene in play, between its rolls (the site shows it in its place)."""
    told = checked_story(text, "the narration").strip()
    if not told:
        raise ChroniclerError("the narration is empty")
    if current_scene(s, campaign) is None:
        raise ChroniclerError(
            f"{campaign.name!r} has no scene in play: start one with 'chronicler scene start TITLE'"
        )
    first = " ".join(told.split())
    line = "narration: " + (first if len(first) <= 60 else first[:59] + "…")
    return Told(line, record(s, campaign, p.NarrationRecord(text=told), line))


# --- records and sheets ----------------------------------------------------------------------


def records(s: Session, campaign: Campaign) -> list[MechanicRecord]:
    query = select(MechanicRecord).where(MechanicRecord.campaign_id == campaign.id)
    return list(s.exec(query.order_by(col(MechanicRecord.number))))


def record(
    s: Session, campaign: Campaign, payload: Any, summary: str, character: str | None = None
) -> MechanicRecord:
    """Write one mechanic record in the scene in play (validated again as it is written)."""
    data = payload.model_dump(mode="json")
    p.payload(data, "the new record")
    number = s.exec(
        select(func.max(MechanicRecord.number)).where(MechanicRecord.campaign_id == campaign.id)
    ).one()
    scene = current_scene(s, campaign)
    row = MechanicRecord(
        campaign_id=ledger._id(campaign),
        scene_id=scene.id if scene is not None else None,
        number=(number or 0) + 1,
        kind=str(payload.kind),
        character=character,
        summary=summary,
        payload=data,
        at=ledger.now_iso(),
    )
    s.add(row)
    s.flush()
    return row


def _characters(s: Session, campaign: Campaign) -> list[Character]:
    return ledger.characters(s, campaign)


def character_row(s: Session, campaign: Campaign, name: str) -> Character:
    folded = name.strip().casefold()
    known = _characters(s, campaign)
    found = next((c for c in known if c.name.casefold() == folded), None)
    if found is None:
        names = [c.name for c in known]
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
    return found


def sheets_of(s: Session, character: Character) -> list[SheetVersion]:
    query = select(SheetVersion).where(SheetVersion.character_id == character.id)
    return list(s.exec(query.order_by(col(SheetVersion.number))))


def current_sheet(s: Session, campaign: Campaign, name: str) -> tuple[Character, p.Sheet]:
    row = character_row(s, campaign, name)
    versions = sheets_of(s, row)
    if not versions:
        raise ChroniclerError(f"{row.name} has no sheet in the journal")
    return row, p.sheet(versions[-1].sheet, f"{row.name}'s sheet")


def new_sheet_version(
    s: Session, character: Character, sheet: p.Sheet, rec: MechanicRecord
) -> None:
    s.add(
        SheetVersion(
            character_id=ledger._id(character),
            number=len(sheets_of(s, character)) + 1,
            record_id=rec.id,
            sheet=sheet.model_dump(mode="json"),
            at=rec.at,
        )
    )
    s.flush()


def sheet_of_character(character: Any) -> p.Sheet:
    """A checked character file (the engine's ``Character``) as the journal keeps a sheet."""
    try:
        return _sheet_of_character(character)
    except ValidationError as error:
        raise p.refused(error, "the sheet") from None


def _sheet_of_character(character: Any) -> p.Sheet:
    return p.Sheet(
        name=character.name,
        background=character.background,
        stats=[
            p.StatPool(name=st.name, points=st.points, level=st.level)
            for st in character.stats.values()
        ],
        skills=[
            p.SkillTag(name=sk.name, level=sk.level, builds_on=sk.builds_on)
            for sk in character.skills.values()
        ],
        xp=0,  # at creation every XP is spent (the sheet file is checked for it)
        reservoirs=[
            p.Reservoir(name=r.name, value=r.value, level=r.level)
            for r in character.reservoirs.values()
        ],
        schemes=[p.Tag(name=t.name, level=t.level) for t in character.schemes],
        inventory=[p.Tag(name=t.name, level=t.level) for t in character.inventory],
    )


def add_character(s: Session, campaign: Campaign, sheet: p.Sheet) -> Character:
    known = {c.name.casefold() for c in _characters(s, campaign)}
    if sheet.name.casefold() in known:
        raise ChroniclerError(f"{campaign.name!r} already has a character called {sheet.name!r}")
    row = ledger.ensure_character(s, campaign, sheet.name, title=sheet.background or None)
    rec = record(
        s,
        campaign,
        p.CharacterJoined(sheet=sheet),
        f"{sheet.name} joins the campaign",
        sheet.name,
    )
    new_sheet_version(s, row, sheet, rec)
    return row


@dataclass(frozen=True)
class Told:
    """What a change did, as the companion tells it, and the record it wrote."""

    line: str
    record: MechanicRecord
