"""``chronicler delve ...``: the table companion's checks for Delve, each recorded in the
journal's log as one entry of the expedition (a campaign of the ruleset ``delve``).

``delve join CARD`` puts a model in the expedition from its sheet (a model card); ``delve check
CHECK WHO`` makes a check of any type the text declares by a character or an adversary, its
reference value and obstacle read from the sheets (``--skill``, ``--against``) or given;
``delve luck``, ``delve deal`` and ``delve push`` re-roll the last check (or ``--entry N``) by
luck, a dark deal or a push, paying what the check's text says. The dice come from the
generator (``--seed``) or are typed from the table (``--dice 5,3,1``; a die not given is asked
at a terminal). A refusal (no luck left, a second re-roll) is one line, exit 1, and nothing is
written; ``chronicler undo`` takes back the last entry."""

from __future__ import annotations

import random
import secrets
from dataclasses import replace
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.errors import ChroniclerError, UsageError
from journal.commands import CampaignName, Db, JsonOut, _journal, print_json
from journal.limits import SEED_MAX

console = Console(highlight=False, soft_wrap=True)

delve_app = typer.Typer(
    help=(
        "Delve at the table: models join an expedition from their sheets, make checks, and "
        "re-roll them by luck, a dark deal or a push; each recorded in the journal.\n\n"
        "Example: chronicler delve check Complex 'Wenna Ashgrove' --skill melee --against "
        "'Tunnel Rat' --target-skill defense --dice 5,4,1"
    ),
    no_args_is_help=True,
)

Dice = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="The faces the table's dice showed, in order (5,3,1); a die more is asked.",
        show_default=False,
    ),
]
Note = Annotated[
    str | None,
    typer.Option("--note", help="What happened, in your words (Markdown), shown in the story."),
]
Seed = Annotated[
    int | None,
    typer.Option("--seed", min=0, max=SEED_MAX, help="Roll with the generator from this seed."),
]
EntryNumber = Annotated[
    int | None,
    typer.Option("--entry", min=1, help="The check to re-roll (default: the last one)."),
]


class TableDice:
    """Dice for a check: the faces typed (``--dice``), then, at a terminal, asked one by one;
    without ``--dice``, the generator (seeded by ``--seed``)."""

    def __init__(self, typed: str | None, seed: int | None) -> None:
        self.typed: list[int] | None = None
        if typed is not None:
            try:
                self.typed = [int(part) for part in typed.replace(" ", "").split(",") if part]
            except ValueError:
                raise UsageError(f"--dice {typed!r}: write the faces as 5,3,1") from None
        self.random = random.Random(seed if seed is not None else secrets.randbits(64))

    def roll_dice(self, sides: int, count: int, why: str) -> list[int]:
        from journal.prompting import ask, interactive

        faces = []
        for _ in range(count):
            if self.typed is None:
                faces.append(self.random.randint(1, sides))
                continue
            if self.typed:
                face = self.typed.pop(0)
            elif interactive():
                answer = ask(
                    f"{why}: the face of a d{sides}", [str(f) for f in range(1, sides + 1)]
                )
                face = int(answer)
            else:
                raise UsageError(f"--dice gave too few faces: {why} rolls one more d{sides}")
            if not 1 <= face <= sides:
                raise UsageError(f"--dice: {face} is not a face of a d{sides}")
            faces.append(face)
        return faces

    def done(self) -> None:
        if self.typed:
            raise UsageError(
                f"--dice gave {len(self.typed)} face(s) more than the check rolled: "
                f"{','.join(map(str, self.typed))}"
            )


def _inputs(given: list[str] | None) -> dict[str, int | str]:
    found: dict[str, int | str] = {}
    for item in given or []:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name or not raw:
            raise UsageError(f"--input {item!r}: write NAME=VALUE, such as --input obstacle=3")
        found[name] = int(raw) if raw.lstrip("-").isdigit() else raw
    return found


def _ask_input(name: str, low: int, high: int) -> int:
    from journal.prompting import ask

    return int(ask(f"{name} ({low}..{high})", [str(n) for n in range(low, high + 1)]))


