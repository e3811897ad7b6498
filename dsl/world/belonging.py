"""Cards a player uses as their played card's own: "powers are used by the player of their hero,
those with a rank".

A kind of card (the powers) names, in one of its fields, a card of a kind the players play as
("heroes are played by players, one each"). A card of that kind is the player's own while they
play the card it names: its activated texts are offered to that player, wherever the card lies
(in its deck, face up on a sheet), and to no one else. "those with a <field>": only the cards
whose field is set are (the others are locked: a card its player has not earned yet). Each
player's cards are theirs alone: two players playing two heroes are offered their own hero's
powers, none of the other's. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dsl.diagnostics import did_you_mean
from dsl.runtime import Span

if TYPE_CHECKING:
    from .game import WorldGame

__all__ = ["Belonging", "BelongingError", "check", "names_played", "read_belonging", "usable"]

FORM = "write '<kinds> are used by the player of their <field>[, those with a <field>]'"


class BelongingError(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


@dataclass(frozen=True, slots=True)
class Belonging:
    """``kind`` cards are the player's whose played card ``field`` names; with ``gate``, only
    those whose ``gate`` field is set."""

    kind: str
    field: str
    gate: str | None
    span: Span


HEAD = ["used", "by", "the", "player", "of", "their"]


def read_belonging(kind: str, words: list[str], span: Span) -> Belonging | None:
    """The declaration's words after "are" (commas left out); ``None`` when it is no such
    declaration, ``BelongingError`` when it starts as one and goes wrong."""
    if words[: len(HEAD)] != HEAD:
        return None
    rest = words[len(HEAD) :]
    if not rest:
        raise BelongingError(f"used by the player of their what? {FORM}", span)
    if "those" in rest:
        at = rest.index("those")
        field, gate_words = rest[:at], rest[at + 1 :]
        if gate_words[:2] not in (["with", "a"], ["with", "an"]) or len(gate_words) < 3:
            raise BelongingError(f"'those {' '.join(gate_words)}': {FORM}", span)
        gate: str | None = " ".join(gate_words[2:])
    else:
        field, gate = rest, None
    if not field:
        raise BelongingError(f"used by the player of their what? {FORM}", span)
    return Belonging(kind, " ".join(field), gate, span)


def check(belongs: Any, kinds: Mapping[str, Any], played: Any, report: Any) -> None:
    """Each declaration's fields are fields of its kind; the one naming the card must name a
    kind the players play. ``kinds``: the kinds' schemas by folded name."""
    for belonging in belongs.values():
        schema = kinds.get(belonging.kind)
        if schema is None:
            continue  # no kind of card: told by ``dsl.declarations.check``
        fields = {name.casefold() for name in schema.fields}
        for name in (belonging.field, belonging.gate):
            if name is not None and name not in fields:
                hint = did_you_mean(name, list(schema.fields))
                report(f"'{name}' is no field of {belonging.kind}{hint}", belonging.span)
        if not played:
            report(
                f"{belonging.kind} used by the player of their {belonging.field}: no kind of "
                "card is played by players ('<kinds> are played by players, one each')",
                belonging.span,
            )


def usable(game: WorldGame, player: str) -> list[str]:
    """The cards ``player`` may use as their played card's own, in the order they lie."""
    st = game.state
    played = {
        str(info["name"]).casefold()
        for info in st.cards.values()
        if info.get("player") == player and str(info["kind"]).casefold() in game.world.played
    }
    if not played:
        return []
    found = []
    for belonging in game.world.belongs.values():
        for card, info in st.cards.items():
            if str(info["kind"]).casefold() != belonging.kind:
                continue
            fields = {k.casefold(): v for k, v in game.card_fields(card).items()}
            named = fields.get(belonging.field)
            if named is None or str(named).casefold() not in played:
                continue
            if belonging.gate is not None and fields.get(belonging.gate) in (None, False, ""):
                continue
            found.append(card)
    return found


def names_played(game: WorldGame, card: str, player: str | None) -> bool:
    """Whether ``card`` names, in a field called after a kind the players play ("character"),
    the card ``player`` plays: then it is one the player has ("each scar you have")."""
    if player is None or not game.world.played:
        return False
    fields = {k.casefold(): v for k, v in game.card_fields(card).items()}
    for kind in game.world.played:
        named = fields.get(kind)
        if not isinstance(named, str):
            continue
        if any(
            info.get("player") == player
            and str(info["kind"]).casefold() == kind
            and str(info["name"]).casefold() == named.casefold()
            for info in game.state.cards.values()
        ):
            return True
    return False
