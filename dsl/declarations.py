"""The world a ruleset declares in its own sentences: who plays, the numbers each one holds,
the zones cards lie in, the pieces that stand for a player, and what ranks the players.

These use the category form (``<name> is|are <shape> ...``) with shapes of their own, read here
before the vocabulary's shapes (``dsl.checker`` asks ``read_world_form`` first)::

    players are 2 to 4 seats
    light is a number 0..6 of players, starting at 3
    doom is a track 0..10 of the game
    hand is a zone of players, seen by its owner
    deck is a zone, face down
    lanterns are pieces of players, one each: lantern
    the score is points

A number is also a word sentences use ("Gain 1 light."): it enters the vocabulary as a category
of one meter; a zone, as a category of one zone. What the world engine needs is kept in
``Declared`` (``Vocabulary.world``), and ``dsl.world.declare`` makes the engine's ``World`` of
it. Nothing here names a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.diagnostics import did_you_mean
from dsl.runtime import Span
from dsl.vocabulary import Category, singular_of
from dsl.world.model import GAME, PLAYER, Band, PropertyDecl, Visibility, ZoneDecl

NOWHERE = Span("<declared>", 1, 1, 1, 1)  # a span for a record made before it is written
# where a declaration's error goes: ``report(message, span)``
Report = Callable[[str, Span], None]

# the shape words of a property ("light is a number 0..6 of players")
PROPERTY_SHAPES: dict[str, Literal["number", "track", "reservoir", "pool"]] = {
    "number": "number",
    "track": "track",
    "pool": "pool",  # dice held by face: ``dsl.world.pools``
}
# how a zone is seen: the words after its comma
VISIBILITY: dict[str, Visibility] = {
    "face up": "public",
    "public": "public",
    "face down": "hidden",
    "hidden": "hidden",
    "seen by its owner": "owner",
    "seen by their owner": "owner",
}


@dataclass(slots=True)
class NumberText:
    """Text a declared number runs when it reaches a value: ``At 0: Roll the curse die.``,
    ``At 10 back to 5: Draw a blessing.`` (then the number goes back to 5 and what is left of
    the change goes on from there). ``bound`` is the checked text (set by the checker), which
    the compiler turns into the number's ``Threshold``."""

    number: str
    at: int
    back_to: int | None
    effect: ast.Effect
    bound: Any = None
    below: bool = False  # "At below 0:": a change that would pass the floor, "the deficit" past it
    above: bool = False  # "At above 12:": a change that would pass the top, "the excess" past it


@dataclass(slots=True)
class Declared:
    """The world declarations of a ruleset, as written (``Vocabulary.world``).

    ``players``: the fewest and most seats (``None``: not declared, one seat); ``properties``
    and ``zones`` by folded name; ``pawns``: the pieces each player has one of, standing where
    that player is; ``owners``: where each property's owner is written, checked once every
    card kind is known; ``score``: the property that ranks the players at the end."""

    players: tuple[int, int] | None = None
    players_span: Span = NOWHERE
    properties: dict[str, PropertyDecl] = field(default_factory=dict)
    zones: dict[str, ZoneDecl] = field(default_factory=dict)
    pawns: dict[str, Span] = field(default_factory=dict)
    owned_pieces: set[str] = field(default_factory=set)
    score: str | None = None
    score_span: Span = NOWHERE
    texts: list[NumberText] = field(default_factory=list)
    in_play: dict[str, Span] = field(default_factory=dict)  # kinds in play from the start
    played: dict[str, Span] = field(default_factory=dict)  # kinds each player plays one of
    durations: dict[str, Any] = field(default_factory=dict)  # by tag: ``dsl.world.durations``
    # by card name: what a held card changes in checks (``dsl.world.check_changes``)
    check_changes: dict[str, list[Any]] = field(default_factory=dict)
    # by card name: what a held card forbids its holder (``dsl.world.restraints``)
    restraints: dict[str, list[Any]] = field(default_factory=dict)
    # by card name: what a card in play changes in others' numbers (``dsl.world.number_changes``)
    number_changes: dict[str, list[Any]] = field(default_factory=dict)
    # by folded name: things paid from a reservoir, tracks of levels (``dsl.world.measures``)
    measures: dict[str, Any] = field(default_factory=dict)
    decks: dict[str, Any] = field(default_factory=dict)  # by kind: ``dsl.world.deck_backs``
    together: dict[str, Any] = field(default_factory=dict)  # ``dsl.world.together``
    choices: dict[str, Any] = field(default_factory=dict)  # by folded name: ``dsl.world.choices``
    boxes: dict[str, Any] = field(default_factory=dict)  # by folded name: ``dsl.world.boxes``
    belongs: dict[str, Any] = field(default_factory=dict)  # by kind: ``dsl.world.belonging``


