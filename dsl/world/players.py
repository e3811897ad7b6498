"""Players against players on the world engine: orders placed on a board, some face down, and
resolved in the order they were placed; a final score by categories, a winner and a ranking.

Two procedure steps, read from their words (``WorldWords.find`` asks ``order_step``)::

    Plans: do each player places two plan orders on the spaces with one face down
    Acting: do resolve the orders in placement order each worth its space value in effort or
      in coins

- **Placing.** From the first player in turn order, each player places one order at a time
  (``N`` rounds of placement): a card of the order kind (the action it stands for) on a card of
  the slot kind (a space of the board) that holds no order of theirs yet this period. ``one
  face down`` says how many of each player's orders are placed face down: the player picks
  which; the others see a face-down order's space and owner, never its card
  (``dsl.kernel.players.seal``: the order's card is sealed in the state, its owner alone is
  told, the observation shows ``face down``).
- **Resolving.** The orders are taken in the order they were placed. A face-down order is
  turned up (told to all). Its owner takes its worth (the slot card's number field named in
  the step) either as the first number (set to that worth, then spent by the action card's
  texts, as many times as the owner likes while some is left) or as the second (gained at
  once). Cards in the owner's hand that are played (a ``played`` trigger) may be played
  before or after. Each order is resolved once; the board is cleared when all are.
- **Firing for owners.** ``do fire income for their owners`` runs the ``Income`` text of
  every card a player owns (given to them on the map, or in a zone of theirs), that player
  acting.
- **Scoring by categories.** ``do end the game scored by A, B and C minus D`` ends the game
  with each player's score the sum of the declared numbers named (``minus``: taken off), each a
  category of the result (``state.result["categories"]``).

Nothing here names a game: the order, slot and number words are the ruleset's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dsl.errors import ChroniclerError
from dsl.kernel.dispatch import answer, step
from dsl.kernel.machine import Frame
from dsl.kernel.players import FACE_DOWN, seal, seen
from dsl.runtime import Decision, EffectError, new_decision

from .events import WorldEvent
from .state import zone_key

if TYPE_CHECKING:
    from .game import WorldGame

PLACE, RESOLVE = "place orders", "orders"  # the frames' kinds
ORDER = "order"  # the decision's kind: where an order goes, or how it is taken
ACT, DONE = "act", "done"
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}

_PLACES = re.compile(
    r"each player places (\w+) (.+?) orders? on the (.+?),? (?:with )?(\w+) face down$"
)
_RESOLVES = re.compile(
    r"resolve the orders in placement order,? "
    r"each worth its (.+?)(?:'s)? (.+?) in (.+?) or in (.+)$"
)
_SCORED = re.compile(r"end the game scored by (.+)$")
_FIRED = re.compile(r"fire (.+) for their owners$")


# the forms as a diagnostic lists them among the steps a ruleset may write
FORMS = (
    "each player places <N> <kind> orders on the <slots> with <M> face down",
    "resolve the orders in placement order each worth its <slot> <field> in <number> or in "
    "<number>",
    "fire <trigger> for their owners",
    "end the game scored by <number> and <number> minus <number>",
)


def _count(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBERS.get(word)


def _kind(words: str) -> str:
    """``spaces`` → ``space``: the card kind a plural names."""
    return words[:-1] if words.endswith("s") else words


def order_step(words: str) -> Callable[..., Any] | None:
    """The procedure step these words say, or ``None`` (not a form of this module)."""
    if found := _PLACES.match(words):
        count, down = _count(found[1]), _count(found[4])
        if count is None or down is None or down > count:
            return None
        args = {"count": count, "kind": found[2], "slot": _kind(found[3]), "down": down}

        def place(game: WorldGame, item: Any = None) -> None:
            game.state.frames.append(Frame(PLACE, {**args, "at": 0}))

        place.__name__ = "place orders"
        place.needs = {"kinds": (args["kind"], args["slot"])}  # type: ignore[attr-defined]
        return place
    if found := _RESOLVES.match(words):
        worth = {"slot": found[1], "field": found[2], "points": found[3], "instead": found[4]}

        def resolve(game: WorldGame, item: Any = None) -> None:
            game.state.frames.append(Frame(RESOLVE, {**worth, "at": 0, "stage": ""}))

        resolve.__name__ = "resolve orders"
        resolve.needs = {  # type: ignore[attr-defined]
            "kinds": (worth["slot"],),
            "field": (worth["slot"], worth["field"]),
            "numbers": (worth["points"], worth["instead"]),
        }
        return resolve
    if found := _FIRED.match(words):
        label = found[1]

        def fire(game: WorldGame, item: Any = None) -> None:
            fire_for_owners(game, label)

        fire.__name__ = f"fire {label} for their owners"
        return fire
    if found := _SCORED.match(words):
        parts = [w.strip() for w in re.split(r",| and |(?= minus )", found[1]) if w.strip()]
        # "minus <number>": a category taken off the score
        parts = [f"-{w.removeprefix('minus ')}" if w.startswith("minus ") else w for w in parts]

        def scored(game: WorldGame, item: Any = None) -> None:
            end_scored(game, parts)

        scored.__name__ = "end the game scored by categories"
        scored.needs = {"numbers": tuple(p.lstrip("-") for p in parts)}  # type: ignore[attr-defined]
        return scored
    return None


def check_steps(game: WorldGame) -> None:
    """Before a game starts, each of these steps' words against what the ruleset declares:
    the card kinds, the slot kind's number field and the numbers they name. A word that names
    nothing is a ``ChroniclerError`` at the step, not a failure in the middle of a game."""
    kinds = {k.casefold() for k in game.ruleset.vocabulary.card_kinds}
    for phase in game.procedure:
        for each in phase.steps:
            needs = getattr(each.call, "needs", None)
            if not needs:
                continue
            for kind in needs.get("kinds", ()):
                if kind not in kinds:
                    _refuse(each, f"'{kind}' is no kind of card ({', '.join(sorted(kinds))})")
            for name in needs.get("numbers", ()):
                if game.world.property(name) is None:
                    _refuse(each, f"'{name}' is no number the ruleset declares")
            if "field" in needs:
                kind, name = needs["field"]
                fields = {
                    f.casefold()
                    for c in game.ruleset.all_cards
                    if c.kind.casefold() == kind
                    for f, v in c.fields.items()
                    if isinstance(v, int)
                }
                if name not in fields:
                    _refuse(each, f"a {kind} has no number field '{name}'")


class StepRefused(ChroniclerError):
    """A step whose words name nothing the ruleset declares: told at the step's place, by
    ``chronicler check`` (``dsl.world.game.refused_step``) and as a game would start."""

    def __init__(self, step: Any, why: str, span: Any = None) -> None:
        span = span if span is not None else step.span  # the phrase's own, when given
        super().__init__(f"{span}: {step.title}: {why}")
        self.span, self.why = span, f"{step.title}: {why}"


def _refuse(step: Any, why: str) -> None:
    raise StepRefused(step, why)


def owner_of(game: WorldGame, card: str) -> str | None:
    """Who a card belongs to: the player it was given to, or whose zone it lies in."""
    info = game.state.cards[card]
    zone = info.get("zone") or ""
    return info.get("owner") or (zone.partition("@")[2] or None)


def fire_for_owners(game: WorldGame, label: str) -> None:
    """Every card a player owns (on the map or in a zone of theirs) with a text of the trigger
    ``label`` runs it with its owner acting, in seat order and then in the order the cards lie."""
    if not any(t.casefold() == label for t in game.ruleset.vocabulary.triggers):
        known = ", ".join(sorted(game.ruleset.vocabulary.triggers))
        raise EffectError(f"'do fire {label} for their owners': no trigger '{label}' ({known})")
    runs = [
        (owner, card)
        for owner in game.state.players
        for card in game.state.cards
        if owner_of(game, card) == owner and game.compiled_card(card).abilities_for(label)
    ]
    for owner, card in reversed(runs):  # the last pushed runs first
        game.push_run("use", player=owner, card=card, label=label)


def end_scored(game: WorldGame, categories: list[str]) -> None:
    """End the game: each player's score is the sum of the numbers ``categories`` name, each
    kept in the result by category."""
    for name in categories:
        if game.world.property(name.lstrip("-")) is None:
            raise EffectError(f"'end the game scored by': no number '{name}' is declared")
    st = game.state
    by = {
        p: {c.lstrip("-"): game.ops.value(p, c.lstrip("-")) for c in categories} for p in st.players
    }
    sign = {c.lstrip("-"): -1 if c.startswith("-") else 1 for c in categories}
    scores = {p: sum(sign[c] * v for c, v in by[p].items()) for p in st.players}
    game.ops.end_game(scores, "the final scoring")
    st.result["categories"] = by


def seats_order(game: WorldGame) -> list[str]:
    return list(game.state.order or game.state.players)


def cards_of(game: WorldGame, kind: str) -> list[str]:
    folded = kind.casefold()
    return [c for c, info in game.state.cards.items() if info["kind"].casefold() == folded]


def _named(game: WorldGame, kind: str, name: str) -> str:
    return next(c for c in cards_of(game, kind) if game.state.cards[c]["name"] == name)


def card_of(order: dict[str, Any]) -> str:
    """An order's card, whether sealed or not (for the engine only: a player reads ``seen``)."""
    card = order["card"]
    return str(card["value"] if isinstance(card, dict) else card)