def _record(
    db: str | None,
    campaign: str,
    verb: str,
    make: Any,
    dice: TableDice | None,
    joins: bool = False,
    note: str | None = None,
) -> Any:
    """Record the entry ``make(expedition, rules)`` drafts, in one transaction (nothing is
    written when it refuses); returns the entry written. ``joins``: the model the entry is
    about becomes one of the campaign's characters (the ledger's, as a bundle names them)."""
    from journal import log
    from journal.delve import keeper

    def work(s: Any) -> Any:
        from journal import ledger

        row = ledger.get_campaign(s, campaign)
        if row.ruleset != "delve":
            raise ChroniclerError(
                f"{row.name!r} plays {row.ruleset}, not Delve; these verbs are for a campaign "
                "started with 'chronicler campaign start NAME --ruleset delve'"
            )
        rules = keeper.rules_of(row)

        def drafted(state: Any) -> Any:
            draft = make(state, rules)
            if dice is not None:
                dice.done()
            return replace(draft, text=note) if note else draft

        entry = log.record(s, row.name, verb, drafted)
        if joins and entry.who:
            ledger.ensure_character(s, row, entry.who)
        return entry

    with _journal(db, create=False) as journal:
        entry = journal.write(work)
    return entry


def _told(entry: Any, as_json: bool) -> None:
    if as_json:
        print_json(
            {"entry": entry.number, "kind": entry.kind, "summary": entry.summary,
             "payload": entry.payload}
        )  # fmt: skip
        return
    console.print(f"{entry.number}. {escape(entry.summary)}")


@delve_app.command("join")
def join(
    card: Annotated[str, typer.Argument(help="The model card of the sheet (its name).")],
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            help="party or adversary (default: by its type: minions to champions and "
            "nemeses are adversaries).",
        ),
    ] = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """A model joins the expedition from its sheet, with the luck and fate points it holds
    (several adversaries of one sheet come in as copies the text makes at an encounter's setup:
    'delve encounter start --adversary "Tunnel Rat=3"').

    Example: chronicler delve join 'Tunnel Rat'"""
    from journal.delve import expedition
    from journal.delve.payloads import Side

    if side is not None and side not in ("party", "adversary"):
        raise UsageError(f"--side {side!r}: party or adversary")
    chosen = Side(side) if side is not None else None
    entry = _record(
        db,
        campaign,
        "delve join",
        lambda state, rules: expedition.joins(state, rules, card, None, chosen),
        None,
        joins=True,
    )
    _told(entry, as_json)


