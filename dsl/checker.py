"""AST → checked ruleset: every word bound to the declared vocabulary, every reference resolved.

Stages, in order: gather the vocabulary from every file; inspect the primitives module so each
verb's roles are its function's keyword parameters; index every card; then check each card's
fields against its kind declaration and bind each sentence (the binder reads runs of words
against the lexicon, longest match first). All diagnostics are collected; nothing raises.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import inspect
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dsl import ast
from dsl.binder import (
    Binder,
    BindError,
    SentenceBinder,
    atoms_text,
    join_spans,
)
from dsl.bound import (
    ActionCost,
    BoundChoice,
    BoundClause,
    BoundEffect,
    BoundSentence,
    CheckedCard,
    OneOf,
    sentences_of,
)
from dsl.diagnostics import Diagnostics, did_you_mean
from dsl.grid import grid_size, read_grid
from dsl.meaning import place_words
from dsl.procedure import CheckedPhase, ProcedureWords, check_procedures
from dsl.runtime import Span, marks_of
from dsl.selectors import (
    Either,
    Filter,
    Place,
    PlaceSpec,
    Quantity,
    Selector,
)
from dsl.vocabulary import (
    REQUIRED_OPTIONS,
    SHAPE_OPTIONS,
    SHAPES,
    Category,
    FieldSchema,
    KindSchema,
    Meaning,
    Shape,
    TriggerInfo,
    VerbInfo,
    Vocabulary,
    singular_of,
)

# The language's own field types; a field may also be of a card kind (a card of that kind) or
# of a declared category: its singular ("skill": one of its members; with "list", several),
# its plural ("card tags": several), or "<singular> ranks" ("skill ranks": a rank for each).
FIELD_TYPES = (
    "int",
    "flag",
    "text",
    "range",
    "cost",
    "side",
    "dice list",  # slots of a die and/or a face ("of at most 4": its most slots)
    "place spec",  # where a card enters play: "Forest, else any <place>"
    "place selector",  # which places: "Forest or Ruin <places> with a hero"
    "dice grid",  # squares in rows, chained from a start to an end ("of 4 by 4": dsl/grid.py)
)


@dataclass(slots=True)
class CheckedRuleset:
    """Everything the compiler needs: vocabulary, cards, tables, maps, and the diagnostics."""

    vocabulary: Vocabulary
    cards: list[CheckedCard]
    tables: list[ast.TableDecl]
    maps: list[ast.MapDecl]
    diagnostics: Diagnostics
    files: list[ast.RulesFile] = field(default_factory=list)
    procedures: list[CheckedPhase] = field(default_factory=list)  # the game's procedure
    checks: list[Any] = field(default_factory=list)  # dsl.dice.model.Check, each compiled


# ---- vocabulary -------------------------------------------------------------------------------


class _VocabularyBuilder:
    def __init__(
        self, files: Sequence[ast.RulesFile], diags: Diagnostics, base_dir: str | None = None
    ) -> None:
        self.base_dir = base_dir
        self.files = files
        self.d = diags
        self.v = Vocabulary()
        self.seen: dict[tuple[str, str], Span] = {}
        self.periods: set[str] | None = None
        # pieces declared "of players" (and "one each": a pawn), noted for the world
        self.pieces_of_players: list[tuple[ast.CategoryDecl, bool, bool]] = []

    def declare(self, category: Category, name: ast.Name) -> None:
        word = name.text
        key = (category.singular.casefold(), word.casefold())
        if key in self.seen:
            self.d.error(
                f"{category.singular} '{word}' is declared twice (first at {self.seen[key]})",
                name.span,
            )
            return
        self.seen[key] = name.span
        category.add(word)
        self.v.add_word(word, Meaning(category.singular, word, shape=category.shape))

    def build(self) -> Vocabulary:
        v = self.v
        headers = []
        verbs: list[ast.VerbDecl] = []
        # the declarations read after every category is known, in the order written (a file's
        # cards are passed over once, here)
        later: list[ast.Declaration] = []
        for f in self.files:
            for form in f.forms:
                if isinstance(form, ast.Card):
                    continue
                if isinstance(form, ast.RulesetDecl):
                    headers.append(form)
                    v.name, v.version = form.name, form.version
                elif isinstance(form, ast.PrimitivesDecl):
                    v.primitives = form.module
                elif isinstance(form, ast.CategoryDecl):
                    self.category(form)
                elif isinstance(form, ast.VerbDecl):
                    verbs.append(form)
                elif isinstance(form, ast.ValueDecl):
                    if form.name in v.values:
                        self.d.error(f"value '{form.name}' is declared twice", form.span)
                    self.value_in_range(form)
                    v.values[form.name] = form.value
                else:
                    later.append(form)
        if not headers and self.files:
            first = self.files[0]
            self.d.error(
                'no ruleset header: one file must start with: ruleset "Name" version "1"',
                Span(first.path, 1, 1, 1, 1),
            )
        for extra in headers[1:]:
            self.d.error("the ruleset is declared twice (one header per ruleset)", extra.span)
        for form in later:  # more members of a category, wherever it was declared
            if isinstance(form, ast.MembersDecl):
                self.more_members(form)
        self.generic_nouns()
        self.shapes_hold()
        self.world_holds()
        for form in later:
            if isinstance(form, ast.AliasDecl):
                self.alias(form)
            elif isinstance(form, ast.RelationDecl):
                self.relation(form)
            elif isinstance(form, ast.TriggerDecl):
                self.trigger(form)
        for form in later:
            if isinstance(form, ast.KindDecl):
                self.kind(form)
            elif isinstance(form, ast.TriggerDecl) and form.kinds:
                self.trigger_kinds(form)
        if v.world is not None and v.world.belongs:  # their kinds' fields: dsl.world.belonging
            from dsl.world.belonging import check as check_belonging

            check_belonging(v.world.belongs, v.kinds, v.world.played, self.d.error)
        self.verbs(verbs)
        if not v.primitives or self.plays_on_the_world():
            self.core_verbs()
        return v

    def plays_on_the_world(self) -> bool:
        """Whether the ruleset's primitives only add to the world engine (their procedure
        words are the world engine's, ``dsl.world.words.world_words``): its text keeps the
        core verbs beside its own."""
        from dsl.world.words import WorldWords

        try:
            module = _import_primitives(str(self.v.primitives), self.base_dir)
        except Exception:  # told at the verbs that need it
            return False
        return isinstance(getattr(module, "procedure_words", None), WorldWords)

    def value_in_range(self, form: ast.ValueDecl) -> None:
        """A value written outside the range its declaration gives (``= 0 in 1..``) is one
        the engine cannot honour: an error at the value."""
        low, high = form.low, form.high
        if low is None or (form.value >= low and (high is None or form.value <= high)):
            return
        bounds = f"{low}..{'' if high is None else high}"
        least = f"at least {low}" if high is None else f"{low} to {high}"
        self.d.error(
            f"value '{form.name}' = {form.value} is outside {bounds}: the engine honours {least}",
            form.span,
        )

    # -- categories and their shapes --

    def category(self, form: ast.CategoryDecl) -> None:
        from dsl.each_member import EachError, expand  # "... for each resource": one per member

        try:
            each = expand(form, self.v)
        except EachError as error:
            self.d.error(error.message, error.span)
            return
        if each is not None:
            for one in each:
                self.category(one)
            return
        name = " ".join(form.name.text.split())
        key = name.casefold()
        if key in self.v.categories:
            first = self.v.categories[key].span
            self.d.error(f"category '{name}' is declared twice (first at {first})", form.name.span)
            return
        shaped = self.world_form(form)
        if shaped is None:
            return
        read = _read_shape(shaped)
        if isinstance(read, BindError):
            self.d.error(read.message, read.span)
            return
        category = read
        self.v.categories[key] = category
        for form_name in (category.singular, category.plural):
            self.v.forms.setdefault(form_name.casefold(), category)
        self.add_members(category, form.members, form.span)

    def world_form(self, form: ast.CategoryDecl) -> ast.CategoryDecl | None:
        """A declaration of the world ("players are 2 to 4 seats", "light is a number 0..6 of
        players", "hand is a zone of players"): its part kept in ``Vocabulary.world``, its
        category (if any) declared; else the declaration, to be read as a shape."""
        from dsl import declarations

        if self.v.world is None:
            self.v.world = declarations.Declared()
        try:
            part = declarations.read_world_form(form)
        except declarations.FormError as error:
            self.d.error(error.message, error.span)
            return None
        if part is None:
            shaped, pawn, owned = declarations.pieces_form(form)
            if pawn or owned:
                self.pieces_of_players.append((shaped, pawn, owned))
            return shaped
        declarations.add(self.v.world, part, self.d.error)
        if part.players is not None:  # "each player", "a player at this stop": the seats
            self.v.add_word("player", Meaning("player", "player", shape="kinds"))
        if part.category is not None:
            key = part.category.name.casefold()
            self.v.categories[key] = part.category
            self.v.forms.setdefault(key, part.category)
            name = part.category.members[0]
            self.v.add_word(name, Meaning(name, name, shape=part.category.shape))
        return None

    def more_members(self, form: ast.MembersDecl) -> None:
        category = self.v.category(form.name.text)
        if category is None:
            names = [n for c in self.v.categories.values() for n in (c.name, c.singular)]
            hint = did_you_mean(form.name.text, names)
            self.d.error(
                f"unknown category '{form.name.text}'{hint} (declare it first: "
                f"'{form.name.text} are <shape>: ...')",
                form.name.span,
            )
            return
        self.add_members(category, form.members, form.span)

    def add_members(self, category: Category, members: Sequence[ast.Member], span: Span) -> None:
        shape = category.shape
        if shape == "places" and members:
            self.d.error(
                f"'{category.name}' names the kind of card the map is made of: it has no "
                f"members (write '{category.name} are places')",
                members[0].span,
            )
            return
        for m in members:
            if m.number is not None and shape != "periods":
                self.d.error(
                    f"'{m.name.text} {m.number}': only a period's members have a number "
                    f"(its turns); {category.name} are {shape}",
                    m.span,
                )
                continue
            if m.number is None and shape == "periods":
                self.d.error(f"a period has its number of turns: write '{m.name.text} 3'", m.span)
                continue
            if m.number is not None and m.number < 1:  # "spring 0" would still be played
                self.d.error(
                    f"'{m.name.text} {m.number}': a period has 1 turn or more (one of "
                    f"{m.number} turns cannot be played, nor skipped)",
                    m.span,
                )
                continue
            before = len(category.members)
            self.declare(category, m.name)
            if len(category.members) == before:
                continue  # declared twice: told
            word = m.name.text
            if shape == "kinds":
                self.v.card_kinds.append(word)
            if m.number is not None:
                category.turns[word] = m.number
            if m.title is not None:
                category.titles[word] = m.title
                self.v.titles[word] = m.title
                if m.title.casefold() != word.casefold():
                    self.v.add_word(m.title, Meaning(category.singular, word, shape=shape))
            if m.aliases:
                category.also(word, tuple(a.text for a in m.aliases))
                for a in m.aliases:
                    self.v.add_word(a.text, Meaning(category.singular, word, shape=shape))

    def world_holds(self) -> None:
        """The world's declarations, once every category is known: whose each number is, what
        the score names, which pieces each player has one of."""
        from dsl import declarations

        world = self.v.world
        if world is None:
            return
        for form, pawn, owned in self.pieces_of_players:
            category = self.v.category(" ".join(form.name.text.split()))
            for member in category.members if category is not None else ():
                if pawn:
                    world.pawns[member.casefold()] = form.span
                if owned:
                    world.owned_pieces.add(member.casefold())
        declarations.check(world, self.v.card_kinds, self.d.error)
        if world.measures:  # things paid from a reservoir, tracks of levels
            from dsl.world import measures

            measures.check(
                world.measures.values(),
                self.v.values,
                list(self.v.forms),
                self.d.error,
                [p.name for p in world.properties.values()],
            )

    def generic_nouns(self) -> None:
        """A category's own name is the noun for any of its members: "a resource" (a die of
        any resource), "a token", "this region"."""
        for category in self.v.of_shape("dice", "pieces", "meters", "reservoirs", "groups"):
            if category.member(category.singular) is not None:
                continue  # a declared number is its own word ("light is a number ...")
            self.v.add_word(
                category.singular,
                Meaning(category.singular, category.singular, shape=category.shape, generic=True),
            )

    def shapes_hold(self) -> None:
        """What a shape is of is declared: tags of a card kind (or of cards), groups of the
        places, one kind of card the map is made of."""
        kinds = {k.casefold(): k for k in self.v.card_kinds}
        places = self.v.of_shape("places")
        for extra in places[1:]:
            self.d.error(
                f"'{extra.name} are places': the map is made of '{places[0].name}' already "
                f"(declared at {places[0].span})",
                extra.span,
            )
        if places:
            made_of = places[0]
            kind = kinds.get(made_of.singular.casefold())
            if kind is None:
                hint = did_you_mean(made_of.singular, self.v.card_kinds)
                self.d.error(
                    f"'{made_of.name} are places': '{made_of.singular}' is not a declared card "
                    f"kind{hint}",
                    made_of.span,
                )
            self.v.place_kind = kind
        for category in self.v.categories.values():
            of = category.options.get("of")
            if of is None:
                continue
            folded = of.casefold()
            if category.shape == "tags" and folded != "cards":
                if singular_of(folded) not in kinds and folded not in kinds:
                    hint = did_you_mean(of, [*self.v.card_kinds, "cards"])
                    self.d.error(
                        f"'{category.name} are tags of {of}': '{of}' is not a declared card "
                        f"kind{hint} (tags describe cards: 'of cards' or 'of <a card kind>')",
                        category.span,
                    )
            elif category.shape == "groups":
                place = self.v.place_kind
                if place is None:
                    self.d.error(
                        f"'{category.name} are groups of {of}': groups are of places, and no "
                        "card kind is declared as the places of the map ('<kinds> are places')",
                        category.span,
                    )
                elif singular_of(folded) != place.casefold() and folded != "places":
                    self.d.error(
                        f"'{category.name} are groups of {of}': groups are of the places, "
                        f"'{_plural_of(place)}'",
                        category.span,
                    )

    def core_verbs(self) -> None:
        """A ruleset with no primitives of its own plays on the world engine: its verbs are
        the engine's core verbs (``dsl.world.verbs``), declared here as the text would."""
        from dsl.world.verbs import CORE_VERBS

        span = Span("<core verbs>", 1, 1, 1, 1)
        for words_text, fn in CORE_VERBS.items():
            words = tuple(words_text.split())
            if words in self.v.verbs:
                continue
            self.v.primitive_functions[fn.__name__] = fn
            roles, params = _roles_of(fn)
            marks = marks_of(fn)
            info = VerbInfo(
                words,
                fn.__name__,
                roles,
                params,
                span,
                marks.creates,
                marks.faces,
                tuple(sorted(marks.takes)),
                holds=marks.holds,
                holds_whole=marks.holds_whole,
                up_to=marks.up_to,
            )
            self.v.verbs[words] = info
            self.v.add_verb(info)

    def alias(self, form: ast.AliasDecl) -> None:
        target = form.target.text.casefold()
        meanings = [m for m in self.v.lexicon.get(tuple(target.split()), []) if not m.generic]
        if not meanings:
            words = self.v.all_words()
            self.d.error(
                f"alias of an undeclared word '{form.target.text}'{did_you_mean(target, words)}",
                form.target.span,
            )
            return
        for m in meanings:
            if not m.plural:
                self.v.add_word(form.alias.text, m)
        self.v.aliases[form.alias.text.casefold()] = meanings[0].word.casefold()

    def relation(self, form: ast.RelationDecl) -> None:
        """``relation trade: ember -> frost, moss``: the targets are members of the source's
        category; ``any`` is every other member."""
        name = form.name.text
        relation = self.v.relations.setdefault(name, {})
        folded = self.v.aliases.get(form.source.text.casefold(), form.source.text.casefold())
        first = next(iter(relation), None)  # a relation's members are of its first's category
        led = first if first is not None else folded
        category = next((c for c in self.v.categories.values() if c.member(led)), None)
        source = category.member(folded) if category is not None else None
        if category is None or source is None:
            pool = category.members if category is not None else self.v.all_words()
            what = category.singular if category is not None else "word"
            self.d.error(
                f"unknown {what} '{form.source.text}'{did_you_mean(form.source.text, pool)}",
                form.source.span,
            )
            return
        if source in relation:
            self.d.error(
                f"relation {name}: '{source}' is given its targets twice", form.source.span
            )
            return
        targets: list[str] = []
        for t in form.targets:
            if t.text.casefold() == "any":
                targets.extend(m for m in category.members if m != source)
                continue
            found = category.member(self.v.aliases.get(t.text.casefold(), t.text.casefold()))
            if found is None:
                hint = did_you_mean(t.text, category.members)
                self.d.error(f"unknown {category.singular} '{t.text}'{hint}", t.span)
            else:
                targets.append(found)
        relation[source] = tuple(targets)

    def trigger(self, form: ast.TriggerDecl) -> None:
        words = [w.text for w in form.words]
        qualifier = None
        if self.periods is None:  # the members of every periods category, read once
            self.periods = {m.casefold() for c in self.v.of_shape("periods") for m in c.members}
        if len(words) > 1 and words[-1].casefold() in self.periods:
            qualifier = words.pop()
        key = " ".join(form.label.text.casefold().split())
        if key in self.v.triggers:
            self.d.error(f"trigger '{form.label.text}' is declared twice", form.label.span)
        self.v.triggers[key] = TriggerInfo(
            form.label.text,
            form.usage,
            " ".join(words) if form.usage == "on" else None,
            qualifier,
            form.once_per_turn,
            form.span,
        )

    def trigger_kinds(self, form: ast.TriggerDecl) -> None:
        """``for monster, relic``: the card kinds the engine tells of this trigger."""
        declared = {k.casefold(): k for k in self.v.card_kinds}
        kinds = []
        for word in form.kinds:
            kind = declared.get(word.text.casefold())
            if kind is None:
                hint = did_you_mean(word.text, self.v.card_kinds)
                self.d.error(f"'{word.text}' is not a declared card kind{hint}", word.span)
            else:
                kinds.append(kind)
        key = " ".join(form.label.text.casefold().split())
        self.v.triggers[key] = replace(self.v.triggers[key], kinds=tuple(kinds))

    def kind(self, form: ast.KindDecl) -> None:
        kind = form.kind.text
        if kind.casefold() not in {k.casefold() for k in self.v.card_kinds}:
            self.d.error(
                f"kind '{kind}' is not a declared card kind"
                + did_you_mean(kind, self.v.card_kinds),
                form.kind.span,
            )
        fields: dict[str, FieldSchema] = {}
        for kf in form.fields:
            schema = self.field_schema(kf)
            if schema is None:
                continue
            if schema.name in fields:
                self.d.error(f"field '{schema.name}' is declared twice", kf.span)
            fields[schema.name] = schema
            if schema.type == "flag":  # a flag is also an adjective: "any starting relic"
                self.v.add_word(schema.name, Meaning("flag", schema.name, shape="flag"))
        self.v.kinds[kind.casefold()] = KindSchema(kind, fields, form.span)

    def field_schema(self, kf: ast.KindField) -> FieldSchema | None:
        """``recipe dice list of at most 4``, ``skills skill ranks 0..5``, ``number int list
        1.. unique``: the field's name, then its type, ``list``, a range, the most slots,
        ``optional`` and ``unique``."""
        atoms = list(kf.words)
        low = high = at_most = None
        words: list[str] = []
        grid: list[int] = []  # a dice grid's "of 4 by 4"
        k = 0
        while k < len(atoms):
            a = atoms[k]
            if a.kind == "int range":
                lo, _, hi = a.text.partition("..")
                low, high = int(lo), (int(hi) if hi else None)
            elif a.kind == "number" and grid_size(words, int(a.text), grid):
                words.pop()
            elif a.kind == "number":
                if [w.casefold() for w in words[-3:]] != ["of", "at", "most"]:
                    self.d.error(
                        f"cannot read '{a.text}' in a field declaration: a number is the most "
                        "slots of a dice list ('slots dice list of at most 4')",
                        a.span,
                    )
                    return None
                del words[-3:]
                at_most = int(a.text)
            else:
                words.append(a.text)
            k += 1
        modifiers = set()
        while words and words[-1].casefold() in ("optional", "unique"):
            modifiers.add(words.pop().casefold())
        folded = [w.casefold() for w in words]
        is_list = False
        if folded[-1:] == ["list"] and folded[-2:] != ["dice", "list"]:
            is_list = True
            words, folded = words[:-1], folded[:-1]
        for size in (4, 3, 2, 1):  # the longest type first: "secondary trait ranks"
            if len(folded) <= size:
                continue
            written = " ".join(folded[-size:])
            reading = self.field_type(written)
            if reading is None:
                continue
            reads, of = reading
            if at_most is not None and reads != "dice list":
                self.d.error(
                    f"'of at most {at_most}' is the most slots of a dice list, not of {written}",
                    kf.span,
                )
                return None
            if reads == "members" and is_list:
                reads = "member"  # "tokens list": as "token list", several of them
            if (reads == "dice grid") != (len(grid) == 2):
                self.d.error(
                    f"a dice grid says its columns and rows ('{written} of 4 by 4'), and only a "
                    "dice grid does",
                    kf.span,
                )
                return None
            return FieldSchema(
                " ".join(words[:-size]).casefold(),
                tuple(folded[:-size]),
                reads,
                is_list,
                low,
                high,
                "optional" in modifiers,
                kf.span,
                "unique" in modifiers,
                of,
                at_most,
                (grid[0], grid[1]) if len(grid) == 2 else None,
            )
        known = ", ".join(FIELD_TYPES)
        self.d.error(
            f"cannot read field declaration '{' '.join(words)}': write the field name, then a "
            f"type ({known}, a card kind, or a category: {self.category_types()})",
            kf.span,
        )
        return None

    def category_types(self) -> str:
        """``'skill', 'card tags', 'skill ranks'``: field types the declared categories make,
        for messages."""
        made = [f"'{c.singular}'" for c in self.v.categories.values()][:1]
        made += [f"'{c.plural}'" for c in self.v.categories.values() if c.plural != c.singular][:1]
        made += [f"'{c.singular} ranks'" for c in self.v.of_shape("ranks")][:1]
        return ", ".join(made) or "its singular, its plural or '<singular> ranks'"

    def field_type(self, written: str) -> tuple[str, str | None] | None:
        """How a field of type ``written`` is read, and of what: a language type, a card of a
        kind (``card``), or a category's ``member``, ``members`` or ``ranks``."""
        if written in FIELD_TYPES:
            return written, None
        kinds = {k.casefold(): k for k in self.v.card_kinds}
        if written in kinds:
            return "card", kinds[written]
        if written.endswith(" ranks"):
            ranked = self.v.category(written.removesuffix(" ranks"))
            if ranked is not None and ranked.shape == "ranks":
                return "ranks", ranked.singular
        category = self.v.category(written)
        if category is None:
            return None
        if written == category.singular.casefold():
            return "member", category.singular
        return "members", category.singular

    def priced_words(
        self,
        function: str,
        prices: tuple[tuple[str, tuple[str, ...]], ...],
        kinds: tuple[str, ...],
        span: Span,
    ) -> None:
        """What a pricing primitive (``dsl.runtime.prices``) names is declared: each thing an
        action may cost, and each card kind; otherwise no card could ever bind to it."""
        things = sorted({t for _, ts in prices for t in ts})
        for thing in _undeclared(things, self.v.lexicon):
            self.d.error(
                f"primitive '{function}' prices actions in '{thing}', which the ruleset does "
                "not declare",
                span,
            )
        declared = {k.casefold() for k in self.v.card_kinds}
        for kind in [k for k in kinds if k.casefold() not in declared]:
            self.d.error(
                f"primitive '{function}' prices actions on '{kind}' cards, which is not a "
                "declared card kind",
                span,
            )

    def verbs(self, decls: list[ast.VerbDecl]) -> None:
        module = None
        module_error = None
        if self.v.primitives:
            try:
                module = _import_primitives(self.v.primitives, self.base_dir)
            except Exception as error:  # any failure importing the designer's module
                module_error = f"{type(error).__name__}: {error}"
        for decl in decls:
            words = tuple(decl.words.text.casefold().split())
            function = decl.function.text
            roles: dict[str, bool] | None = None
            params: dict[str, str] = {}
            creates: frozenset[str] = frozenset()
            faces: frozenset[str] = frozenset()
            holds: frozenset[str] = frozenset()
            holds_whole = False
            up_to: frozenset[str] = frozenset()
            takes: tuple[tuple[str, tuple[str, ...]], ...] = ()
            only_forbidden = False
            prices: tuple[tuple[str, tuple[str, ...]], ...] = ()
            prices_on: tuple[str, ...] = ()
            if not self.v.primitives:
                self.d.error(
                    'verbs need a primitives module: primitives "package.module"', decl.span
                )
            elif module is None:
                self.d.error(
                    f"cannot import primitives module '{self.v.primitives}' for verb "
                    f"'{decl.words.text}' ({module_error})",
                    decl.function.span,
                )
            else:
                fn = getattr(module, function, None)
                if not callable(fn):
                    names = [n for n in dir(module) if not n.startswith("_")]
                    self.d.error(
                        f"primitives module '{self.v.primitives}' has no function "
                        f"'{function}'{did_you_mean(function, names)}",
                        decl.function.span,
                    )
                else:
                    self.v.primitive_functions[function] = fn
                    roles, params = _roles_of(fn)
                    marks = marks_of(fn)  # what the decorators declared of it, one record
                    creates, faces, holds = marks.creates, marks.faces, marks.holds
                    holds_whole, only_forbidden = marks.holds_whole, marks.only_forbidden
                    takes = tuple(sorted(marks.takes))
                    prices, prices_on = marks.prices, marks.prices_on
                    up_to = marks.up_to
                    self.priced_words(function, prices, prices_on, decl.function.span)
            if words in self.v.verbs:
                self.d.error(f"verb '{decl.words.text}' is declared twice", decl.span)
            info = VerbInfo(
                words,
                function,
                roles,
                params,
                decl.span,
                creates,
                faces,
                takes,
                only_forbidden,
                prices,
                prices_on,
                holds,
                holds_whole,
                up_to,
            )
            self.v.verbs[words] = info
            self.v.add_verb(info)


