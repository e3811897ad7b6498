"""A game the players play together, and a campaign of sessions: how such a game ends.

Two declarations (the category form):

```text
the result is the table Outcome, a win from 1         # the table's row for the number it is by
the campaign is over once year is above years         # until then a game is one session of it
```

- ``the result is the table <name>, a win from N``: the game is cooperative. At its end the
  table is read by the number of the game its ``by`` names (``table "Outcome" by "beacons
  lit"`` with ``beacons lit is a number 0..3 of the game``): its row is the result ("Major
  Victory"), told for the whole table; every seat wins when that number is at least N, none
  when it is below. The score, when one is declared, is then a number of the game: the
  table's one score, each seat's the same. No ranking of seats is made.
- ``the campaign is over once <number> is above <value>``: the game is a session of a campaign
  whose length is a number of the game (``year``) against a declared value or a figure
  (``years``). A game ending while the number is not above it ends a session only: no result, no
  score, no winner; the campaign goes on (``dsl.world.game``'s ``end_the_game``). The text
  advances the number itself ("Gain 1 year.") and says what happens at the campaign's end, each
  sentence under a condition ("If year is more than the years, ..."): the state a session leaves
  is what the next one starts from (``carried``, ``carry_into``: the numbers of the game and of
  the cards, the cards burnt).

Checked where written: the table must be declared and be read ``by`` a number of the game; the
score must be a number of the game; the campaign's number must be a number of the game, its
bound a declared value or a figure. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dsl.bind_error import PlacedError
from dsl.diagnostics import did_you_mean
from dsl.runtime import Span

from .model import GAME

if TYPE_CHECKING:
    from .game import WorldGame

RESULT, CAMPAIGN = "the result", "the campaign"
RESULT_FORM = "write 'the result is the table <name>, a win from <N>'"
CAMPAIGN_FORM = "write 'the campaign is over once <number> is above <value>'"


class TogetherError(PlacedError):
    """A declaration of this module that cannot be read: its message names what to write."""


@dataclass(frozen=True, slots=True)
class ResultDecl:
    """``the result is the table <name>, a win from N``."""

    table: str
    win_from: int
    span: Span


@dataclass(frozen=True, slots=True)
class CampaignDecl:
    """``the campaign is over once <number> is above <bound>``."""

    number: str
    bound: str  # a declared value's name, or a figure
    span: Span


def read_together(name: str, atoms: list[Any], span: Span) -> ResultDecl | CampaignDecl | None:
    """The declaration of ``name`` ("the result", "the campaign"), or ``None`` for any other
    name. Raises ``TogetherError`` on any other shape."""
    folded = " ".join(name.casefold().split())
    plain = [a for a in atoms if a.kind != "comma"]
    words = [a.folded for a in plain]
    at = plain[0].span if plain else span
    if folded == RESULT:
        tail = words[-4:-1]
        if (
            len(plain) < 7
            or words[:2] != ["the", "table"]
            or tail != ["a", "win", "from"]
            or plain[-1].kind != "number"
        ):
            raise TogetherError(RESULT_FORM, at)
        return ResultDecl(" ".join(a.text for a in plain[2:-4]), int(plain[-1].text), span)
    if folded == CAMPAIGN:
        if words[:2] != ["over", "once"] or "is" not in words[2:]:
            raise TogetherError(CAMPAIGN_FORM, at)
        split = words.index("is", 2)
        number, rest = plain[2:split], plain[split + 1 :]
        if not number or len(rest) < 2 or rest[0].folded != "above":
            raise TogetherError(CAMPAIGN_FORM, at)
        return CampaignDecl(
            " ".join(a.text for a in number), " ".join(a.text for a in rest[1:]), span
        )
    return None


def check_together(
    decls: Mapping[str, Any],
    properties: Mapping[str, Any],
    tables: Mapping[str, str | None],
    values: Mapping[str, int],
    score: str | None,
) -> list[tuple[str, Span]]:
    """What is wrong with the declarations, each with where it is written; ``tables``: each
    declared table's name and the count it is by (``None``: a rolled table)."""
    said: list[tuple[str, Span]] = []

    def game_number(name: str) -> bool:
        decl = properties.get(name.casefold())
        return decl is not None and decl.owner == GAME

    games = [p.name for p in properties.values() if p.owner == GAME]
    result = decls.get(RESULT)
    if isinstance(result, ResultDecl):
        found = {t.casefold(): t for t in tables}
        name = found.get(result.table.casefold())
        by = tables.get(name) if name is not None else None
        if name is None:
            hint = did_you_mean(result.table, list(tables))
            said.append(
                (f'the result is table "{result.table}", which is not declared{hint}', result.span)
            )
        elif not by or not game_number(by):
            hint = did_you_mean(by or "", games)
            said.append(
                (
                    f'table "{name}" is by "{by}", which is no number of the game{hint}'
                    f" (declare '{by} is a number 0.. of the game')",
                    result.span,
                )
            )
        if score is not None and not game_number(score):
            said.append(
                (
                    f"the players play together: the score '{score}' must be a number of the game",
                    result.span,
                )
            )
    campaign = decls.get(CAMPAIGN)
    if isinstance(campaign, CampaignDecl):
        if not game_number(campaign.number):
            hint = did_you_mean(campaign.number, games)
            said.append(
                (
                    f"the campaign counts '{campaign.number}', "
                    f"which is no number of the game{hint}",
                    campaign.span,
                )
            )
        if not campaign.bound.isdigit() and campaign.bound.casefold() not in {
            v.casefold() for v in values
        }:
            hint = did_you_mean(campaign.bound, list(values))
            said.append(
                (f"the campaign's end '{campaign.bound}' is no declared value{hint}", campaign.span)
            )
    return said