class FormError(PlacedError):
    """A world declaration that cannot be read: its message names what to write."""


@dataclass(frozen=True, slots=True)
class WorldForm:
    """What one declaration adds: a category for the vocabulary (``None``: none), and its part
    of the world, merged into ``Declared`` by ``add``."""

    category: Category | None = None
    players: tuple[int, int] | None = None
    property: PropertyDecl | None = None
    texts: tuple[NumberText, ...] = ()
    zone: ZoneDecl | None = None
    score: str | None = None
    span: Span = NOWHERE
    in_play: str | None = None  # "models are in play from the start": the kind
    played: str | None = None  # "heroes are played by players, one each": the kind
    duration: Any = None  # "Fleeting conditions are held until ...": ``dsl.world.durations``
    measure: Any = None  # "hits are paid from stats, ...": ``dsl.world.measures``
    decks: Any = None  # "relics are in one deck per realm, ...": ``dsl.world.deck_backs``
    together: Any = None  # "the result is ...", "the campaign is over once ...": its module
    choice: Any = None  # "difficulty is a choice of the campaign, ...": ``dsl.world.choices``
    boxes: Any = None  # "scars are 3 boxes of heroes, marked when ...": ``dsl.world.boxes``
    belongs: Any = None  # "powers are used by the player of their hero": ``dsl.world.belonging``


def _words(atoms: list[ast.Atom]) -> list[str]:
    return [a.folded for a in atoms]


def _owner(words: list[str]) -> str:
    """``players`` → ``player``, ``the game`` → the game, ``monsters`` → ``monster``."""
    text = " ".join(words)
    if text in ("the game", "game", "the table"):
        return GAME
    return singular_of(text)


def read_world_form(form: ast.CategoryDecl) -> WorldForm | None:
    """The world part of a category declaration; ``None`` when it is a vocabulary shape only
    (pieces "of players, one each" are a shape: see ``pieces_form``). Raises ``FormError``."""
    name = " ".join(form.name.text.split())
    folded = name.casefold()
    atoms = list(form.shape)
    plain = [a for a in atoms if a.kind != "comma"]
    i = 1 if plain and plain[0].folded in ("a", "an") else 0
    head = plain[i].folded if i < len(plain) else ""
    if folded == "players" and plain and plain[0].kind == "number":
        return _players(plain, form.span)
    if folded == "the score":
        return _score(plain, form)
    if folded in ("the result", "the campaign"):  # dsl/world/together.py
        from dsl.world.together import TogetherError, read_together

        try:
            return WorldForm(together=read_together(name, atoms, form.span), span=form.span)
        except TogetherError as error:
            raise FormError(error.message, error.span) from None
    if head == "choice":  # dsl/world/choices.py: a choice made at the campaign's setup
        from dsl.world.choices import ChoiceError, read_choice

        try:
            choice, number, category = read_choice(name, plain, form)
        except ChoiceError as error:
            raise FormError(error.message, error.span or form.span) from None
        return WorldForm(category=category, property=number, choice=choice, span=form.span)
    if form.plural and len(plain) > 1 and plain[1].folded == "boxes":  # dsl/world/boxes.py
        from dsl.world.boxes import BoxError, read_boxes

        try:
            boxes = read_boxes(name, plain, form.span, _owner)
        except BoxError as error:
            raise FormError(error.message, error.span) from None
        if boxes is not None:  # "Erase a scar.": the box's word a number's
            category = Category(
                name, boxes.box, name, "meters", form.span, options={"of": boxes.owner}
            )
            category.add(boxes.box)
            return WorldForm(category=category, boxes=boxes, span=form.span)
    if head in PROPERTY_SHAPES:
        return _property(name, PROPERTY_SHAPES[head], plain[i], atoms, form)
    if form.texts:
        raise FormError(
            f"only a number declared in the world has texts: '{name} is a number 0..10 of "
            "players { At 0: ... }'",
            form.texts[0].span,
        )
    if head == "zone" and not form.plural:
        return _zone(name, plain[i], atoms, form)
    if _words(plain) == ["in", "play", "from", "the", "start"]:
        return WorldForm(in_play=_owner(folded.split()), span=form.span)
    from dsl.world.control import read_played

    if form.plural and read_played(_words(plain)):
        return WorldForm(played=_owner(folded.split()), span=form.span)
    from dsl.world.belonging import BelongingError, read_belonging

    try:
        belongs = read_belonging(_owner(folded.split()), _words(plain), form.span)
    except BelongingError as error:
        raise FormError(error.message, error.span) from None
    if form.plural and belongs is not None:
        return WorldForm(belongs=belongs, span=form.span)
    from dsl.world.deck_backs import DeckError, read_split

    try:
        split = read_split(_owner(folded.split()), _words(plain), form.span)
    except DeckError as error:
        raise FormError(error.message, error.span) from None
    if form.plural and split is not None:
        return WorldForm(decks=split, span=form.span)
    if head == "held" and form.plural:
        from dsl.world.durations import DurationError, read_duration

        try:
            return WorldForm(duration=read_duration(name, plain, form.span), span=form.span)
        except DurationError as error:
            raise FormError(error.message, error.span) from None
    from dsl.world.measures import MeasureError, read_measure

    try:
        measure = read_measure(name, atoms, form.span)
    except MeasureError as error:
        raise FormError(error.message, error.span) from None
    if measure is not None:
        return WorldForm(measure=measure, span=form.span)
    return None