def _read_shape(form: ast.CategoryDecl) -> Category | BindError:
    """The category a declaration makes: its forms, its shape and the shape's options, read
    from the words after "is"/"are" ("a d6", "dice kept at places", "ranks 0..5 of
    characters", "tags of cards"); what cannot be read is told with what was expected."""
    name = " ".join(form.name.text.split())
    atoms = [a for a in form.shape if a.kind != "comma"]
    i = 1 if atoms and atoms[0].folded in ("a", "an") else 0
    if i >= len(atoms):
        return BindError(f"say what shape '{name}' has: {_SHAPE_LIST}", form.name.span)
    head = atoms[i]
    sides = 0
    low = high = None
    dice = re.fullmatch(r"d(\d+)", head.folded)
    if dice is not None:
        shape: Shape = "dice"
        sides = int(dice[1])
        if sides < 1:
            return BindError(f"a die has at least one side, not {sides}", head.span)
        i += 1
        if i < len(atoms) and atoms[i].folded in ("dice", "die"):
            i += 1
    elif head.folded in SHAPES:
        shape = SHAPES[head.folded]
        sides = 6 if shape == "dice" else 0  # the language's die, unless one says "d8 dice"
        i += 1
    else:
        hint = did_you_mean(head.text, [*SHAPES, "d6"])
        return BindError(f"unknown shape '{head.text}'{hint} ({_SHAPE_LIST})", head.span)
    if shape == "ranks":
        bound = atoms[i] if i < len(atoms) else None
        if bound is None or bound.kind != "int range":
            at = bound.span if bound is not None else head.span
            return BindError(f"write the bounds of '{name}': ranks 0..5 (or 1.., no most)", at)
        lo, _, hi = bound.text.partition("..")
        low, high = int(lo), (int(hi) if hi else None)
        i += 1
    options: dict[str, str] = {}
    allowed = SHAPE_OPTIONS[shape]
    while i < len(atoms):
        words = [a.folded for a in atoms]
        option = next((o for o in allowed if words[i : i + len(o.split())] == o.split()), None)
        if option is None:
            said = atoms[i].text
            if allowed:
                hint = did_you_mean(said, [o.split()[0] for o in allowed])
                wanted = " or ".join(f"'{o} ...'" for o in allowed)
                why = f"{shape} take {wanted}{hint}"
            else:
                why = f"{shape} take nothing after the shape"
            return BindError(f"cannot read '{said}' in the shape of '{name}': {why}", atoms[i].span)
        start = i + len(option.split())
        end = start
        while end < len(atoms) and not any(
            words[end : end + len(o.split())] == o.split() for o in allowed
        ):
            end += 1
        if end == start or any(a.kind != "word" for a in atoms[start:end]):
            return BindError(f"say what '{option}' names: '{option} cards'", atoms[i].span)
        if option in options:
            return BindError(f"'{option}' is written twice in the shape of '{name}'", atoms[i].span)
        options[option] = " ".join(a.text for a in atoms[start:end])
        i = end
    required = REQUIRED_OPTIONS.get(shape)
    if required is not None and required not in options:
        example = {"tags": "of cards", "groups": "of places", "periods": "of turns"}.get(
            shape, "of cards"
        )
        return BindError(
            f"say what {shape} '{name}' are {required}: '{shape} {example}'", head.span
        )
    if shape == "kinds" and options["of"].casefold() != "cards":
        return BindError(f"kinds are of cards: '{name} are kinds of cards'", head.span)
    if shape == "periods" and options["of"].casefold() != "turns":
        return BindError(f"periods are of turns: '{name} are periods of turns'", head.span)
    singular = singular_of(name) if form.plural else name
    return Category(
        name,
        singular,
        name,
        shape,
        form.span,
        mass=not form.plural,
        sides=sides,
        low=low,
        high=high,
        options=options,
    )


