"""The character sheet: a text file as the seed writes its example, read and checked.

::

    NAME - background
    points/level STAT           (one line per stat)
    name value/level            (a reservoir beyond the stats: arrows 4/6)
    root skill 1
    skill N, narrower skill N+1 (a chain on one line)
    scheme: tag, tag N          (motivations, ambitions: plot tags)
    inventory: tag, tag N       (what the character carries: stuff tags)

(``examples/brick.character`` is the seed's example character.)

The first line is the name and, after " - ", the background. ``points/level STAT`` is a stat (a
pip reservoir); ``name value/level``, name first as the seed writes a reservoir, is any other
reservoir the character holds. A line of skills is a chain: each skill is one level above the
one before it on its line, which it specializes; a line's first skill is the root skill or
builds on it. A line labelled ``scheme:`` or ``inventory:`` holds tags of that kind, each a
name and a level (1 when none is written), which cost no XP. ``#`` starts a comment. Every line
is one entry, so the sheet is read line by line; each problem is a diagnostic at its
file:line:column (``chronicler check brick.character``).

Checked, as the seed's Character Creation says: the root skill is there; every skill builds on a
lower one; every declared stat is there, at least its starting level, its points full (a new
character gains full points in every stat) and its level at most the value "stat max per skill
level" times the highest skill level; the XP spent (1 per skill level, the value "stat raise
cost" per stat level above the start) is exactly the value "creation xp".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dsl.diagnostics import CheckFailed, Diagnostics, counted, did_you_mean, read_rules_text
from dsl.limits import NAME_LIMIT
from dsl.runtime import Span

from .progression import NotAllowed
from .reservoir import WRITTEN as RESERVOIR
from .reservoir import Reservoir

STAT = re.compile(r"^(?P<points>\d+)\s*/\s*(?P<level>\d+)\s+(?P<name>\S.*?)\s*$")
SKILL = re.compile(r"^(?P<name>[^\d,#/:]*[^\d\s,#/:])\s+(?P<level>\d+)\s*$")
LABELLED = re.compile(r"^(?P<label>[^\s:,#/\d][^:,#/\d]*?)\s*:\s*(?P<tags>.*)$")
TAG = re.compile(r"^(?P<name>[^,#:]*?[^\d\s,#:])(?:\s+(?P<level>\d+))?$")
# The labelled lines of a sheet, by the label written (either number): the tags each holds.
LABELS = {"scheme": "schemes", "schemes": "schemes", "inventory": "inventory"}
SUFFIX = ".character"


@dataclass(frozen=True)
class Skill:
    name: str
    level: int
    builds_on: str | None  # the lower skill it specializes (None: the root skill)
    span: Span


@dataclass(frozen=True)
class Stat:
    name: str  # as the ruleset's ``stats`` declare it ("strength")
    points: int
    level: int
    span: Span


@dataclass(frozen=True)
class Tag:
    """A scheme or a thing carried: a name and a level (how much it weighs)."""

    name: str
    level: int
    span: Span


@dataclass
class Character:
    name: str
    background: str
    stats: dict[str, Stat] = field(default_factory=dict)
    skills: dict[str, Skill] = field(default_factory=dict)  # by folded name
    reservoirs: dict[str, Reservoir] = field(default_factory=dict)  # beyond the stats, by name
    schemes: list[Tag] = field(default_factory=list)  # motivations, ambitions, arcs
    inventory: list[Tag] = field(default_factory=list)  # stuff the character carries

    def skill(self, name: str) -> Skill | None:
        return self.skills.get(name.casefold())

    @property
    def highest_skill(self) -> int:
        return max((s.level for s in self.skills.values()), default=0)

    def xp_spent(self, ruleset: Any) -> int:
        """What creation cost: 1 XP per level of every skill but the root, and the stat raise
        cost per stat level above the start."""
        root = ruleset.vocabulary.members("skills")[0].casefold()
        skills = sum(s.level for key, s in self.skills.items() if key != root)
        start = int(ruleset.values["stat start"])
        cost = int(ruleset.values["stat raise cost"])
        return skills + cost * sum(st.level - start for st in self.stats.values())


def _span(path: str, line: int, start: int, end: int) -> Span:
    return Span(path, line, start + 1, line, max(end, start + 1) + 1)


def read_character(text: str, path: str, ruleset: Any, d: Diagnostics) -> Character | None:
    """The sheet in ``text``; every problem is told in ``d`` at its position."""
    d.sources[path] = text
    root_name = ruleset.vocabulary.members("skills")[0]
    root_level = int(ruleset.values["root skill level"])
    character: Character | None = None
    header = _span(path, 1, 0, 1)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        body = line.strip()
        if character is None:
            name, _, background = body.partition(" - ")
            character = Character(name.strip(), background.strip())
            header = _span(path, number, indent, len(line))
            _check_length(character.name, "the character's name", header, d)
            _check_length(character.background, "the background", header, d)
            continue
        labelled = LABELLED.match(body)
        stat = STAT.match(body)
        reservoir = RESERVOIR.match(body)
        if labelled:
            _read_tags(character, labelled, path, number, indent, d)
        elif stat:
            _read_stat(character, stat, path, number, indent, ruleset, d)
        elif reservoir:
            _read_reservoir(character, reservoir, path, number, indent, ruleset, d)
        else:
            _read_skills(character, body, path, number, indent, root_name, root_level, d)
    if character is None:
        d.error("the sheet is empty: its first line is the name and background", header)
        return None
    _check_whole(character, header, ruleset, d)
    return character


def _read_stat(
    character: Character,
    m: re.Match[str],
    path: str,
    number: int,
    indent: int,
    ruleset: Any,
    d: Diagnostics,
) -> None:
    written = m.group("name")
    span = _span(path, number, indent + m.start("name"), indent + m.end("name"))
    name = ruleset.vocabulary.member("stats", written)
    if name is None:
        known = ruleset.vocabulary.members("stats") + [
            a.upper() for a in ruleset.vocabulary.aliases
        ]
        d.error(f"unknown stat '{written}'{did_you_mean(written, known)}", span)
        return
    points, level = int(m.group("points")), int(m.group("level"))
    whole = _span(path, number, indent, indent + m.end())
    if name in character.stats:
        d.error(
            f"stat {written} is written twice (first at line {character.stats[name].span.line})",
            span,
        )
        return
    if points > level:
        d.error(
            f"{written} holds {counted(points, 'point')} but its level is {level}: at most {level}",
            whole,
        )
    elif points < level:
        d.error(
            f"{written} holds {points} of its {level} points: a new character's stats are full "
            f"({level}/{level} {written})",
            whole,
        )
    start = int(ruleset.values["stat start"])
    if level < start:
        d.error(f"{written} is level {level}: every stat starts at level {start}", whole)
    character.stats[name] = Stat(name, points, level, whole)


def _read_reservoir(
    character: Character,
    m: re.Match[str],
    path: str,
    number: int,
    indent: int,
    ruleset: Any,
    d: Diagnostics,
) -> None:
    name = m.group("name").strip()
    whole = _span(path, number, indent, indent + m.end())
    stat = ruleset.vocabulary.member("stats", name)
    if stat is not None:  # read as the stat it is, so nothing else is reported missing
        points, level = m.group("value"), m.group("level")
        d.error(f"{name} is a stat: write it points first, {points}/{level} {name}", whole)
        character.stats.setdefault(stat, Stat(stat, int(points), int(level), whole))
        return
    if name.casefold() in character.reservoirs:
        first = character.reservoirs[name.casefold()]
        d.error(f"reservoir {name} is written twice (first as {first})", whole)
        return
    try:
        character.reservoirs[name.casefold()] = Reservoir(
            name, int(m.group("value")), int(m.group("level"))
        )
    except NotAllowed as bad:
        d.error(str(bad), whole)


def _read_tags(
    character: Character, m: re.Match[str], path: str, number: int, indent: int, d: Diagnostics
) -> None:
    """A ``scheme:`` or ``inventory:`` line: its tags, each a name and a level (1 unwritten)."""
    label = m.group("label").strip()
    kind = LABELS.get(label.casefold())
    if kind is None:
        span = _span(path, number, indent, indent + len(label))
        d.error(
            f"'{label}:' is not a line of a sheet: a labelled line is 'scheme:' or 'inventory:'"
            f"{did_you_mean(label.casefold(), list(LABELS))}",
            span,
        )
        return
    kept: list[Tag] = getattr(character, kind)
    if not m.group("tags").strip():  # "inventory:" with nothing after it: nothing carried
        return
    at = m.start("tags")
    for part in m.group("tags").split(","):
        start = at + (len(part) - len(part.lstrip()))
        at += len(part) + 1
        text = part.strip()
        span = _span(path, number, indent + start, indent + start + len(text))
        tag = TAG.match(text)
        if not text:
            d.error(f"an empty {label} tag: write a name, and a level if it is more than 1", span)
        elif tag is None:
            d.error(f"'{text}' is not a tag: write a name, then its level if not 1 (rope 2)", span)
        elif any(t.name.casefold() == tag.group("name").casefold() for t in kept):
            d.error(f"{label} '{tag.group('name')}' is written twice", span)
        else:
            level = int(tag.group("level") or 1)
            if level < 1:
                d.error(f"{tag.group('name')} {level}: a tag's level is 1 or more", span)
            else:
                kept.append(Tag(tag.group("name"), level, span))


def _read_skills(
    character: Character,
    body: str,
    path: str,
    number: int,
    indent: int,
    root_name: str,
    root_level: int,
    d: Diagnostics,
) -> None:
    previous: Skill | None = None
    at = 0
    for part in body.split(","):
        start = at + (len(part) - len(part.lstrip()))
        at += len(part) + 1
        text = part.strip()
        span = _span(path, number, indent + start, indent + start + len(text))
        m = SKILL.match(text)
        if not m:
            d.error(
                f"'{text}' is neither a stat (points/level STAT) nor a skill (a name and a level)",
                span,
            )
            return
        name, level = m.group("name").strip(), int(m.group("level"))
        _check_length(name, f"skill '{name[:40]}...'", span, d)
        is_root = name.casefold() == root_name.casefold()
        if is_root and (level != root_level or previous is not None):
            d.error(
                f'the root skill is "{root_name} {root_level}", written alone on its line', span
            )
            return
        if name.casefold() in character.skills:
            first = character.skills[name.casefold()].span.line
            d.error(f"skill '{name}' is written twice (first at line {first})", span)
            return
        builds_on: str | None = None
        if not is_root:
            lower = previous.name if previous is not None else root_name
            lower_level = previous.level if previous is not None else root_level
            if level != lower_level + 1:
                d.error(
                    f"{name} {level} does not build on a lower skill: a level {level} skill "
                    f"specializes a level {level - 1} one written before it on its line, and "
                    f"{lower} is {lower_level}",
                    span,
                )
            else:
                builds_on = lower
        skill = Skill(name, level, builds_on, span)
        character.skills[name.casefold()] = skill
        previous = skill


def _check_length(text: str, what: str, span: Span, d: Diagnostics) -> None:
    """A name the journal can keep (``character add``, a bundle): the sheet's verdict is one."""
    if len(text) > NAME_LIMIT:
        d.error(f"{what} is {len(text)} characters long: a name holds at most {NAME_LIMIT}", span)