class Orders:
    """The game's part that walks the two frames (``WorldGame.orders``)."""

    def __init__(self, game: WorldGame) -> None:
        self.game = game

    # ---- placing -------------------------------------------------------------------------------

    def _placing(self, data: dict[str, Any]) -> tuple[str, list[str]] | None:
        """Who places now and what they may place (``None``: every order is placed)."""
        game = self.game
        seats = seats_order(game)
        at = int(data["at"])
        if at >= data["count"] * len(seats):
            return None
        player = seats[at % len(seats)]
        mine = [o for o in game.state.orders if o["player"] == player]
        taken = {o["slot"] for o in mine}
        placed_down = sum(o["face"] == "down" for o in mine)
        left = data["count"] - len(mine)
        need = data["down"] - placed_down
        faces = ["up"] if need <= 0 else ["down"] if need >= left else ["up", "down"]
        options = [
            f"{game.state.cards[card]['name']} on {game.state.cards[slot]['name']}, face {face}"
            for card in cards_of(game, data["kind"])
            for slot in cards_of(game, data["slot"])
            if slot not in taken
            for face in faces
        ]
        return player, options

    @step(PLACE)
    def _step_place(self, frame: Frame) -> Decision | None:
        placing = self._placing(frame.data)
        if placing is None or not placing[1]:
            self.game.state.frames.pop()
            return None
        player, options = placing
        name = self.game.state.names.get(player, player)
        return new_decision(ORDER, player, f"{name}: place an order", tuple(options))

    @answer(PLACE)
    def _answer_place(self, frame: Frame, answer: Any) -> None:
        game = self.game
        placing = self._placing(frame.data)
        assert placing is not None
        player, options = placing
        if answer not in options:
            raise EffectError(f"{answer!r} is not an order {player} may place now")
        what, _, face = str(answer).rpartition(", face ")
        card_name, _, slot_name = what.partition(" on ")
        card = _named(game, frame.data["kind"], card_name)
        slot = _named(game, frame.data["slot"], slot_name)
        order: dict[str, Any] = {"player": player, "slot": slot, "face": face, "resolved": False}
        where = f"an order on {slot_name}"
        if face == "down":
            order["card"] = seal(player, card)
            game.emit(WorldEvent.CHOICE_COMMITTED, player=player, what=where)
            game.tell((player,), "order_sealed", player=player, what=where, answer=card_name)
        else:
            order["card"] = card
            game.emit(WorldEvent.CHOICE_REVEALED, player=player, what=where, answer=card_name)
        game.state.orders.append(order)
        frame.data["at"] += 1

    # ---- resolving -----------------------------------------------------------------------------

    def _worth(self, data: dict[str, Any], order: dict[str, Any]) -> int:
        fields = self.game.card_fields(order["slot"])
        value = fields.get(data["field"])
        if not isinstance(value, int):
            raise EffectError(f"the {data['slot']} {order['slot']} has no number '{data['field']}'")
        return value

    def _extras(self, player: str, order_kind: str) -> list[str]:
        """What the player may do before or after an order: play a card of their hand (a
        ``played`` text), or use a card every player may use (a face-up zone of the game
        holding its kind, a shop), other than the orders' own kind."""
        game = self.game
        found = []
        for card in game.state.zones.get(zone_key(game.hand_zone(), player), []):
            for ability in game.compiled_card(card).abilities:
                if ability.usage == "played":
                    found.append(f"{ability.label}: {card}")
        for key, cards in game.state.zones.items():
            if "@" in key or not game._shared(key):
                continue
            for card in cards:
                if game.state.cards[card]["kind"] == order_kind:
                    continue
                for ability in game.compiled_card(card).abilities:
                    if ability.usage == "activated":
                        found.append(f"{ability.label}: {card}")
        return found

    def _next(self, frame: Frame) -> dict[str, Any] | None:
        orders = self.game.state.orders
        at = int(frame.data["at"])
        return orders[at] if at < len(orders) else None

    def _finish(self, frame: Frame, order: dict[str, Any]) -> None:
        game = self.game
        order["resolved"] = True
        game.ops.set(order["player"], frame.data["points"], 0, why="the order is resolved")
        game.emit(
            WorldEvent.ORDER_RESOLVED,
            player=order["player"],
            slot=order["slot"],
            card=card_of(order),
        )
        frame.data.update(at=frame.data["at"] + 1, stage="", refused=[])

    @step(RESOLVE)
    def _step_resolve(self, frame: Frame) -> Decision | None:
        game = self.game
        data = frame.data
        while True:
            order = self._next(frame)
            if order is None:
                game.state.orders = []  # the board is cleared for the next period
                game.state.frames.pop()
                return None
            player, card = order["player"], card_of(order)
            name = game.state.cards[card]["name"]
            if data["stage"] == "":
                if isinstance(order["card"], dict):  # face down: turned up now
                    order["card"]["shown"] = True
                    slot = game.state.cards[order["slot"]]["name"]
                    game.emit(
                        WorldEvent.CHOICE_REVEALED,
                        player=player,
                        what=f"the order on {slot}",
                        answer=name,
                    )
                data["stage"] = "choose"
            worth = self._worth(data, order)
            refused = data.get("refused", [])
            plays = [
                p
                for p in self._extras(player, game.state.cards[card]["kind"])
                if "|".join(p.split(": ", 1)) not in refused
            ]
            if data["stage"] == "choose":
                options = (f"{ACT}: {name}", f"take {worth} {data['instead']}", *plays)
                prompt = f"{game.state.names.get(player, player)}: {name} worth {worth}"
                return new_decision(ORDER, player, prompt, options)
            if game.ops.value(player, data["points"]) <= 0:
                self._finish(frame, order)
                continue
            labels = [
                f"{a.label}: {card}"
                for a in game.compiled_card(card).abilities
                if a.usage == "activated" and f"{a.label}|{card}" not in data.get("refused", [])
            ]
            if not labels and not plays:
                self._finish(frame, order)
                continue
            left = game.ops.value(player, data["points"])
            prompt = f"{game.state.names.get(player, player)}: {name}, {left} {data['points']} left"
            return new_decision(ORDER, player, prompt, (*labels, *plays, DONE))

    @answer(RESOLVE)
    def _answer_resolve(self, frame: Frame, answer: Any) -> None:
        game = self.game
        data = frame.data
        order = self._next(frame)
        assert order is not None
        player = order["player"]
        text = str(answer)
        if text == DONE:
            self._finish(frame, order)
            return
        if data["stage"] == "choose" and text.startswith(f"{ACT}: "):
            game.ops.set(player, data["points"], self._worth(data, order), why="an order")
            data["stage"] = ACT
            return
        if data["stage"] == "choose" and text.startswith("take "):
            game.ops.change(player, data["instead"], self._worth(data, order), why="an order taken")
            self._finish(frame, order)
            return
        label, _, card = text.partition(": ")
        game.push_run("use", player=player, card=card, label=label)


def refused_here(frames: list[Frame]) -> bool:
    """Whether the frame on top keeps the texts refused since the table last changed."""
    return bool(frames) and frames[-1].kind == RESOLVE


def observed_orders(who: str | None, orders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The board as ``who`` sees it: their own orders whole, another's face-down order as its
    space, owner and ``face down``."""
    return [{**o, "card": seen(who, o["card"])} for o in orders]


def redeal_orders(game: WorldGame, who: str | None, rng: Any) -> None:
    """In a determinization for ``who``: each face-down order of another player not yet shown
    gets a card of the same kind drawn at random (what ``who`` cannot tell apart)."""
    for order in game.state.orders:
        card = order["card"]
        if isinstance(card, dict) and not card["shown"] and card["owner"] != who:
            kind = game.state.cards[card["value"]]["kind"]
            card["value"] = rng.choice(cards_of(game, kind))


__all__ = [
    "FACE_DOWN",
    "Orders",
    "end_scored",
    "observed_orders",
    "order_step",
    "redeal_orders",
    "refused_here",
]
