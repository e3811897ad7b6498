"""Steps that roll or ask before a round's order is known: a table rolled into a number, a check
rolled with a member of the sheet and numbers the thing holds, an action declared ahead::

    Declaring: do roll the Who goes first table into first side
    Declare: for each unit in order, do declare an action into haste
    Speed: for each unit in order, do roll speed using pace with its haste into speed score

- ``roll the <table> table into <number>``: the table's die is rolled (the game's dice:
  scripted, typed or the generator's, told as any die is), and the row it reads sets the
  number: a row that names a band of the number (``first side is a number 0..1 of the game {
  theirs 0..0  ours 1..1 }``) sets it to the band's lowest value, a row that is a figure to
  that figure. A number of the game is the table's; any other is the thing's the step runs
  for. ``chances`` gives each result's odds, from the table's rows.
- ``declare an action into <number>``: the thing (under ``for each``, or the phase's subject)
  is asked which of the actions it may use it declares (or ``pass``: none; those a held card
  forbids are not offered, those it cannot pay yet are), and its number is set to the declared
  card's number field of that name (0 when the card has none, or none is declared). Told as
  ``action_declared``. What the thing then does in its turn is asked again: a declaration
  binds nothing the engine can check.
- ``roll <check> using <member> [with its <number>[ and its <number>]] into <number>``: the
  thing makes the check with that member of its sheet (the inputs the check reads from the
  sheet, and the member's tags), each number named given as the check's input of that name.

Each step's words are read once, as the ruleset is checked; what they name (the table, its
rows, the numbers, the check) is checked by ``chronicler check`` and as a game starts
(``check``; ``dsl.world.game.refused_step``), at the step. Nothing here
names a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from dsl.kernel.dispatch import answer, step
from dsl.kernel.machine import Frame
from dsl.runtime import Decision, EffectError, new_decision

from .events import WorldEvent
from .model import GAME

if TYPE_CHECKING:
    from .game import WorldGame
    from .model import PropertyDecl

DECLARE = "declare"  # the frame's kind and the decision's: which action is declared
PASS = "pass"

_TABLE = re.compile(r"roll the (.+) table into (?:its )?(.+)$")
_USING = re.compile(r"roll (.+?) using (.+?)(?: with (.+?))? into (?:its )?(.+)$")
_DECLARE = re.compile(r"declare an action into (?:its )?(.+)$")

FORMS = (
    "roll the <table> table into <number>",
    "roll <check> using <member> with its <number> into <number>",
    "declare an action into <number>",
)


def _owner(game: WorldGame, decl: PropertyDecl, item: Any) -> str:
    if decl.owner == GAME:
        return GAME
    thing = item if item is not None else game.subject()
    if thing is None:
        raise EffectError(f"'{decl.name}' is a number of each thing: no thing is named here")
    return str(thing)


def _number(game: WorldGame, name: str) -> PropertyDecl:
    decl = game.world.property(name)
    if decl is None:
        raise EffectError(f"'{name}' is no number the ruleset declares")
    return decl


def result_value(decl: PropertyDecl, result: str) -> int | None:
    """The value a table's row sets ``decl`` to: a band's lowest, or a figure; else ``None``."""
    words = result.strip().casefold()
    for band in decl.bands:
        if band.name.casefold() == words:
            return band.low
    if re.fullmatch(r"[+-]?\d+", words):
        return int(words)
    return None


def chances(game: WorldGame, table: str) -> dict[str, Fraction]:
    """Each result of a rolled table and its chance, from its rows (a d6's 2-3: 1/3)."""
    found = game.world.tables.get(table.casefold())
    if found is None or not found.roll:
        raise EffectError(f'there is no rolled table "{table}"')
    sides = int(found.roll[1:])
    odds: dict[str, Fraction] = {}
    for face in range(1, sides + 1):
        result = found.lookup(face).result
        odds[result] = odds.get(result, Fraction(0)) + Fraction(1, sides)
    return odds


def _rolled_table(table: str, name: str) -> Callable[..., None]:
    def roll_table(game: WorldGame, item: Any = None) -> None:
        decl = _number(game, name)
        owner = _owner(game, decl, item)
        by = None if owner == GAME else owner
        _face, row = game.ops.roll(table, by=by)
        value = result_value(decl, row.result) if row is not None else None
        if value is None:
            raise EffectError(f'the "{table}" table gives {row and row.result!r}: not a {name}')
        game.ops.set(owner, decl.name, value, why=f'the "{_title(game, table)}" table')

    roll_table.__name__ = f'roll "{table}" into {name}'
    roll_table.needs = {"table": (table, name)}  # type: ignore[attr-defined]
    return roll_table


def _title(game: WorldGame, table: str) -> str:
    found = game.world.tables.get(table.casefold())
    return found.name if found is not None else table


def _rolled_check(check: str, member: str, given: list[str], name: str) -> Callable[..., None]:
    def roll_check(game: WorldGame, item: Any = None) -> None:
        from .durations import check as make

        thing = item if item is not None else game.subject()
        if thing is None:
            raise EffectError(f"'roll {check}': no thing is named to make it")
        inputs: dict[str, Any] = {
            n: game.ops.value(str(thing), _number(game, n).name) for n in given
        }
        result = make(game, str(thing), check, using=member, **inputs)
        title = {c.casefold(): c for c in game.ruleset.checks}.get(check, check)
        game.ops.set(str(thing), name, int(result.score), why=f"the {title} check")

    roll_check.__name__ = f"roll {check} using {member} into {name}"
    roll_check.needs = {"numbers": (*given, name), "check": check}  # type: ignore[attr-defined]
    return roll_check


def _declared(name: str) -> Callable[..., None]:
    def declare(game: WorldGame, item: Any = None) -> None:
        thing = item if item is not None else game.subject()
        if thing is None:
            raise EffectError("'declare an action': no thing is named to declare it")
        game.state.frames.append(Frame(DECLARE, {"who": str(thing), "into": name}))

    declare.__name__ = f"declare an action into {name}"
    declare.needs = {"numbers": (name,)}  # type: ignore[attr-defined]
    return declare


def rolled_step(words: str) -> Callable[..., Any] | None:
    """The step these words say (already folded), or ``None``: not a form of this module."""
    if found := _TABLE.match(words):
        return _rolled_table(found[1], found[2])
    if found := _DECLARE.match(words):
        return _declared(found[1])
    if found := _USING.match(words):
        given = [g.strip().removeprefix("its ") for g in re.split(r",|\band\b", found[3] or "")]
        return _rolled_check(found[1], found[2], [g for g in given if g], found[4])
    return None


def check(game: WorldGame) -> None:
    """Before a game starts: what each of these steps names is declared (the table rolled and
    each of its rows a value of the number, the numbers, the check); else a ``ChroniclerError``
    at the step."""
    from .players import _refuse

    checks = {c.casefold() for c in game.ruleset.checks}
    for phase in game.procedure:
        for each in phase.steps:
            needs = getattr(each.call, "needs", None) or {}
            if "check" in needs and needs["check"].casefold() not in checks:
                _refuse(each, f"there is no check '{needs['check']}'")
            if "table" not in needs:
                continue
            table, name = needs["table"]
            found = game.world.tables.get(table.casefold())
            if found is None or not found.roll:
                _refuse(each, f'there is no rolled table "{table}"')
                return
            decl = game.world.property(name)
            if decl is None:
                _refuse(each, f"'{name}' is no number the ruleset declares")
                return
            for row in found.rows:
                if result_value(decl, row.result) is None:
                    bands = ", ".join(b.name for b in decl.bands) or "none"
                    _refuse(
                        each,
                        f'the row "{row.result}" of "{found.name}" is neither a band of {name} '
                        f"({bands}) nor a figure",
                    )


def declarable(game: WorldGame, who: str) -> list[str]:
    """The actions ``who`` may declare: the activated texts of the cards it may use, less those
    a card it holds forbids ("Its holder takes no ranged actions."); what it could pay now is
    not asked (its turn's allowance comes later)."""
    from . import restraints

    restrained = restraints.offered(game, who) if game.world.restraints else None
    found = []
    for card in game._usable_cards(who):
        if restrained is not None and not restrained(card):
            continue
        for ability in game.compiled_card(card).abilities:
            if ability.usage in ("activated", "played"):
                found.append(f"{ability.label}: {card}")
    return found


class Declaring:
    """The game's part that asks a declaration (``WorldGame.declaring``)."""

    def __init__(self, game: WorldGame) -> None:
        self.game = game

    @step(DECLARE)
    def _step_declare(self, frame: Frame) -> Decision | None:
        game = self.game
        who = frame.data["who"]
        if not game.still_listed(who):  # it left play since the round listed it
            game.state.frames.pop()
            return None
        options = declarable(game, who)
        name = game.state.names.get(who, game.host.name_of(who))
        return new_decision(DECLARE, who, f"{name}: which action do you declare?", (*options, PASS))

    @answer(DECLARE)
    def _answer_declare(self, frame: Frame, answer: Any) -> None:
        game = self.game
        game.state.frames.pop()
        who, name = frame.data["who"], frame.data["into"]
        card = None if answer == PASS else str(answer).partition(": ")[2] or str(answer)
        value = 0
        if card is not None:
            field = {k.casefold(): v for k, v in game.card_fields(card).items()}.get(name)
            value = field if isinstance(field, int) else 0
        game.emit(
            WorldEvent.ACTION_DECLARED,
            player=game.state.cards.get(who, {}).get("called") or game.host.name_of(who),
            card=card,
            into=name,
            value=value,
        )
        game.ops.set(who, name, value, why=f"declares {card}" if card else "declares no action")