def _bound(game: WorldGame, decl: CampaignDecl) -> int:
    if decl.bound.isdigit():
        return int(decl.bound)
    values = {k.casefold(): v for k, v in game.ruleset.values.items()}
    return int(values[decl.bound.casefold()])


def campaign_goes_on(game: WorldGame) -> bool:
    """Whether the game ending now ends a session of a campaign that goes on."""
    decl = game.world.together.get(CAMPAIGN)
    if not isinstance(decl, CampaignDecl):
        return False
    return game.ops.value(GAME, decl.number.casefold()) <= _bound(game, decl)


def end_together(game: WorldGame, why: str) -> bool:
    """End a game the players play together, or a session of a campaign: ``False`` when the
    game declares neither (the seats are ranked by the score)."""
    world = game.world
    st = game.state
    if campaign_goes_on(game):
        decl = world.together[CAMPAIGN]
        at = game.ops.value(GAME, decl.number.casefold())
        _ended(game, {}, [], why, session={"number": decl.number, "at": at})
        return True
    result = world.together.get(RESULT)
    if not isinstance(result, ResultDecl):
        return False
    table = world.tables[result.table.casefold()]
    count = game.ops.value(GAME, str(table.by).casefold())
    row = table.lookup(count)
    score = game.ops.value(GAME, world.score) if world.score else 0
    winners = list(st.players) if count >= result.win_from else []
    scores = dict.fromkeys(st.players, score)
    _ended(game, scores, winners, why, result=str(row.result), score=score)
    return True


def _ended(
    game: WorldGame, scores: dict[str, int], winners: list[str], why: str, **told: Any
) -> None:
    """The game over, told as any game's end with what this one adds: ``result`` and
    ``score`` (the table's), or ``session`` (the campaign's number and where it stands)."""
    from .events import WorldEvent

    st = game.state
    st.result = {"scores": dict(scores), "winner": None, "ranking": [], "tied": winners, **told}
    game.ops.emit(
        WorldEvent.GAME_ENDED, scores=dict(scores), winner=None, ranking=[], why=why, **told
    )
    st.over = True


# ---- what a session leaves for the next -------------------------------------------------------


def carried(game: WorldGame) -> dict[str, Any]:
    """What a session of a campaign leaves for the next, as JSON-like data: every number of the
    game and of the cards (the tracks, the year, the ranks a character learned; not the dice of
    a pool, rolled again, nor a number starting at its card's own field, starting there again,
    nor a seat's own numbers, a seat being whoever sits down next time), and the cards burnt,
    in the order they were burnt, and the map's places other cards took (``spaces``). ``{}``
    when the game is no campaign's."""
    from .burning import burnt

    if CAMPAIGN not in game.world.together:
        return {}
    world = game.world
    numbers: dict[str, dict[str, int]] = {}
    for owner, held in game.state.values.items():
        if owner in game.state.players:
            continue
        kept = {name: int(n) for name, n in held.items() if _kept(world, name)}
        if kept:
            numbers[owner] = dict(sorted(kept.items()))
    left: dict[str, Any] = {"numbers": numbers, "burnt": burnt(game.state)}
    if game.state.spaces:
        left["spaces"] = dict(game.state.spaces)
    return left


def _kept(world: Any, name: str) -> bool:
    """Whether a number carries: a declared number that is no pool of dice and does not start
    at its card's own field (a character's stress die starts at its printed face every
    session), or the ranks a card learned (``dsl.world.matching``)."""
    from .matching import LEARNED

    decl = world.property(name)
    if decl is None:
        return name.startswith(LEARNED)
    return decl.shape != "pool" and decl.start_field is None


class CarryError(Exception):
    """What a campaign carries that this text cannot take: a number it does not declare, a
    card it does not have (the text changed between sessions)."""


def carry_into(game: WorldGame, left: Mapping[str, Any]) -> None:
    """Start ``game``, a new session, from what the campaign's last one left (``carried``):
    its numbers set, its burnt cards burnt again. Before the first question is asked, so the
    session's setup reads them."""
    from .control import redeal
    from .state import BURNT

    if not left:
        return
    st = game.state
    for owner, held in dict(left.get("numbers", {})).items():
        if owner != GAME and owner not in st.cards:
            raise CarryError(f"the campaign's numbers are of {owner!r}, a card this text lacks")
        for name, n in dict(held).items():
            if not _kept(game.world, str(name)):
                raise CarryError(
                    f"the campaign holds {name!r}, a number this text does not carry from one "
                    "session to the next"
                )
            decl = game.world.property(str(name))
            st.values.setdefault(owner, {})[decl.name if decl else str(name)] = int(n)
    for space, card in dict(left.get("spaces", {})).items():
        if space not in game.world.places or card not in st.cards:
            raise CarryError(f"the campaign put {card!r} in place of {space!r}: not on this map")
        game.ops._take_out(str(card))
        st.cards[str(card)].update(zone=None, at=None)
        st.spaces[str(space)] = str(card)
    for card in list(left.get("burnt", [])):
        if card not in st.cards:
            raise CarryError(f"the campaign burnt {card!r}, a card this text lacks")
        at = st.cards[str(card)].get("at")
        game.ops.move_card(str(card), zone=BURNT, why="burnt in an earlier session")
        if st.cards[str(card)].get("player") is not None:  # dealt: another of its kind instead
            st.cards[str(card)]["at"] = at
            redeal(game.world, st, str(card))


__all__ = [
    "CampaignDecl",
    "CarryError",
    "ResultDecl",
    "TogetherError",
    "campaign_goes_on",
    "carried",
    "carry_into",
    "check_together",
    "end_together",
    "read_together",
]