def _players(plain: list[ast.Atom], span: Span) -> WorldForm:
    words = _words(plain)
    if len(plain) == 2 and words[1] == "seats":
        low = high = int(plain[0].text)
    elif len(plain) == 4 and words[1] == "to" and plain[2].kind == "number" and words[3] == "seats":
        low, high = int(plain[0].text), int(plain[2].text)
    else:
        raise FormError("write how many play: 'players are 2 to 4 seats'", plain[0].span)
    if not 1 <= low <= high:
        raise FormError(f"players: from {low} to {high} seats is no number of players", span)
    return WorldForm(players=(low, high), span=span)


def _score(plain: list[ast.Atom], form: ast.CategoryDecl) -> WorldForm:
    if len(plain) != 1 or plain[0].kind != "word":
        at = plain[0].span if plain else form.name.span
        raise FormError("write the number that ranks the players: 'the score is points'", at)
    return WorldForm(score=plain[0].text, span=plain[0].span)


def _clauses(atoms: list[ast.Atom], start: int) -> list[list[ast.Atom]]:
    """The atoms after the shape word, split at commas: ``0..6 of players``, ``starting at 3``."""
    out: list[list[ast.Atom]] = [[]]
    for atom in atoms[start:]:
        if atom.kind == "comma":
            out.append([])
        else:
            out[-1].append(atom)
    return [c for c in out if c]


def _after(atoms: list[ast.Atom], head: ast.Atom) -> int:
    return next(k for k, a in enumerate(atoms) if a is head) + 1