_SHAPE_LIST = (
    "shapes: d6 dice, pieces, meters, reservoirs, ranks 0..5, tags of ..., groups of ..., zones, "
    "periods of turns, kinds of cards, places"
)


def _plural_of(word: str | None) -> str:
    """``tile`` → ``tiles`` (the plural a declaration writes a card kind in)."""
    if not word:
        return ""
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


def _it_before_anything(parts: Sequence[BoundSentence | BoundChoice]) -> Span | None:
    """Where "it" is used before any phrase of the text found a thing (``None``: nowhere)."""

    def things(value: Any) -> list[Selector]:
        if isinstance(value, Selector):
            return [value]
        if isinstance(value, OneOf):
            return [x for v in value.choices for x in things(v)]
        if isinstance(value, tuple):
            return [x for v in value for x in things(v)]
        return []

    def clauses(clause: BoundClause) -> list[BoundClause]:
        return [*(clauses(clause.cost) if clause.cost is not None else []), clause]

    for part in parts:
        if getattr(part, "each", None) is not None:
            return None  # "For each monster here, ...": "it" is each one in turn
        condition = part.condition
        if condition is not None and condition.selector is not None:
            if condition.kind == "it is":
                return condition.span
            return None  # "If there is ...": "it" is what the condition found
        for _, clause in sentences_of([part]):
            for each in clauses(clause):
                if each.function == "fill_grid":  # the card laid on is "it": world/grid_play.py
                    return None
                found = [x for _, v in each.roles for x in things(v)]
                if each.subject is not None:
                    found.insert(0, each.subject)
                for sel in found:
                    if sel.reference == "it" and sel.noun is None:
                        return each.span
                    if sel.reference is None:
                        return None
    return None