def _check_whole(character: Character, header: Span, ruleset: Any, d: Diagnostics) -> None:
    root = ruleset.vocabulary.members("skills")[0]
    if character.skill(root) is None:
        level = ruleset.values["root skill level"]
        d.error(f'every character has the skill "{root} {level}": the sheet lacks it', header)
    for name in ruleset.vocabulary.members("stats"):
        if name not in character.stats:
            start = ruleset.values["stat start"]
            d.error(
                f"stat {name} is missing: every character has it, at level {start} or more", header
            )
    most = int(ruleset.values["stat max per skill level"]) * character.highest_skill
    for stat in character.stats.values():
        if stat.level > most:
            d.error(
                f"{stat.name} is level {stat.level}: a stat is at most "
                f"{ruleset.values['stat max per skill level']} times the highest skill level "
                f"({most})",
                stat.span,
            )
    budget = int(ruleset.values["creation xp"])
    spent = character.xp_spent(ruleset)
    if spent > budget:
        d.error(
            f"the sheet spends {spent} XP: creation gives {budget} ({spent - budget} overspent)",
            _overspending(character, ruleset, budget) or header,
        )
    elif spent < budget:
        d.error(
            f"the sheet spends {spent} of {budget} XP: at creation all of it is spent "
            f"({budget - spent} left)",
            header,
        )


