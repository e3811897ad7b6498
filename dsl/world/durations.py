"""Cards held for a while: durations, and what a held card changes in a check.

A card of some kind (a condition, a blessing) is *held* by a thing (a player, a model card) for
as long as the tag it carries says. The ruleset declares each tag's duration::

    Fleeting conditions are held until the holder's next end phase
    Persistent conditions are held in stacks, one off at the holder's end phase
    Ongoing conditions are held until lifted
    Boons are held until the holder's next check
    Omens are held in stacks, one off at each bookkeeping

"until the holder's next <step>" ends at the next time a step of that title begins in a phase
played for the holder (``for each model in order, play "Activation"``); "until the next <step>"
at the next such step whoever it is played for; "in stacks, one off at ..." counts down there
and ends at 0, stacks given again adding up (stacking); "until lifted" lasts until the table
or a text lifts it; "until the holder's next check" ends once a check of the holder has read it.

While held, a card changes the checks its holder makes: each of its rank fields whose members
are a check's inputs (``favour 1``, ``peril 1``, ``easier 1``) adds to that input, once per
stack for a card held by stacks (``inputs_for``). A held card's texts run when the procedure
says (``do fire start of held cards``: each card the phase's subject holds with a "Start"
text runs it, the holder acting), and as it ends: a text of a trigger declared ``on lifted``
(``trigger "Lifted" on lifted for condition``) runs when the card stops being held, whatever
ends it, the holder acting (``aftermath``).

The held cards are plain data in the state (``WorldState.effects``): ``{"card", "holder",
"tag", "stacks"}``, so a game held here saves, copies and replays like every other. Nothing
here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.runtime import EffectError, Span
from dsl.vocabulary import singular_of

from . import check_changes
from .events import WorldEvent

if TYPE_CHECKING:
    from dsl.procedure import ProcedureStep

    from .game import WorldGame

How = Literal["until", "stacks", "lifted", "check"]
HOLDER = "holder's"


@dataclass(frozen=True, slots=True)
class DurationDecl:
    """How long a card carrying ``tag`` (of ``kind``) is held: ``until`` a step (``step``, the
    holder's own when ``holder``), by ``stacks`` taken off at a step, until ``lifted``, or
    until the holder's next ``check``."""

    tag: str
    kind: str
    how: How
    step: str | None = None
    holder: bool = False
    span: Span | None = None
    stacked: bool = False  # "in stacks until ...": given again, it counts up, all ending there

    @property
    def text(self) -> str:
        whose = "the holder's" if self.holder else "each"
        if self.how == "until":
            # stacked or not, it is held until then (its stacks are its strength)
            return (
                f"until {'the holder' + chr(39) + 's' if self.holder else 'the'} next {self.step}"
            )
        if self.how == "stacks":
            return f"in stacks, one off at {whose} {self.step}"
        if self.how == "check":
            return "until the holder's next check"
        return "until lifted"


class DurationError(PlacedError):
    """A duration that cannot be read: its message names what to write."""


def read_duration(name: str, plain: list[ast.Atom], span: Span) -> DurationDecl:
    """``Fleeting conditions are held until the holder's next end phase``: the tag, the kind
    and how long (``plain``: the words after "are", without commas). Raises ``DurationError``
    (``dsl.declarations`` tells it as the declaration's error)."""
    example = (
        f"'{name} are held until the holder's next end phase', '... in stacks, one off at "
        "the holder's end phase', '... until the holder's next check' or '... until lifted'"
    )
    parts = name.split()
    if len(parts) < 2:
        raise DurationError(
            f"say the tag and the kind held: 'Fleeting conditions', not '{name}'", span
        )
    tag, kind = " ".join(parts[:-1]), singular_of(parts[-1].casefold())
    words = [a.folded for a in plain][1:]  # after "held"
    at = plain[0].span
    if words[:3] == ["in", "stacks", "until"] and words[3:4] != ["lifted"]:
        # "in stacks until the holder's next end phase": given again, the stacks add up (its
        # strength, read by "while it holds N stacks or more"); all end at that step
        found = read_duration(name, [plain[0], *plain[3:]], span)
        if found.how == "until":
            return replace(found, stacked=True)
    if words == ["until", "lifted"]:
        return DurationDecl(tag, kind, "lifted", span=span)
    if words == ["until", "the", HOLDER, "next", "check"]:
        return DurationDecl(tag, kind, "check", holder=True, span=span)
    if words[:3] == ["until", "the", HOLDER] and len(words) > 4 and words[3] == "next":
        return DurationDecl(tag, kind, "until", " ".join(words[4:]), True, span)
    if words[:3] == ["until", "the", "next"] and len(words) > 3:
        return DurationDecl(tag, kind, "until", " ".join(words[3:]), False, span)
    if words[:5] == ["in", "stacks", "one", "off", "at"] and len(words) > 6:
        whose = words[5:7]
        if whose == ["the", HOLDER] and len(words) > 7:
            return DurationDecl(tag, kind, "stacks", " ".join(words[7:]), True, span)
        if words[5] == "each":
            return DurationDecl(tag, kind, "stacks", " ".join(words[6:]), False, span)
    raise DurationError(f"cannot read how long {name} are held: write {example}", at)


# ---- in play -----------------------------------------------------------------------------------


def _decl(game: WorldGame, card: str) -> DurationDecl:
    """The duration of a card by the tags it carries."""
    info = game.state.cards.get(card)
    if info is None:
        raise EffectError(f"there is no card {card!r} to hold")
    tags = game.card_fields(card).get("tags") or []
    for tag in tags if isinstance(tags, list) else [tags]:
        found = game.world.durations.get(str(tag).casefold())
        if found is not None and found.kind == info["kind"].casefold():
            return found  # type: ignore[no-any-return]
    known = ", ".join(d.tag for d in game.world.durations.values())
    raise EffectError(f"{info['name']} carries no tag held for a while (declared: {known})")


def held(game: WorldGame, holder: str) -> list[dict[str, Any]]:
    """The cards ``holder`` holds now, in the order they were given."""
    return [e for e in game.state.effects if e["holder"] == holder]


def holds(game: WorldGame, holder: str, card: str) -> dict[str, Any] | None:
    return next((e for e in held(game, holder) if e["card"] == card), None)


def give(
    game: WorldGame,
    holder: str,
    card: str,
    stacks: int = 1,
    why: str = "",
    source: str | None = None,
) -> None:
    """``holder`` holds ``card`` now: for its tag's duration; stacks given to a card held by
    stacks add to those it has (a persistent condition stacks). ``source``: the thing it was
    given by or against, which its "against its source" sentences name. Not given while the
    holder holds a card immune to it (``restraints.unheld``)."""
    decl = _decl(game, card)
    stacked = decl.how == "stacks" or decl.stacked
    if stacked and stacks < 1:
        raise EffectError(f"{card} is held by stacks: give it 1 or more, not {stacks}")
    if game.world.restraints and game.immune(holder, card):  # "... immune to psychology ..."
        return  # a card it holds makes it immune to this one: not given
    found = holds(game, holder, card)
    if found is not None and not stacked:
        return  # held already: given again, it lasts as it does
    if found is not None:
        found["stacks"] += stacks
    else:
        found = {"card": card, "holder": holder, "tag": decl.tag}
        if source is not None:
            found["source"] = source
        if stacked:
            found["stacks"] = stacks
        game.state.effects.append(found)
    game.emit(
        WorldEvent.EFFECT_STARTED,
        effect=card,
        owner=holder,
        until=decl.text,
        stacks=found.get("stacks"),
        why=why,
    )


def lift(game: WorldGame, holder: str, card: str, why: str = "lifted") -> bool:
    """``holder`` no longer holds ``card``; ``False`` when it did not."""
    found = holds(game, holder, card)
    if found is None:
        return False
    game.state.effects.remove(found)
    game.emit(WorldEvent.EFFECT_ENDED, effect=card, owner=holder, why=why)
    aftermath(game, found)
    return True


LIFTED = "lifted"  # the event of a trigger whose texts run as a held card ends


def check_lifted(triggers: Mapping[str, Any], held: Mapping[str, Any]) -> list[tuple[str, Span]]:
    """Each trigger declared ``on lifted`` for a card kind no duration holds (or for none),
    with where: its texts would never run."""
    kinds = {str(d.kind).casefold() for d in held.values()}
    found: list[tuple[str, Span]] = []
    for trigger in triggers.values():
        if trigger.usage != "on" or trigger.event != LIFTED:
            continue
        if not trigger.kinds:
            found.append(
                (f"say which held cards '{trigger.label}' is for: 'for <kind>'", trigger.span)
            )
        for kind in trigger.kinds:
            if kind.casefold() not in kinds:
                found.append(
                    (
                        f"'{trigger.label}' runs as a held card ends, and no duration holds a "
                        f"{kind}: declare one ('<tag> {kind}s are held until lifted')",
                        trigger.span,
                    )
                )
    return found


def aftermath(game: WorldGame, effect: Mapping[str, Any]) -> None:
    """A held card that ended, by whatever ends it (lifted, its duration run out, spent):
    its texts of a trigger declared ``on lifted`` run, its holder acting ("Lifted: Gain 2
    fatigue.")."""
    card = str(effect["card"])
    for ability in game.compiled_card(card).abilities:
        trigger = ability.trigger
        if trigger is not None and trigger.usage == "on" and trigger.event == LIFTED:
            game.run_card_text(card, trigger.label, game.context(actor=effect["holder"], card=card))
            return


def reaching(game: WorldGame) -> Callable[[ProcedureStep, Any], None]:
    """What the procedure calls as each step begins: the held cards whose duration names that
    step end, or lose a stack (and end at none). ``subject``: the thing the phase is played
    for (a holder's own step only counts for that holder)."""
    by_step: dict[str, list[DurationDecl]] = {}
    for decl in game.world.durations.values():
        if decl.step is not None:
            by_step.setdefault(decl.step.casefold(), []).append(decl)

    def reach(step: ProcedureStep, subject: Any) -> None:
        decls = by_step.get(step.title.casefold())
        if not decls:
            return
        tags = {d.tag.casefold(): d for d in decls}
        for effect in list(game.state.effects):
            decl = tags.get(effect["tag"].casefold())
            if decl is None or (decl.holder and effect["holder"] != subject):
                continue
            if decl.how == "stacks":
                effect["stacks"] -= 1
                game.emit(
                    WorldEvent.EFFECT_TICKED,
                    effect=effect["card"],
                    owner=effect["holder"],
                    stacks=effect["stacks"],
                    at=step.title,
                )
                if effect["stacks"] > 0:
                    continue
            game.state.effects.remove(effect)
            game.emit(
                WorldEvent.EFFECT_ENDED,
                effect=effect["card"],
                owner=effect["holder"],
                why=step.title,
            )
            aftermath(game, effect)

    return reach


# ---- what a held card changes ------------------------------------------------------------------


def inputs_for(game: WorldGame, holder: str, names: Any, spend: bool = True) -> dict[str, int]:
    """What the cards ``holder`` holds add to a check's inputs (``names``): each rank field of
    a held card whose members are inputs, once per stack. A card held until the holder's next
    check is spent by it (``spend``)."""
    wanted = {str(n).casefold(): str(n) for n in names}
    added: dict[str, int] = {}
    read: list[dict[str, Any]] = []  # the held cards this check reads
    for effect in held(game, holder):
        times = int(effect.get("stacks") or 1)
        for value in game.card_fields(effect["card"]).values():
            if not isinstance(value, Mapping):
                continue
            for member, rank in value.items():
                name = wanted.get(str(member).casefold())
                if name is not None and isinstance(rank, int):
                    added[name] = added.get(name, 0) + rank * times
                    read.append(effect)
    if spend:  # a card held until its holder's next check: the first check it changes
        for effect in read:
            decl = game.world.durations[effect["tag"].casefold()]
            if decl.how == "check" and effect in game.state.effects:
                lift(game, holder, effect["card"], why="its holder's check")
    return added


def check(
    game: WorldGame,
    holder: str,
    name: str,
    *,
    against: str | None = None,
    tags: tuple[str, ...] = (),
    using: str | None = None,
    against_using: str | None = None,
    **given: int | str,
) -> Any:
    """``holder`` makes the check ``name`` (one the ruleset's text declares), ``against`` a
    thing or none, carrying the ``tags`` the table gives it ("opposed"): the inputs given, plus
    what the held cards add (the holder's ranks, and the sentences of its cards and of the
    cards the thing it is against holds: ``dsl.world.check_changes``); the dice are the game's
    (scripted, typed or generated). ``using``: the member it is made with (a skill): the inputs
    the check reads from the sheets are read (the target's with ``against_using``, else the
    same), and the check carries the member itself as a tag ("Strength checks of its holder
    are 1 harder.") and the tags of the card of that name (``skill "Cool" { tags mental }``:
    ``check_changes.tags_of``)."""
    found = {c.casefold(): c for c in game.ruleset.checks}.get(name.casefold())
    if found is None:
        known = ", ".join(game.ruleset.checks) or "none"
        raise EffectError(f"there is no check {name!r} (checks: {known})")
    made = game.ruleset.checks[found]
    inputs: dict[str, int | str] = {}
    if using is not None:
        inputs.update(_read_sheets(game, made, holder, using, against, against_using))
    inputs.update(given)
    extras = changes(game, holder, made, against=against, tags=tags, using=using)
    for key, extra in extras.items():
        base = inputs.get(key, 0)
        inputs[key] = (int(base) if not isinstance(base, str) else 0) + extra
    return made.roll(game, **inputs)


def changes(
    game: WorldGame,
    holder: str,
    made: Any,
    *,
    against: str | None = None,
    tags: tuple[str, ...] = (),
    using: str | None = None,
) -> dict[str, int]:
    """What the held cards add to the inputs of the check ``made`` by ``holder`` (``check``
    without the roll, for a table rolling its own dice): the holder's ranks (``inputs_for``,
    spending those held until the next check), the sentences of its cards and of the cards
    ``against`` holds, with the tags of the member ``using``; refused (``EffectError``) when
    ``against`` is immune to a check of those tags."""
    if using is not None:
        tags = (*tags, using.casefold(), *check_changes.tags_of(game, using))
    if against is not None and game.world.restraints:
        shield = check_changes.immune(game, against, tags)
        if shield is not None:  # "Its holder is immune to social checks."
            raise EffectError(f"{against} holds {shield}: no such check is made against it")
    names = _input_names(made)
    added: dict[str, int] = {}
    extras = list(inputs_for(game, holder, names).items())
    extras += check_changes.added(game, holder, names, against, tags).items()
    for key, extra in extras:
        added[key] = added.get(key, 0) + extra
    return added


def _input_names(made: Any) -> list[str]:
    inputs = getattr(made, "inputs", ())
    return [getattr(i, "name", str(i)) for i in inputs]


def _read_sheets(
    game: WorldGame,
    made: Any,
    holder: str,
    using: str,
    against: str | None,
    against_using: str | None,
) -> dict[str, int]:
    """The inputs ``made`` reads from the sheets: the holder's card's, the target's."""
    from dsl.dice.model import CheckError
    from dsl.dice.sheet import sheet_inputs

    target = against if against is not None and against in game.state.cards else None
    try:
        return sheet_inputs(
            made,
            game.card_fields(holder),
            using,
            actor_name=holder,
            target=game.card_fields(target) if target is not None else None,
            target_member=against_using,
            target_name=target or "the target",
        )
    except CheckError as error:
        raise EffectError(str(error)) from None