def _undeclared(words: Sequence[str], declared: Any) -> list[str]:
    return [w for w in words if tuple(w.casefold().split()) not in declared]


def _import_primitives(name: str, base_dir: str | None) -> Any:
    """The primitives module: importable by name, or else a ``.py`` file beside the rules."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is None or not name.startswith(missing.name):
            raise  # the module exists but imports something missing: report that
        if base_dir is None:
            raise
    if base_dir is not None:
        local = Path(base_dir) / (name.rsplit(".", 1)[-1] + ".py")
        if local.is_file():
            key = f"_chronicler_primitives_{abs(hash(str(local.resolve())))}"
            if key in sys.modules:
                return sys.modules[key]
            spec = importlib.util.spec_from_file_location(key, local)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {local}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[key] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[key]
                raise
            return module
    return importlib.import_module(name)


def _roles_of(fn: Callable[..., Any]) -> tuple[dict[str, bool] | None, dict[str, str]]:
    """The roles a primitive takes: keyword parameters after ``ctx`` (``for_`` is ``for``)."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return None, {}
    roles: dict[str, bool] = {}
    params: dict[str, str] = {}
    parameters = list(signature.parameters.values())
    for p in parameters[1:]:
        if p.kind == p.VAR_KEYWORD:
            return None, params
        if p.kind == p.VAR_POSITIONAL:
            continue
        role = p.name[:-1] if p.name.endswith("_") else p.name
        roles[role] = p.default is not p.empty
        params[role] = p.name
    return roles, params


# ---- cards ------------------------------------------------------------------------------------


