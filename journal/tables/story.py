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

from dsl.errors import ChroniclerError
from dsl.kernel.table import Meter, StepMark, StepTrack, TableError
from journal import ledger
from journal.models import (
    Campaign,
    Character,
    MechanicRecord,
    SheetVersion,
    StoryScene,
    StorySession,
    TrackRow,
)
from journal.tables import payloads as p

# What a ruleset's engine must offer for these verbs: a sheet, a roll and the progression.
NEEDS = ("load_character", "new_roll", "consequence_level", "flashback", "raise_stat")


@dataclass(frozen=True)
class StoryGame:
    """A campaign's ruleset as these verbs use it: its registry name, compiled text and
    engine (the public API of ``rules/<name>/engine.py``)."""

    name: str
    rules: Any
    engine: Any

    def value(self, name: str) -> int:
        return int(self.rules.values[name])

    def stat_name(self, written: str) -> str | None:
        return self.rules.vocabulary.resource(written.strip())

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
    engine = game.engine
    if not all(hasattr(engine, need) for need in NEEDS):
        raise ChroniclerError(
            f"the ruleset {game.name!r} has no character sheets and rolls for a GM to run; "
            "these verbs are for such a game (tags-and-tracks)"
        )
    return StoryGame(game.name, game.load(), engine)


def is_story_campaign(campaign: Campaign) -> bool:
    """Whether the campaign plays a game a GM runs (and is published as a story site)."""
    from rules import registry

    try:
        game = registry.find(campaign.ruleset)
    except ChroniclerError:
        return False
    if game == registry.default():  # no need to import the default's engine to know
        return False
    return all(hasattr(game.engine, need) for need in NEEDS)


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


def _story(value: str, what: str) -> str:
    return ledger.checked_text(value, what)


def _title(value: str, what: str) -> str:
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
        title=_title(title, "the session's title"),
        narration=_story(narration, "the session's narration"),
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
        title=_title(title, "the scene's title"),
        narration=_story(narration, "the scene's narration"),
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
    told = _story(text, "the narration").strip()
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


def _new_sheet(s: Session, character: Character, sheet: p.Sheet, rec: MechanicRecord) -> None:
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
    _new_sheet(s, row, sheet, rec)
    return row


def _changed(
    s: Session,
    campaign: Campaign,
    character: Character,
    sheet: p.Sheet,
    payload: Any,
    summary: str,
) -> MechanicRecord:
    rec = record(s, campaign, payload, summary, character.name)
    _new_sheet(s, character, sheet, rec)
    return rec


def _with_stat(sheet: p.Sheet, name: str, **changes: int) -> p.Sheet:
    stats = [st.model_copy(update=changes) if st.name == name else st for st in sheet.stats]
    return sheet.model_copy(update={"stats": stats})


def _stat(game: StoryGame, sheet: p.Sheet, written: str) -> p.StatPool:
    name = game.stat_name(written)
    found = sheet.stat(name) if name is not None else None
    if found is None:
        labels = [game.stat_label(st.name) for st in sheet.stats]
        raise ChroniclerError(
            f"{sheet.name} has no stat {written!r}; the sheet has: {', '.join(labels)}"
        )
    return found


# --- consequences, XP, stats, intrusions ------------------------------------------------------


@dataclass(frozen=True)
class Told:
    """What a change did, as the companion tells it, and the record it wrote."""

    line: str
    record: MechanicRecord


def take_consequence(
    s: Session,
    campaign: Campaign,
    game: StoryGame,
    name: str,
    *,
    stat: str,
    hits: int,
    consequence: str,
) -> Told:
    """The character takes a consequence offsetting ``hits`` for ``stat``: its level is the
    hits offset, promoted past the levels the stat already holds (the ruleset decides)."""
    character, sheet = current_sheet(s, campaign, name)
    pool = _stat(game, sheet, stat)
    what = _title(consequence, "the consequence")
    taken = [c.level for c in sheet.consequences if c.stat == pool.name]
    level = game.engine.consequence_level(game.rules, hits=hits, taken=taken)
    fatal = level >= game.value("fatal consequence")
    tag = p.ConsequenceTag(name=what, stat=pool.name, level=level)
    changed = sheet.model_copy(update={"consequences": [*sheet.consequences, tag]})
    label = game.stat_label(pool.name)
    line = f"{character.name} takes {what} -{level} ({label})"
    if level != hits:
        line += f": promoted from -{hits}, which {label} already holds"
    if fatal:
        line += f"; -{level} is fatal"
    payload = p.ConsequenceRecord(name=what, stat=pool.name, hits=hits, level=level, fatal=fatal)
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def _points(count: int, label: str = "") -> str:
    return f"{count} {label + ' ' if label else ''}point{'' if count == 1 else 's'}"


