"""One card's text of a trigger, resolved by a sentence: "Resolve its Overcome text.",
"Resolve the Overcome text of that door.".

A procedure step ``do fire <trigger>`` runs a trigger's text on every card in play; this
sentence runs it on the one card the sentence is about ("it", "that door", "this card"), at the
point the sentence stands, with the player acting still acting ("Lose 1 nerve." in the card's
text is theirs). Inside the card's text "this <kind>" and "this <place>" are the card and where
it lies; when it is done, "it" is again what it was before ("Resolve its Overcome text. Discard
it.").

- A card without a text of that trigger resolves nothing (a trigger is printed on some cards of a
  kind only).
- A sentence of the card's text with nothing to act on ("Discard a door." with no door left)
  ends that text; the sentence that resolved it goes on.
- Checked where it is written: the trigger must be declared (``unknown trigger 'Overcom'; did you
  mean 'Overcome'?``) and, when the phrase names a kind of card ("the Lurk text of that door"),
  the trigger must be one that kind's cards have (``trigger "Lurk" ... for door``).

Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause, core_clause
from dsl.diagnostics import did_you_mean
from dsl.runtime import Context, NothingToActOn, Span
from dsl.selectors import Selector

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder  # (only for its type: the binder calls bind)

    from .game import WorldGame


def join_spans(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


VERB = "resolve"  # the sentence's first word
FUNCTION = "resolve_text"  # its primitive, among the engine's core verbs


def resolve_text(ctx: Context, object: Any, on: Any) -> None:
    """Run the text of the trigger ``object`` printed on the card ``on``, the actor acting."""
    host: Any = ctx.host
    game: WorldGame = host.game
    labels = object if isinstance(object, list | tuple) else [object]
    label = str(labels[0])
    if isinstance(on, tuple):  # a card named ("event \"Hail\""): wherever it lies, in play or not
        name, kind = on
        on = [
            c
            for c, info in game.state.cards.items()
            if info["name"] == name and (not kind or info["kind"].casefold() == kind)
        ]
    things = on if isinstance(on, list) else [on]
    cards = [str(t) for t in things if t is not None and str(t) in game.state.cards]
    if not cards:
        raise NothingToActOn(f"there is no card to resolve the {label} text of", ctx.span)
    saved = (ctx.card, ctx.bindings, ctx.span)
    try:
        for card in cards:  # "each discord you have ...": every card found, in the order they lie
            ctx.card, ctx.bindings = card, {}
            for ability in game.compiled_card(card).abilities_for(label):
                try:
                    if ability.cost is not None:
                        ability.cost(ctx)
                    ability.run(ctx)
                except NothingToActOn:
                    continue  # the text does what it finds to do
    finally:
        ctx.card, ctx.bindings, ctx.span = saved


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Resolve its <trigger> text`` / ``Resolve the <trigger> text of <thing>``: the clause,
    or a positioned error saying what is wrong."""
    words = [a.folded for a in atoms]
    form = "write 'Resolve its <trigger> text.' or 'Resolve the <trigger> text of <a card>.'"
    if len(words) < 3 or words[1] not in ("its", "the") or "text" not in words[2:]:
        raise BindError(f"'{' '.join(a.text for a in atoms)}': {form}", atoms[0].span)
    end = words.index("text", 2)
    label_atoms = atoms[2:end]
    if not label_atoms:
        raise BindError(f"which trigger's text? {form}", atoms[end].span)
    label_span = join_spans(label_atoms[0].span, label_atoms[-1].span)
    rest = atoms[end + 1 :]
    if words[1] == "its":
        if rest:
            raise BindError(f"nothing follows 'its ... text': {form}", rest[0].span)
        thing_atoms = [ast.Atom("word", "it", atoms[1].span)]
    else:
        if not rest or rest[0].folded != "of" or len(rest) < 2:
            raise BindError(f"the text of what? {form}", atoms[end].span)
        thing_atoms = rest[1:]
    label = " ".join(a.text for a in label_atoms)
    triggers = {t.casefold(): info for t, info in sb.v.triggers.items()}
    info = triggers.get(label.casefold())
    if info is None:
        known = [t.label for t in sb.v.triggers.values()]
        raise BindError(f"unknown trigger '{label}'{did_you_mean(label, known)}", label_span)
    thing = sb.b.single(sb.b.lex(thing_atoms))
    if not isinstance(thing, Selector):
        raise BindError(f"the text of what? {form}", thing_atoms[0].span)
    kind = _kind_named(sb, thing)
    if kind is not None and info.kinds and kind not in {k.casefold() for k in info.kinds}:
        kinds = ", ".join(info.kinds)
        its_own = [
            t.label for t in sb.v.triggers.values() if kind in {k.casefold() for k in t.kinds}
        ]
        hint = did_you_mean(label, its_own) or (
            f" (a {kind} has {', '.join(repr(t) for t in its_own)})" if its_own else ""
        )
        raise BindError(
            f"no {kind} has a '{info.label}' text: the trigger is for {kinds}{hint}", label_span
        )
    return core_clause(
        VERB,
        FUNCTION,
        (("object", (info.label,)), ("on", named if (named := _named(thing)) else thing)),
        (("object", "object"), ("on", "on")),
        " ".join(a.text for a in atoms),
        join_spans(atoms[0].span, atoms[-1].span),
    )


def _named(thing: Selector) -> tuple[str, str] | None:
    """A card named by the phrase (its name, its kind or ""): found wherever it lies."""
    if thing.name is None or thing.reference is not None:
        return None
    return (thing.name, (thing.noun or "").casefold() if thing.noun_category == "card kind" else "")


def _kind_named(sb: SentenceBinder, thing: Selector) -> str | None:
    """The kind of card a phrase names ("that door": door), if it names one."""
    noun = (thing.noun or "").casefold()
    if thing.noun_category == "card kind" and noun:
        return noun
    return None


VERBS: dict[str, Any] = {VERB: resolve_text}

__all__ = ["FUNCTION", "VERB", "VERBS", "bind", "resolve_text"]