class _CardChecker:
    def __init__(self, vocab: Vocabulary, binder: Binder, diags: Diagnostics) -> None:
        self.v = vocab
        self.b = binder
        self.s = SentenceBinder(binder, diags)
        self.d = diags
        # (kind, field, value) → the card that printed it first, for ``unique`` fields
        self.seen: dict[tuple[str, str, Any], tuple[str, Span]] = {}
        # a kind's fields by the first word of their names (``field``), by the schema's id
        self.field_heads: dict[int, dict[str, tuple[FieldSchema, ...]]] = {}
        # each primitive's ``forbiddable`` mark (``restrictions_hold``): read once, not per text
        self.forbiddable_marks = {
            name: marks_of(fn).forbiddable for name, fn in vocab.primitive_functions.items()
        }
        self.any_forbiddable = any(self.forbiddable_marks.values())
        self.card_kinds: dict[str, str] = {}  # folded → as declared (the first declared wins)
        for k in vocab.card_kinds:
            self.card_kinds.setdefault(k.casefold(), k)

    def unique(self, kind: str, name: str, key: str, value: Any, span: Span) -> None:
        for each in value if isinstance(value, list) else [value]:
            first = self.seen.setdefault((kind, key, each), (name, span))
            if first[0] == name:  # itself, or a card written twice (told as such)
                continue
            where = f"line {first[1].line}" if first[1].file == span.file else str(first[1])
            self.d.error(
                f'{kind} "{name}" has {key} {each}, already the {key} of {kind} '
                f'"{first[0]}" ({where}): each {kind} has its own {key}',
                span,
            )

    def card(self, card: ast.Card) -> CheckedCard | None:
        kind = card.kind.text
        folded = kind.casefold()
        canonical = self.card_kinds.get(folded)
        if canonical is None:
            hint = did_you_mean(kind, self.v.card_kinds)
            self.d.error(f"unknown card kind '{kind}'{hint}", card.kind.span)
            return None
        schema = self.v.kinds.get(folded)
        return self.body(canonical, card.name.text, card.items, schema, card.span, True)

    def body(
        self,
        kind: str,
        name: str,
        items: Sequence[ast.Field | ast.Block | ast.Effect],
        schema: KindSchema | None,
        span: Span,
        top: bool,
    ) -> CheckedCard:
        fields: dict[str, Any] = {}
        written: set[str] = set()
        field_text: list[tuple[str, str]] = []
        order: list[str] = []
        effects: list[BoundEffect] = []
        kept_text: list[tuple[int, str]] = []  # a number change's words, printed where written
        blocks: list[tuple[str, CheckedCard]] = []
        for item in items:
            if isinstance(item, ast.Field):
                result = self.field(kind, item, schema, written)
                if result is not None:
                    key, value = result
                    if key in fields:
                        self.d.error(f"field '{key}' is written twice", item.span)
                    fields[key] = value
                    order.append(key)
                    if top and schema is not None and schema.fields[key].unique:
                        self.unique(kind, name, key, value, item.span)
                    schema_words = len(key.split())
                    field_text.append((key, atoms_text(item.atoms[schema_words:])))
            elif isinstance(item, ast.Block):
                block_name = item.name.text
                fs = schema.fields.get(block_name.casefold()) if schema else None
                if fs is None or fs.type != "side":
                    names = [
                        f for f, s in (schema.fields.items() if schema else []) if s.type == "side"
                    ]
                    hint = did_you_mean(block_name, names)
                    self.d.error(f"{kind} has no side '{block_name}'{hint}", item.name.span)
                    continue
                blocks.append(
                    (fs.name, self.body(kind, name, item.items, schema, item.span, False))
                )
            elif top and self.number_change(name, item):
                kept_text.append(
                    (len(effects), _sentence_words(item))
                )  # "The climb cost of this room is 1 more.": dsl.world.number_changes
            elif top and self.check_change(name, item):
                continue  # "Mental checks of its holder have peril.": dsl.world.check_changes
            elif top and self.restraint(name, item):
                continue  # "Its holder takes no ranged actions.": dsl.world.restraints
            else:
                effect = self.effect(item, effects, kind)
                if effect is not None:
                    effects.append(effect)
        if schema is not None and top:
            for fname, fs in schema.fields.items():
                if fname not in fields and fs.type == "flag":
                    fields[fname] = False
                elif (
                    fname not in fields
                    and fname not in written
                    and fs.type != "side"
                    and not fs.optional
                ):
                    self.d.error(f"{kind} \"{name}\" has no '{fname}'", span)
        if top and not fields and not effects and not blocks:
            self.d.warning(
                f'{kind} "{name}" has no fields and no text: it can never do anything', span
            )
        return CheckedCard(
            kind,
            name,
            fields,
            tuple(order),
            tuple(effects),
            tuple(blocks),
            span,
            tuple(field_text),
            tuple(kept_text),
        )

    def check_change(self, name: str, item: ast.Effect) -> bool:
        """A sentence saying what a held card changes in checks, kept for the world engine
        (``dsl.world.check_changes``); ``False`` when the sentence is not one."""
        from dsl import declarations
        from dsl.world.check_changes import ChangeError, read

        try:
            change = read(item)
        except ChangeError as error:
            self.d.error(error.message, error.span)
            return True
        if change is None:
            return False
        if self.v.world is None:
            self.v.world = declarations.Declared()
        self.v.world.check_changes.setdefault(name.casefold(), []).append(change)
        return True

    def number_change(self, name: str, item: ast.Effect) -> bool:
        """A sentence saying what a card in play changes in other cards' numbers, its phrase
        bound and its field checked, kept for the world engine (``dsl.world.number_changes``);
        ``False`` when the sentence is not one."""
        from dsl import declarations
        from dsl.world.number_changes import NumberChangeError, check_field, read

        try:
            change = read(item)
        except NumberChangeError as error:
            self.d.error(error.message, error.span)
            return True
        if change is None:
            return False
        wrong = check_field(change, self.v)
        if wrong is not None:
            self.d.error(wrong, change.span or item.span)
            return True
        try:
            found = self.b.noun_phrase(self.b.lex(list(change.phrase)))
        except BindError as error:
            self.d.error(error.message, error.span)
            return True
        if self.v.world is None:
            self.v.world = declarations.Declared()
        self.v.world.number_changes.setdefault(name.casefold(), []).append(
            replace(change, found=found)
        )
        return True

    def restraint(self, name: str, item: ast.Effect) -> bool:
        """A sentence saying what a held card forbids its holder, kept for the world engine
        (``dsl.world.restraints``); ``False`` when the sentence is not one."""
        from dsl import declarations
        from dsl.world.restraints import RestraintError, check_words, read

        try:
            restraint = read(item)
        except RestraintError as error:
            self.d.error(error.message, error.span)
            return True
        if restraint is None:
            return False
        unknown = check_words(restraint, self.v)
        if unknown is not None:
            self.d.error(*unknown)
            return True
        if self.v.world is None:
            self.v.world = declarations.Declared()
        self.v.world.restraints.setdefault(name.casefold(), []).append(restraint)
        return True

    def effect(self, item: ast.Effect, before: list[BoundEffect], kind: str) -> BoundEffect | None:
        trigger_label = None
        cost = None
        label = item.label
        if label is not None:
            key = " ".join(label.text.casefold().split())
            trigger = self.v.triggers.get(key)
            if trigger is not None:
                trigger_label = trigger.label
                if trigger.kinds and kind not in trigger.kinds:
                    self.d.error(
                        f'{_a(kind)} is never told of "{trigger.label}": the engine tells it '
                        f"only to {_kinds_text(trigger.kinds)}",
                        label.span,
                    )
                    return None
            else:
                cost_atoms = _atoms_of_label(label)
                try:
                    cost = self.s.clause(cost_atoms, label.span)
                except BindError:
                    labels = [t.label for t in self.v.triggers.values()]
                    hint = did_you_mean(label.text, labels, quoted=True)
                    self.d.error(f'unknown trigger "{label.text}"{hint}', label.span)
                    return None
                used = self.activated_kinds()
                if used and kind not in used:
                    self.d.error(
                        f'"{label.text}:" is a cost, which makes an activated ability, and '
                        f"{_a(kind)} is never used as an action: the engine offers the "
                        f"activated abilities of {_kinds_text(used)} only",
                        label.span,
                    )
                    return None
        parts: list[BoundSentence | BoundChoice] = []
        ok = True
        for part in item.sentences:
            try:
                if isinstance(part, ast.Choice):
                    parts.append(self.choice(part))
                else:
                    parts.append(self.s.sentence(part))
            except BindError as error:
                for each in error.all():
                    self.d.error(each.message, _fix_span(each.span, part.span))
                ok = False
            except RecursionError:  # hundreds of "with ... and a ..." inside one another
                self.d.error("sentence nested too deeply to read: split it", part.span)
                ok = False
        if not ok:
            return None
        for bound_part in parts:
            for sel, span in _this_phrases(bound_part):
                if not _this_names_something(sel, kind, self.b.place_kind):
                    what = sel.noun or sel.noun_category
                    self.d.error(
                        f"'this {what}' on {_a(kind)} names nothing: this card is {_a(kind)} "
                        f"(write 'this card', or name the {what})",
                        span,
                    )
                    ok = False
        if not ok:
            return None
        continues = label is None and bool(parts) and parts[0].then and bool(before)
        told = trigger_label is not None or cost is not None
        if continues:
            told = before[-1].trigger_label is not None or before[-1].cost is not None
        if not self.action_costs_hold(parts, told, kind):
            return None
        for bound in parts if not told else ():
            if isinstance(bound, BoundSentence) and bound.mode == "instead":
                self.d.error(
                    "'Instead of ...' needs a trigger saying when it replaces: standing text "
                    "is never asked to replace anything",
                    bound.span,
                )
                return None
        if told and not self.replacements_hold(parts, before, trigger_label, continues):
            return None
        if not self.restrictions_hold(parts, kind):
            return None
        trigger_info = self.v.triggers.get(" ".join((trigger_label or "").casefold().split()))
        used_by_player = cost is not None or (
            trigger_info is not None and trigger_info.usage in ("activated", "played")
        )
        if used_by_player and not continues:
            alone = _it_before_anything(parts)
            if alone is not None:
                self.d.error(
                    "'it' names nothing here: no phrase before it found a thing, and a card "
                    "the player uses is told of none (name the thing, or write 'this card')",
                    alone,
                )
                return None
        # A standing "Then ..." item continues the effect above it.
        if label is None and parts and parts[0].then and before:
            prev = before.pop()
            return BoundEffect(
                prev.trigger_label,
                prev.cost,
                prev.label_text,
                prev.label_comma,
                prev.parts + tuple(parts),
                join_spans(prev.span, item.span),
            )
        return BoundEffect(
            trigger_label,
            cost,
            label.text if label else None,
            label.comma if label else False,
            tuple(parts),
            item.span,
        )

    def restrictions_hold(self, parts: list[BoundSentence | BoundChoice], kind: str) -> bool:
        """An outright "May not <verb> ..." (no thing named) is honoured only where the verb's
        primitive says (``dsl.runtime.forbiddable``): its place and the card kinds the engine
        reads. Checked once the primitives module marks any verb so."""
        marks = self.forbiddable_marks
        if not self.any_forbiddable:
            return True
        for part in parts:
            if not isinstance(part, BoundSentence) or part.mode != "may not":
                continue
            for clause in part.alternatives:
                if clause.role("object") is not None:
                    continue  # "May not fight Beast monsters": on a thing
                where = clause.role("where")
                place = where.place if isinstance(where, Selector) else None
                written = place.kind if place is not None else None
                for function in clause.function.split(","):
                    mark = marks.get(function)
                    said = f"'{part.text.rstrip('.')}'"  # as written: "in the North"
                    if mark is None:
                        why = f"the engine never forbids {function} outright"
                    elif written not in mark[0] or kind not in mark[1]:
                        at = " or ".join(
                            "anywhere" if p is None else place_words(Place(p, "at"), self.v)
                            for p in mark[0]
                        )
                        why = (
                            f"the engine forbids {function} outright only {at}, on "
                            f"{_kinds_text(mark[1])}"
                        )
                    else:
                        continue
                    self.d.error(
                        f"{said} would not hold: {why}, so the card would not forbid it",
                        part.span,
                    )
                    return False
        return True

    def replacements_hold(
        self,
        parts: list[BoundSentence | BoundChoice],
        before: list[BoundEffect],
        trigger_label: str | None,
        continues: bool,
    ) -> bool:
        """ "Instead of <verb> ..." is asked of a card only where the engine is about to do
        that verb after the card's trigger: the verb's primitive names the trigger events it
        is replaceable on (``dsl.runtime.replaceable``). Anywhere else the text would run as
        if "Instead of" were not written."""
        if continues:
            trigger_label = before[-1].trigger_label
        trigger = self.v.triggers.get(" ".join((trigger_label or "").casefold().split()))
        event = trigger.event if trigger is not None else None
        for bound in parts:
            if not isinstance(bound, BoundSentence) or bound.mode != "instead":
                continue
            if bound.replaced is None:
                continue
            function = bound.replaced.function
            fn = self.v.primitive_functions.get(function)
            if fn is None:
                continue  # a missing primitive is reported on its verb
            on = marks_of(fn).replaceable
            what = f"'Instead of {bound.replaced.text}'"
            if event is None:
                why = (
                    f'{what} is under "{trigger_label or "a cost"}", which the player uses: '
                    "the engine is doing nothing then that it could replace"
                )
            elif event in on:
                continue
            else:
                where = [f'"{t.label}"' for t in self.v.triggers.values() if t.event in on]
                replaced_where = (
                    f"replaces {function} only under {', '.join(where)}"
                    if where
                    else f"never replaces {function}"
                )
                why = (
                    f'{what} is never asked on "{trigger_label}": the engine '
                    f"{replaced_where}, so the text would run as if 'Instead of' were not written"
                )
            self.d.error(why, bound.span)
            return False
        return True

    def action_costs_hold(
        self, parts: list[BoundSentence | BoundChoice], told: bool, kind: str
    ) -> bool:
        """A change of what an action costs ("Each trade costs 2 action points.") holds while
        its card is in play: it must stand alone as standing text (no trigger, condition,
        "may" or alternative), on a card kind whose standing text the engine applies."""
        ok = True
        for part in parts:
            in_choice = isinstance(part, BoundChoice)
            for sentence, clause in sentences_of([part]):
                priced = clause.role("object")
                if not isinstance(priced, ActionCost):
                    continue
                info = self.v.verbs.get(tuple(clause.verb.split()))
                kinds = info.prices_on if info is not None else ()
                why = None
                if told or in_choice:
                    why = (
                        "holds while its card is in play, as standing text: a trigger or "
                        "a choice would make it happen once"
                    )
                elif sentence.condition is not None or sentence.mode != "do":
                    why = "holds unconditionally while its card is in play: no 'if' or 'may'"
                elif len(sentence.alternatives) > 1 or sentence.then:
                    why = "is a sentence of its own, with no 'or' and no 'then'"
                elif kinds and kind not in kinds:
                    why = f"the engine honours on {_kinds_text(kinds)} only, not on {_a(kind)}"
                if why is not None:
                    self.d.error(
                        f"'{clause.text}' changes what {priced.action} costs, which {why}",
                        clause.span,
                    )
                    ok = False
        return ok

    def activated_kinds(self) -> tuple[str, ...]:
        """The card kinds whose activated abilities the engine offers (from the activated
        triggers' ``for`` lists; empty when none says)."""
        kinds: dict[str, None] = {}
        for trigger in self.v.triggers.values():
            if trigger.usage == "activated":
                kinds.update(dict.fromkeys(trigger.kinds))
        return tuple(kinds)

    def choice(self, c: ast.Choice) -> BoundChoice:
        condition = self.s.condition(c.condition) if c.condition else None
        options = []
        labels: set[str] = set()
        for option in c.options:
            if option.label.casefold() in labels:
                raise BindError(f'option "{option.label}" is written twice', option.span)
            labels.add(option.label.casefold())
            options.append((option.label, tuple(self.s.sentence(s) for s in option.sentences)))
        return BoundChoice(c.then, condition, tuple(options), "Choose one:", c.span)

    # -- fields --

    def field(
        self, kind: str, item: ast.Field, schema: KindSchema | None, written: set[str]
    ) -> tuple[str, Any] | None:
        atoms = list(item.atoms)
        if schema is None:
            self.d.error(
                f"card kind '{kind}' has no kind declaration (kind {kind} {{ ... }})", item.span
            )
            return None
        best: FieldSchema | None = None
        # the longest field name the line starts with (the first declared among equals)
        heads = self.field_heads.get(id(schema))
        if heads is None:  # every field line of a card looks its name up: one look-up each
            heads = self.field_heads[id(schema)] = _fields_by_first_word(schema)
        for fs in heads.get(atoms[0].folded if atoms else "", ()):
            n = len(fs.words)
            if len(atoms) >= n and all(atoms[k].folded == fs.words[k] for k in range(1, n)):
                best = fs
                break
        if best is None:
            guess = " ".join(a.text for a in atoms[:2])
            hint = did_you_mean(atoms[0].text, list(schema.fields))
            if not hint:
                hint = did_you_mean(guess, list(schema.fields))
            self.d.error(f"{kind} has no field '{atoms[0].text}'{hint}", atoms[0].span)
            return None
        if best.type == "side":
            self.d.error(f"'{best.name}' is a side: write {best.name} {{ ... }}", item.span)
            return None
        values = atoms[len(best.words) :]
        written.add(best.name)
        try:
            return best.name, self.field_value(best, values, item.span)
        except BindError as error:
            for each in error.all():
                self.d.error(each.message, _fix_span(each.span, item.span))
            return None

    def field_value(self, fs: FieldSchema, atoms: list[ast.Atom], span: Span) -> Any:
        t = fs.type
        if t == "flag":
            if atoms:
                raise BindError(f"'{fs.name}' is a flag: write it alone", atoms[0].span)
            return True
        if not atoms:
            raise BindError(f"'{fs.name}' needs a value", span)
        if t == "text":
            if len(atoms) != 1 or atoms[0].kind != "string":
                raise BindError(f"'{fs.name}' takes quoted text", atoms[0].span)
            return atoms[0].text
        items = _split_commas(atoms)
        if t == "int":
            numbers = _each(items, lambda item: self.int_value(fs, item))
            if not fs.is_list and len(numbers) > 1:
                raise BindError(f"'{fs.name}' takes one number", items[1][0].span)
            return numbers if fs.is_list else numbers[0]
        if t == "range":
            a = atoms[0]
            if len(atoms) != 1 or a.kind not in ("range", "number"):
                raise BindError(f"'{fs.name}' takes a range like 2-5", a.span)
            lo, _, hi = a.text.partition("-")
            low, high = int(lo), int(hi or lo)
            for v in (low, high):
                if (fs.low is not None and v < fs.low) or (fs.high is not None and v > fs.high):
                    raise BindError(f"'{fs.name}' must be within {fs.low}..{fs.high}", a.span)
            if low > high:
                raise BindError(f"range {a.text} runs backwards", a.span)
            return [low, high]
        if t == "dice list":
            return self.dice_list(fs, items)
        if t == "dice grid" and fs.grid is not None:
            return read_grid(
                fs.name, fs.grid, atoms, span, self.grid_die, self.grid_group, self.v.sides
            )
        if t == "place spec":
            return self.place_spec(items)
        if t == "place selector":
            return self.place_selector(atoms)
        if t == "cost":
            value = self.b.noun_phrase(self.b.lex(atoms))
            return value
        of = fs.of or ""
        if t == "ranks":
            ranked = self.v.category(of)  # the field's own range, else the category's bounds
            least: int | None = fs.low if fs.low is not None or ranked is None else ranked.low
            most: int | None = fs.high if fs.high is not None or ranked is None else ranked.high
            ranks: dict[str, int] = {}
            for item in items:  # "climb 3", and "pick locks 2": a member of several words
                if len(item) < 2 or item[-1].kind != "number":
                    raise BindError(
                        f"write each {of} and its rank: {self.example_ranks(of)}", item[0].span
                    )
                word = self.word_of(item[:-1], of)
                rank = int(item[-1].text)
                if (least is not None and rank < least) or (most is not None and rank > most):
                    raise BindError(f"a rank must be within {least}..{most or ''}", item[-1].span)
                ranks[word] = rank
            return ranks
        if t == "members":
            return _each(items, lambda item: self.word_of(item, of))
        if t == "member":
            words = _each(items, lambda item: self.word_of(item, of))
            if not fs.is_list and len(words) > 1:
                raise BindError(f"'{fs.name}' takes one {of}", items[1][0].span)
            return words if fs.is_list else words[0]
        # A card kind: a reference to a card of that kind.
        refs = []
        for item in items:
            if len(item) != 1 or item[0].kind != "string":
                raise BindError(f"'{fs.name}' takes a quoted {of} name", item[0].span)
            refs.append(self.ref(of, item[0]))
        return refs if fs.is_list else refs[0]

    def example_ranks(self, of: str) -> str:
        """``edge 1, steel 2``: two members of a category of ranks, as a field writes them."""
        members = self.v.members(of)[:2] or [of]
        return ", ".join(f"{m} {k + 1}" for k, m in enumerate(members))

    def ref(self, kind: str, atom: ast.Atom) -> str:
        found = [c for c in self.b.cards.get(atom.folded, []) if c[0].casefold() == kind.casefold()]
        if not found:
            names = [
                c[1]
                for cs in self.b.cards.values()
                for c in cs
                if c[0].casefold() == kind.casefold()
            ]
            hint = did_you_mean(atom.text, names, quoted=True)
            raise BindError(f'unknown {kind} "{atom.text}"{hint}', atom.span)
        return found[0][1]

    def int_value(self, fs: FieldSchema, item: list[ast.Atom]) -> int:
        if len(item) != 1 or item[0].kind != "number":
            raise BindError(f"'{fs.name}' takes a number", item[0].span)
        value = int(item[0].text)
        if fs.low is not None and value < fs.low:
            if fs.low == 1:
                raise BindError(f"'{fs.name}' must be positive, not {value}", item[0].span)
            raise BindError(f"'{fs.name}' must be at least {fs.low}, not {value}", item[0].span)
        if fs.high is not None and value > fs.high:
            raise BindError(f"'{fs.name}' must be at most {fs.high}, not {value}", item[0].span)
        return value

    def word_of(self, item: list[ast.Atom], category: str) -> str:
        key = tuple(w for a in item for w in a.folded.split())
        meanings = self.v.lexicon.get(key, [])
        for m in meanings:
            if m.category == category and not m.plural:
                return m.word
        for m in meanings:
            if m.category == category:
                return m.word
        text = " ".join(a.text for a in item)
        pool = [m.word for ms in self.v.lexicon.values() for m in ms if m.category == category]
        hint = did_you_mean(text, pool)
        raise BindError(
            f"unknown {category} '{text}'{hint}", join_spans(item[0].span, item[-1].span)
        )

    def dice_list(self, fs: FieldSchema, items: list[list[ast.Atom]]) -> list[dict[str, Any]]:
        """Slots of a die and/or a face, or ``any``: ``ember, frost 5, any 3``; each slot as
        ``{"die": word or None, "face": number or None}``."""
        dice = self.v.of_shape("dice")
        what = dice[0].singular if len(dice) == 1 else "die"
        if fs.at_most is not None and len(items) > fs.at_most:
            raise BindError(
                f"a {fs.name} has at most {fs.at_most} slots", items[fs.at_most][0].span
            )
        slots = []
        for item in items:
            die: str | None = None
            face: int | None = None
            face_atom: ast.Atom | None = None
            for atom in item:
                if atom.kind == "number":
                    if face is not None:
                        raise BindError("a slot has one face", atom.span)
                    face, face_atom = int(atom.text), atom
                elif atom.kind == "word" and atom.folded == "any":
                    continue
                elif atom.kind == "word":
                    if die is not None:
                        raise BindError(f"a slot has one {what}", atom.span)
                    die = self.die_word(atom, dice, what)
                else:
                    raise BindError(f"a {fs.name} slot is a {what} and/or a face", atom.span)
            if face is not None and face_atom is not None:
                sides = self.v.sides(die)
                if not 1 <= face <= sides:
                    raise BindError(f"a die face is 1 to {sides}, not {face}", face_atom.span)
            slots.append({"die": die, "face": face})
        return slots

    def grid_die(self, atom: ast.Atom) -> str | None:
        """The type of die a dice grid's square names, else ``None``."""
        folded = self.v.aliases.get(atom.folded, atom.folded)
        for category in self.v.of_shape("dice"):
            found = category.member(folded)
            if found is not None:
                return found
        return None

    def grid_group(self, atom: ast.Atom) -> str | None:
        """The group of places a dice grid's square names, else ``None``."""
        for category in self.v.of_shape("groups"):
            found = category.member(atom.folded)
            if found is not None:
                return found
        return None

    def die_word(self, atom: ast.Atom, dice: list[Category], what: str) -> str:
        """The declared type of die a word names (an alias too)."""
        folded = self.v.aliases.get(atom.folded, atom.folded)
        for category in dice:
            found = category.member(folded)
            if found is not None:
                return found
        pool = [m for category in dice for m in category.members]
        raise BindError(f"unknown {what} '{atom.text}'{did_you_mean(atom.text, pool)}", atom.span)

    def place_spec(self, items: list[list[ast.Atom]]) -> PlaceSpec:
        alternatives: list[tuple[Filter, ...] | Either] = []
        for k, item in enumerate(items):
            if k > 0:
                if not item or item[0].folded != "else":
                    raise BindError("join fallbacks with ', else'", item[0].span)
                item = item[1:]
            alternatives.append(self.place_step(item))
        return PlaceSpec(tuple(alternatives))

    def place_step(self, item: list[ast.Atom]) -> tuple[Filter, ...] | Either:
        """One step of a placement spec: filters, ``any <place>``, or ``either A or B``."""
        if item and item[0].folded == "either":
            options: list[list[ast.Atom]] = [[]]
            for atom in item[1:]:
                if atom.folded == "or":
                    options.append([])
                else:
                    options[-1].append(atom)
            if len(options) < 2 or not all(options):
                raise BindError(
                    "write 'either A or B': two or more places joined by 'or'", item[0].span
                )
            return Either(tuple(self.place_filters(option) for option in options))
        return self.place_filters(item)

    def place_filters(self, item: list[ast.Atom]) -> tuple[Filter, ...]:
        place = self.b.place_kind
        if not item:
            raise BindError(f"{_a(place or 'place')} is missing here", Span("", 1, 1, 1, 1))
        if place is None:
            raise BindError(
                "a place spec names places, and no card kind is declared as the places of the "
                "map ('<kinds> are places')",
                item[0].span,
            )
        if [a.folded for a in item] == ["any", place.casefold()]:
            return ()  # "any <place>": every place in play will do
        if len(item) == 1 and item[0].kind == "string":
            return (Filter("name", self.ref(place, item[0]), "name"),)
        filters: list[Filter] = []
        for lx in self.b.lex(item):
            if lx.kind == "vocab" and lx.meanings:
                m = self.b.place_filter(lx.meanings)
                if m is not None:
                    filters.append(self.b.filter_of(m))
                    continue
                if self.b.pick(lx.meanings, ("kinds",)):
                    continue
            if lx.kind == "unknown":
                raise self.b.unknown(lx)
            raise BindError(f"'{lx.text}' is not {self.b.place_filter_words()}", lx.span)
        return tuple(filters)

    def place_selector(self, atoms: list[ast.Atom]) -> Selector:
        place = self.b.place_kind
        if place is None:
            raise BindError(
                "a place selector names places, and no card kind is declared as the places of "
                "the map ('<kinds> are places')",
                atoms[0].span,
            )
        lexemes = self.b.lex(atoms)
        words = [x.text for x in lexemes]
        any_of: list[Filter] = []
        filters: list[Filter] = []
        with_: tuple[Selector, ...] = ()
        i = 0
        while i < len(lexemes):
            x = lexemes[i]
            if x.kind == "fn" and x.text == "or":
                i += 1
                continue
            if x.kind == "fn" and x.text == "with":
                inner, end = self.b.selector(lexemes, i + 1)
                with_ = (*with_, inner)
                i = end
                continue
            if x.kind == "vocab":
                m = self.b.place_filter(x.meanings)
                if m is not None:
                    (any_of if "or" in words else filters).append(self.b.filter_of(m))
                    i += 1
                    continue
                if self.b.pick(x.meanings, ("kinds",)):
                    i += 1
                    continue
            if x.kind == "unknown":
                raise self.b.unknown(x)
            raise BindError(f"cannot read '{x.text}' in a place selector", x.span)
        return Selector(
            quantity=Quantity("any", None, None, True),
            noun_category="card kind",
            noun=place,
            filters=tuple(filters),
            any_of=tuple(any_of),
            with_=with_,
            text=atoms_text(atoms),
        )


