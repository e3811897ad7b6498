"""The parsed card text: frozen dataclasses, every node with the ``Span`` it came from.

The parser gives structure only (files, declarations, cards, fields, sentences); words stay as
written. The checker binds them against the ruleset's vocabulary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from dsl.runtime import Span

AtomKind = Literal["word", "number", "string", "range", "int range", "open range", "comma"]


@dataclass(frozen=True, slots=True)
class Atom:
    """One token of a field value or a sentence: a word, number, quoted string, range or comma.

    ``text`` is the value without quotes for strings (escapes resolved), as written otherwise.
    """

    kind: AtomKind
    text: str
    span: Span

    @property
    def folded(self) -> str:
        return self.text.casefold()


@dataclass(frozen=True, slots=True)
class Name:
    """A declared name: a bare word or a quoted multi-word name."""

    text: str
    quoted: bool
    span: Span


# ---- header and vocabulary ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RulesetDecl:
    name: str
    version: str
    span: Span


@dataclass(frozen=True, slots=True)
class PrimitivesDecl:
    module: str
    span: Span


@dataclass(frozen=True, slots=True)
class LibraryDecl:
    """``library "winters"``: a folder of ``.rules`` files read before the ruleset's own."""

    name: Name
    span: Span


@dataclass(frozen=True, slots=True)
class Member:
    """One word of a category: ``north "the North"`` (a title), ``dusk 2`` (a number),
    ``"action point" (alias AP)`` (aliases)."""

    name: Name
    title: str | None
    number: int | None
    aliases: tuple[Name, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CategoryDecl:
    """``resources are d6 dice kept at places: ember, frost``: a category of words, the shape
    the language reads them as and its options (``shape``, as written: the checker reads them),
    and its members (none for ``locations are places``). ``plural``: written with "are"."""

    name: Name
    plural: bool
    shape: tuple[Atom, ...]
    members: tuple[Member, ...]
    span: Span
    # what a declared number's block holds ("At 0: Roll the curse die."): its texts
    texts: tuple[Field | Block | Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class MembersDecl:
    """``card tags: Jewelry, Companion``: more members of a category declared elsewhere."""

    name: Name
    members: tuple[Member, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class AliasDecl:
    alias: Name
    target: Name
    span: Span


@dataclass(frozen=True, slots=True)
class RelationDecl:
    """``relation trade: ember -> frost, moss``: where one member of a category leads."""

    name: Name
    source: Name
    targets: tuple[Name, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class VerbDecl:
    """``verb "roll and place" -> roll_and_place``: words bound to a primitive's name."""

    words: Name
    function: Name
    span: Span


@dataclass(frozen=True, slots=True)
class TriggerDecl:
    """``trigger "Spring end" on season end spring``; ``usage`` is activated/played/on."""

    label: Name
    usage: Literal["activated", "played", "on"]
    words: tuple[Name, ...]
    once_per_turn: bool
    span: Span
    kinds: tuple[Name, ...] = ()  # "for monster, relic": the card kinds the engine tells of it


@dataclass(frozen=True, slots=True)
class ValueDecl:
    """``value hard = -1``: a number the rules state; ``plus`` when written with its sign
    (``easy = +1``), so the formatter keeps it; ``in 1..`` the range the engine can honour
    (the checker holds the number to it)."""

    name: str
    value: int
    span: Span
    plus: bool = False
    low: int | None = None  # ``in 1..``: the least the engine honours (``None``: no range)
    high: int | None = None  # ``in 0..5``: the most (``None``: no upper bound)


@dataclass(frozen=True, slots=True)
class TableRow:
    """``1-2: condition "Bruised Ribs"`` (``high`` is None for an open range like ``121+``)."""

    low: int
    high: int | None
    kind: Name | None
    result: Name
    span: Span


@dataclass(frozen=True, slots=True)
class TableDecl:
    """A table looked up by a die roll (``roll d6``) or by a count (``by "score"``)."""

    name: Name
    key: Literal["roll", "by"]
    key_text: str
    rows: tuple[TableRow, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class MapPlace:
    card: Name  # the place card it puts on the map
    preposition: str
    x: int
    y: int
    span: Span


@dataclass(frozen=True, slots=True)
class MapDecl:
    name: Name
    places: tuple[MapPlace, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class KindField:
    """One line of a ``kind`` declaration: field name words, type words, range, ``optional``."""

    words: tuple[Atom, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class KindDecl:
    kind: Name
    fields: tuple[KindField, ...]
    span: Span


# ---- cards -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Field:
    """``skill lore`` or ``enters Forest, else Ruin``: words, bound by the checker."""

    atoms: tuple[Atom, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Phrase:
    """A run of atoms: a clause, a condition, or what an ``Instead of`` replaces."""

    atoms: tuple[Atom, ...]
    span: Span

    @property
    def text(self) -> str:
        return phrase_text(self.atoms)


SentenceMode = Literal["do", "instead", "may", "may not"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence ending with ``.``.

    ``then`` when it starts with "Then"; ``condition`` the words after "If"; ``mode``: ``do``
    (a plain statement), ``instead`` (``replaced`` holds what it replaces), ``may`` (optional,
    or a permission when standing alone), ``may not`` (a restriction). ``alternatives`` are the
    clauses joined by ", or" (one clause when there is no choice).
    """

    then: bool
    condition: Phrase | None
    mode: SentenceMode
    replaced: Phrase | None
    alternatives: tuple[Phrase, ...]
    span: Span
    may: bool = False  # "Instead of ..., may ...": the replacement is optional


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    sentences: tuple[Sentence, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Choice:
    """``Choose one: "Stay": ... "Abandon": ...``."""

    then: bool
    condition: Phrase | None
    options: tuple[Option, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Label:
    """The trigger or cost before an effect: ``Tap:`` or ``When this enters play,``."""

    text: str
    comma: bool
    span: Span


@dataclass(frozen=True, slots=True)
class Effect:
    """An ability or a standing rule: an optional label, then sentences (and a final choice)."""

    label: Label | None
    sentences: tuple[Sentence | Choice, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Block:
    """A nested side of a card: ``developed { ... }``."""

    name: Atom
    items: tuple[Field | Block | Effect, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Card:
    kind: Name
    name: Name
    items: tuple[Field | Block | Effect, ...]
    span: Span


# ---- the game's procedure ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ForEach:
    """``for each player in turn order,``: the step runs once per thing, in order."""

    noun: tuple[Atom, ...]
    turn_order: bool
    span: Span
    order_of: tuple[Atom, ...] = ()  # "in order of speed": a number of each, highest first


@dataclass(frozen=True, slots=True)
class Offer:
    """``buy a die only if a die can be bought``: one option of an ``offer`` step, the words
    of its primitive and of the condition that must hold for it to be offered."""

    words: tuple[Atom, ...]
    only_if: tuple[Atom, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class StepBody:
    """What a step does: ``form`` is ``play`` (``target`` a phase, ``until`` a condition's
    words or ``times`` a count), ``act`` (players act in any order until all pass), ``do``
    (``words`` name a ruleset primitive), ``offer`` (a question whose options are ``offers``,
    asked again until done when ``again``, with no "pass" when ``required``) or ``sentences``
    (card sentences)."""

    form: Literal["play", "act", "do", "offer", "sentences"]
    span: Span
    each: ForEach | None = None
    target: Name | None = None
    until: tuple[Atom, ...] = ()
    words: tuple[Atom, ...] = ()
    sentences: tuple[Sentence, ...] = ()
    times: Atom | None = None  # ``play "Turn" 3 times``
    offers: tuple[Offer, ...] = ()
    again: bool = False  # ``again until done``
    required: bool = False  # ``one must be taken``: no "pass"
    only_if: tuple[Atom, ...] = ()  # ``play "Turn" only if <condition>``: played when it holds


@dataclass(frozen=True, slots=True)
class Step:
    """``Draw: Each player draws 1 card.``: a titled step; ``setup``/``teardown`` are titles too."""

    title: Label
    body: StepBody
    span: Span


@dataclass(frozen=True, slots=True)
class Note:
    """``note ...``: a line of the rulebook printed with the phase, never run."""

    atoms: tuple[Atom, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class ProcedureDecl:
    """``procedure "Turn" { ... }``: a named phase, its steps in order."""

    name: Name
    items: tuple[Step | Note, ...]
    span: Span


# ---- checks and dice (dsl/dice/): check "Name" { ... } and ladder "Name" { ... } -----------------


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """One term of a number in a check: a written number, a name (an input, a declared value,
    "the difficulty") or "2 times magic"; ``sign`` is +1 or -1, ``the`` when written with it."""

    sign: int
    number: int | None
    name: str | None
    span: Span
    the: bool = False
    by: str | None = None  # "pips per cut times hindrance": the value the name is multiplied by


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A number in a check: terms added or taken away (``level + advantages``)."""

    terms: tuple[DiceTerm, ...]
    span: Span


FaceTestKind = Literal["showing", "or more", "or less", "above", "below"]


@dataclass(frozen=True, slots=True)
class FaceTest:
    """Which faces a die rule or a count takes: ``showing 6``, ``at target or more``..."""

    kind: FaceTestKind
    value: DiceExpr
    span: Span


CompareKind = Literal["equal", "at least", "at most", "above", "below", "or more", "or less"]
ConditionKind = Literal["measure", "any die", "no die", "every die"]


@dataclass(frozen=True, slots=True)
class CheckCondition:
    """``the score is below the difficulty`` (``measure``, ``compare``, ``value``) or ``a die
    shows 6`` / ``no die shows 1`` / ``every die shows 6`` (``value`` the face)."""

    kind: ConditionKind
    value: DiceExpr
    span: Span
    measure: str = ""
    the: bool = False
    compare: CompareKind = "equal"


@dataclass(frozen=True, slots=True)
class CheckInput:
    """``difficulty 1..10`` or ``advantages 0..12 usually 0``."""

    name: str
    low: int
    high: int
    span: Span
    usually: int | None = None


@dataclass(frozen=True, slots=True)
class CheckInputs:
    inputs: tuple[CheckInput, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CheckLike:
    """``rolls like "Complex"``: the dice and scoring of another check."""

    other: Name
    span: Span


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """``roll reference + advantages d6``."""

    count: DiceExpr
    sides: int
    span: Span


@dataclass(frozen=True, slots=True)
class CheckKeep:
    """``cut the highest cuts`` / ``keep the lowest 2``."""

    keep: bool
    highest: bool
    count: DiceExpr
    span: Span


@dataclass(frozen=True, slots=True)
class CheckLastDie:
    """``past the last die, each cut takes 1 pips off it``."""

    pips: DiceExpr
    span: Span


@dataclass(frozen=True, slots=True)
class CheckDieRule:
    """``each die at target or more: +1``, ``each bonus die showing 6: roll a bonus die``:
    ``points`` (``plus`` when written with its sign) or ``explode``."""

    bonus: bool
    test: FaceTest
    points: int | None
    explode: bool
    span: Span
    plus: bool = False


ScoreKind = Literal["highest", "lowest", "sum", "points"]


@dataclass(frozen=True, slots=True)
class CheckScore:
    """``score the highest die`` / ``the lowest die`` / ``the sum of the dice`` / ``the points``,
    and a number added to it (``+ speed - penalty``; ``None``: nothing)."""

    kind: ScoreKind
    span: Span
    plus: DiceExpr | None = None


@dataclass(frozen=True, slots=True)
class CheckCount:
    """``count hits: dice at hit on or more`` (``rolled``: the dice as rolled, before cuts)."""

    name: str
    rolled: bool
    test: FaceTest
    span: Span


@dataclass(frozen=True, slots=True)
class CheckConfirm:
    """``, confirmed by another die showing 6 when the difficulty is 6 or more``."""

    test: FaceTest
    when: CheckCondition | None
    span: Span


@dataclass(frozen=True, slots=True)
class CheckOutcome:
    """``outcome failure if the score is below the difficulty`` or ``outcome success otherwise``."""

    name: str
    conditions: tuple[CheckCondition, ...]
    span: Span
    confirm: CheckConfirm | None = None


@dataclass(frozen=True, slots=True)
class CheckOutcomeTable:
    """``outcomes from table "result"``: the band is the table's row for the score."""

    table: Name
    span: Span


@dataclass(frozen=True, slots=True)
class CheckWhen:
    """A modifier: ``when favour is above peril: roll 1 more die, then cut the lowest 1``."""

    condition: CheckCondition
    more: DiceExpr
    span: Span
    then: CheckKeep | None = None


@dataclass(frozen=True, slots=True)
class CheckLadder:
    """``difficulty changes reference by ladder "Difficulty"``: an input naming a step."""

    name: str
    changes: str
    ladder: Name
    span: Span
    reversed: bool = False  # ", reversed": each step's change is taken away instead


@dataclass(frozen=True, slots=True)
class CheckRepeat:
    """``repeat until an outcome holds, each roll taking 1 hour``."""

    span: Span
    time: int | None = None
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class CheckFrom:
    """``skill from the actor's talents or traits``: an input read from a sheet,
    the rank of the member the table names in one of these fields of the actor's (or the
    target's) card."""

    input: str
    who: str  # "actor" or "target", as written before "'s"
    fields: tuple[str, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CheckJudge:
    """``judge backlash: severe if ones is at least 2 times power, mild if ones is
    power``: a judgement once the check ends, each band's conditions on the final measures."""

    name: str
    bands: tuple[CheckOutcome, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CheckCost:
    amount: int
    what: str
    span: Span


@dataclass(frozen=True, slots=True)
class CheckReroll:
    """``re-roll once by luck, paying 1 luck`` / ``re-roll again and again by a bargain,
    paying 1 doom``: a way to roll the check again, what it costs (any one of the costs),
    and whether it may be taken after another re-roll (``again``)."""

    way: str
    again: bool
    costs: tuple[CheckCost, ...]
    span: Span
    a: bool = False  # written "by a bargain"


@dataclass(frozen=True, slots=True)
class CheckSpend:
    """``spend 1: raise a die by 1`` / ``spend 2: roll 1 more die``: what the roller may buy
    with points after seeing the dice (``raise``: one die by ``amount`` pips; else ``amount``
    more dice)."""

    cost: DiceExpr
    raise_die: bool
    amount: DiceExpr
    span: Span


CheckClause = (
    Note
    | CheckSpend
    | CheckFrom
    | CheckJudge
    | CheckReroll
    | CheckInputs
    | CheckLike
    | CheckRoll
    | CheckKeep
    | CheckLastDie
    | CheckDieRule
    | CheckScore
    | CheckCount
    | CheckOutcome
    | CheckOutcomeTable
    | CheckWhen
    | CheckLadder
    | CheckRepeat
)


@dataclass(frozen=True, slots=True)
class CheckDecl:
    """``check "Complex" { ... }``: a roll of dice declared clause by clause (dsl/dice/)."""

    name: Name
    clauses: tuple[CheckClause, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class LadderStep:
    """``very easy: +3``: a step of a ladder and what it adds to the input it changes."""

    name: str
    change: int
    span: Span
    plus: bool = False


@dataclass(frozen=True, slots=True)
class LadderDecl:
    """``ladder "Difficulty" { ... }``: named steps in order, each a change of a number."""

    name: Name
    steps: tuple[LadderStep, ...]
    span: Span


Declaration = (
    RulesetDecl
    | PrimitivesDecl
    | LibraryDecl
    | CategoryDecl
    | MembersDecl
    | AliasDecl
    | RelationDecl
    | VerbDecl
    | TriggerDecl
    | ValueDecl
    | TableDecl
    | MapDecl
    | KindDecl
    | ProcedureDecl
    | CheckDecl
    | LadderDecl
    | Card
)


@dataclass(frozen=True, slots=True)
class RulesFile:
    """One parsed ``.rules`` file."""

    path: str
    forms: tuple[Declaration, ...]
    span: Span


def clauses(atoms: Sequence[Atom]) -> list[list[Atom]]:
    """The atoms between commas: ``paid from stats, 3 points each`` is two clauses."""
    parts: list[list[Atom]] = [[]]
    for atom in atoms:
        if atom.kind == "comma":
            parts.append([])
        else:
            parts[-1].append(atom)
    return parts


def phrase_text(atoms: tuple[Atom, ...] | list[Atom]) -> str:
    """The atoms written back as words: strings quoted, no space before commas."""
    out: list[str] = []
    for atom in atoms:
        if atom.kind == "comma":
            out.append(",")
            continue
        word = quote(atom.text) if atom.kind == "string" else atom.text
        out.append(word if not out else " " + word)
    return "".join(out)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
