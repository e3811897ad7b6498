"""A Delve expedition as its entries made it, and the table's checks drafted as entries.

The state (``Expedition``) is worked out from the log, never stored: the models that joined
(each with its sheet and what it holds: luck and fate from its sheet, less what was spent;
corruption, stress and fatigue suffered), and each check recorded with the re-rolls taken on
it. Each verb's work is a function from that state to a ``Draft``; the same function, given
the result recorded, runs an entry again when an earlier one is fixed or taken out.

The check itself is the ruleset's text: its inputs come from the sheets (``dsl.dice.sheet``)
and from the table, its dice from the generator or typed in, its re-rolls and what may follow
what from its ``re-roll`` clauses (``dsl.dice.rerolls``). What is Delve's own here: a cost of
luck is spent from what the model holds (refused when it has too little); any other cost
(corruption, stress, fatigue) is suffered, added to what the model has."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dsl.compiler import CompiledRuleset
from dsl.dice.model import Check, CheckError
from dsl.dice.rerolls import refusal
from dsl.dice.roll import CheckResult, Roller
from dsl.dice.sheet import sheet_inputs
from dsl.errors import ChroniclerError
from journal.delve import payloads as p
from journal.keepers import Draft

SPENT = ("luck",)  # costs paid from what the model holds; any other is suffered
ADVERSARY_TYPES = ("Minion", "Elite", "Champion", "Nemesis")


@dataclass(frozen=True)
class Held:
    """A model of the expedition: its sheet and the numbers it holds now."""

    name: str
    card: str
    side: p.Side
    numbers: Mapping[str, int]
    copy: bool = False  # a copy of its sheet the text made at an encounter's setup


@dataclass(frozen=True)
class Made:
    """A check recorded: which, by whom, the re-rolls taken on it, the result that stands."""

    check: str
    who: str
    rerolls: tuple[str, ...]
    result: Mapping[str, Any]


@dataclass(frozen=True)
class Expedition:
    models: Mapping[str, Held] = field(default_factory=dict)
    checks: Mapping[int, Made] = field(default_factory=dict)
    encounters: int = 0  # the encounters begun
    encounter: str | None = None  # the running encounter's game, the kernel's JSON
    # the expeditions begun after the first (which has the campaign's name), in order
    expeditions: tuple[str, ...] = ()

    @property
    def last_check(self) -> int | None:
        return max(self.checks, default=None)


def after(state: Expedition, number: int, kind: str, x: Any) -> Expedition:
    """The expedition once entry ``number`` (of ``kind``, payload ``x``) is recorded."""
    if kind == p.Kind.JOINED:
        return replace(state, models={**state.models, x.name: _held(x)})
    if kind == p.Kind.CHECK:
        made = Made(x.check, x.who, (), x.result)
        found = replace(state, checks={**state.checks, number: made})
        return replace(found, encounter=x.game) if x.game is not None else found
    if kind == p.Kind.REROLL:
        made = state.checks[x.of]
        model = state.models[made.who]
        change = -x.amount if x.paid in SPENT else x.amount
        numbers = {**model.numbers, x.paid: model.numbers.get(x.paid, 0) + change}
        again = Made(made.check, made.who, (*made.rerolls, x.way), x.result)
        return replace(
            state,
            models={**state.models, made.who: replace(model, numbers=numbers)},
            checks={**state.checks, x.of: again},
        )
    if kind == p.Kind.ENCOUNTER:
        game = None if x.over else x.game
        copies = {j.name: _held(j, copy=True) for j in x.copied}  # the text's, at the setup
        models = {**state.models, **copies} if copies else state.models
        return replace(state, encounters=x.encounter, encounter=game, models=models)
    if kind == p.Kind.EXPEDITION:
        return replace(state, expeditions=(*state.expeditions, x.name))
    raise ChroniclerError(f"the journal is damaged: no kind of Delve entry {kind!r}")


def _held(x: p.Joined, copy: bool = False) -> Held:
    numbers = {"luck": x.luck, "fate": x.fate, "corruption": 0, "stress": 0, "fatigue": 0}
    return Held(x.name, x.card, x.side, numbers, copy)


# ---- the verbs' work


def _model(state: Expedition, name: str) -> Held:
    found = state.models.get(name)
    if found is not None:
        return found
    for held in state.models.values():
        if held.name.casefold() == name.casefold():
            return held
    known = ", ".join(state.models) or "none yet: 'chronicler delve join CARD' adds one"
    raise ChroniclerError(f"no model {name!r} in this expedition (its models: {known})")


def _card(rules: CompiledRuleset, name: str) -> Any:
    """A model card of the text (a ChroniclerError naming the nearest when there is none)."""
    return rules.card(name, "model")


def joins(
    state: Expedition, rules: CompiledRuleset, card: str, name: str | None, side: p.Side | None
) -> Draft:
    """A model joins the expedition from its sheet (a model card)."""
    found = _card(rules, card)
    called = name or found.name
    if any(m.casefold() == called.casefold() for m in state.models):
        raise ChroniclerError(
            f"{called!r} is in the expedition already (several of one sheet come in as copies: "
            "'delve encounter start --adversary \"NAME=3\"')"
        )
    fields = found.fields
    types = fields.get("types") or []
    if side is None:
        side = p.Side.ADVERSARY if set(types) & set(ADVERSARY_TYPES) else p.Side.PARTY
    payload = p.Joined(
        name=called,
        card=found.name,
        side=side,
        luck=int(fields.get("luck points") or 0),
        fate=int(fields.get("fate points") or 0),
    )
    summary = (
        f"{called} joins the expedition ({'/'.join(types) or 'model'}, {side.value}; "
        f"luck {payload.luck}, fate {payload.fate})"
    )
    return Draft(p.Kind.JOINED, payload, summary, who=called)


def begins(state: Expedition, name: str) -> Draft:
    """A new expedition of the campaign: the company (the models that joined, with what they
    hold) goes down again; encounters go on being numbered across the campaign. Refused while
    an encounter is running, or under the name of one already begun."""
    name = name.strip()
    if not name:
        raise ChroniclerError("an expedition needs a name: 'delve expedition start NAME'")
    if state.encounter is not None:
        raise ChroniclerError(
            f"encounter {state.encounters} is running: 'chronicler delve encounter end' ends it"
        )
    if any(e.casefold() == name.casefold() for e in state.expeditions):
        raise ChroniclerError(f"the expedition {name!r} has begun already")
    number = len(state.expeditions) + 2
    payload = p.ExpeditionBegun(number=number, name=name)
    return Draft(p.Kind.EXPEDITION, payload, f"Expedition {number} begins: {name}")


def find_check(rules: CompiledRuleset, name: str) -> Check:
    for check in rules.checks.values():
        if check.name.casefold() == name.casefold():
            return check
    raise ChroniclerError(
        f"no check {name!r} in the ruleset (its checks: {', '.join(rules.checks)})"
    )


Ask = Callable[[str, int, int], int]


def check_inputs(
    state: Expedition,
    rules: CompiledRuleset,
    check: Check,
    who: str,
    member: str | None,
    against: str | None,
    against_member: str | None,
    given: Mapping[str, int | str],
    ask: Ask | None,
) -> dict[str, int | str]:
    """The check's inputs: from the sheets (the actor's ``member``, the target's
    ``against_member`` or the same), then what the table gave, then what it is asked."""
    actor = _model(state, who)
    target = _model(state, against) if against is not None else None
    reads = {x.who for x in check.sources}
    if target is not None and "target" not in reads:
        raise ChroniclerError(
            f"{check.name} reads nothing from a target's sheet: leave out --against"
        )
    if member is not None and "actor" not in reads and target is None:
        raise ChroniclerError(
            f"{check.name} reads nothing from the actor's sheet: leave out --skill (or name "
            "a target with --against)"
        )
    try:
        found: dict[str, int | str] = dict(
            sheet_inputs(
                check,
                _card(rules, actor.card).fields,
                member,
                actor_name=actor.name,
                target=_card(rules, target.card).fields if target is not None else None,
                target_member=against_member,
                target_name=target.name if target is not None else "the target",
            )
        )
    except CheckError as error:
        raise ChroniclerError(str(error)) from None
    both = sorted(set(found) & set(given))
    if both:
        raise ChroniclerError(
            f"{both[0]} is read from the sheets here; give it with --input only without "
            "--skill (or --against)"
        )
    found.update(given)
    for item in check.inputs:
        if item.name not in found and item.usually is None:
            if ask is None:
                read = [x.who for x in check.sources if x.input == item.name]
                hint = {"actor": ", or --skill", "target": ", or --against MODEL"}
                raise ChroniclerError(
                    f"{check.name} needs its {item.name} ({item.low}..{item.high}): give "
                    f"--input {item.name}=N" + (hint[read[0]] if read else "")
                )
            found[item.name] = ask(item.name, item.low, item.high)
    return found


def describe(result: CheckResult) -> str:
    """The dice and what they gave, in a few words."""
    rolls = []
    for roll in result.rolls:
        faces = " ".join(map(str, roll.faces))
        if roll.cut:
            faces += f" (kept {' '.join(map(str, roll.kept))})"
        if roll.bonus:
            faces += f" + bonus {' '.join(map(str, roll.bonus))}"
        if roll.confirm:
            faces += f" (confirm {' '.join(map(str, roll.confirm))})"
        rolls.append(faces or "no dice")
    told = "; ".join(rolls)
    score = f"total {result.total}" if len(result.rolls) > 1 else f"score {result.score}"
    judged = "".join(f", {name} {band}" for name, band in result.judged.items() if band)
    return f"{told}: {score}, {result.outcome or 'no outcome'}{judged}"


def held_in_encounter(
    state: Expedition,
    rules: CompiledRuleset,
    who: str,
    made: Check,
    member: str | None = None,
    against: str | None = None,
) -> tuple[dict[str, int], str | None]:
    """What the conditions held in the running encounter add to the check's inputs, as the
    world engine's own checks read them (``durations.changes``: the ranks of those ``who``
    holds, ``checks easier 2``; their sentences and those of the cards ``against`` holds,
    ``Mental checks of its holder have peril.``, with the tags of the skill ``member``), and
    the encounter's game once the check has spent those held until their holder's next check
    (``None``: no encounter, or ``who`` is not on its table). A check the target is immune to
    is refused."""
    if state.encounter is None:
        return {}, None
    from dsl.runtime import EffectError
    from dsl.world import durations
    from dsl.world.game import WorldGame

    game = WorldGame.from_json(rules, state.encounter)
    if who not in game.state.cards:
        return {}, None
    holds = bool(durations.held(game, who))
    target = against if against is not None and against in game.state.cards else None
    try:
        added = durations.changes(game, who, made, against=target, using=member)
    except EffectError as error:
        raise ChroniclerError(str(error)) from None
    added = {k: v for k, v in added.items() if v}
    game.state.events.clear()  # the entry tells what the check read
    return added, game.to_json() if holds else None


def check(
    state: Expedition,
    rules: CompiledRuleset,
    name: str,
    who: str,
    *,
    member: str | None = None,
    against: str | None = None,
    against_member: str | None = None,
    given: Mapping[str, int | str] | None = None,
    roller: Roller | None = None,
    ask: Ask | None = None,
    recorded: Mapping[str, Any] | None = None,
) -> Draft:
    """A check made by ``who`` (against ``against``), rolled by ``roller`` (or, run again,
    the ``recorded`` result)."""
    made = find_check(rules, name)
    actor = _model(state, who)
    target = _model(state, against).name if against is not None else None
    held, game = held_in_encounter(state, rules, actor.name, made, member, target)
    if recorded is not None:
        result = CheckResult.from_json(recorded)
    else:
        inputs = check_inputs(
            state, rules, made, who, member, against, against_member, given or {}, ask
        )
        for key, extra in held.items():
            usually = next((i.usually for i in made.inputs if i.name == key), 0) or 0
            base = inputs.get(key, usually)
            inputs[key] = (base if isinstance(base, int) else 0) + extra
        assert roller is not None, "a check is rolled, or run again from its result"
        try:
            result = made.roll(roller, **inputs)
        except CheckError as error:
            raise ChroniclerError(str(error)) from None
    payload = p.CheckMade(
        check=made.name,
        who=actor.name,
        member=member,
        against=target,
        against_member=against_member if target else None,
        result=result.to_json(),
        held=held,
        game=game,
    )
    skill = f" {member}" if member else ""
    versus = f" against {target}" if target else ""
    summary = f"{actor.name}: {made.name}{skill}{versus}: {describe(result)}"
    if held:
        summary += " (conditions held: " + ", ".join(f"{k} {v}" for k, v in held.items()) + ")"
    return Draft(p.Kind.CHECK, payload, summary, who=actor.name)


def reroll(
    state: Expedition,
    rules: CompiledRuleset,
    way: str,
    *,
    of: int | None = None,
    pay: str | None = None,
    roller: Roller | None = None,
    recorded: Mapping[str, Any] | None = None,
) -> Draft:
    """A re-roll by ``way`` of the check recorded as entry ``of`` (the last check when
    ``None``), paid by ``pay`` (the first cost the way names when ``None``)."""
    number = of if of is not None else state.last_check
    if number is None:
        raise ChroniclerError("no check recorded yet to re-roll")
    made = state.checks.get(number)
    if made is None:
        raise ChroniclerError(f"entry {number} is not a check: name one with --entry")
    checked = find_check(rules, made.check)
    try:
        chosen = checked.reroll_way(way)
        why = refusal(checked, way, list(made.rerolls))
    except CheckError as error:
        raise ChroniclerError(str(error)) from None
    if why is not None:
        raise ChroniclerError(why)
    costs = dict((what, amount) for amount, what in chosen.costs)
    paid = pay if pay is not None else chosen.costs[0][1]
    if paid not in costs:
        raise ChroniclerError(
            f"a re-roll by {chosen.way} is paid by {' or '.join(costs)}, not {paid}"
        )
    model = state.models[made.who]
    amount = costs[paid]
    if paid in SPENT and model.numbers.get(paid, 0) < amount:
        held = model.numbers.get(paid, 0)
        raise ChroniclerError(
            f"{model.name} has {held} {paid} left; a re-roll by {chosen.way} costs {amount}"
        )
    if recorded is not None:
        result = CheckResult.from_json(recorded)
    else:
        assert roller is not None, "a re-roll is rolled, or run again from its result"
        try:
            result = checked.reroll(roller, CheckResult.from_json(made.result))
        except CheckError as error:
            raise ChroniclerError(str(error)) from None
    payload = p.Rerolled(
        of=number, way=chosen.way, paid=paid, amount=amount, result=result.to_json()
    )
    verb = "spends" if paid in SPENT else "suffers"
    summary = (
        f"{model.name} re-rolls entry {number} ({made.check}) by {chosen.way}, {verb} "
        f"{amount} {paid}: {describe(result)}"
    )
    return Draft(p.Kind.REROLL, payload, summary, who=model.name)