def _this_phrases(part: BoundSentence | BoundChoice) -> Iterator[tuple[Selector, Span]]:
    """Every phrase of a sentence or choice that says "this ..." (as a thing, not a place)."""
    sentences = (
        [s for _, option in part.options for s in option]
        if isinstance(part, BoundChoice)
        else [part]
    )
    for sentence in sentences:
        clauses = [*sentence.alternatives, sentence.replaced]
        for clause in clauses:
            while clause is not None:
                values: list[Any] = [v for _, v in clause.roles]
                values += [clause.subject, clause.per]
                for value in values:
                    for item in value if isinstance(value, tuple) else (value,):
                        if isinstance(item, Selector) and item.reference == "this":
                            yield item, clause.span
                clause = clause.cost


def _this_names_something(sel: Selector, kind: str, place: str | None) -> bool:
    """ "this card", "this <its own kind>" and "this <place>" name something on a card of
    ``kind``; "this relic" on a tale, or "this die", name nothing."""
    if sel.noun_category == "card":
        return True
    if sel.noun_category == "card kind" and sel.noun is not None:
        return sel.noun.casefold() in (kind.casefold(), (place or kind).casefold())
    return False


def _each(items: list[list[ast.Atom]], read: Callable[[list[ast.Atom]], Any]) -> list[Any]:
    """Read every item of a field's list; every item that cannot be read is told, not only
    the first."""
    values, errors = [], []
    for item in items:
        try:
            values.append(read(item))
        except BindError as error:
            errors.append(error)
    if errors:
        raise BindError(errors[0].message, errors[0].span, errors[1:])
    return values


