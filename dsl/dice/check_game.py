"""A check played step by step: a procedure of the ruleset walked over one roll of one of its
checks, the roll's dice a pool of the game and the roller's numbers (the points spent on the
dice, say) declared numbers.

The steps are the check's own, written in a procedure with no Python behind them::

    procedure "Attempt" {
      Roll: do roll the check
      Push: offer nudge a die, or add a die, again until done
      Cut: do cut the dice of the check
      Result: do read the result of the check
      Successes: do count the successes of the check
    }

``roll the check`` rolls the dice its inputs make; ``cut the dice of the check`` makes its cuts
one by one (``die_cut``); ``read the result of the check`` reads its score and band on the dice
left (``result``); ``count the <count> of the check`` one of its counts on the dice left
(``counted``).
What its ``spend`` clauses buy are answers declared beside them::

    nudge a die is an answer that raises a die of the check, paid from grit
    add a die is an answer that rolls more dice in the check, paid from grit

Each is offered while the number paid from holds the clause's cost (and, to raise, a die is
below the highest face); raising asks which die (``raise_which_die``: ``raise die 2 (3 -> 4)``),
told as ``die_raised``; more dice are rolled and told as ``die_bought``.

``new_check_game(ruleset, "Attempt", check="Climb", inputs=..., numbers=...)`` makes the game;
its state holds the dice (``dice``; ``rolled``: the faces as they fell, bought dice too), the
numbers, the score, band and counts once read, and the names the answers that ask one were
given (``names``, ``dsl.world.owed``). Nothing here names a game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dsl import ast
from dsl.kernel import Event, Frame, GameRandom, Machine
from dsl.kernel.dispatch import Part, piece
from dsl.kernel.flat import FlatState
from dsl.procedure import ProcedureStep, ProcedureWalker
from dsl.runtime import Context, Decision, Span
from dsl.world.owed import MarkPieces

__all__ = [
    "CheckDecision",
    "CheckEvent",
    "CheckGame",
    "CheckState",
    "CheckStep",
    "SpendAnswer",
    "check_steps",
    "new_check_game",
    "raise_option",
    "read_spend_answer",
]

ROLL_PIECE, RAISE_PIECE, BUY_PIECE = "roll_the_check", "raise_a_die", "roll_more_dice"
EXAMPLE = (
    "'nudge a die is an answer that raises a die of the check, paid from grit' or "
    "'add a die is an answer that rolls more dice in the check, paid from grit'"
)


class CheckEvent(StrEnum):
    """What a check's game tells, beside the kernel's ``dice_rolled``."""

    DIE_RAISED = "die_raised"  # die (1-based), before, after, held (the number paid from)
    DIE_BOUGHT = "die_bought"  # face, held
    DIE_CUT = "die_cut"  # before, after (None: the die is gone), dice left
    RESULT = "result"  # score, band
    COUNTED = "counted"  # count, value


class CheckDecision(StrEnum):
    """The question a check's game asks itself (beside its procedure's offers)."""

    RAISE_WHICH_DIE = "raise_which_die"  # options: raise_option(...)


def raise_option(index: int, face: int, after: int) -> str:
    """The answer that raises die ``index`` (0-based) from ``face`` to ``after``."""
    return f"raise die {index + 1} ({face} -> {after})"


@dataclass(frozen=True, slots=True)
class SpendAnswer:
    """``<words> is an answer that raises a die of the check | rolls more dice in the check,
    paid from <number>``: the check's ``spend`` clause, as an offer's answer."""

    words: str
    raise_die: bool
    number: str
    span: Span

    @property
    def name(self) -> str:
        return self.words

    def values(self) -> set[str]:
        return set()

    def price(self, game: Any) -> tuple[int, int] | None:
        """What the check's clause costs and gives (pips or dice), ``None``: it sells none."""
        check = game.check
        spend = check.spend(self.raise_die)
        if spend is None:
            return None
        env = check.setting(**game.state.inputs).env
        return int(spend.cost.value(env)), int(spend.amount.value(env))

    def can(self, game: Any) -> bool:
        price = self.price(game)
        if price is None or game.state.numbers.get(self.number, 0) < price[0]:
            return False
        return not self.raise_die or any(f < game.check.sides for f in game.state.dice)

    def step(self) -> Callable[[Any], None]:
        def take(game: Any) -> None:
            st = game.state
            st.taken = self.words
            # a piece each: which die is asked, and a die bought may be the table's to roll
            game.push_run(RAISE_PIECE if self.raise_die else BUY_PIECE, answer=self.words)

        take.only_if = self.can  # type: ignore[attr-defined]
        return take