def _property(
    name: str,
    shape: Literal["number", "track", "reservoir", "pool"],
    head: ast.Atom,
    atoms: list[ast.Atom],
    form: ast.CategoryDecl,
) -> WorldForm:
    example = f"'{name} is a {shape} 0..10 of players, starting at 5'"
    low: int | None = 0
    high: int | None = None
    start: int | None = None
    start_field: str | None = None
    sides = 6
    owner: str | None = None
    matching: str | None = None
    wraps = False
    for clause in _clauses(atoms, _after(atoms, head)):
        words = _words(clause)
        k = 0
        if words == ["wrapping"] and shape != "pool":  # past its top, on from its bottom
            wraps = True
            continue
        if clause[0].kind == "int range":
            lo, _, hi = clause[0].text.partition("..")
            low, high = int(lo), (int(hi) if hi else None)
            if high is not None and high < low:
                raise FormError(f"{name}: {lo}..{hi} holds no number", clause[0].span)
            k = 1
        if k < len(words) and words[k] in ("of", "per"):
            if k + 1 >= len(words):
                raise FormError(f"say whose {name} it is: {example}", clause[k].span)
            owner = _owner(words[k + 1 :])
            continue
        if shape == "pool" and words[k : k + 2] == ["each", "a"] and len(words) == k + 3:
            if not re.fullmatch(r"d[1-9]\d*", words[k + 2]):  # "each a d6": the pool's dice
                raise FormError(
                    f"a pool's dice are 'each a d6': not '{words[k + 2]}'", clause[-1].span
                )
            sides = int(words[k + 2][1:])
            continue
        if shape == "pool" and words[k : k + 2] == ["matching", "its"] and len(words) > k + 2:
            matching = " ".join(words[k + 2 :])  # dice laid on a card: ``dsl.world.matching``
            continue
        if words[k : k + 3] == ["starting", "at", "its"] and len(clause) > k + 3:
            start_field = " ".join(words[k + 3 :])  # a card's own field: "starting at its nerve"
            continue
        if words[k : k + 2] == ["starting", "at"] and len(clause) == k + 3:
            if clause[k + 2].kind != "number":
                raise FormError(f"{name} starts at a number: {example}", clause[k + 2].span)
            start = int(clause[k + 2].text)
            continue
        if k == len(words):
            continue
        raise FormError(
            f"cannot read '{clause[k].text}' in the declaration of {name}: write {example}",
            clause[k].span,
        )
    if owner is None:
        raise FormError(
            f"say whose {name} it is ('of players', 'of the game'): {example}", head.span
        )
    decl = PropertyDecl(name, shape, owner, low, high, 0, span=form.name.span)
    first = start if start is not None else (low if low is not None else 0)
    if decl.clamp(first) != first:
        raise FormError(
            f"{name} starts at {first}, outside {low}..{'' if high is None else high}", form.span
        )
    decl = replace(decl, start=first, start_field=start_field, sides=sides, matching=matching)
    if wraps and (high is None or low is None or high <= low):
        raise FormError(
            f"{name} wraps past its top to its bottom: give it a bottom and a top above it, "
            f"as in '{name} is a {shape} 1..12 of the game, wrapping'",
            form.span,
        )
    decl = replace(decl, wraps=wraps)
    if matching is not None and owner in (GAME, PLAYER):
        raise FormError(
            f"only a pool of a kind of card is laid on it: 'matching its {matching}'", form.span
        )
    if start_field is not None and owner in (GAME, PLAYER):
        raise FormError(f"only a number of a kind of card starts at its {start_field}", form.span)
    category = Category(
        name,
        name,
        name,
        "meters",
        form.span,
        mass=True,
        options={"of": "the game" if owner == GAME else owner},
    )
    category.add(name)
    bands = tuple(_band(decl, item) for item in form.texts if isinstance(item, ast.Field))
    seen: set[str] = set()
    for band, item in zip(bands, [i for i in form.texts if isinstance(i, ast.Field)], strict=True):
        if band.name.casefold() in seen:
            raise FormError(f"{name}: the band '{band.name}' is declared twice", item.span)
        seen.add(band.name.casefold())
    decl = replace(decl, bands=bands)
    texts = tuple(
        _number_text(decl, item) for item in form.texts if not isinstance(item, ast.Field)
    )
    return WorldForm(category=category, property=decl, texts=texts, span=form.span)


def _band(decl: PropertyDecl, item: ast.Field) -> Band:
    """``dire 0..2`` in a number's block: a named span of its values ("if your happiness is
    dire")."""
    atoms = item.atoms
    if len(atoms) != 2 or atoms[0].kind != "word" or atoms[1].kind != "int range":
        raise FormError(f"a band of {decl.name} is a name and its values: 'dire 0..2'", item.span)
    lo, _, hi = atoms[1].text.partition("..")
    low = int(lo)
    high = int(hi) if hi else (decl.high if decl.high is not None else low)
    for value in (low, high):
        if decl.clamp(value) != value or low > high:
            top = "" if decl.high is None else decl.high
            raise FormError(
                f"{decl.name}: the band {atoms[0].text} {atoms[1].text} is not within "
                f"{decl.low}..{top}",
                atoms[1].span,
            )
    return Band(atoms[0].text, low, high)


LABEL = re.compile(r"at (\d+)(?: back to (\d+))?", re.IGNORECASE)
BELOW = re.compile(r"at below (\d+)", re.IGNORECASE)
ABOVE = re.compile(r"at above (\d+)", re.IGNORECASE)