def _a(kind: str) -> str:
    return ("an " if kind[:1].casefold() in "aeiou" else "a ") + kind


def _kinds_text(kinds: Sequence[str]) -> str:
    names = list(kinds)
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return listed + " cards"


def _sentence_words(item: ast.Effect) -> str:
    """A one-sentence standing item as written, for the card's face."""
    sentence = item.sentences[0]
    atoms = sentence.alternatives[0].atoms if isinstance(sentence, ast.Sentence) else ()
    return " ".join(a.text for a in atoms).replace(" ,", ",") + "."


def _atoms_of_label(label: ast.Label) -> list[ast.Atom]:
    atoms = []
    line, col = label.span.line, label.span.column
    for word in label.text.split():
        kind: ast.AtomKind = "number" if word.isdigit() else "word"
        atoms.append(ast.Atom(kind, word, Span(label.span.file, line, col, line, col + len(word))))
        col += len(word) + 1
    return atoms


def _fields_by_first_word(schema: KindSchema) -> dict[str, tuple[FieldSchema, ...]]:
    """A kind's fields by the first word of their names, longest name first."""
    index: dict[str, list[FieldSchema]] = {}
    for fs in schema.fields.values():
        if fs.words:
            index.setdefault(fs.words[0], []).append(fs)
    return {w: tuple(sorted(fss, key=lambda f: -len(f.words))) for w, fss in index.items()}


def _split_commas(atoms: list[ast.Atom]) -> list[list[ast.Atom]]:
    items: list[list[ast.Atom]] = [[]]
    for a in atoms:
        if a.kind == "comma":
            items.append([])
        else:
            items[-1].append(a)
    if any(not i for i in items):
        bad = atoms[0]
        raise BindError("a value is missing between commas", bad.span)
    return items


def _fix_span(span: Span, fallback: Span) -> Span:
    return fallback if not span.file else span


# ---- the whole ruleset ------------------------------------------------------------------------


def check(
    files: Sequence[ast.RulesFile], diags: Diagnostics | None = None, base_dir: str | None = None
) -> CheckedRuleset:
    """Check every file of a ruleset together; diagnostics are collected, never raised.

    ``base_dir`` is the ruleset's folder: a primitives module may be a ``.py`` file there.
    """
    d = diags if diags is not None else Diagnostics()
    vocab = _VocabularyBuilder(files, d, base_dir).build()
    cards_by_name: dict[str, list[tuple[str, str]]] = {}
    seen: dict[tuple[str, str], Span] = {}
    all_cards: list[ast.Card] = []
    tables: list[ast.TableDecl] = []
    maps: list[ast.MapDecl] = []
    procedures: list[ast.ProcedureDecl] = []
    check_decls: list[ast.CheckDecl | ast.LadderDecl] = []
    for f in files:
        for form in f.forms:
            if isinstance(form, ast.ProcedureDecl):
                procedures.append(form)
            elif isinstance(form, ast.CheckDecl | ast.LadderDecl):
                check_decls.append(form)
            elif isinstance(form, ast.Card) and _sheet_layout(form, vocab, d):
                continue  # sheet "hero" { ... }: a sheet's layout (dsl/sheets.py)
            elif isinstance(form, ast.Card):
                all_cards.append(form)
                kind = next(
                    (k for k in vocab.card_kinds if k.casefold() == form.kind.text.casefold()),
                    form.kind.text,
                )
                key = (kind.casefold(), form.name.text.casefold())
                if key in seen:
                    d.error(
                        f'{kind} "{form.name.text}" is defined twice (first at {seen[key]})',
                        form.name.span,
                    )
                    continue
                seen[key] = form.name.span
                cards_by_name.setdefault(form.name.text.casefold(), []).append(
                    (kind, form.name.text)
                )
            elif isinstance(form, ast.TableDecl):
                tables.append(form)
            elif isinstance(form, ast.MapDecl):
                maps.append(form)
    vocab.tables = {t.name.text.casefold(): t for t in tables}  # "the <table> by <number>"
    binder = Binder(vocab, cards_by_name, d)
    checker = _CardChecker(vocab, binder, d)
    checked = []
    for card in all_cards:
        result = checker.card(card)
        if result is not None:
            checked.append(result)
    for table in tables:
        _check_table(table, binder, d)
    for m in maps:
        _check_map(m, binder, d)
    module = _primitives_module(vocab, base_dir)
    checks = _check_checks(check_decls, vocab, tables, d)  # before the procedures that play them
    phases = _check_procedures(procedures, module, checker, d, checks)
    if vocab.world is not None and vocab.world.restraints and phases:
        from dsl.world.restraints import unknown_phases

        steps = [st.step.title.text for p in phases for st in p.steps]
        for message, span in unknown_phases(
            vocab.world.restraints, [p.decl.name.text for p in phases], steps
        ):
            d.error(message, span)
    _check_number_texts(vocab, checker)
    if vocab.world is not None:  # "on moving in": dsl/world/moving_in.py
        from dsl.world.moving_in import check as check_moving_in

        w = vocab.world
        for message, span in check_moving_in(vocab.triggers, w.pawns, w.played):
            d.error(message, span)
    if vocab.world is not None and vocab.world.together:  # dsl/world/together.py
        from dsl.world.together import check_together

        by = {t.name.text: (t.key_text if t.key == "by" else None) for t in tables}
        w = vocab.world
        for message, span in check_together(w.together, w.properties, by, vocab.values, w.score):
            d.error(message, span)
    if vocab.world is not None and vocab.world.restraints:
        from dsl.world.restraints import unknown_checks

        names = [c.name.text for c in all_cards]
        for message, span in unknown_checks(vocab.world.restraints, checks, vocab.values, names):
            d.error(message, span)
        from dsl.world.partners import unpartnered  # "takes no ... with its source"

        for message, span in unpartnered(vocab.world.restraints, checked):
            d.error(message, span)
    if any(t.usage == "on" and t.event == "lifted" for t in vocab.triggers.values()):
        from dsl.world.durations import check_lifted  # "trigger ... on lifted for <kind>"

        held = vocab.world.durations if vocab.world is not None else {}
        for message, span in check_lifted(vocab.triggers, held):
            d.error(message, span)
    in_text = {name for c in checks for name in c.values}
    if vocab.world is not None and vocab.world.measures:  # "hits are paid ..., 3 points each"
        from dsl.world.measures import values_read

        in_text |= values_read(vocab.world.measures.values())
    for layout in vocab.sheets.values():  # sheet "hero" { ... } (dsl/sheets.py)
        in_text |= layout.values()
    _check_values_read(files, module, d, in_text)
    return CheckedRuleset(vocab, checked, tables, maps, d, list(files), phases, checks)


def _sheet_layout(card: ast.Card, vocab: Vocabulary, d: Diagnostics) -> bool:
    """``sheet "hero" { ... }``: read into ``vocab.sheets`` (``dsl.sheets``); False when the
    card is a card."""
    from dsl import sheets

    if not sheets.is_sheet(card, vocab.card_kinds):
        return False
    layout = sheets.read_layout(card, vocab, d.error)
    if layout is not None:
        measures = vocab.world.measures if vocab.world is not None else {}
        sheets.check_layout(layout, list(vocab.values), d.error, measures)
        vocab.sheets[layout.suffix] = layout
    return True


def _check_number_texts(vocab: Vocabulary, checker: _CardChecker) -> None:
    """A declared number's texts ("At 0: Roll the curse die."), bound as the procedure's
    sentences are: run with the number's owner acting."""
    world = vocab.world
    for text in world.texts if world is not None else ():
        effect = ast.Effect(None, text.effect.sentences, text.effect.span)
        text.bound = checker.effect(effect, [], "procedure")
    for decl in world.properties.values() if world is not None else ():
        schema = vocab.kinds.get(decl.owner)
        start = decl.start_field  # "starting at its nerve": a field of the owner's kind
        if start is not None and schema is not None and start not in schema.fields:
            hint = did_you_mean(start, list(schema.fields))
            checker.d.error(
                f"{decl.name} starts at its {start}, which is no field of a {decl.owner}{hint}",
                decl.span or schema.span,
            )
        if decl.matching is not None and schema is not None:  # dsl/world/matching.py
            from dsl.world.matching import check_pattern

            if (said := check_pattern(decl, schema)) is not None:
                checker.d.error(said, decl.span or schema.span)
    for split in world.decks.values() if world is not None else ():  # dsl/world/deck_backs.py
        from dsl.world.deck_backs import check_split

        if (said := check_split(split, vocab.kinds.get(split.kind))) is not None:
            checker.d.error(said, split.span)


def _check_checks(
    decls: list[ast.CheckDecl | ast.LadderDecl],
    vocab: Vocabulary,
    tables: list[ast.TableDecl],
    d: Diagnostics,
) -> list[Any]:
    """The ruleset's checks and ladders (dsl/dice/), compiled."""
    if not decls:
        return []
    from dsl.dice.checker import check_checks

    checks = [c for c in decls if isinstance(c, ast.CheckDecl)]
    ladders = [c for c in decls if isinstance(c, ast.LadderDecl)]
    by_name = {t.name.text: t for t in tables}
    sheet_fields = {
        name
        for schema in vocab.kinds.values()
        for name, spec in schema.fields.items()
        if spec.type == "ranks"
    }
    world = vocab.world
    numbers = set(getattr(world, "properties", None) or {}) if world is not None else None
    return check_checks(
        checks, ladders, dict(vocab.values), by_name, d, sheet_fields, numbers or None
    )


