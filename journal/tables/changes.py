"""What the rules do to a character's sheet at the table, each written as a mechanic record
and a new version of the sheet: consequences (taken, promoted, recovered from), hits offset with
stat points, rest, XP gained and spent (a stat raised, a flashback), intrusions, and a roll's
result. The numbers and judgements come from the campaign's ruleset (``StoryGame.engine``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from dsl.errors import ChroniclerError, UsageError
from journal.models import Campaign, Character, MechanicRecord
from journal.tables import payloads as p
from journal.tables.story import (
    StoryGame,
    Told,
    checked_story,
    checked_title,
    current_sheet,
    new_sheet_version,
    record,
)


def _changed(
    s: Session,
    campaign: Campaign,
    character: Character,
    sheet: p.Sheet,
    payload: Any,
    summary: str,
) -> MechanicRecord:
    rec = record(s, campaign, payload, summary, character.name)
    new_sheet_version(s, character, sheet, rec)
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
    what = checked_title(consequence, "the consequence")
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


def _hits(count: int) -> str:
    return f"{count} hit{'' if count == 1 else 's'}"


def _offset(spent: int, offset: int, cost: int, label: str) -> str:
    """What the points did: "3 STR points offset 1 hit (3 a hit)", "the last 2 STR points
    offset 1 hit (3 a hit; fewer offset one)"."""
    last = spent - (offset - 1) * cost
    if last == cost:
        return f"{_points(spent, label)} offset {_hits(offset)} ({cost} a hit)"
    if offset == 1:
        return f"the last {_points(spent, label)} offset 1 hit ({cost} a hit; fewer offset one)"
    return f"{_points(spent, label)} offset {_hits(offset)} ({cost} a hit, the last {last} for one)"


class ConsequenceNeeded(ChroniclerError):
    """Hits the points cannot offset, and no consequence or concession given: the companion
    asks at a terminal, else says what to give (a usage error: nothing is written)."""

    exit_code = 2

    def __init__(self, situation: str, advice: str, *, left: int, level: int | None) -> None:
        super().__init__(f"{situation}; {advice}")
        self.situation = situation  # what the points did, and what a hit costs
        self.left = left
        self.level = level  # the consequence's level, or None when none can be taken


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
    ruleset's offset cost a hit; the last few points offset one), and only the hits left are
    one consequence of their number's level (promoted past the levels the stat holds) or a
    concession. A consequence or concession given when the points offset every hit is not
    taken, and the line says so."""
    if consequence is not None and concede:
        raise UsageError("--what or --concede, not both: a concession takes no consequence")
    character, sheet = current_sheet(s, campaign, name)
    pool = _stat(game, sheet, stat)
    paid = game.engine.offset_hits(game.rules, points=pool.points, hits=hits)
    label = game.stat_label(pool.name)
    cost = game.value("offset hit cost")
    changed = _with_stat(sheet, pool.name, points=paid.points)
    line = f"{character.name} is hit {hits} time{'s' if hits != 1 else ''} ({label})"
    if paid.offset:
        line += f": {_offset(pool.points - paid.points, paid.offset, cost, label)}, "
        line += f"{paid.points} left"
    else:
        line += f": no {label} point to offset a hit ({cost} a hit)"
    taken = [c.level for c in sheet.consequences if c.stat == pool.name]
    tag, level, fatal = None, 0, False
    if paid.left and concede:
        line += f"; {_hits(paid.left)} left: {character.name} concedes"
    elif paid.left:
        if consequence is None:
            raise _consequence_needed(game, character.name, pool, label, hits, paid, taken)
        what = checked_title(consequence, "the consequence")
        level = game.engine.consequence_level(game.rules, hits=paid.left, taken=taken)
        fatal = level >= game.value("fatal consequence")
        tag = p.ConsequenceTag(name=what, stat=pool.name, level=level)
        changed = changed.model_copy(update={"consequences": [*sheet.consequences, tag]})
        line += f"; {_hits(paid.left)} left: takes {what} -{level}"
        if level != paid.left:
            line += f" (promoted from -{paid.left}, which {label} already holds)"
        if fatal:
            line += f"; -{level} is fatal"
    elif consequence is not None:
        line += f"; no consequence needed ({consequence.strip()!r} not taken)"
    elif concede:
        line += "; no hit left to concede"
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


def _consequence_needed(
    game: StoryGame,
    who: str,
    pool: p.StatPool,
    label: str,
    hits: int,
    paid: Any,
    taken: list[int],
) -> ConsequenceNeeded:
    """What to give for the hits left, quoting what a hit costs."""
    cost = game.value("offset hit cost")
    try:
        level: int | None = game.engine.consequence_level(game.rules, hits=paid.left, taken=taken)
    except game.engine.NotAllowed:
        level = None
    held = f"{who} holds {_points(pool.points, label)}"
    if paid.offset:
        held += f", which offset {paid.offset}"
    give = (
        f"give the consequence (--what TEXT, a -{level}) or --concede"
        if level is not None
        else "every level of consequence is taken: --concede"
    )
    last = "1" if cost == 2 else ("1 or 2" if cost == 3 else f"1 to {cost - 1}")
    return ConsequenceNeeded(
        f"{_hits(paid.left)} of {hits} cannot be offset: a hit costs {_points(cost, label)} "
        f"(the last {last} offset one), and {held}",
        give,
        left=paid.left,
        level=level,
    )


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
        raise UsageError(f"--points is 1 or more, not {points}")
    after = min(pool.level, pool.points + (points if points is not None else pool.level))
    label = game.stat_label(pool.name)
    if after == pool.points:
        raise ChroniclerError(f"{character.name}'s {label} is full ({pool.points}/{pool.level})")
    changed = _with_stat(sheet, pool.name, points=after)
    line = f"{character.name} rests: {label} {pool.points}/{pool.level} -> {after}/{pool.level}"
    payload = p.RestRecord(
        stat=pool.name,
        points_before=pool.points,
        points_after=after,
        text=checked_story(text, "--why"),
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
    payload = p.RecoverRecord(consequence=found, text=checked_story(text, "--why"))
    return Told(line, _changed(s, campaign, character, changed, payload, line))


def gain_xp(s: Session, campaign: Campaign, name: str, amount: int, text: str) -> Told:
    if amount < 1:
        raise ChroniclerError(f"XP gained is 1 or more, not {amount}")
    character, sheet = current_sheet(s, campaign, name)
    changed = sheet.model_copy(update={"xp": sheet.xp + amount})
    line = f"{character.name} gains {amount} XP (XP now {changed.xp})"
    payload = p.XpRecord(
        amount=amount, why=p.XpReason.AWARD, text=checked_story(text, "--why"), xp_after=changed.xp
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
        text=checked_story(text, "the flashback"),
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
    line = f"{character.name} {verb} the intrusion: {sign}{abs(xp - sheet.xp)} XP (XP now {xp})"
    payload = p.IntrusionRecord(
        text=checked_story(text, "the intrusion"),
        accepted=accepted,
        xp_change=xp - sheet.xp,
        xp_after=xp,
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