def _number_text(decl: PropertyDecl, item: ast.Field | ast.Block | ast.Effect) -> NumberText:
    """``At 0: ...`` in a number's block: the value it runs at, and where the number goes
    back to after it, when written (``At 10 back to 5: ...``)."""
    example = f"'At {decl.low or 0}: ...' or 'At {decl.high or 10} back to {decl.start}: ...'"
    label = item.label if isinstance(item, ast.Effect) else None
    below = BELOW.fullmatch(label.text) if label is not None else None
    above = ABOVE.fullmatch(label.text) if label is not None else None
    if decl.wraps and label is not None and (below is not None or above is not None):
        end, other = (decl.high, decl.low) if above is not None else (decl.low, decl.high)
        raise FormError(
            f"{decl.name} wraps: a change past {end} goes on from {other}, so nothing passes "
            f"{'its top' if above is not None else 'its floor'}; write 'At {other}: ...' for "
            f"the wrap, or drop 'wrapping'",
            label.span,
        )
    if below is not None and isinstance(item, ast.Effect):
        if decl.low is None or int(below[1]) != decl.low:
            raise FormError(
                f"{decl.name} stops at {decl.low}: a change past its floor is 'At below "
                f"{decl.low}: ...'",
                item.label.span if item.label is not None else item.span,
            )
        return NumberText(decl.name, decl.low, None, item, below=True)
    if above is not None and isinstance(item, ast.Effect):
        if decl.high is None or int(above[1]) != decl.high:
            raise FormError(
                f"{decl.name} has no top to pass: a change past it is 'At above <its highest>: ...'"
                if decl.high is None
                else f"{decl.name} stops at {decl.high}: a change past its top is 'At above "
                f"{decl.high}: ...'",
                item.label.span if item.label is not None else item.span,
            )
        return NumberText(decl.name, decl.high, None, item, above=True)
    found = LABEL.fullmatch(label.text) if label is not None else None
    if not isinstance(item, ast.Effect) or label is None or found is None:
        raise FormError(
            f"a text of {decl.name} says the value it runs at: {example}",
            label.span if label is not None else item.span,
        )
    assert label is not None
    at = int(found[1])
    back = int(found[2]) if found[2] is not None else None
    for value in (at, back):
        if value is not None and decl.clamp(value) != value:
            high = "" if decl.high is None else decl.high
            raise FormError(f"{decl.name} never is {value}: it runs {decl.low}..{high}", label.span)
    return NumberText(decl.name, at, back, item)


def _zone(name: str, head: ast.Atom, atoms: list[ast.Atom], form: ast.CategoryDecl) -> WorldForm:
    example = (
        f"'{name} is a zone of players, seen by its owner', '{name} is a zone, face down' or "
        f"'{name} is a zone, holding relics'"
    )
    owner = GAME
    visibility: Visibility = "public"
    ordered = True
    kinds: tuple[str, ...] = ()
    limit: int | None = None
    for clause in _clauses(atoms, _after(atoms, head)):
        words = _words(clause)
        text = " ".join(words)
        if words[0] == "of" and len(words) > 1:
            owner = _owner(words[1:])
            if owner != PLAYER:
                raise FormError(
                    f"a zone is the game's or one each player has: 'of players', not '{text}'",
                    clause[0].span,
                )
        elif text in VISIBILITY:
            visibility = VISIBILITY[text]
        elif text in ("unordered", "in no order"):
            ordered = False
        elif words[0] == "holding" and len(words) > 1:
            kinds = tuple(_owner([w]) for w in words[1:] if w != "and")
        elif words[:2] == ["at", "most"] and len(words) >= 3 and words[2].isdigit():
            limit = int(words[2])  # "at most 3 blessings": a draw stops at the limit
        else:
            raise FormError(
                f"cannot read '{clause[0].text}' in the zone {name}: {example}", clause[0].span
            )
    if visibility == "owner" and owner != PLAYER:
        raise FormError(f"only a zone of players is seen by its owner: {example}", form.span)
    category = Category(
        name,
        name,
        name,
        "zones",
        form.span,
        mass=True,
        options={"of": "players"} if owner == PLAYER else {},
    )
    category.add(name)
    decl = ZoneDecl(
        name, owner, kinds, visibility=visibility, ordered=ordered, limit=limit, span=form.name.span
    )
    return WorldForm(category=category, zone=decl, span=form.span)


def pieces_form(form: ast.CategoryDecl) -> tuple[ast.CategoryDecl, bool, bool]:
    """``lanterns are pieces of players, one each: lantern``: the declaration without ``one
    each`` (read as the pieces shape), whether each player has one (a pawn), whether the pieces
    are the players' own (``of players``)."""
    atoms = list(form.shape)
    words = [a.folded for a in atoms]
    pawn = False
    for k in range(len(words) - 1):
        if words[k : k + 2] == ["one", "each"]:
            pawn = True
            cut = k - 1 if k > 0 and atoms[k - 1].kind == "comma" else k
            atoms = atoms[:cut] + atoms[k + 2 :]
            break
    owned = any(words[k] == "of" and words[k + 1] == "players" for k in range(len(words) - 1))
    if not pawn:
        return form, False, owned
    return replace(form, shape=tuple(atoms)), True, owned