@delve_app.command("check")
def check(
    check_name: Annotated[str, typer.Argument(metavar="CHECK", help="Basic, Complex, ...")],
    who: Annotated[str, typer.Argument(help="The model making it (as it joined).")],
    skill: Annotated[
        str | None,
        typer.Option("--skill", help="The skill or characteristic: the reference value."),
    ] = None,
    against: Annotated[
        str | None, typer.Option("--against", help="The model it is made against (opposed).")
    ] = None,
    target_skill: Annotated[
        str | None,
        typer.Option("--target-skill", help="The target's skill (default: the same as --skill)."),
    ] = None,
    given: Annotated[
        list[str] | None,
        typer.Option("--input", help="An input of the check, NAME=VALUE (again for each)."),
    ] = None,
    dice: Dice = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Make a check of any type the text declares, by a character or an adversary.

    The reference value is WHO's rank in --skill; against a model (--against), the obstacle is
    that model's rank in --target-skill (or the same skill); else give it: --input obstacle=3.
    Difficulty, favour, peril and steps are inputs too (--input difficulty=hard). An input not
    given is asked at a terminal.

    Example: chronicler delve check Basic 'Wenna Ashgrove' --input obstacle=4 --dice 5"""
    from journal.delve import expedition
    from journal.prompting import interactive

    table = TableDice(dice, seed)
    inputs = _inputs(given)
    entry = _record(
        db,
        campaign,
        "delve check",
        lambda state, rules: expedition.check(
            state,
            rules,
            check_name,
            who,
            member=skill,
            against=against,
            against_member=target_skill,
            given=inputs,
            roller=table,
            ask=_ask_input if interactive() else None,
        ),
        table,
        note=note,
    )
    _told(entry, as_json)


def _reroll(
    way: str, pay: str | None, entry_number: int | None, dice: str | None, seed: int | None,
    db: str | None, campaign: str, as_json: bool, note: str | None = None,
) -> None:  # fmt: skip
    from journal.delve import expedition

    table = TableDice(dice, seed)
    entry = _record(
        db,
        campaign,
        f"delve {way}",
        lambda state, rules: expedition.reroll(
            state, rules, way, of=entry_number, pay=pay, roller=table
        ),
        table,
        note=note,
    )
    _told(entry, as_json)


@delve_app.command("luck")
def luck(
    entry_number: EntryNumber = None,
    dice: Dice = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Spend a luck point: re-roll the last check (one re-roll a check; the new result stands).

    Example: chronicler delve luck --dice 6,4,4"""
    _reroll("luck", None, entry_number, dice, seed, db, campaign, as_json, note)


@delve_app.command("deal")
def deal(
    entry_number: EntryNumber = None,
    dice: Dice = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Take a dark deal: suffer corruption and re-roll the last check (a deal may follow any
    re-roll, a deal too).

    Example: chronicler delve deal --entry 4"""
    _reroll("dark deal", None, entry_number, dice, seed, db, campaign, as_json, note)


@delve_app.command("push")
def push(
    fatigue: Annotated[
        bool, typer.Option("--fatigue", help="Suffer fatigue (default: stress).")
    ] = False,
    entry_number: EntryNumber = None,
    dice: Dice = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Push: suffer stress (or --fatigue) and re-roll the last check.

    Example: chronicler delve push --fatigue"""
    pay = "fatigue" if fatigue else "stress"
    _reroll("push", pay, entry_number, dice, seed, db, campaign, as_json, note)


@delve_app.command("show")
def show(db: Db = None, campaign: CampaignName = "", as_json: JsonOut = False) -> None:
    """Where the expedition stands: each model with its luck, fate, corruption, stress and
    fatigue, and the checks made.

    Example: chronicler delve show"""
    from journal import ledger
    from journal.delve import keeper

    with _journal(db, create=False) as journal, journal.reading() as s:
        row = ledger.get_campaign(s, campaign)
        if as_json:
            found: Any = keeper.KEEPER.shown_json(s, row, None)
        else:
            found = keeper.standing_lines(keeper.told(ledger.entries(s, row)))
    if as_json:
        print_json(found)
        return
    for line in found:
        console.print(escape(line))


# ---- an encounter ------------------------------------------------------------------------------

encounter_app = typer.Typer(
    help=(
        "Run an encounter at the table: the text's turn sequence (rules/delve/encounters.rules) "
        "played step by step; the GM answers each model's activation, gives conditions, spends "
        "momentum and threat, routs adversaries. Each step is one entry of the log.\n\n"
        "Example: chronicler delve encounter start --adversary 'Tunnel Rat' --dice 5,2,3"
    ),
    no_args_is_help=True,
)
StepDice = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="The faces of the dice the step rolls (initiative at a round's start), in order; "
        "at a terminal, a die not given (and no --seed) is asked.",
        show_default=False,
    ),
]


Declare = Annotated[
    list[str] | None,
    typer.Option(
        "--declare",
        help="WHO=ACTION: the action a model declares when the round's declarations come up "
        "in this step (again for each; a model not named declares none, modifier 0).",
        show_default=False,
    ),
]


def _declared(declare: list[str] | None) -> dict[str, str]:
    """--declare WHO=ACTION, each: the declarations by the model's name."""
    found: dict[str, str] = {}
    for given in declare or []:
        who, sep, action = given.partition("=")
        if not sep or not who.strip() or not action.strip():
            raise UsageError(f"--declare {given!r}: write the model and its action, WHO=ACTION")
        found[who.strip()] = action.strip()
    return found


def _counted(given: list[str] | None) -> tuple[list[str], dict[str, int]]:
    """--adversary NAME or NAME=N, each: the sheets that come in, and for those with N, the
    copies of it the text makes (N-1)."""
    names: list[str] = []
    copies: dict[str, int] = {}
    for each in given or []:
        name, sep, count = each.rpartition("=") if "=" in each else (each, "", "")
        name = name.strip()
        if sep and (not name or not count.strip().isdigit() or not 1 <= int(count) <= 1000):
            raise UsageError(f"--adversary {each!r}: write NAME or NAME=N, N at least 1")
        names.append(name)
        if sep and int(count) > 1:
            copies[name] = int(count) - 1
    return names, copies