def hit(
    s: Session,
    campaign: Campaign,
    game: StoryGame,
    name: str,
    *,
    stat: str,
    hits: int,
    consequence: str | None,
    concede: bool,
) -> Told:
    """Hits against the character: each is offset with the stat's points while they last (the
    ruleset's offset cost a hit; the last few points offset one), and the hits left are one
    consequence of their number's level (promoted past the levels the stat holds) or a
    concession."""
    if consequence is not None and concede:
        raise ChroniclerError("--what or --concede, not both: a concession takes no consequence")
    character, sheet = current_sheet(s, campaign, name)
    pool = _stat(game, sheet, stat)
    paid = game.engine.offset_hits(game.rules, points=pool.points, hits=hits)
    label = game.stat_label(pool.name)
    changed = _with_stat(sheet, pool.name, points=paid.points)
    line = f"{character.name} is hit {hits} time{'s' if hits != 1 else ''} ({label})"
    if paid.offset:
        line += f": {_points(pool.points - paid.points)} offset {paid.offset}"
    tag, level, fatal = None, 0, False
    if paid.left and concede:
        line += f"; {paid.left} left: {character.name} concedes"
    elif paid.left:
        if consequence is None:
            raise ChroniclerError(
                f"{paid.left} hit{'s' if paid.left != 1 else ''} of {hits} cannot be offset "
                f"with {_points(pool.points, label)}: give the consequence (--what TEXT) or "
                "--concede"
            )
        what = _title(consequence, "the consequence")
        taken = [c.level for c in sheet.consequences if c.stat == pool.name]
        level = game.engine.consequence_level(game.rules, hits=paid.left, taken=taken)
        fatal = level >= game.value("fatal consequence")
        tag = p.ConsequenceTag(name=what, stat=pool.name, level=level)
        changed = changed.model_copy(update={"consequences": [*sheet.consequences, tag]})
        line += f"; takes {what} -{level}"
        if level != paid.left:
            line += f" (promoted from -{paid.left}, which {label} already holds)"
        if fatal:
            line += f"; -{level} is fatal"
    elif consequence is not None or concede:
        raise ChroniclerError(
            f"{_points(pool.points, label)} offset "
            + ("the hit" if hits == 1 else f"all {hits} hits")
            + ": no consequence to take"
        )
    payload = p.HitRecord(
        stat=pool.name,
        hits=hits,
        offset=paid.offset,
        points_before=pool.points,
        points_after=paid.points,
        consequence=tag,
        promoted=tag is not None and level != paid.left,
        fatal=fatal,
        conceded=bool(paid.left) and concede,
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def rest(
    s: Session,
    campaign: Campaign,
    game: StoryGame,
    name: str,
    stat: str,
    points: int | None,
    text: str,
) -> Told:
    """The character regains a stat's points (all of them up to its level, or ``points``)."""
    character, sheet = current_sheet(s, campaign, name)
    pool = _stat(game, sheet, stat)
    if points is not None and points < 1:
        raise ChroniclerError(f"--points is 1 or more, not {points}")
    after = min(pool.level, pool.points + (points if points is not None else pool.level))
    label = game.stat_label(pool.name)
    if after == pool.points:
        raise ChroniclerError(f"{character.name}'s {label} is full ({pool.points}/{pool.level})")
    changed = _with_stat(sheet, pool.name, points=after)
    line = f"{character.name} rests: {label} {pool.points}/{pool.level} -> {after}/{pool.level}"
    payload = p.RestRecord(
        stat=pool.name, points_before=pool.points, points_after=after, text=_story(text, "--why")
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def recover(
    s: Session, campaign: Campaign, game: StoryGame, name: str, what: str, text: str
) -> Told:
    """A consequence is removed (the character rolled against its level and rested)."""
    character, sheet = current_sheet(s, campaign, name)
    folded = " ".join(what.split()).casefold()
    found = next((c for c in sheet.consequences if c.name.casefold() == folded), None)
    if found is None:
        held = ", ".join(c.name for c in sheet.consequences) or "none"
        raise ChroniclerError(f"{character.name} has no consequence {what!r} (held: {held})")
    left = [c for c in sheet.consequences if c is not found]
    changed = sheet.model_copy(update={"consequences": left})
    line = (
        f"{character.name} recovers from {found.name} -{found.level} "
        f"({game.stat_label(found.stat)})"
    )
    payload = p.RecoverRecord(consequence=found, text=_story(text, "--why"))
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def gain_xp(s: Session, campaign: Campaign, name: str, amount: int, text: str) -> Told:
    if amount < 1:
        raise ChroniclerError(f"XP gained is 1 or more, not {amount}")
    character, sheet = current_sheet(s, campaign, name)
    changed = sheet.model_copy(update={"xp": sheet.xp + amount})
    line = f"{character.name} gains {amount} XP ({changed.xp} XP)"
    payload = p.XpRecord(
        amount=amount, why=p.XpReason.AWARD, text=_story(text, "--why"), xp_after=changed.xp
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def flashback(s: Session, campaign: Campaign, game: StoryGame, name: str, text: str) -> Told:
    character, sheet = current_sheet(s, campaign, name)
    left = game.engine.flashback(game.rules, sheet.xp)
    changed = sheet.model_copy(update={"xp": left})
    line = f"{character.name} has a flashback for {sheet.xp - left} XP ({left} XP left)"
    payload = p.XpRecord(
        amount=left - sheet.xp,
        why=p.XpReason.FLASHBACK,
        text=_story(text, "the flashback"),
        xp_after=left,
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def raise_stat(
    s: Session, campaign: Campaign, game: StoryGame, name: str, stat: str, in_conflict: bool
) -> Told:
    character, sheet = current_sheet(s, campaign, name)
    pool = _stat(game, sheet, stat)
    raised = game.engine.raise_stat(
        game.rules,
        level=pool.level,
        points=pool.points,
        xp=sheet.xp,
        highest_skill=sheet.highest_skill,
        in_conflict=in_conflict,
    )
    changed = _with_stat(sheet, pool.name, level=raised.level, points=raised.points)
    changed = changed.model_copy(update={"xp": raised.xp})
    label = game.stat_label(pool.name)
    line = (
        f"{character.name} raises {label} to {raised.level} for {sheet.xp - raised.xp} XP: "
        f"{raised.points}/{raised.level} {label}, {raised.xp} XP left"
    )
    if in_conflict:
        line += " (no point gained in a conflict)"
    payload = p.StatRecord(
        stat=pool.name,
        level=raised.level,
        points=raised.points,
        xp_spent=sheet.xp - raised.xp,
        xp_after=raised.xp,
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def intrusion(
    s: Session, campaign: Campaign, game: StoryGame, name: str, text: str, accepted: bool
) -> Told:
    """The GM's intrusion, accepted (the character gains its XP) or refused (paid in XP)."""
    character, sheet = current_sheet(s, campaign, name)
    if accepted:
        xp = game.engine.accept_intrusion(game.rules, sheet.xp)
    else:
        xp = game.engine.refuse_intrusion(game.rules, sheet.xp)
    changed = sheet.model_copy(update={"xp": xp})
    verb = "accepts" if accepted else "refuses"
    sign = "+" if xp >= sheet.xp else "-"
    line = f"{character.name} {verb} the intrusion: {sign}{abs(xp - sheet.xp)} XP ({xp} XP)"
    payload = p.IntrusionRecord(
        text=_story(text, "the intrusion"), accepted=accepted, xp_change=xp - sheet.xp, xp_after=xp
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


# --- rolls -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollDone:
    """What the companion's roll came to, to be recorded."""

    skill: str
    level: int
    dice: int
    cuts: int
    stat: str | None
    faces: list[int]
    highest: int
    band: str
    hits: int
    points_before: int
    points_after: int
    xp_before: int
    xp_after: int
    gained: p.GainedSkill | None
    seed: int | None
    lines: list[str]


def record_roll(s: Session, campaign: Campaign, game: StoryGame, name: str, done: RollDone) -> Told:
    """Record a roll and what it changed on the sheet (points spent, XP, a skill gained),
    applied to the sheet as it stands now."""
    character, sheet = current_sheet(s, campaign, name)
    changed = sheet.model_copy(update={"xp": max(0, sheet.xp + done.xp_after - done.xp_before)})
    if done.stat is not None:
        pool = sheet.stat(done.stat)
        if pool is not None:
            points = max(0, pool.points + done.points_after - done.points_before)
            changed = _with_stat(changed, pool.name, points=points)
    if done.gained is not None:
        if changed.skill(done.gained.name) is not None:
            raise ChroniclerError(f"{character.name} already has a skill {done.gained.name!r}")
        tag = p.SkillTag(
            name=done.gained.name, level=done.gained.level, builds_on=done.gained.builds_on
        )
        changed = changed.model_copy(update={"skills": [*changed.skills, tag]})
    hits = f"{done.hits} hit" + ("" if done.hits == 1 else "s")
    line = f"{character.name} rolls {done.skill} {done.level}: {done.band}, {hits}"
    if done.gained is not None:
        line += f"; new skill {done.gained.name} {done.gained.level}"
    payload = p.RollRecord(
        skill=done.skill,
        level=done.level,
        dice=done.dice,
        cuts=done.cuts,
        stat=done.stat,
        faces=done.faces,
        highest=done.highest,
        band=done.band,
        hits=done.hits,
        points_before=done.points_before,
        points_after=done.points_after,
        xp_before=done.xp_before,
        xp_after=done.xp_after,
        gained=done.gained,
        seed=done.seed,
        lines=done.lines,
    )
    return Told(line, _changed(s, campaign, character, changed, payload, line))


# --- tracks ----------------------------------------------------------------------------------

ASCII_MARKS = str.maketrans({"o": StepMark.OPEN.value, "/": StepMark.TICKED.value,
                             "x": StepMark.BURNED.value})  # fmt: skip


def steps_from(text: str) -> str:
    """A track of steps as typed: marks (○∅⦻ and | for a break; o / x for the same), or the
    steps between breaks as numbers ("4|2|2")."""
    typed = "".join(text.split())
    if typed and all(part.isdigit() for part in typed.split("|")):
        return "|".join(StepMark.OPEN.value * int(part) for part in typed.split("|"))
    return typed.lower().translate(ASCII_MARKS)


def _steps(state: p.TrackState) -> StepTrack:
    texts = [b.text for b in sorted(state.breaks, key=lambda b: b.after)]
    try:
        return StepTrack.parse(_marks_with_breaks(state), texts)
    except TableError as error:
        raise ChroniclerError(f"the journal is damaged: a track's steps: {error}") from None


def _state_of_steps(track: StepTrack) -> p.TrackState:
    return p.TrackState(
        kind=p.TrackKind.STEPS,
        size=len(track.steps),
        value=track.progress,
        marks=str(track).replace("|", ""),
        breaks=[p.Break(after=k, text=v) for k, v in sorted(track.breaks.items())],
    )


def _marks_with_breaks(state: p.TrackState) -> str:
    out = []
    at_break = {b.after for b in state.breaks}
    for at, mark in enumerate(state.marks):
        if at in at_break:
            out.append("|")
        out.append(mark)
    return "".join(out)


def drawn(state: p.TrackState) -> str:
    """A track as the table writes it: "7", "3/6", "∅∅○○|○○"."""
    if state.kind is p.TrackKind.COUNTDOWN:
        return str(state.value)
    if state.kind is p.TrackKind.CLOCK:
        return f"{state.value}/{state.size}"
    return _marks_with_breaks(state)


def finished(state: p.TrackState) -> bool:
    if state.kind is p.TrackKind.COUNTDOWN:
        return state.value == 0
    return state.value >= state.size


def new_track_state(
    *, countdown: int | None, clock: int | None, steps: str | None, breaks: list[str]
) -> p.TrackState:
    given = [x for x in (countdown, clock, steps) if x is not None]
    if len(given) != 1:
        raise ChroniclerError("a track is one of --countdown N, --clock N or --steps MARKS")
    if breaks and steps is None:
        raise ChroniclerError("--break is for a track of --steps: a break sits between steps")
    if countdown is not None:
        if not 1 <= countdown <= 1_000:
            raise ChroniclerError(f"--countdown starts at 1 to 1000, not {countdown}")
        return p.TrackState(kind=p.TrackKind.COUNTDOWN, size=countdown, value=countdown)
    if clock is not None:
        if not 2 <= clock <= 100:
            raise ChroniclerError(f"--clock has 2 to 100 wedges, not {clock}")
        return p.TrackState(kind=p.TrackKind.CLOCK, size=clock, value=0)
    assert steps is not None
    marks = steps_from(steps)
    if len(marks) > 1_000:
        raise ChroniclerError("--steps: a track holds at most 1000 steps")
    try:
        track = StepTrack.parse(marks)
    except TableError as error:
        raise ChroniclerError(f"--steps: {error}") from None
    if len(breaks) > len(track.breaks):
        raise ChroniclerError(
            f"--break: {len(breaks)} texts for {len(track.breaks)} breaks in {steps!r}"
        )
    for key, words in zip(sorted(track.breaks), breaks, strict=False):
        track.breaks[key] = ledger.checked_text(words, "--break")
    return _state_of_steps(track)


def tracks(s: Session, campaign: Campaign) -> list[TrackRow]:
    query = select(TrackRow).where(TrackRow.campaign_id == campaign.id)
    return list(s.exec(query.order_by(col(TrackRow.id))))


def _track(s: Session, campaign: Campaign, name: str) -> TrackRow:
    folded = " ".join(name.split()).casefold()
    known = tracks(s, campaign)
    found = next((t for t in known if t.name.casefold() == folded), None)
    if found is None:
        names = [t.name for t in known]
        near = difflib.get_close_matches(name, names, n=2, cutoff=0.5)
        hint = (
            f"; did you mean {' or '.join(near)}?"
            if near
            else (f"; it has: {', '.join(names)}" if names else "; add one with 'track add'")
        )
        raise ChroniclerError(f"{campaign.name!r} has no track {name!r}{hint}")
    return found


def add_track(s: Session, campaign: Campaign, name: str, state: p.TrackState) -> Told:
    title = _title(name, "the track's name")
    if any(t.name.casefold() == title.casefold() for t in tracks(s, campaign)):
        raise ChroniclerError(f"{campaign.name!r} already has a track called {title!r}")
    row = TrackRow(
        campaign_id=ledger._id(campaign),
        name=title,
        kind=str(state.kind),
        state=state.model_dump(mode="json"),
        created_at=ledger.now_iso(),
    )
    s.add(row)
    line = f"new {state.kind} {title}: {drawn(state)}"
    payload = p.TrackRecord(track=title, change=p.TrackChange.ADD, by=0, after=state)
    return Told(line, record(s, campaign, payload, line))


def change_track(s: Session, campaign: Campaign, name: str, change: p.TrackChange, by: int) -> Told:
    """Tick, untick or burn a track ``by`` steps: a countdown counts down as it ticks, a clock
    fills a wedge per tick, a track of steps ticks its next open step (and burns its last
    ticked ones: only steps burn)."""
    if not 1 <= by <= 1_000:
        raise ChroniclerError(f"--by is 1 to 1000, not {by}")
    row = _track(s, campaign, name)
    before = p.track_state(row.state, f"track {row.name!r}")
    reached: list[str] = []
    if before.kind is p.TrackKind.STEPS:
        track = _steps(before)
        if change is p.TrackChange.TICK:
            reached = track.tick(by)
        elif change is p.TrackChange.UNTICK:
            track.untick(by)
        else:
            try:
                track.burn(by)
            except TableError as error:
                raise ChroniclerError(f"{row.name}: {error}") from None
        after = _state_of_steps(track)
    else:
        if change is p.TrackChange.BURN:
            raise ChroniclerError(
                f"{row.name} is a {before.kind}: only a track of steps has steps to burn"
            )
        if before.kind is p.TrackKind.COUNTDOWN:  # counts down; a timer may go up again
            meter = Meter(before.value)
            forward, back = meter.take, meter.add
        else:
            meter = Meter(before.value, maximum=before.size)
            forward, back = meter.add, meter.take
        (forward if change is p.TrackChange.TICK else back)(by)
        after = before.model_copy(update={"value": meter.value})
    if after == before:
        raise ChroniclerError(f"{row.name} stands at {drawn(before)}: nothing to {change}")
    row.state = after.model_dump(mode="json")
    s.add(row)
    done = finished(after)
    line = f"{change} {row.name}: {drawn(before)} -> {drawn(after)}"
    for words in reached:
        line += "; break reached" + (f": {words}" if words else "")
    if done:
        line += "; the track is done"
    payload = p.TrackRecord(
        track=row.name,
        change=change,
        by=by,
        before=before,
        after=after,
        reached=reached,
        finished=done,
    )
    return Told(line, record(s, campaign, payload, line))