def _overspending(character: Character, ruleset: Any, budget: int) -> Span | None:
    """The entry (in the sheet's order) at which the XP spent first passes the budget."""
    start = int(ruleset.values["stat start"])
    cost = int(ruleset.values["stat raise cost"])
    root = ruleset.vocabulary.members("skills")[0].casefold()
    entries: list[tuple[Span, int]] = [
        (s.span, cost * (s.level - start)) for s in character.stats.values()
    ]
    entries += [(s.span, s.level) for k, s in character.skills.items() if k != root]
    total = 0
    for span, spent in sorted(entries, key=lambda e: (e[0].line, e[0].column)):
        total += spent
        if total > budget:
            return span
    return None


def check_character_file(path: Path, ruleset: Any, d: Diagnostics) -> Character | None:
    """Read and check a sheet file; its problems (an unreadable file too) are told in ``d``."""
    text, problem = read_rules_text(path)
    if text is None:
        if problem is not None:
            d.extend([problem])
        return None
    return read_character(text, str(path), ruleset, d)


def load_character(path: Path, ruleset: Any) -> Character:
    """The sheet in ``path``; ``CheckFailed`` with every diagnostic when it has errors."""
    d = Diagnostics()
    character = check_character_file(path, ruleset, d)
    if d.errors or character is None:
        raise CheckFailed(d)
    return character