def _ranks(given: list[str] | None) -> dict[str, int]:
    """--precedence WHO=N, each: the precedence the GM gives each model named."""
    found: dict[str, int] = {}
    for each in given or []:
        who, sep, rank = each.partition("=")
        if not sep or not who.strip() or not rank.strip().isdigit() or int(rank) > 1000:
            raise UsageError(f"--precedence {each!r}: write the model and a number, WHO=N (0-1000)")
        found[who.strip()] = int(rank)
    return found


def _ask_face(what: str, sides: int) -> int:
    """At a terminal: the face of one die the step rolls (a face it does not have is asked
    again; Ctrl-C writes nothing)."""
    from journal.prompting import ask

    return int(ask(f"{what}: the face of a d{sides}", [str(f) for f in range(1, sides + 1)]))


def _faces(dice: str | None, seed: int | None, declare: list[str] | None = None) -> Any:
    """A step's dice: --dice typed, then the rest asked at a terminal; --seed, the generator.
    Neither: asked at a terminal, the generator's from a script."""
    from journal.delve.encounter import Faces
    from journal.prompting import interactive

    typed = TableDice(dice, seed).typed
    asked = interactive() and seed is None
    if typed is None and asked:
        typed = []  # every die the step rolls is asked
    return Faces(
        typed=typed,
        seed=seed if seed is not None else secrets.randbits(64),
        ask=_ask_face if asked else None,
        declare=_declared(declare),
    )


def _encounter_step(
    verb: str, make: Any, note: str | None, db: str | None, campaign: str, as_json: bool
) -> None:
    entry = _record(db, campaign, f"delve encounter {verb}", make, None, note=note)
    if as_json:
        payload = {k: v for k, v in entry.payload.items() if k != "game"}
        print_json({"entry": entry.number, "kind": entry.kind, "summary": entry.summary,
                    "payload": payload})  # fmt: skip
        return
    console.print(f"{entry.number}. {escape(entry.summary)}")
    for line in entry.payload.get("told", []):
        console.print(f"   {escape(line)}")


def _ask_adversaries(question: str, theirs: list[str]) -> list[str]:
    """At a terminal: each adversary of the expedition, yes or no (Ctrl-C: nothing written)."""
    from rich.prompt import Confirm

    from journal.prompting import say

    say(question)
    try:
        return [name for name in theirs if Confirm.ask(f"  {escape(name)}?", console=console)]
    except EOFError:
        raise UsageError(f"no answer was given to: {question}") from None


def _ask_copies(sheet: str, most: int) -> int:
    """At a terminal: how many copies of a sheet brought in the text makes (0 to its most)."""
    from journal.prompting import ask

    return int(ask(f"How many copies of {sheet}? (0 to {most})", [str(n) for n in range(most + 1)]))