def _primitives_module(vocab: Vocabulary, base_dir: str | None) -> Any:
    """The ruleset's primitives module, or ``None`` (a failure to import is told at the verbs)."""
    if not vocab.primitives:
        return None
    try:
        return _import_primitives(vocab.primitives, base_dir)
    except Exception:  # any failure importing the designer's module: told at the verbs
        return None


def _honoured_ranges(read: Any) -> dict[str, tuple[int | None, int | None]]:
    """The ranges a ruleset's Python honours for the values it reads, when ``values_read``
    maps each name to one (``"0.."``, ``"1..6"``); a plain set of names gives none."""
    if not isinstance(read, Mapping):
        return {}
    out: dict[str, tuple[int | None, int | None]] = {}
    for name, text in read.items():
        low, sep, high = str(text).partition("..")
        if not sep:
            raise ValueError(f"values_read[{name!r}] = {text!r}: write a range such as '0..'")
        out[name] = (int(low) if low else None, int(high) if high else None)
    return out


def _value_honoured(
    form: ast.ValueDecl, honoured: tuple[int | None, int | None] | None, d: Diagnostics
) -> None:
    """A value the engine reads outside the range the engine honours is an error, whatever
    range (or none) the text writes: ``value action points per turn = -2`` would have
    everyone lose two points a turn. A value already outside its own written range has had
    its error."""
    if honoured is None:
        return
    low, high = honoured
    if (low is None or form.value >= low) and (high is None or form.value <= high):
        return
    own_low, own_high = form.low, form.high
    if own_low is not None and not (
        form.value >= own_low and (own_high is None or form.value <= own_high)
    ):
        return
    bounds = f"{'' if low is None else low}..{'' if high is None else high}"
    if high is None:
        least = f"at least {low}"
    elif low is None:
        least = f"at most {high}"
    else:
        least = f"{low} to {high}"
    d.error(
        f"value '{form.name}' = {form.value} is outside {bounds}: the engine honours {least}",
        form.span,
    )


def _check_values_read(
    files: Sequence[ast.RulesFile], module: Any, d: Diagnostics, in_text: set[str] | None = None
) -> None:
    """A declared value nothing reads is a warning, when the primitives module says which it
    reads (``values_read``): the text would say one thing while the game does another. A
    value the text itself reads (a check's number) is read."""
    read = getattr(module, "values_read", None)
    if read is None:
        return
    honoured = _honoured_ranges(read)
    read = set(read) | (in_text or set())
    declared: set[str] = set()
    header: ast.PrimitivesDecl | None = None
    for f in files:
        for form in f.forms:
            if isinstance(form, ast.PrimitivesDecl) and header is None:
                header = form
            if isinstance(form, ast.ValueDecl):
                declared.add(form.name)
                _value_honoured(form, honoured.get(form.name), d)
                if form.name not in read:
                    d.warning(
                        f"value '{form.name}' is declared but nothing reads it: the game does "
                        "not change with it",
                        form.span,
                    )
    # the other way round: a value the engine reads that the text does not declare is played
    # with the engine's own default, a number the text does not show
    for name in sorted(set(read) - declared):
        if header is not None:
            d.warning(
                f"value '{name}' is read by the game but not declared: it plays with the "
                f"engine's own default; declare it (value {name} = N)",
                header.span,
            )


def _check_procedures(
    decls: list[ast.ProcedureDecl],
    module: Any,
    checker: _CardChecker,
    d: Diagnostics,
    checks: list[Any] | None = None,
) -> list[CheckedPhase]:
    if not decls:
        return []
    # where the procedure's words find their Python: the primitives module's own registry
    # (``procedure_words``), else its functions named after the words; a ruleset with no
    # module of its own plays on the world engine, whose words these are
    words: ProcedureWords | None = None
    if module is None:
        from dsl.world.words import WORLD_WORDS

        words = WORLD_WORDS
    else:
        words = getattr(module, "procedure_words", None)
    if checker.v.world is not None and checker.v.world.measures:  # "... is an answer that ..."
        from dsl.world.answers import with_answers
        from dsl.world.measures import answers

        words = with_answers(words, answers(checker.v.world, offers=module is not None))
        if module is None:  # what is owed is cleared in a game of offers (``dsl.world.owed``)
            from dsl.world.measures import owed_answers

            for owed in owed_answers(checker.v.world):
                d.error(
                    f"the answer '{owed.words}' is played by a game of offers or a check's game, "
                    "and this ruleset plays on the world engine: write 'gains', 'pays' or 'loses'",
                    owed.span,
                )
    if module is not None and checks:  # "do roll the check" (``dsl.dice.check_game``)
        from dsl.dice.check_game import check_steps

        words = check_steps(words, checks)
    # the world engine's step has the current player acting; a ruleset's own, nobody
    acting = module is None

    def step_needs(bound: Any) -> str | None:
        return _step_needs(bound, checker.v, acting)

    def bind_condition(phrase: ast.Phrase) -> Any:
        """``play ... only if <condition>`` in the card language (the world engine's)."""
        try:
            return checker.s.condition(phrase)
        except BindError as error:
            d.error(error.message, error.span)
            return None

    return check_procedures(
        decls,
        module,
        lambda effect: checker.effect(effect, [], "procedure"),
        d,
        words,
        step_needs,
        bind_condition if acting else None,
    )


def _parts_of(value: Any) -> Iterator[Any]:
    """Every bound thing inside a step's bound sentences (clauses, selectors, places)."""
    yield value
    if isinstance(value, (tuple, list)):
        for item in value:
            yield from _parts_of(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _parts_of(getattr(value, f.name))


def _step_needs(bound: Any, v: Vocabulary, acting: bool) -> str | None:
    """What a procedure step's sentences need that a step with no ``for each`` lacks: a place
    ("this location": the step stands nowhere) or someone acting ("Lose 1 action point.":
    whose?)."""
    for part in _parts_of(bound):
        if isinstance(part, Place) and part.kind.startswith("this "):
            return f"says '{place_words(part, v)}', and a step stands at no place"
        if acting or not isinstance(part, BoundClause) or part.subject is not None:
            continue
        thing = part.role("object")
        if isinstance(thing, Selector) and thing.reference is None and _owned(thing, v):
            return f"has '{part.text}' act on the one acting, and a step has nobody acting"
    return None


def _owned(thing: Selector, v: Vocabulary) -> bool:
    """A phrase naming an amount someone holds (a meter, reservoir or rank "of" an owner):
    with no owner written, the one acting's."""
    category = v.category(thing.category) if thing.category else None
    return (
        category is not None
        and category.shape in ("meters", "reservoirs", "ranks")
        and category.owner is not None
    )


def _check_table(table: ast.TableDecl, binder: Binder, d: Diagnostics) -> None:
    covered: set[int] = set()
    for row in table.rows:
        high = row.high if row.high is not None else row.low
        if high < row.low:
            d.error(f"row {row.low}-{high} runs backwards", row.span)
        faces = set(range(row.low, high + 1))
        if covered & faces:
            d.error(f"row {row.low}-{high} overlaps an earlier row", row.span)
        covered |= faces
        if row.kind is not None:
            kind = row.kind.text
            names = [
                c
                for c in binder.cards.get(row.result.text.casefold(), [])
                if c[0].casefold() == kind.casefold()
            ]
            if not names:
                pool = [
                    c[1]
                    for cs in binder.cards.values()
                    for c in cs
                    if c[0].casefold() == kind.casefold()
                ]
                hint = did_you_mean(row.result.text, pool, quoted=True)
                d.error(f'unknown {kind} "{row.result.text}"{hint}', row.result.span)
    if table.key == "roll" and table.key_text.casefold().startswith("d"):
        sides = table.key_text[1:]
        if sides.isdigit():
            missing = sorted(set(range(1, int(sides) + 1)) - covered)
            if missing:
                d.error(
                    f'table "{table.name.text}" has no row for {", ".join(map(str, missing))}',
                    table.name.span,
                )


def _check_map(m: ast.MapDecl, binder: Binder, d: Diagnostics) -> None:
    taken: dict[tuple[int, int], str] = {}
    kind = binder.place_kind
    if kind is None:
        d.error(
            f'map "{m.name.text}" places cards, and no card kind is declared as the places of '
            "the map ('<kinds> are places')",
            m.name.span,
        )
        return
    pool = [c[1] for cs in binder.cards.values() for c in cs if c[0] == kind]
    for place in m.places:
        found = [c for c in binder.cards.get(place.card.text.casefold(), []) if c[0] == kind]
        if not found and pool:  # with no cards of its kind, a map names its own places
            hint = did_you_mean(place.card.text, pool, quoted=True)
            d.error(f'unknown {kind} "{place.card.text}"{hint}', place.card.span)
        if (place.x, place.y) in taken:
            d.error(f'{place.x}, {place.y} already holds "{taken[(place.x, place.y)]}"', place.span)
        taken[(place.x, place.y)] = place.card.text


def bind_printed(
    checked: CheckedRuleset, kind: str, texts: Sequence[str], path: str = "<printed>"
) -> tuple[list[BoundEffect], Diagnostics]:
    """Bind printed wording again, as the text of one card of ``kind``, against a checked
    ruleset's words and cards: what a printed face says, read back (the round trip of
    ``dsl.printer``). Each text is one ability or rule; a choice's options on their own lines."""
    from dsl.parser import parse_text

    lines = [f'{kind} "printed" {{']
    for text in texts:
        first, *rest = text.split("\n")
        lines += ["  " + first, *("    " + line for line in rest)]
    lines.append("}")
    d = Diagnostics()
    tree, problems = parse_text("\n".join(lines) + "\n", path)
    d.extend(problems)
    cards: dict[str, list[tuple[str, str]]] = {}
    for card in checked.cards:
        cards.setdefault(card.name.casefold(), []).append((card.kind, card.name))
    checker = _CardChecker(checked.vocabulary, Binder(checked.vocabulary, cards, d), d)
    effects: list[BoundEffect] = []
    for form in tree.forms:
        if isinstance(form, ast.Card):
            for item in form.items:
                if isinstance(item, ast.Effect):
                    bound = checker.effect(item, effects, kind)
                    if bound is not None:
                        effects.append(bound)
    return effects, d
