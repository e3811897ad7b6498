"""An encounter of a Delve expedition run at the table: the text's procedure (``procedure
"Encounter"`` of ``rules/delve/encounters.rules``), played by the world engine, answered by the
GM one step at a time.

Nothing of the turn sequence is written here: the world engine walks the text (setup, rounds,
initiative, activations, bookkeeping, conditions ticking at their step) and stops at each
model's activation, where the GM answers what the model does. Between two commands the game is
the kernel's JSON, kept in the entry of the step that left it (``EncounterStep.game``); the
next step reads it back, changes or answers it, and runs on to the next activation.

Each step is one entry: the encounter begun (who is surprised, the company's fortune), an
answer to the activation, a condition given or lifted, momentum or threat spent or gained, a
model routed, the encounter ended by the GM. An entry keeps what the table gave and the faces of
the dice rolled while it ran, so a step is run again exactly (``again``) when an earlier entry
is amended or deleted; a die it then needs more of refuses the fix.

The GM's own acts here (the table's, the text's notes): the company in the encounter is the
expedition's (a sheet of the text not in it stays at camp); every adversary waits at camp until
the text's setup asks which come in (``Bring any number of adversary models in the camp into
play.``), answered with those the GM names (at a terminal, asked, then the copies of each, 0
to the text's most); the text's next step gives the surprised side's
henchmen and followers, or minions, Surprised; momentum spent is added to the round's ``spent``,
taken off at bookkeeping (spent to ease a check, its model
holds Eased in the same step). A step's dice are typed, asked at a terminal, or the
generator's; typed ones too few, the step runs again from its game's JSON with the faces asked
for the rest."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text

from dsl.errors import ChroniclerError
from dsl.kernel.random import GameRandom
from dsl.runtime import DecisionKind
from journal.delve import payloads as p
from journal.keepers import Draft

if TYPE_CHECKING:
    from dsl.compiler import CompiledRuleset
    from dsl.world.game import WorldGame
    from journal.delve.expedition import Expedition

SURPRISE = {"none": 0, "company": 1, "adversaries": 2}
ROUTED = "routed"  # the zone of a model out of the encounter (routed, fled, fallen)
CAMP = "camp"  # the zone of a sheet of the text not in the expedition
PASS = "pass"
SURPRISED = "Surprised"
ENCOUNTER = "Encounter"  # the text's procedure of an encounter
EASE = "Ease a Check"  # the momentum use that eases a model's next check (encounters.rules)
EASED = "Eased"  # what it holds: the check 2 difficulty easier (conditions.rules)
SIDES = 6  # the faces of a die the text rolls in an encounter (initiative: a d6)
DECLARE = "declare"  # the engine's question at a round's start: which action a model declares
FIRST = "first to declare"  # the number the text's "Who declares first" table sets
FIRST_TABLE = "Who declares first"
# the text's order among equals: the round's step of activations and the number the GM gives
ROUND, ACTIVATIONS, PRECEDENCE = "Round", "Activations", "precedence"


class TooFewFaces(ChroniclerError):
    """The table typed fewer faces than the step rolls."""


@dataclass
class Faces:
    """Where a step's dice come from: the faces typed (or recorded, run again), then those
    asked at a terminal (``ask``: the question and the die's sides, the face typed); without
    ``typed``, the generator (``seed``). Typed faces and none to ask: a die more is refused."""

    typed: list[int] | None = None
    seed: int | None = None
    why: str = "--dice gave too few faces: the step rolls one more d6"
    ask: Callable[[str, int], int] | None = None
    # what each model declares when a round's declarations come up in the step (the GM's
    # --declare WHO=ACTION; a model not named declares none)
    declare: dict[str, str] | None = None


@dataclass(frozen=True)
class Now:
    """Where an encounter stands, read from its game."""

    round: int
    turn: str | None
    options: list[str]
    order: list[tuple[str, int]]
    pools: dict[str, int]
    conditions: dict[str, list[str]]
    routed: list[str]
    over: bool
    first: str | None = None  # the side declaring first this round, as the text's table names it
    odds: str = ""  # that side's chance on the table ("1/2")
    precedence: dict[str, int] | None = None  # the GM's among equals, of the models given one


def _game(rules: CompiledRuleset, text: str) -> WorldGame:
    from dsl.world.game import WorldGame

    return WorldGame.from_json(rules, text)


def running(state: Expedition, rules: CompiledRuleset) -> WorldGame:
    if state.encounter is None:
        raise ChroniclerError(
            "no encounter is running: 'chronicler delve encounter start' begins one"
        )
    return _game(rules, state.encounter)


def _on_table(game: WorldGame, names: Sequence[str]) -> list[str]:
    from dsl.world.model import IN_PLAY

    return [n for n in names if game.state.cards.get(n, {}).get("at") == IN_PLAY]


def _options(decision: Any) -> list[str]:
    """What the model acting may do, in a steady order: the actions by name, then pass."""
    if decision is None:
        return []
    found = [str(o) for o in decision.options]
    return sorted(o for o in found if o != PASS) + [o for o in found if o == PASS]


def standing(game: WorldGame, state: Expedition) -> Now:
    """Round, whose activation, the initiative order, the pools, who holds what and for how
    long, who is routed."""
    from dsl.world import durations
    from dsl.world.model import GAME

    decision = game.pending()
    names = list(state.models)
    table = _on_table(game, names)
    order = [(n, game.ops.value(n, "initiative score")) for n in _in_order(game, table)]
    ranks = {n: game.ops.value(n, PRECEDENCE) for n in names if n in game.state.cards}
    pools = {
        name: game.ops.value(GAME, name)
        for name in ("momentum", "spent", "threat", "adversary pool")
    }
    conditions: dict[str, list[str]] = {}
    for n in names:
        for effect in durations.held(game, n):
            decl = game.world.durations[effect["tag"].casefold()]
            left = f"{effect['stacks']} left" if decl.how == "stacks" else decl.text
            if decl.how != "stacks" and int(effect.get("stacks") or 1) > 1:  # Staggered 2
                left = f"{effect['stacks']}, {left}"
            conditions.setdefault(n, []).append(f"{effect['card']} ({left})")
    routed = [n for n in names if game.state.cards.get(n, {}).get("zone") == ROUTED]
    first, odds = _first(game)
    return Now(
        round=game.state.round,
        turn=str(decision.who) if decision is not None else None,
        options=_options(decision),
        order=order,
        pools=pools,
        conditions=conditions,
        routed=routed,
        over=decision is None,
        first=first,
        odds=odds,
        precedence={n: rank for n, rank in ranks.items() if rank},
    )


def _in_order(game: WorldGame, table: list[str]) -> list[str]:
    """The models on the table in the order the text's round lists them for their activations
    (``for each model in order of initiative score then initiative then precedence``): the
    engine's own order, ties and all: the running round's list as its step took it (a
    precedence given since counts from the next), else the order the step would take now."""
    steps = game.procedure.phase(ROUND).steps
    at = next((k for k, x in enumerate(steps) if x.title == ACTIVATIONS and x.each), None)
    if at is None:  # a text without the step: by score alone
        return sorted(table, key=lambda n: -game.ops.value(n, "initiative score"))
    frames = [f.data for f in game.state.frames if f.data.get("phase") == ROUND]
    running = next((f["items"] for f in frames if f.get("at") == at and "items" in f), None)
    each = steps[at].each
    assert each is not None
    listed = [str(n) for n in (running if running is not None else each(game))]
    return [n for n in listed if n in table]


def _first(game: WorldGame) -> tuple[str | None, str]:
    """The side the round's roll on the text's table set to declare first, and its chance."""
    from dsl.world.model import GAME
    from dsl.world.rolled import chances

    decl = game.world.property(FIRST)
    if decl is None or game.state.round < 1:
        return None, ""
    value = game.ops.value(GAME, FIRST)
    side = next((b.name for b in decl.bands if b.low <= value <= b.high), None)
    odds = chances(game, FIRST_TABLE).get(side or "")
    return side, str(odds) if odds is not None else ""


def standing_lines(now: Now) -> list[str]:
    if now.over:
        head = f"The encounter is over (round {now.round})"
    else:
        head = f"Round {now.round}: {now.turn}'s activation"
    lines = [head]
    pools = now.pools
    lines.append(
        f"momentum {pools['momentum']} (spent this round {pools['spent']}), threat "
        f"{pools['threat']}, adversary pool {pools['adversary pool']}"
    )
    if now.first is not None:
        lines.append(f"declaring first: {now.first} (the {FIRST_TABLE} table: {now.odds})")
    if now.order:
        ranks = now.precedence or {}
        lines.append(
            "initiative: "
            + ", ".join(
                f"{n} {score}" + (f" (precedence {ranks[n]})" if ranks.get(n) else "")
                for n, score in now.order
            )
        )
    for who, held in now.conditions.items():
        lines.append(f"{who} holds {', '.join(held)}")
    if now.routed:
        lines.append(f"routed: {', '.join(now.routed)}")
    if not now.over:
        answers = [o.removeprefix("Take: ") for o in now.options]
        lines.append(f"{now.turn} may: {', '.join(answers)}")
    return lines


def _told(events: Sequence[Any], account: Any) -> list[str]:
    lines = [Text.from_markup(line).plain.strip() for line in account.narrate(list(events))]
    return [line for line in lines if line]


def _rolled(events: Sequence[Any]) -> list[int]:
    from dsl.kernel.machine import KernelEvent

    faces: list[int] = []
    for event in events:
        if event.kind == KernelEvent.DICE_ROLLED:
            faces += [int(f) for f in event.data.get("faces", [])]
    return faces


def _rolled_for(events: Sequence[Any]) -> list[str]:
    """What each die rolled was for (the check's name), one line a die."""
    from dsl.kernel.machine import KernelEvent

    found: list[str] = []
    for event in events:
        if event.kind == KernelEvent.DICE_ROLLED:
            found += [str(event.data.get("what") or "a die")] * len(event.data.get("faces", []))
    return found


def _declarations(game: WorldGame, declare: dict[str, str]) -> dict[str, str]:
    """Answer each declaration the text asks at a round's start: the action the GM named for
    the model (``declare``, by name), else none; what each declared. A name for a model that
    declares nothing in this step, or an action it is not offered, is refused."""
    wanted = {k.casefold(): v for k, v in declare.items()}
    named = {k.casefold(): k for k in declare}
    made: dict[str, str] = {}
    while (asked := game.pending()) is not None and asked.kind == DECLARE:
        who = str(asked.who)
        action = wanted.pop(who.casefold(), None)
        may = {str(o).removeprefix("Take: ").casefold(): str(o) for o in asked.options}
        none = action is None or action.casefold() in ("none", PASS)
        chosen = PASS if none else may.get(str(action).casefold().removeprefix("take: "))
        if chosen is None:
            offered = ", ".join(o.removeprefix("Take: ") for o in _options(asked))
            raise ChroniclerError(f"{who} may declare one of: {offered}; not {action!r}")
        game.apply(chosen)
        made[who] = "none" if chosen == PASS else chosen.removeprefix("Take: ")
    if wanted:
        names = ", ".join(named[k] for k in wanted)
        raise ChroniclerError(
            f"--declare names {names}: no declaration of theirs comes up in this step (the "
            "models declare at a round's start)"
        )
    return made


def _run(
    rules: CompiledRuleset,
    text: str,
    change: Callable[[WorldGame], None],
    typed: list[int] | None,
    seed: int | None,
    declare: dict[str, str] | None = None,
) -> tuple[WorldGame, list[Any], dict[str, str]]:
    """``change`` the game read from ``text`` and run it on to the next activation (each
    declaration at a round's start answered from ``declare``): the faces ``typed`` first, then
    the generator's; the game, what happened and what each model declared."""
    from dsl.kernel.machine import IllegalMove
    from dsl.runtime import EffectError

    game = _game(rules, text)
    game.state.events.clear()
    kept = game.state.rng
    game.state.dice_script = list(typed or [])
    game.state.rng = GameRandom(seed)
    try:
        change(game)
        made = _declarations(game, declare or {})
    except (EffectError, IllegalMove) as error:
        raise ChroniclerError(str(error)) from None
    finally:
        game.state.rng = kept
    return game, list(game.state.events), made


def _step(
    state: Expedition,
    rules: CompiledRuleset,
    payload: dict[str, Any],
    change: Callable[[WorldGame], None],
    faces: Faces,
    game: WorldGame | None = None,
) -> Draft:
    """Run one step: ``change`` the game (or answer it), then let the text run on to the next
    activation (or the encounter's end), its dice from ``faces``; the entry it makes."""
    from rules import registry

    text = (game if game is not None else running(state, rules)).to_json()
    typed = list(faces.typed) if faces.typed is not None else None
    while True:  # run again with more faces while it rolls more than typed (asked each time)
        game, events, declared = _run(rules, text, change, typed, faces.seed, faces.declare)
        rolled = _rolled(events)
        if typed is None or len(rolled) <= len(typed):
            break
        if faces.ask is None:
            raise TooFewFaces(faces.why)
        for what in _rolled_for(events)[len(typed) :]:
            typed.append(faces.ask(what, SIDES))
    st = game.state
    if st.dice_script:
        left = ",".join(map(str, st.dice_script))
        raise ChroniclerError(f"--dice gave face(s) more than the step rolled: {left}")
    account = registry.find("delve").journal.account
    told = _told(events, account)
    dice = _rolled(events)
    st.events.clear()  # what happened is told in the entry; the game keeps no past
    now = standing(game, state)
    step = p.EncounterStep(
        **payload,
        dice=dice,
        declared=declared,
        first=now.first if declared else None,
        told=told,
        round=now.round,
        turn=now.turn,
        momentum=now.pools["momentum"] - now.pools["spent"],
        threat=now.pools["threat"],
        pool=now.pools["adversary pool"],
        conditions=now.conditions,
        routed=now.routed,
        over=now.over,
        game=game.to_json(),
    )
    then = "the encounter is over" if now.over else f"round {now.round}, {now.turn}'s activation"
    summary = f"{payload['said']}; {then}"
    return Draft(p.Kind.ENCOUNTER, step, summary, who=payload.get("who"))


def _refuse_the_models(state: Expedition) -> None:
    sides = {m.side for m in state.models.values()}
    if p.Side.PARTY not in sides or p.Side.ADVERSARY not in sides:
        raise ChroniclerError(
            "an encounter needs a model of the company and an adversary in the expedition: "
            "'chronicler delve join CARD' adds one"
        )


def _copies(game: WorldGame, state: Expedition) -> None:
    """Each model joined under a name of its own (``join CARD --as NAME``, recorded before the
    text made copies itself: journals kept from then) is a copy of its sheet in the game, its
    numbers its own: an adversary waits at camp for the text's step, one of the company is on
    the table as its sheet would be."""
    from dsl.kernel.table import TableError

    for held in state.models.values():
        if held.name == held.card or held.copy:  # a sheet, or a copy the text makes anew
            continue
        camp = CAMP if held.side == p.Side.ADVERSARY else None
        try:
            game.ops.copy_card(held.card, held.name, zone=camp, why=f"joined as {held.name}")
        except TableError as error:
            raise ChroniclerError(f"{held.name} (a {held.card}): {error}") from None


def _adversaries(
    state: Expedition,
    named: Sequence[str] | None,
    ask: Callable[[str, list[str]], list[str]] | None,
) -> list[str]:
    """The adversaries the GM brings in, by their names in the expedition: those named, else
    asked (at a terminal); ``None`` named and none asked: refused, naming the choice."""
    theirs = [m.name for m in state.models.values() if m.side == p.Side.ADVERSARY and not m.copy]
    if named is None:
        if ask is None:
            raise ChroniclerError(
                "which adversaries come in? name each with --adversary NAME (any number of "
                f"the expedition's: {', '.join(theirs)})"
            )
        named = ask("Which adversaries come in?", theirs)
    from journal.delve.expedition import _model as model

    chosen: list[str] = []
    for name in named:
        held = model(state, name)
        if held.side != p.Side.ADVERSARY:
            raise ChroniclerError(f"{held.name} is of the company, not an adversary")
        if held.copy:
            raise ChroniclerError(
                f"{held.name} is a copy the text made at an earlier setup: name its sheet with "
                f"the number that comes in, --adversary '{held.card}=N'"
            )
        if held.name in chosen:
            raise ChroniclerError(
                f"{held.name} is named twice: several of its sheet come in with "
                f"--adversary '{held.name}=N'"
            )
        chosen.append(held.name)
    if not chosen:
        raise ChroniclerError(
            "an encounter with no adversary brought in ends at once: name one with --adversary"
        )
    return chosen


def start(
    state: Expedition,
    rules: CompiledRuleset,
    *,
    fortune: int,
    surprise: str,
    faces: Faces,
    adversaries: Sequence[str] | None = None,
    ask: Callable[[str, list[str]], list[str]] | None = None,
    precedence: dict[str, int] | None = None,
    copies: dict[str, int] | None = None,
    ask_copies: Callable[[str, int], int] | None = None,
) -> Draft:
    """The GM sets the encounter up: who is surprised, the company's fortune, the precedence of
    models that would tie on initiative (``precedence``, by name), how many copies of each
    sheet brought in the text's step makes (``copies``, by the sheet's name); the text's setup
    runs, its step bringing in the adversaries the GM chooses (``adversaries``, else asked:
    ``ask``), then the starting momentum and the adversary pool, and the first round up to the
    first activation. ``ask_copies`` (at a terminal, no sheet named): the text's question of
    copies asked for each sheet it asks about, with the text's most (0 to it)."""
    from dsl.world.game import new_game
    from dsl.world.model import GAME

    if state.encounter is not None:
        raise ChroniclerError(
            f"encounter {state.encounters} is running: 'chronicler delve encounter end' ends it"
        )
    if surprise not in SURPRISE:
        raise ChroniclerError(f"surprise {surprise!r}: one of {', '.join(SURPRISE)}")
    _refuse_the_models(state)
    chosen = _adversaries(state, adversaries, ask)
    extra = {_model(state, sheet): n for sheet, n in (copies or {}).items() if n}
    for sheet in extra:
        if sheet not in chosen:
            raise ChroniclerError(f"copies of {sheet}: it does not come in (--adversary)")
    copied: list[p.Joined] = []  # the copies the text makes, as models of the expedition
    # read back from its JSON, as every later step reads it: the models roll initiative in
    # the order of their names from the first round on
    begun = new_game(rules, seed=0, players=1, first_phase=ENCOUNTER)  # its first step next
    game = _game(rules, begun.to_json())
    game.state.events.clear()

    def brought(game: WorldGame) -> None:  # up to the text's question of copies
        game.ops.set(GAME, "fortune", fortune, why="the company's fortune")
        game.ops.set(GAME, "surprise", SURPRISE[surprise], why="the GM")
        adversary = {h.name for h in state.models.values() if h.side == p.Side.ADVERSARY}
        for card in rules.all_cards:
            if card.kind == "model" and card.name not in state.models:
                game.ops.move_card(card.name, zone=CAMP, why="not in the expedition")
            elif card.kind == "model" and card.name in adversary:
                game.ops.move_card(card.name, zone=CAMP, why="waits for the encounter")
        _copies(game, state)
        asked = game.pending()  # the text's step: which adversaries come in
        if asked is None or asked.kind != DecisionKind.CHOOSE_MANY:
            raise ChroniclerError("the text's encounter setup asks for no adversaries")
        game.apply(chosen)

    if ask_copies is not None:  # asked once, on a game of its own: the step may run again
        extra.update(_copies_asked(_game(rules, begun.to_json()), brought, ask_copies))

    def setup(game: WorldGame) -> None:
        brought(game)
        copied[:] = _copied(game, state, rules, extra)
        for who, rank in (precedence or {}).items():
            game.ops.set(_named(game, state, who), PRECEDENCE, rank, why="the GM")

    number = state.encounters + 1
    coming = ", ".join(f"{n} and {extra[n]} cop{'y' if extra[n] == 1 else 'ies'}"
                       if n in extra else n for n in chosen)  # fmt: skip
    said = f"Encounter {number} begins (fortune {fortune}, surprise: {surprise}; {coming})"
    payload = {"encounter": number, "step": p.Step.START, "fortune": fortune,
               "surprise": surprise, "adversaries": chosen, "copies": extra,
               "copied": copied, "precedence": dict(precedence or {}), "said": said}  # fmt: skip
    return _step(state, rules, payload, setup, faces, game=game)


def _copies_asked(
    game: WorldGame, brought: Callable[[WorldGame], None], ask: Callable[[str, int], int]
) -> dict[str, int]:
    """The copies of each sheet the GM asks for at a terminal, answering the text's own
    question (``up to N copies``) for each sheet it asks about, 0 to the text's most."""
    from dsl.world.bringing import copies_asked

    brought(game)
    counts: dict[str, int] = {}
    while (asked := game.pending()) is not None and (of := copies_asked(asked)) is not None:
        counts[of] = ask(of, max(asked.options))
        game.apply(counts[of])
    return {sheet: n for sheet, n in counts.items() if n}


def _copied(
    game: WorldGame, state: Expedition, rules: CompiledRuleset, extra: dict[str, int]
) -> list[p.Joined]:
    """Answer the text's step of copies (``Bring up to N copies of each adversary model in play
    into play.``): for each sheet it asks about, the copies the GM asked for (``extra``, by the
    sheet's name; else none). The copies made, each a model of the expedition by its name."""
    from dsl.world.bringing import copies_asked
    from journal.delve.expedition import joins

    asked_for: set[str] = set()
    while (asked := game.pending()) is not None and (of := copies_asked(asked)) is not None:
        want = extra.get(of, 0)
        if want not in asked.options:
            most = max(asked.options)
            raise ChroniclerError(
                f"{of}={want + 1}: the text brings up to {most} copies of a sheet ({most + 1} "
                "in all)"
            )
        asked_for.add(of)
        game.apply(want)
    if extra and not asked_for:
        raise ChroniclerError("the text's encounter setup makes no copies of a sheet")
    made = []
    for card, info in game.state.cards.items():
        held = state.models.get(card)
        if info.get("called") and (held is None or held.copy):  # the text's, not a join's
            anew = replace(state, models={k: v for k, v in state.models.items() if k != card})
            joined = joins(anew, rules, str(info["name"]), card, p.Side.ADVERSARY).payload
            assert isinstance(joined, p.Joined)
            made.append(joined)
    return made


def _named(game: WorldGame, state: Expedition, who: str) -> str:
    """A model of the expedition, or a copy the text just made, by its name."""
    if who in game.state.cards and game.state.cards[who].get("called"):
        return who
    return _model(state, who)


def act(
    state: Expedition,
    rules: CompiledRuleset,
    answer: str | None,
    faces: Faces,
    by: str | None = None,
    ask: Callable[[str, list[str]], str] | None = None,
    partner: str | None = None,
) -> Draft:
    """The model whose activation it is takes an action (or passes: its activation ends);
    ``None``: asked (``ask``, at a terminal) among what it may do. ``by``: the model the
    answer was recorded for (run again, another's turn refuses it). ``partner``: the model an
    action naming one is taken with (the text's ``Target ...``: asked at a terminal when
    there is a choice; one the model may not take it with is refused)."""
    game = running(state, rules)
    decision = game.pending()
    assert decision is not None, "a running encounter waits for an activation"
    if by is not None and str(decision.who) != by:
        raise ChroniclerError(f"it was {by}'s activation, and would now be {decision.who}'s")
    may = [o.removeprefix("Take: ") for o in _options(decision)]
    if answer is None:
        if ask is None:
            raise ChroniclerError(f"name what {decision.who} does: one of {', '.join(may)}")
        answer = ask(f"What does {decision.who} do?", may)
    by_name = {str(o).removeprefix("Take: ").casefold(): str(o) for o in decision.options}
    chosen = by_name.get(answer.casefold().removeprefix("take: "))
    if chosen is None:
        raise ChroniclerError(f"{decision.who} may take one of: {', '.join(may)}; not {answer!r}")
    who = str(decision.who)
    card = chosen.partition(": ")[2]
    with_ = _partner(game, state, who, card, partner, ask) if chosen != PASS else None
    if partner is not None and with_ is None:
        raise ChroniclerError(f"{card} names no model to take it with: leave out --with")
    said = f"{who} passes" if chosen == PASS else f"{who}: {chosen.removeprefix('Take: ')}"
    if with_ is not None:
        said += f" (with {with_})"
    payload = {"encounter": state.encounters, "step": p.Step.ACT, "who": who,
               "what": chosen, "partner": with_, "said": said}  # fmt: skip

    def take(g: WorldGame) -> None:
        g.apply(chosen)
        asked = g.pending()
        if with_ is not None and asked is not None and asked.kind == DecisionKind.CHOOSE_TARGET:
            g.apply(with_)  # the text's question of its model, when there was a choice

    return _step(state, rules, payload, take, faces, game=game)


def _partner(
    game: WorldGame,
    state: Expedition,
    who: str,
    card: str,
    partner: str | None,
    ask: Callable[[str, list[str]], str] | None,
) -> str | None:
    """The model the action ``card`` is taken with (``None``: its text names none): the one
    the GM named, the only one it may name, or asked at a terminal; refused in one line when
    the GM named one it may not (a card it holds against it, or not found by the text)."""
    from dsl.world import partners

    found = partners.choices(game, who, card)
    if found is None:
        return None
    if partner is None:
        if len(found) == 1:
            return found[0]
        if ask is None or not found:
            listed = ", ".join(found) or "none"
            raise ChroniclerError(f"name whom {who} takes {card} with (--with): one of {listed}")
        partner = ask(f"Whom does {who} take {card} with?", found)
    named = next((f for f in found if f.casefold() == partner.casefold()), None)
    if named is not None:
        return named
    model = next((m for m in game.state.cards if m.casefold() == partner.casefold()), partner)
    barred = partners.barring(game, who, card, model)
    listed = ", ".join(found) or "none"
    if barred is not None:
        raise ChroniclerError(
            f"{who} takes no {card} with {model}: it holds {barred} against {model} "
            f"(one of: {listed})"
        )
    raise ChroniclerError(f"{who} cannot take {card} with {partner!r}: one of {listed}")


def _model(state: Expedition, who: str) -> str:
    from journal.delve.expedition import _model as model

    return model(state, who).name


def condition(
    state: Expedition,
    rules: CompiledRuleset,
    who: str,
    name: str,
    *,
    stacks: int,
    lift: bool,
    faces: Faces,
    against: str | None = None,
) -> Draft:
    """The GM gives a condition to a model (engaged, in cover, bleeding 2) or lifts it;
    ``against``: the model it is held against (its source: animosity's target)."""
    from dsl.world import durations

    holder = _model(state, who)
    known = [c.name for c in rules.all_cards if c.kind == "condition"]
    card = next((c for c in known if c.casefold() == name.casefold()), None)
    if card is None:
        raise ChroniclerError(
            f"no condition {name!r} in the text (its conditions: {', '.join(known)})"
        )
    game = running(state, rules)
    if lift and durations.holds(game, holder, card) is None:
        raise ChroniclerError(f"{holder} does not hold {card}")
    if against is not None and lift:
        raise ChroniclerError("--against names whom a condition is given against, not lifted")
    if not lift:
        from dsl.world.restraints import unheld

        shield = unheld(game, holder, card)
        if shield is not None:
            raise ChroniclerError(f"{holder} holds {shield}: it is not given {card}")
    source = _named(game, state, against) if against is not None else None
    if source is not None and source == holder:
        raise ChroniclerError(f"{holder} cannot hold {card} against itself")

    def change(game: WorldGame) -> None:
        if lift:
            durations.lift(game, holder, card, why="the GM")
        else:
            durations.give(game, holder, card, stacks, why="the GM", source=source)

    said = f"{holder} no longer holds {card}" if lift else f"{holder} holds {card}"
    if source is not None:
        said += f" against {source}"
    if not lift and stacks > 1:
        said += f" ({stacks})"
    payload = {"encounter": state.encounters, "step": p.Step.CONDITION, "who": holder,
               "what": card, "amount": stacks, "lift": lift, "against": source,
               "said": said}  # fmt: skip
    return _step(state, rules, payload, change, faces, game=game)


def pool(
    state: Expedition,
    rules: CompiledRuleset,
    which: str,
    amount: int,
    *,
    gain: bool,
    why: str,
    faces: Faces,
    on: str | None = None,
) -> Draft:
    """Momentum or threat spent (refused when the pool does not hold it) or gained. Momentum
    spent goes to the round's ``spent``, which bookkeeping takes off; threat spent is gone.
    ``on``: momentum spent to ease a check of that model, which holds Eased until its next
    check (the text's "Ease a Check"), in the same step."""
    from dsl.world import durations
    from dsl.world.model import GAME

    holder = None
    if on is not None:
        if which != "momentum" or gain:
            raise ChroniclerError("--on is for momentum spent to ease a model's check")
        if why.casefold() not in ("", EASE.casefold()):
            raise ChroniclerError(f"--on eases a check: --for {why!r} is another use")
        holder, why = _model(state, on), EASE.casefold()
    game = running(state, rules)
    held = game.ops.value(GAME, which)
    if which == "momentum":
        held -= game.ops.value(GAME, "spent")
    if not gain and amount > held:
        raise ChroniclerError(f"the table holds {held} {which}; {why or 'this'} costs {amount}")

    def change(game: WorldGame) -> None:
        if gain:
            game.ops.set(GAME, which, game.ops.value(GAME, which) + amount, why=why)
        elif which == "momentum":
            game.ops.set(GAME, "spent", game.ops.value(GAME, "spent") + amount, why=why)
        else:
            game.ops.set(GAME, which, held - amount, why=why)
        if holder is not None:
            durations.give(game, holder, EASED, why=why)

    verb = "gains" if gain else "spends"
    whose = "the company" if which == "momentum" else "the GM"
    said = f"{whose} {verb} {amount} {which}" + (f": {why}" if why else "")
    if holder is not None:
        said += f" of {holder}"
    payload = {"encounter": state.encounters, "step": p.Step.POOL, "what": which,
               "amount": amount, "gain": gain, "why": why, "who": holder,
               "said": said}  # fmt: skip
    return _step(state, rules, payload, change, faces, game=game)


def precedence(
    state: Expedition, rules: CompiledRuleset, who: str, rank: int, faces: Faces
) -> Draft:
    """The GM gives a model its precedence: among models equal on initiative score and the
    Initiative characteristic (copies of one sheet), the higher acts first (the text's order of
    activations); it counts from the next round's order and is kept until changed."""
    name = _model(state, who)
    game = running(state, rules)
    if game.world.property(PRECEDENCE) is None:
        raise ChroniclerError("the text declares no precedence of models to order ties by")
    said = f"{name} takes precedence {rank} among equals on initiative"
    payload = {"encounter": state.encounters, "step": p.Step.PRECEDENCE, "who": name,
               "amount": rank, "said": said}  # fmt: skip

    def change(game: WorldGame) -> None:
        game.ops.set(name, PRECEDENCE, rank, why="the GM")

    return _step(state, rules, payload, change, faces, game=game)


def rout(state: Expedition, rules: CompiledRuleset, who: str, faces: Faces) -> Draft:
    """A model leaves the encounter (routed, fled or fallen): it acts no more; with no
    adversary left on the table, the round's end ends the encounter."""
    name = _model(state, who)
    game = running(state, rules)
    if not _on_table(game, [name]):
        raise ChroniclerError(f"{name} is not on the table of this encounter")
    said = f"{name} is routed"
    payload = {"encounter": state.encounters, "step": p.Step.ROUT, "who": name, "said": said}
    change: Callable[[WorldGame], None] = lambda g: g.ops.move_card(  # noqa: E731
        name, zone=ROUTED, why="routed"
    )
    return _step(state, rules, payload, change, faces, game=game)


def end(state: Expedition, rules: CompiledRuleset, why: str, faces: Faces) -> Draft:
    """The GM ends the encounter before its text does (the company flees, a truce)."""
    game = running(state, rules)
    said = f"The GM ends encounter {state.encounters}" + (f": {why}" if why else "")
    payload = {"encounter": state.encounters, "step": p.Step.END, "why": why, "said": said}
    return _step(state, rules, payload, lambda g: g.end_the_game(why or "the GM"), faces, game=game)


def again(state: Expedition, rules: CompiledRuleset, x: p.EncounterStep) -> Draft:
    """The step ``x`` run again on ``state`` with the faces it rolled (an earlier entry was
    amended or deleted)."""
    faces = Faces(list(x.dice), why="it would roll more dice than it did", declare=x.declared)
    if x.step == p.Step.START:
        coming = x.adversaries
        if coming is None:  # recorded before the text asked: the expedition's adversaries
            coming = [m.name for m in state.models.values() if m.side == p.Side.ADVERSARY]
        return start(
            state, rules, fortune=x.fortune, surprise=x.surprise, faces=faces,
            adversaries=coming, precedence=x.precedence, copies=x.copies,
        )  # fmt: skip
    if x.step == p.Step.ACT:
        return act(state, rules, x.what or PASS, faces, by=x.who, partner=x.partner)
    if x.step == p.Step.CONDITION:
        return condition(
            state, rules, x.who or "", x.what or "", stacks=x.amount, lift=x.lift, faces=faces,
            against=x.against,
        )  # fmt: skip
    if x.step == p.Step.POOL:
        return pool(
            state, rules, x.what or "", x.amount, gain=x.gain, why=x.why, faces=faces, on=x.who
        )
    if x.step == p.Step.ROUT:
        return rout(state, rules, x.who or "", faces)
    if x.step == p.Step.PRECEDENCE:
        return precedence(state, rules, x.who or "", x.amount, faces)
    return end(state, rules, x.why, faces)