SHAPES: dict[tuple[str, ...], bool] = {
    ("raises", "a", "die", "of", "the", "check"): True,
    ("rolls", "more", "dice", "in", "the", "check"): False,
}


def read_spend_answer(name: str, atoms: list[ast.Atom], span: Span) -> SpendAnswer | None:
    """``raises a die of the check, paid from ...`` or ``rolls more dice in the check, paid
    from ...`` after ``an answer that``; ``None`` when it is neither. Raises ``ValueError``
    saying what to write."""
    plain = [a for a in atoms[3:] if a.kind != "comma"]
    words = [a.folded for a in plain]
    if words[:1] not in (["raises"], ["rolls"]):
        return None
    raise_die = SHAPES.get(tuple(words[:6]))
    if raise_die is None or words[6:8] != ["paid", "from"] or len(words) < 9:
        raise ValueError(f"write what '{name}' buys as {EXAMPLE}")
    return SpendAnswer(name, raise_die, " ".join(a.text for a in plain[8:]), span)


class CheckStep:
    """The steps a check's game plays with no Python: ``roll the check``, ``cut the dice of the
    check``, ``read the result of the check`` and ``count the <count> of the check``."""

    ROLL, CUT, RESULT = (
        "roll the check",
        "cut the dice of the check",
        "read the result of the check",
    )
    COUNT, OF = "count the ", " of the check"  # count the <count> of the check

    def __init__(self, base: Any, counts: set[str]) -> None:
        self.base = base
        self.counts = {c.casefold(): c for c in counts}

    def find(self, use: str, words: str) -> Callable[..., Any] | None:
        said = " ".join(words.casefold().split())
        if use == "step":
            if said == self.ROLL:
                return _roll
            if said == self.CUT:
                return _cut
            if said == self.RESULT:
                return _result
            named = said.removeprefix(self.COUNT).removesuffix(self.OF)
            if said == self.COUNT + named + self.OF and named in self.counts:
                return _count(self.counts[named])
        return self.base.find(use, words) if self.base is not None else None

    def known(self, use: str) -> list[str]:
        own = [self.ROLL, self.CUT, self.RESULT] if use == "step" else []
        own += [self.COUNT + c + self.OF for c in self.counts.values()] if use == "step" else []
        return [*own, *(self.base.known(use) if self.base is not None else [])]


def check_steps(words: Any, checks: list[Any]) -> Any:
    """``words`` with a check's steps before them (``words`` itself when no check is declared)."""
    if not checks:
        return words
    return CheckStep(words, {c.name for check in checks for c in check.counts})


def _judged(game: Any, cuts: bool) -> Any:
    """The dice as they stand, judged by the check: with its cuts, or none left to make."""
    check = game.check
    setting = check.setting(**game.state.inputs)
    if not cuts:
        setting = dataclasses.replace(setting, keeps=())
    return check.settle(setting, game.state.dice)


def _roll(game: Any) -> None:
    game.push_run(ROLL_PIECE)  # a piece: the table may be asked for the dice


def _cut(game: Any) -> None:
    st = game.state
    for before, after in _judged(game, True).steps:
        if after is None:
            st.dice.remove(before)
        else:
            st.dice[0] = after
        game.emit(CheckEvent.DIE_CUT, before=before, after=after, dice=list(st.dice))


def _result(game: Any) -> None:
    st = game.state
    check = game.check
    st.score = check.score_of(_judged(game, False), 0, 0)
    st.band = check.band(st.score) if check.table is not None else None
    game.emit(CheckEvent.RESULT, score=st.score, band=st.band)


def count_now(game: Any, name: str, cuts: bool = False) -> int:
    """The check's count ``name`` on the dice as they stand (``cuts``: the cuts still to make
    made first)."""
    names = [c.name for c in game.check.counts]
    return int(_judged(game, cuts).counts[names.index(name)])


def _count(name: str) -> Callable[[Any], None]:
    def count(game: Any) -> None:
        value = game.state.counts[name] = count_now(game, name)
        game.emit(CheckEvent.COUNTED, count=name, value=value)

    return count