def add(declared: Declared, part: WorldForm, report: Report) -> None:
    """Merge one declaration's part into the ruleset's world, telling what is declared twice."""
    if part.players is not None:
        if declared.players is not None:
            report(f"the players are declared twice (first at {declared.players_span})", part.span)
        else:
            declared.players, declared.players_span = part.players, part.span
    if part.score is not None:
        if declared.score is not None:
            report(f"the score is declared twice (first at {declared.score_span})", part.span)
        else:
            declared.score, declared.score_span = part.score, part.span
    if part.property is not None:
        declared.properties[part.property.name.casefold()] = part.property
        declared.texts.extend(part.texts)
    if part.zone is not None:
        declared.zones[part.zone.name.casefold()] = part.zone
    if part.in_play is not None:
        declared.in_play[part.in_play] = part.span
    if part.played is not None:
        declared.played[part.played] = part.span
    if part.duration is not None:
        declared.durations[part.duration.tag.casefold()] = part.duration
    if part.decks is not None:
        declared.decks[part.decks.kind] = part.decks
    if part.belongs is not None:
        declared.belongs[part.belongs.kind] = part.belongs
    if part.together is not None:  # dsl/world/together.py: by what it declares
        key = "the result" if hasattr(part.together, "win_from") else "the campaign"
        if key in declared.together:
            report(f"{key} is declared twice (first at {declared.together[key].span})", part.span)
        declared.together[key] = part.together
    if part.boxes is not None:  # dsl/world/boxes.py: the boxes are numbers of their owner
        declared.boxes[part.boxes.name.casefold()] = part.boxes
        for number in part.boxes.numbers():
            declared.properties.setdefault(number.name.casefold(), number)
    if part.choice is not None:  # dsl/world/choices.py
        declared.choices[part.choice.name.casefold()] = part.choice
    if part.measure is not None:
        key = part.measure.name.casefold()
        if key in declared.measures:
            first = declared.measures[key].span
            report(f"{part.measure.name} is declared twice (first at {first})", part.span)
        else:
            declared.measures[key] = part.measure


def check(declared: Declared, card_kinds: list[str], report: Report) -> None:
    """What can only be told once everything is declared: whose each number is, what the
    score names."""
    kinds = {k.casefold() for k in card_kinds}
    for decl in declared.properties.values():
        if decl.owner not in (GAME, PLAYER) and decl.owner.casefold() not in kinds:
            hint = did_you_mean(decl.owner, ["player", *card_kinds])
            report(
                f"{decl.name} is a number of '{decl.owner}', which is neither the players, the "
                f"game nor a kind of card{hint}",
                decl.span or NOWHERE,
            )
    for zone in declared.zones.values():
        for kind in zone.kinds:
            if kind.casefold() not in kinds:
                hint = did_you_mean(kind, card_kinds)
                report(
                    f"the zone {zone.name} holds '{kind}', which is no kind of card{hint}",
                    zone.span or NOWHERE,
                )
    for kind, span in declared.in_play.items():
        if kind not in kinds:
            hint = did_you_mean(kind, card_kinds)
            report(f"'{kind}' in play from the start is no kind of card{hint}", span)
    for kind, span in declared.played.items():
        if kind not in kinds:
            hint = did_you_mean(kind, card_kinds)
            report(f"'{kind}' played by players is no kind of card{hint}", span)
    for belonging in declared.belongs.values():
        if belonging.kind not in kinds:
            hint = did_you_mean(belonging.kind, card_kinds)
            report(f"'{belonging.kind}' used by players is no kind of card{hint}", belonging.span)
    for held in declared.durations.values():
        if held.kind not in kinds:
            hint = did_you_mean(held.kind, card_kinds)
            report(f"'{held.kind}' held by a duration is no kind of card{hint}", held.span)
    for boxes in declared.boxes.values():  # dsl/world/boxes.py: against the number watched
        from dsl.world.boxes import check_boxes

        if (said := check_boxes(boxes, declared.properties)) is not None:
            report(said, boxes.span)
    if declared.score is not None and declared.score.casefold() not in declared.properties:
        names = [p.name for p in declared.properties.values()]
        hint = did_you_mean(declared.score, names)
        report(
            f"the score is '{declared.score}', which is no number declared{hint} (declare "
            f"'{declared.score} is a number 0.. of players')",
            declared.score_span,
        )