@encounter_app.command("start")
def encounter_start(
    fortune: Annotated[
        int, typer.Option("--fortune", min=0, max=1000, help="The company's fortune pool.")
    ] = 0,
    surprise: Annotated[
        str, typer.Option("--surprise", help="Who is surprised: none, company or adversaries.")
    ] = "none",
    adversary: Annotated[
        list[str] | None,
        typer.Option(
            "--adversary",
            help="An adversary of the expedition that comes in, NAME or NAME=N (N of its sheet: "
            "it and N-1 copies the text makes, 'Tunnel Rat 2'...); again for each; asked at a "
            "terminal when none is named (which, then how many copies of each).",
            show_default=False,
        ),
    ] = None,
    precedence: Annotated[
        list[str] | None,
        typer.Option(
            "--precedence",
            help="WHO=N: the model's precedence among those equal on initiative (the text's "
            "order: score, then Initiative, then precedence, higher first); again for each.",
            show_default=False,
        ),
    ] = None,
    dice: StepDice = None,
    declare: Declare = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Begin an encounter with the expedition's company: the text's setup brings in the
    adversaries the GM names (--adversary, any number of those that joined; NAME=N: its sheet and
    N-1 copies the text's next step makes, named 'Tunnel Rat 2'...), the surprised side's
    henchmen and followers, or minions, hold Surprised (the text's setup), momentum starts at
    the fortune (not for a surprised company), the adversary pool at the adversaries' shares (not
    when they are surprised); the first round's initiative is rolled and the first activation
    comes up.

    Example: chronicler delve encounter start --adversary 'Tunnel Rat' --fortune 2 --dice 5,2,3"""
    from journal.delve import encounter
    from journal.prompting import interactive

    faces = _faces(dice, seed, declare)
    ranks = _ranks(precedence)
    named, copies = _counted(adversary)
    asking = _ask_adversaries if interactive() and not adversary else None
    make = lambda state, rules: encounter.start(  # noqa: E731
        state, rules, fortune=fortune, surprise=surprise, faces=faces,
        adversaries=named or None, ask=asking, precedence=ranks, copies=copies,
        ask_copies=_ask_copies if asking else None,
    )  # fmt: skip
    _encounter_step("start", make, note, db, campaign, as_json)


@encounter_app.command("act")
def encounter_act(
    action: Annotated[
        str | None,
        typer.Argument(
            help="What the model does: an action of the text, or pass (asked at a terminal).",
            show_default=False,
        ),
    ] = None,
    partner: Annotated[
        str | None,
        typer.Option(
            "--with",
            help="The model an action naming one is taken with (Assist: the one it aids).",
            show_default=False,
        ),
    ] = None,
    dice: StepDice = None,
    declare: Declare = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """The model whose activation it is takes an action ('Major Action', 'Minor Action',
    'Two Minor Actions') or passes, which ends its activation; the text runs on to the next
    activation (the round's bookkeeping and the next round's initiative on the way). An action
    whose text names a model (Assist) is taken --with it (asked at a terminal when there is a
    choice); one the model holds a condition against (Animosity) is refused.

    Example: chronicler delve encounter act 'Major Action' --note 'Wenna cuts the rat down'"""
    from journal.delve import encounter

    faces = _faces(dice, seed, declare)
    from journal.prompting import ask, interactive

    asking = (lambda question, may: ask(question, may)) if interactive() else None
    make = lambda state, rules: encounter.act(  # noqa: E731
        state, rules, action, faces, ask=asking, partner=partner
    )
    _encounter_step("act", make, note, db, campaign, as_json)


@encounter_app.command("next")
def encounter_next(
    dice: StepDice = None,
    declare: Declare = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """The model whose activation it is passes: on to the next activation (act pass).

    Example: chronicler delve encounter next --dice 4,1,6,2"""
    from journal.delve import encounter

    faces = _faces(dice, seed, declare)
    make = lambda state, rules: encounter.act(state, rules, encounter.PASS, faces)  # noqa: E731
    _encounter_step("next", make, note, db, campaign, as_json)


@encounter_app.command("condition")
def encounter_condition(
    who: Annotated[str, typer.Argument(help="The model (as it joined).")],
    condition: Annotated[str, typer.Argument(help="The condition card: Engaged, Bleeding...")],
    stacks: Annotated[
        int,
        typer.Option(
            "--stacks", min=1, max=1000, help="Stacks (counters) of a condition held in stacks."
        ),
    ] = 1,
    lift: Annotated[bool, typer.Option("--lift", help="Lift it rather than give it.")] = False,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            help="The model it is held against (its source: animosity's target, the hated one).",
            show_default=False,
        ),
    ] = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Give a model a condition the GM sets (engaged, bleeding 2...), or lift it; it lasts
    as its tag says in the text and ticks at its step.

    Example: chronicler delve encounter condition 'Tunnel Rat' Bleeding --stacks 2"""
    from journal.delve import encounter

    faces = _faces(None, None)
    make = lambda state, rules: encounter.condition(  # noqa: E731
        state, rules, who, condition, stacks=stacks, lift=lift, faces=faces, against=against
    )
    _encounter_step("condition", make, note, db, campaign, as_json)


@encounter_app.command("precedence")
def encounter_precedence(
    who: Annotated[str, typer.Argument(help="The model (as it joined).")],
    rank: Annotated[int, typer.Argument(min=0, max=1000, help="Its precedence: higher first.")],
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Order models equal on initiative: among those with the same score and Initiative (copies
    of one sheet), the higher precedence acts first; it counts from the next round's order and
    is kept until changed ('encounter start --precedence WHO=N' sets it for the first round).

    Example: chronicler delve encounter precedence 'Tunnel Rat 3' 1"""
    from journal.delve import encounter

    faces = _faces(None, None)
    make = lambda state, rules: encounter.precedence(state, rules, who, rank, faces)  # noqa: E731
    _encounter_step("precedence", make, note, db, campaign, as_json)


def _pool_step(
    which: str, amount: int, gain: bool, why: str, note: str | None, db: str | None,
    campaign: str, as_json: bool, on: str | None = None,
) -> None:  # fmt: skip
    from journal.delve import encounter

    faces = _faces(None, None)
    make = lambda state, rules: encounter.pool(  # noqa: E731
        state, rules, which, amount, gain=gain, why=why, faces=faces, on=on
    )
    _encounter_step(which, make, note, db, campaign, as_json)


Amount = Annotated[int, typer.Argument(min=1, max=1000, help="How much.")]
Gain = Annotated[bool, typer.Option("--gain", help="Add to the pool rather than spend.")]
Why = Annotated[str, typer.Option("--for", help="What it buys, or why it is gained.")]


@encounter_app.command("momentum")
def encounter_momentum(
    amount: Amount,
    gain: Gain = False,
    why: Why = "",
    on: Annotated[
        str | None,
        typer.Option(
            "--on",
            help="Ease this model's next check (it holds Eased, 2 difficulty easier): one step.",
            show_default=False,
        ),
    ] = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Spend the company's momentum (taken off at the round's bookkeeping; refused when the
    table does not hold it), or --gain it (a defeated elite, champion or nemesis). With --on,
    the momentum eases that model's next check: it holds Eased, in the same entry.

    Example: chronicler delve encounter momentum 1 --for 'ease a check' --on 'Wenna Ashgrove'"""
    _pool_step("momentum", amount, gain, why, note, db, campaign, as_json, on)


@encounter_app.command("threat")
def encounter_threat(
    amount: Amount,
    gain: Gain = False,
    why: Why = "",
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Spend the GM's threat (refused when the table does not hold it), or --gain it.

    Example: chronicler delve encounter threat 2 --gain"""
    _pool_step("threat", amount, gain, why, note, db, campaign, as_json)


@encounter_app.command("rout")
def encounter_rout(
    who: Annotated[str, typer.Argument(help="The model leaving the encounter.")],
    dice: StepDice = None,
    seed: Seed = None,
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """A model leaves the encounter (routed, fled, fallen) and acts no more; when no adversary
    is left, the encounter ends at the round's end.

    Example: chronicler delve encounter rout 'Tunnel Rat'"""
    from journal.delve import encounter

    faces = _faces(dice, seed)
    make = lambda state, rules: encounter.rout(state, rules, who, faces)  # noqa: E731
    _encounter_step("rout", make, note, db, campaign, as_json)


@encounter_app.command("end")
def encounter_end(
    why: Annotated[str, typer.Option("--for", help="Why it ends (the company flees...).")] = "",
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """The GM ends the running encounter before its text does.

    Example: chronicler delve encounter end --for 'the company flees'"""
    from journal.delve import encounter

    faces = _faces(None, None)
    make = lambda state, rules: encounter.end(state, rules, why, faces)  # noqa: E731
    _encounter_step("end", make, note, db, campaign, as_json)


@encounter_app.command("show")
def encounter_show(db: Db = None, campaign: CampaignName = "", as_json: JsonOut = False) -> None:
    """Where the running encounter stands: the round, whose activation, the initiative order,
    momentum, threat and the adversary pool, each condition held and for how long, the models
    routed, and what the model acting may do.

    Example: chronicler delve encounter show"""
    from journal import ledger
    from journal.delve import encounter, keeper

    with _journal(db, create=False) as journal, journal.reading() as s:
        row = ledger.get_campaign(s, campaign)
        if row.ruleset != "delve":
            raise ChroniclerError(f"{row.name!r} plays {row.ruleset}, not Delve")
        state = keeper.told(ledger.entries(s, row))
        now = encounter.standing(encounter.running(state, keeper.rules_of(row)), state)
    if as_json:
        print_json({**now.__dict__, "order": [list(x) for x in now.order]})
        return
    for line in encounter.standing_lines(now):
        console.print(escape(line))


# ---- fixing the log --------------------------------------------------------------------------

# The verbs 'delve amend' may run in an entry's place: those that record one entry.
RECORDING = (
    ("join",),
    ("check",),
    ("luck",),
    ("deal",),
    ("push",),
    *(("encounter", verb) for verb in ("start", "act", "next", "condition", "momentum",
                                        "threat", "rout", "end", "precedence")),
    ("expedition", "start"),
)  # fmt: skip


@delve_app.command("entries")
def entries(db: Db = None, campaign: CampaignName = "") -> None:
    """The expedition's log: each entry's number and what it did ('delve amend N' and 'delve
    delete N' take the number).

    Example: chronicler delve entries"""
    from journal import ledger, log

    with _journal(db, create=False) as journal, journal.reading() as s:
        lines = log.listing(s, ledger.get_campaign(s, campaign))
    for line in lines:
        console.print(escape(line))


@delve_app.command(
    "amend", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def amend(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(min=1, help="The entry's number ('delve entries').")],
    db: Db = None,
    campaign: CampaignName = "",
) -> None:
    """Record entry NUMBER again: the Delve verb that records it follows, with the options it
    should have had (a check with other dice, an encounter's step with another answer). It
    runs on the expedition as the entries before NUMBER left it, and every later entry runs
    again through the rules with its own dice: one they now refuse refuses the fix, and nothing
    is written. What the entry was stays in 'chronicler history'; 'chronicler undo' puts it back.

    Example: chronicler delve amend 6 check Basic 'Wenna Ashgrove' --input obstacle=4 --dice 6"""
    from journal import log
    from journal.cli import app

    words = list(ctx.args)
    verb = next((v for v in RECORDING if tuple(words[: len(v)]) == v), None)
    if verb is None:
        recording = ", ".join(" ".join(v) for v in RECORDING)
        raise UsageError(
            f"delve amend {number}: give the Delve verb that records it again and its options, "
            f"one of: {recording} (as in 'chronicler delve amend {number} check Basic Wenna "
            "--input obstacle=4 --dice 6')"
        )
    words = ["delve", *words]
    if "--campaign" not in words and campaign:
        words += ["--campaign", campaign]
    if db is not None and "--db" not in words:
        words += ["--db", db]
    with log.amending(number) as recorded:
        app(args=words, prog_name="chronicler", standalone_mode=False)
    if not recorded:
        raise UsageError(f"'delve {' '.join(verb)}' recorded nothing in place of entry {number}")


@delve_app.command("delete")
def delete(
    number: Annotated[int, typer.Argument(min=1, help="The entry's number ('delve entries').")],
    db: Db = None,
    campaign: CampaignName = "",
) -> None:
    """Take entry NUMBER out of the log; every later entry runs again without it, with its own
    dice (one they now refuse refuses the deletion). It stays in 'chronicler history', and
    'chronicler undo' puts it back.

    Example: chronicler delve delete 7"""
    from journal import log

    with _journal(db, create=False) as journal:
        gone = journal.write(lambda s: log.delete(s, campaign, number))
    console.print(
        f"Deleted entry {gone.number} ({escape(gone.summary)}); it is kept in the history."
    )


# ---- expeditions ---------------------------------------------------------------------------

expedition_app = typer.Typer(
    help=(
        "A campaign's expeditions: each a delve into a dungeon, its encounters one after "
        "another; the company goes on with what its models hold. Entries before the first "
        "'start' are the first expedition, under the campaign's name.\n\n"
        "Example: chronicler delve expedition start 'The Sunken Chapel'"
    ),
    no_args_is_help=True,
)


@expedition_app.command("start")
def expedition_start(
    name: Annotated[str, typer.Argument(help="The expedition's name.")],
    note: Note = None,
    db: Db = None,
    campaign: CampaignName = "",
    as_json: JsonOut = False,
) -> None:
    """Begin the campaign's next expedition (refused while an encounter is running); the site
    lists each expedition with its story and encounters.

    Example: chronicler delve expedition start 'The Sunken Chapel' --note 'Down the well.'"""
    from journal.delve import expedition

    entry = _record(
        db,
        campaign,
        "delve expedition start",
        lambda state, rules: expedition.begins(state, name),
        None,
        note=note,
    )
    _told(entry, as_json)


def register(app: typer.Typer) -> None:
    delve_app.add_typer(encounter_app, name="encounter")
    delve_app.add_typer(expedition_app, name="expedition")
    app.add_typer(delve_app, name="delve")