@dataclass
class CheckState:
    """One roll of ``check`` by ``who`` with ``inputs``, holding ``numbers``; ``about``: the
    table's words for it (plain data a ruleset's prompts read); ``label``: what the dice are
    rolled for, as the table is asked for them."""

    who: str
    check: str
    inputs: dict[str, int]
    numbers: dict[str, int]
    label: str
    rng: GameRandom
    about: dict[str, Any] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)
    rolled: list[int] = field(default_factory=list)
    score: int | None = None
    band: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # by the answer that asked it
    taken_names: list[str] = field(default_factory=list)  # no name given may be one of them
    taken: str | None = None  # the last answer taken
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class CheckPieces:
    """The pieces of a check's game: its dice rolled, which die to raise asked, more dice
    rolled (``Part(CheckPieces)``); in pieces, so the table's dice can be asked."""

    def __init__(self, game: Any) -> None:
        self.game = game

    @piece(ROLL_PIECE)
    def roll_the_check(self, ctx: Context) -> None:
        game = self.game
        st = game.state
        dice = game.check.setting(**st.inputs).dice
        st.dice = game.roll_dice(game.check.sides, dice, st.label)
        st.rolled = list(st.dice)

    @piece(BUY_PIECE)
    def roll_more_dice(self, ctx: Context, answer: str) -> None:
        game = self.game
        st = game.state
        spend: SpendAnswer = game.ruleset.vocabulary.world.measures[answer.casefold()]
        cost, more = spend.price(game) or (0, 0)
        st.numbers[spend.number] -= cost
        for face in game.roll_dice(game.check.sides, more, "an extra die"):
            st.dice.append(face)
            st.rolled.append(face)
            game.emit(CheckEvent.DIE_BOUGHT, face=face, held=st.numbers[spend.number])

    @piece(RAISE_PIECE)
    def raise_a_die(self, ctx: Context, answer: str) -> Generator[Decision, Any, None]:
        game = self.game
        st = game.state
        spend: SpendAnswer = game.ruleset.vocabulary.world.measures[answer.casefold()]
        cost, pips = spend.price(game) or (0, 0)
        sides = game.check.sides
        options = [
            raise_option(i, f, min(sides, f + pips)) for i, f in enumerate(st.dice) if f < sides
        ]
        faces = " ".join(str(f) for f in st.dice)
        picked = yield ctx.question(
            CheckDecision.RAISE_WHICH_DIE, options, f"Dice {faces}: raise which die?", st.who
        )
        index = int(str(picked).split()[2]) - 1
        before = st.dice[index]
        st.numbers[spend.number] -= cost
        st.dice[index] = after = min(sides, before + pips)
        game.emit(
            CheckEvent.DIE_RAISED,
            die=index + 1,
            before=before,
            after=after,
            held=st.numbers[spend.number],
        )


class CheckGame(FlatState, ProcedureWalker, Machine):
    """A procedure walked over one roll of a check, put to ``state.who``."""

    state_type = CheckState
    rolling = Part(CheckPieces)  # the dice rolled, which die to raise asked
    naming = Part(MarkPieces)  # a name asked by an answer (``dsl.world.owed``)

    def __init__(self, ruleset: Any, state: CheckState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    @property
    def check(self) -> Any:
        return self.ruleset.checks[self.state.check]

    def observation(self, who: str | None = None) -> dict[str, Any]:
        return {"dice": list(self.state.dice), "numbers": dict(self.state.numbers)}

    def offer_who(self, step: ProcedureStep) -> str | None:
        return self.state.who or None


def new_check_game(
    ruleset: Any,
    phase: str,
    *,
    check: str,
    inputs: Mapping[str, int],
    numbers: Mapping[str, int],
    who: str = "",
    label: str = "",
    about: Mapping[str, Any] | None = None,
    seed: int = 0,
    dice: list[int] | None = None,
    table_dice: bool = False,
    taken_names: list[str] | tuple[str, ...] = (),
) -> CheckGame:
    """``phase`` of ``ruleset`` walked over a roll of ``check``; ``dice`` scripts the faces
    (tests, or the faces a table typed), ``table_dice`` asks the table for the rest."""
    if check not in ruleset.checks:
        raise KeyError(f"the ruleset declares no check {check!r}")
    state = CheckState(
        who=who,
        check=check,
        inputs=dict(inputs),
        numbers=dict(numbers),
        label=label or check,
        rng=GameRandom(seed),
        about=dict(about or {}),
        dice_script=list(dice or []),
        table_dice=table_dice,
        taken_names=list(taken_names),
    )
    game = CheckGame(ruleset, state)
    game.start_phase(phase)
    return game
