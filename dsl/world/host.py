"""What a phrase finds in a world game, and what a number reads: the host of card text.

A reference is a plain string: a card's id (``Glow Jar`` or ``Glow Jar#2`` for a second copy),
a player's seat (``p1``) or a place of a map (its name). ``select`` turns a bound noun phrase
(``dsl.selectors.Selector``) into the references it matches; the finding is table-driven: one
small function per kind of noun and one per kind of place, chosen once per phrase.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dsl import superlatives
from dsl.runtime import Context, EffectError, NothingToActOn
from dsl.selectors import Filter, Place, Selector, Superlative

from . import boxes, deck_backs, map_rows, matching, multiples, number_changes, partners, top_card
from .model import GAME, PLAYER
from .replacing import neighbours as neighbours_now
from .replacing import places as places_now
from .state import split_key
from .this_group import in_this_group, players_in_this_group

if TYPE_CHECKING:
    from .game import WorldGame

Finder = Callable[["WorldHost", Context, Selector], list[str]]


class WorldHost:
    """The ``dsl.runtime.Host`` of a world game: its generator, its primitives (the core verbs
    and the ruleset's own), ``select``, ``measure``, ``read`` and ``emit``."""

    __slots__ = ("game",)

    def __init__(self, game: WorldGame) -> None:
        self.game = game

    @property
    def rng(self) -> random.Random:
        rng: random.Random = self.game.state.rng
        return rng

    def ask_whom(self, actor: str | None) -> str | None:
        """Who answers a question asked while ``actor`` acts: in a game of seats, a card acting
        on its own (a card's activation, a threshold's text) asks the player whose turn it
        is, else the first in turn order, since only seats answer at a table; the one acting
        otherwise (a seat, or a model of a game with no seats)."""
        st = self.game.state
        if actor is None or not st.players or actor in st.players:
            return actor
        return str(st.current or (st.order or st.players)[0])

    def primitive(self, name: str) -> Callable[..., Any]:
        return self.game.primitives[name]

    def emit(self, kind: str, **data: Any) -> None:
        self.game.emit(kind, **data)

    @property
    def period(self) -> str:
        return str(self.game.state.values.get("", {}).get("period", ""))

    # ---- finding -----------------------------------------------------------------------------

    def select(self, ctx: Context, selector: Selector) -> list[str]:
        if selector.reference == "this" and self._here_for_this(ctx, selector):
            here = self.here(ctx)  # "this stop" on a card that is no stop: where they stand
            found = [here] if here else []
        elif selector.reference == "this":
            found = [ctx.card] if ctx.card is not None else []
        elif selector.reference == "self":
            found = [ctx.actor] if ctx.actor is not None else []
        elif selector.reference == "there":  # "For each fire, ... there": where it lies now
            found = [self.there(ctx)]
        else:
            finder = NOUNS.get(_noun_shape(self.game, selector))
            if finder is None:
                raise EffectError(f"nothing in this game is found by '{selector.text}'")
            found = finder(self, ctx, selector)
        found = [thing for thing in found if self.matches(ctx, thing, selector)]
        if self.game.world.restraints and found:  # "takes no ... with its source"
            found = partners.keep(self.game, ctx, selector, found)
        if found and any(f.category == "random" for f in selector.filters):
            return _at_random(self, found, selector)
        return found

    def _here_for_this(self, ctx: Context, selector: Selector) -> bool:
        """Whether "this <place>" names the place the actor stands on: the phrase's noun is
        the place kind and the card whose text runs is not one."""
        place_kind = (self.game.world.place_kind or "").casefold()
        if not place_kind or (selector.noun or "").casefold() != place_kind:
            return False
        card = self.game.state.cards.get(ctx.card or "")
        return card is None or str(card["kind"]).casefold() != place_kind

    def matches(self, ctx: Context, thing: str, selector: Selector) -> bool:
        """Whether a thing found answers the phrase's adjectives, its "with" and its name."""
        if selector.name is not None and self.name_of(thing).casefold() != selector.name.casefold():
            return False
        if any(f.category == "other" for f in selector.filters) and self.own(ctx, thing):
            return False  # "each other character": not this card, the one acting or theirs
        if selector.filters and not all(self.has(thing, f) for f in selector.filters):
            return False
        if selector.any_of and not any(self.has(thing, f) for f in selector.any_of):
            return False
        if selector.where and not all(self.compares(ctx, thing, h) for h in selector.where):
            return False
        return all(self.holds(ctx, thing, with_) for with_ in selector.with_)

    def own(self, ctx: Context, thing: str) -> bool:
        """Whether ``thing`` is the card whose text runs, the one acting, or a card they play."""
        if thing in (ctx.card, ctx.actor):
            return True
        info = self.game.state.cards.get(thing)
        return info is not None and ctx.actor is not None and info.get("player") == ctx.actor

    def has(self, thing: str, word: Filter) -> bool:
        """Whether a thing has a declared word: a tag, a flag, a group, a kind."""
        if word.category in LANGUAGE_FILTERS:
            return True  # found by the finder ("adjacent") or picked after ("random")
        card = self.game.state.cards.get(thing)
        if card is None:
            return False
        fields = self.game.card_fields(thing)
        wanted = word.word.casefold()
        if word.shape == "kinds":
            return bool(card["kind"].casefold() == wanted)
        if word.shape == "flag":
            return bool(fields.get(word.word))
        for value in fields.values():
            if isinstance(value, str) and value.casefold() == wanted:
                return True
            if isinstance(value, list) and any(
                isinstance(v, str) and v.casefold() == wanted for v in value
            ):
                return True
        return False

    def compares(self, ctx: Context, thing: str, having: Any) -> bool:
        """ "a monster with strength below 4": the thing's number against the other."""
        from dsl.expr import COMPARE, evaluate

        try:
            mine = self.read(ctx, thing, having.field)
        except EffectError:
            return False
        return COMPARE[having.cmp](mine, evaluate(having.right, ctx))

    def holds(self, ctx: Context, thing: str, what: Selector) -> bool:
        """ "a tile with a fire", "places with a monster": something of ``what`` is at or on it."""
        counted = self.count_on(ctx, thing, what)
        need = what.quantity.count or 1 if what.quantity.mode == "exact" else 1
        return counted >= need

    def count_on(self, ctx: Context, thing: str, what: Selector) -> int:
        """How many of ``what`` are at or on a thing: pieces, cards, players standing there."""
        game = self.game
        noun = (what.noun or "").casefold()
        if what.category == "pool":  # "the post with the most gems": dice it holds
            return superlatives.pool_count(game, thing, noun)
        if noun and noun in game.world.pieces:
            return game.ops.count(thing, game.world.pieces[noun].name)
        if noun == PLAYER:
            return sum(1 for p in game.state.players if game.ops.pawn_at(p) == thing)
        kinds = _kinds_of(game, what)
        return sum(
            1
            for c, info in game.state.cards.items()
            if info.get("at") == thing
            and (kinds is None or info["kind"].casefold() in kinds)
            and self.matches(ctx, c, _bare(what))
        )

    # ---- numbers -----------------------------------------------------------------------------

    def read(self, ctx: Context, thing: Any, field: str | None) -> int:
        """A number of a thing: a field of a card, or a property its owner holds."""
        if isinstance(thing, list):
            thing = thing[0] if len(thing) == 1 else thing
        if field is None:
            raise EffectError("which number of it to read is not written")
        game = self.game
        if boxes.is_reading(field):  # "your scars": how many of the boxes are marked
            return boxes.read(game, ctx, thing, field)
        if map_rows.is_reading(field):  # "the row of this stop"
            return map_rows.read(game, ctx, thing, field)
        if top_card.is_reading(field):  # "the stars of the top mission of the mission deck"
            return top_card.read(game, ctx, field)
        if deck_backs.is_reading(field):  # "the number of full showing on the relic decks"
            return deck_backs.read(game, ctx, thing, field)
        if isinstance(thing, str) and matching.is_reading(field):  # "its unmatched lock"
            return matching.read(game, ctx, thing, field)
        if isinstance(thing, str) and thing in game.state.cards:
            fields = game.card_fields(thing)
            if field in fields and isinstance(fields[field], int):
                return int(number_changes.changed(game, thing, field, fields[field]))
            if game.world.property(field) is None:  # a rank of a ranks field ("attacks 1")
                for ranks in fields.values():
                    if isinstance(ranks, dict) and isinstance(ranks.get(field.casefold()), int):
                        rank = int(ranks[field.casefold()]) + matching.learned(game, thing, field)
                        if game.world.restraints:  # "Its holder's attacks count twice."
                            rank *= multiples.times(game, thing, field)
                        return rank
            if self._declared_field(thing, field):  # optional and absent: nothing to read
                raise NothingToActOn(f"{self.name_of(thing)} has no {field}", ctx.span)
        if isinstance(thing, str) and thing in game.state.players and game.world.played:
            played = matching.played_rank(game, thing, field)  # "your lore": their card's rank
            if played is not None:
                return played
        if isinstance(thing, str):
            return game.ops.value(thing, field)
        raise EffectError(f"cannot read '{field}' of {thing!r}")

    def listed(self, ctx: Context, thing: Any, field: str) -> list[str]:
        """A list field of a card, its members folded ("the runes of each tile"); none when the
        card has no such list."""
        if not isinstance(thing, str) or thing not in self.game.state.cards:
            return []
        found = self.game.card_fields(thing).get(field)
        items = list(found) if isinstance(found, list | tuple) else []
        items = number_changes.changed(self.game, thing, field, items)  # "1 more bite among"
        return [str(item).casefold() for item in items]

    def _declared_field(self, card: str, field: str) -> bool:
        kind = self.game.ruleset.vocabulary.kinds.get(self.game.state.cards[card]["kind"])
        return kind is not None and field in kind.fields

    @property
    def values(self) -> Any:
        """The ruleset's declared values ("the outnumbering"), by name."""
        return self.game.ruleset.values

    def shared_owner(self, field: str) -> str | None:
        """The owner of a number the table holds as one ("of the game"), else ``None``."""
        if deck_backs.is_reading(field) and field.endswith(" decks"):  # all the decks at once
            return GAME
        if top_card.is_reading(field):  # a zone's top card: the table's
            return GAME
        decl = self.game.world.property(field)
        return GAME if decl is not None and decl.owner == GAME else None

    def measure(self, ctx: Context, thing: str, best: Superlative) -> int:
        if best.kind in ("most", "fewest"):
            assert best.counted is not None
            return self.count_on(ctx, thing, best.counted)
        assert best.measure is not None
        return self.read(ctx, thing, best.measure.word)

    def name_of(self, thing: str) -> str:
        card = self.game.state.cards.get(thing)
        if card is not None:
            return str(card["name"])
        name: str = self.game.state.names.get(thing, thing)
        return name

    # ---- where ----------------------------------------------------------------------------------

    def there(self, ctx: Context) -> str:
        """The place "there" names: where the thing a ``For each`` is at lies now (a place is
        its own; a player, where their pawn stands). A thing on no place stops the text."""
        thing = ctx.bindings.get("each")
        if thing is None:
            raise EffectError(
                "'there' names the place of each thing found: no 'For each' is running"
            )
        where = self.place_of(thing)
        if where is None:
            raise EffectError(f"{self.name_of(str(thing))} lies on no place: 'there' names nothing")
        return where

    def place_of(self, thing: Any) -> str | None:
        """Where a thing lies now: a place is its own; a player, where their pawn stands; a
        card, the place it lies on (a played card stands with its player); else ``None``."""
        game = self.game
        info = game.state.cards.get(str(thing))
        if thing in places_now(game):  # the map as cards taking places left it
            return str(thing)
        if thing in game.state.players:
            return game.ops.pawn_at(str(thing))
        if info is not None and info.get("at"):
            return str(info["at"])
        return None

    def here(self, ctx: Context) -> str | None:
        """The place "this <place>" names: where the card lies, else where the actor stands."""
        if ctx.location is not None:
            return str(ctx.location)
        game = self.game
        if ctx.card is not None:
            info = game.state.cards.get(ctx.card)
            if info is not None:
                if info["kind"] == game.world.place_kind or ctx.card in places_now(game):
                    return str(ctx.card)
                if info.get("at"):
                    return str(info["at"])
        if ctx.actor is not None:
            return game.ops.pawn_at(ctx.actor)
        return None

    def in_place(self, ctx: Context, place: Place | None, cards: list[str]) -> list[str]:
        """The cards (of those given) that lie where ``place`` says."""
        st = self.game.state
        if place is None:
            return [c for c in cards if self._visible(ctx, c)]
        finder = PLACES.get(place.kind)
        if finder is None:
            raise EffectError(f"cannot find cards '{place.preposition} {place.kind}'")
        return finder(self, ctx, place, [c for c in cards if c in st.cards])

    def _visible(self, ctx: Context, card: str) -> bool:
        """Cards in play: on the map, in a zone seen face up, or in the actor's own zones."""
        info = self.game.state.cards[card]
        if info.get("at") or card in places_now(self.game):  # a place card is the map
            return True
        key = info.get("zone")
        if not key:
            return False
        zone, _, owner = key.partition("@")
        decl = self.game.world.zone(zone)
        if owner:
            return bool(owner == ctx.actor)
        return decl is not None and decl.visibility == "public"

    def count(self, ctx: Context, selector: Selector) -> int:
        """ "the number of fires on this tile": pieces are counted on the places the phrase
        names (everywhere, when it names none); anything else is counted as found."""
        game = self.game
        noun = (selector.noun or "").casefold()
        piece = game.world.pieces.get(noun)
        if piece is None:
            return len(self.select(ctx, selector))
        holders = self._holders(ctx, selector)
        return sum(game.ops.count(holder, piece.name) for holder in holders)

    def each(self, ctx: Context, selector: Selector) -> list[str]:
        """What "For each ..." goes through: the things found; for pieces, the place each one
        lies on, once per piece ("For each fire, ... on that tile")."""
        piece = self.game.world.pieces.get((selector.noun or "").casefold())
        if piece is None:
            return list(self.select(ctx, selector))
        holders = self._holders(ctx, selector)
        return [h for h in holders for _ in range(self.game.ops.count(h, piece.name))]

    def _holders(self, ctx: Context, selector: Selector) -> list[str]:
        place = selector.place
        if place is None:
            return list(self.game.state.pieces)
        if place.kind == "this place":
            here = self.here(ctx)
            return [here] if here else []
        if place.kind == "places":
            return self.places_of(ctx, place.places)
        raise EffectError(f"cannot find '{selector.text}' there")

    def places_of(self, ctx: Context, selector: Selector | None) -> list[str]:
        """The places a location phrase names."""
        if selector is None:
            return list(places_now(self.game))
        return self.select(ctx, selector)


# the language's own adjectives, which a finder or ``select`` answers, not the thing itself
LANGUAGE_FILTERS = ("adjacent", "random", "other")


def _at_random(host: WorldHost, found: list[str], selector: Selector) -> list[str]:
    """ "a random stop", "2 random relics": as many as asked, picked by the game's dice."""
    q = selector.quantity
    count = len(found) if q.mode == "all" else (q.count or 1)
    return host.rng.sample(found, min(count, len(found)))


def _bare(selector: Selector) -> Selector:
    """The phrase without its quantity and place: what each candidate must answer."""
    from dataclasses import replace

    return replace(selector, place=None, with_=(), superlative=None)


def _noun_shape(game: WorldGame, selector: Selector) -> str:
    """Which finder reads the phrase: the players, the places, cards, or something counted."""
    noun = (selector.noun or "").casefold()
    if noun == PLAYER:
        return "player"
    if noun and noun == (game.world.place_kind or "").casefold() and not game.place_cards:
        return "place"
    if selector.noun_category in ("card kind", "card"):
        return "card"
    return str(selector.noun_category)


def _kinds_of(game: WorldGame, selector: Selector) -> set[str] | None:
    if selector.noun_category == "card kind" and selector.noun:
        return {selector.noun.casefold()}
    return None


def _find_players(host: WorldHost, ctx: Context, selector: Selector) -> list[str]:
    players = list(host.game.state.order or host.game.state.players)
    place = selector.place
    if place is not None and place.kind == "this place":
        here = host.here(ctx)
        players = [p for p in players if host.game.ops.pawn_at(p) == here]
    elif place is not None and place.kind == "this group":  # "in this region"
        players = players_in_this_group(host, ctx, place, players)
    if "other" in selector.text.casefold().split():
        players = [p for p in players if p != ctx.actor]
    return players


def _find_places(host: WorldHost, ctx: Context, selector: Selector) -> list[str]:
    place = selector.place
    game = host.game
    if place is not None and place.kind == "this place":
        here = host.here(ctx)
        return [here] if here else []
    places = list(places_now(game))
    if any(f.category == "adjacent" for f in selector.filters):
        here = host.here(ctx)
        return list(neighbours_now(game, here or ""))
    return places


def _find_cards(host: WorldHost, ctx: Context, selector: Selector) -> list[str]:
    kinds = _kinds_of(host.game, selector)
    place_kind = (host.game.world.place_kind or "").casefold()
    # a card standing in a place's stead is a place, whatever its kind (dsl.world.replacing)
    standing = set(places_now(host.game)) if kinds and place_kind in kinds else set()
    cards = [
        c
        for c, info in host.game.state.cards.items()
        if kinds is None or info["kind"].casefold() in kinds or c in standing
    ]
    if selector.quantity.mode == "another":  # "other" is a filter: ``WorldHost.matches``
        cards = [c for c in cards if not host.own(ctx, c)]  # not this card, not you or yours
    return host.in_place(ctx, selector.place, cards)


NOUNS: dict[str, Finder] = {
    "player": _find_players,
    "place": _find_places,
    "card": _find_cards,
}


def _at_this_place(host: WorldHost, ctx: Context, place: Place, cards: list[str]) -> list[str]:
    here = host.here(ctx)
    st = host.game.state
    return [c for c in cards if st.cards[c].get("at") == here or c == here]


def _on_the_map(host: WorldHost, ctx: Context, place: Place, cards: list[str]) -> list[str]:
    st = host.game.state
    places = set(places_now(host.game))
    return [c for c in cards if st.cards[c].get("at") or c in places]


def _in_zone(host: WorldHost, ctx: Context, place: Place, cards: list[str]) -> list[str]:
    game = host.game
    key = game.zone_key_for(place, ctx)
    return [c for c in game.state.zones.get(key, []) if c in set(cards)]


def _at_places(host: WorldHost, ctx: Context, place: Place, cards: list[str]) -> list[str]:
    wanted = set(host.places_of(ctx, place.places))
    st = host.game.state
    return [c for c in cards if st.cards[c].get("at") in wanted]


def _held(host: WorldHost, ctx: Context, place: Place, cards: list[str]) -> list[str]:
    """The cards the actor has: those they hold, and those naming the card they play
    (``dsl.world.belonging.names_played``: "each scar you have" of their hero)."""
    from .belonging import names_played

    st = host.game.state
    return [
        c
        for c in cards
        if st.cards[c].get("owner") == ctx.actor or names_played(host.game, c, ctx.actor)
    ]


PLACES: dict[str, Callable[[WorldHost, Context, Place, list[str]], list[str]]] = {
    "this place": _at_this_place,
    "any place": _on_the_map,
    "in play": _on_the_map,
    "zone": _in_zone,
    "places": _at_places,
    "held": _held,
    "this group": in_this_group,  # "in this region": ``dsl.world.this_group``
}


def owner_of_key(key: str) -> str | None:
    return split_key(key)[1]
