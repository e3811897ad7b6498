"""AST → checked ruleset: every word bound to the declared vocabulary, every reference resolved.

Stages, in order: gather the vocabulary from every file; inspect the primitives module so each
verb's roles are its function's keyword parameters; index every card; then check each card's
fields against its kind declaration and bind each sentence (the binder reads runs of words
against the lexicon, longest match first). All diagnostics are collected; nothing raises.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dsl import ast
from dsl.binder import (
    DIE_FACES,
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
from dsl.procedure import CheckedPhase, ProcedureWords, check_procedures
from dsl.runtime import Span, marks_of
from dsl.selectors import (
    Either,
    Filter,
    LocationSpec,
    Place,
    Quantity,
    Selector,
)
from dsl.vocabulary import (
    FieldSchema,
    KindSchema,
    Meaning,
    TriggerInfo,
    VerbInfo,
    Vocabulary,
)

FIELD_TYPES = (
    "int",
    "flag",
    "text",
    "range",
    "recipe",
    "cost",
    "side",
    "location spec",
    "location selector",
    "card tags",
    "location tags",
    "skill ranks",
    "skill",
    "skills",
    "region",
    "regions",
    "resource",
    "resources",
    "stress",
    "token",
    "tokens",
    "counter",
    "zone",
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

    def declare(self, category: str, name: ast.Name, canonical: str | None = None) -> None:
        word = canonical or name.text
        key = (category, word.casefold())
        if key in self.seen:
            self.d.error(
                f"{category} '{word}' is declared twice (first at {self.seen[key]})", name.span
            )
            return
        self.seen[key] = name.span
        self.v.add_word(word, Meaning(category, word))

    def build(self) -> Vocabulary:
        v = self.v
        headers = []
        verbs: list[ast.VerbDecl] = []
        for f in self.files:
            for form in f.forms:
                if isinstance(form, ast.RulesetDecl):
                    headers.append(form)
                    v.name, v.version = form.name, form.version
                elif isinstance(form, ast.PrimitivesDecl):
                    v.primitives = form.module
                elif isinstance(form, ast.NamesDecl):
                    self.names(form)
                elif isinstance(form, ast.AliasDecl):
                    self.alias(form)
                elif isinstance(form, ast.TradeDecl):
                    pass  # after every resource is known
                elif isinstance(form, ast.RegionsDecl):
                    for r in form.regions:
                        v.regions[r.word.text] = r.title
                        self.declare("region", r.word)
                        if r.title and r.title.casefold() != r.word.text.casefold():
                            v.add_word(r.title, Meaning("region", r.word.text))
                elif isinstance(form, ast.CountersDecl):
                    for c in form.counters:
                        v.counters[c.name.text] = tuple(a.text for a in c.aliases)
                        self.declare("counter", c.name)
                        for a in c.aliases:
                            v.add_word(a.text, Meaning("counter", c.name.text))
                elif isinstance(form, ast.SeasonsDecl):
                    for s in form.seasons:
                        v.seasons[s.name.text] = s.turns
                        self.declare("season", s.name)
                elif isinstance(form, ast.VerbDecl):
                    verbs.append(form)
                elif isinstance(form, ast.TriggerDecl):
                    self.trigger(form)
                elif isinstance(form, ast.ValueDecl):
                    if form.name in v.values:
                        self.d.error(f"value '{form.name}' is declared twice", form.span)
                    v.values[form.name] = form.value
        if not headers and self.files:
            first = self.files[0]
            self.d.error(
                'no ruleset header: one file must start with: ruleset "Name" version "1"',
                Span(first.path, 1, 1, 1, 1),
            )
        for extra in headers[1:]:
            self.d.error("the ruleset is declared twice (one header per ruleset)", extra.span)
        for f in self.files:
            for form in f.forms:
                if isinstance(form, ast.TradeDecl):
                    self.trade(form)
                elif isinstance(form, ast.KindDecl):
                    self.kind(form)
                elif isinstance(form, ast.TriggerDecl) and form.kinds:
                    self.trigger_kinds(form)
        self.verbs(verbs)
        if not v.primitives:
            self.core_verbs()
        return v

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
            )
            self.v.verbs[words] = info
            self.v.add_verb(info)

    def names(self, form: ast.NamesDecl) -> None:
        category = {
            "resources": "resource",
            "stats": "stat",
            "skills": "skill",
            "stress": "stress",
            "tokens": "token",
            "zones": "zone",
            "location tags": "location tag",
            "card tags": "card tag",
            "card kinds": "card kind",
        }[form.category]
        target = {
            "resource": self.v.resources,
            "stat": self.v.stats,
            "skill": self.v.skills,
            "stress": self.v.stress,
            "token": self.v.tokens,
            "zone": self.v.zones,
            "location tag": self.v.location_tags,
            "card tag": self.v.card_tags,
            "card kind": self.v.card_kinds,
        }[category]
        for name in form.names:
            target.append(name.text)
            self.declare(category, name)

    def alias(self, form: ast.AliasDecl) -> None:
        target = form.target.text.casefold()
        meanings = self.v.lexicon.get(tuple(target.split()))
        if not meanings:
            words = self.v.all_words()
            self.d.error(
                f"alias of an undeclared word '{form.target.text}'{did_you_mean(target, words)}",
                form.target.span,
            )
            return
        for m in meanings:
            if not m.plural:
                self.v.add_word(form.alias.text, Meaning(m.category, m.word))
        self.v.aliases[form.alias.text.casefold()] = meanings[0].word.casefold()

    def trade(self, form: ast.TradeDecl) -> None:
        source = self.v.resource(form.source.text)
        if source is None:
            self.d.error(
                f"unknown resource '{form.source.text}'"
                + did_you_mean(form.source.text, self.v.resources),
                form.source.span,
            )
            return
        targets: list[str] = []
        for t in form.targets:
            if t.text.casefold() == "any":
                targets.extend(r for r in self.v.resources if r != source)
                continue
            r = self.v.resource(t.text)
            if r is None:
                self.d.error(
                    f"unknown resource '{t.text}'" + did_you_mean(t.text, self.v.resources),
                    t.span,
                )
            else:
                targets.append(r)
        self.v.trade[source] = tuple(targets)

    def trigger(self, form: ast.TriggerDecl) -> None:
        words = [w.text for w in form.words]
        qualifier = None
        season_words = {s.casefold() for s in self.v.seasons}
        if len(words) > 1 and words[-1].casefold() in season_words:
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
                self.v.add_word(schema.name, Meaning("flag", schema.name))
        self.v.kinds[kind.casefold()] = KindSchema(kind, fields, form.span)

    def field_schema(self, kf: ast.KindField) -> FieldSchema | None:
        words = [a.text for a in kf.words if a.kind == "word"]
        low = high = None
        for a in kf.words:
            if a.kind == "int range":
                lo, _, hi = a.text.partition("..")
                low, high = int(lo), (int(hi) if hi else None)
        modifiers = set()
        while words and words[-1].casefold() in ("optional", "unique"):
            modifiers.add(words.pop().casefold())
        optional = "optional" in modifiers
        is_list = bool(words) and words[-1].casefold() == "list"
        if is_list:
            words = words[:-1]
        folded = [w.casefold() for w in words]
        kinds = {k.casefold() for k in self.v.card_kinds}
        for size in (2, 1):
            if len(folded) > size:
                type_words = " ".join(folded[-size:])
                if type_words in FIELD_TYPES or (size == 1 and type_words in kinds):
                    name = " ".join(words[:-size])
                    return FieldSchema(
                        name.casefold(),
                        tuple(folded[:-size]),
                        type_words,
                        is_list,
                        low,
                        high,
                        optional,
                        kf.span,
                        "unique" in modifiers,
                    )
        known = ", ".join(FIELD_TYPES)
        self.d.error(
            f"cannot read field declaration '{' '.join(words)}': write the field name, then a "
            f"type ({known}, or a card kind)",
            kf.span,
        )
        return None

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
            )
            self.v.verbs[words] = info
            self.v.add_verb(info)


def _place_words(place: Any) -> str:
    words = {"this location": "at this location", "this region": "in this region"}
    return words.get(place.kind, f"{place.preposition} {place.kind}".replace("in in ", "in "))


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
        condition = part.condition
        if condition is not None and condition.selector is not None:
            if condition.kind == "it is":
                return condition.span
            return None  # "If there is ...": "it" is what the condition found
        for _, clause in sentences_of([part]):
            for each in clauses(clause):
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
            kind, name, fields, tuple(order), tuple(effects), tuple(blocks), span, tuple(field_text)
        )

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
                if not _this_names_something(sel, kind, self.b.kinds.get("location", "location")):
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
                    said = f"'May not {clause.verb}"
                    said += f" {_place_words(place)}'" if place is not None else "'"
                    if mark is None:
                        why = f"the engine never forbids {function} outright"
                    elif written not in mark[0] or kind not in mark[1]:
                        at = " or ".join(
                            "anywhere" if p is None else _place_words(Place(p, "at"))
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
        if t == "recipe":
            return self.recipe(items)
        if t in ("location spec",):
            return self.location_spec(items)
        if t == "location selector":
            return self.location_selector(atoms)
        if t == "cost":
            value = self.b.noun_phrase(self.b.lex(atoms))
            return value
        if t == "skill ranks":
            ranks: dict[str, int] = {}
            for item in items:
                if len(item) != 2 or item[1].kind != "number":
                    raise BindError("write each skill and its rank: edge 1, steel 2", item[0].span)
                skill = self.word_of(item[:1], "skill")
                rank = int(item[1].text)
                if (fs.low is not None and rank < fs.low) or (
                    fs.high is not None and rank > fs.high
                ):
                    raise BindError(f"a rank must be within {fs.low}..{fs.high}", item[1].span)
                ranks[skill] = rank
            return ranks
        singular = {
            "card tags": "card tag",
            "location tags": "location tag",
            "skills": "skill",
            "regions": "region",
            "resources": "resource",
            "tokens": "token",
        }
        if t in singular:
            return _each(items, lambda item: self.word_of(item, singular[t]))
        if t in ("skill", "region", "resource", "stress", "token", "counter", "zone"):
            words = _each(items, lambda item: self.word_of(item, t))
            if not fs.is_list and len(words) > 1:
                raise BindError(f"'{fs.name}' takes one {t}", items[1][0].span)
            return words if fs.is_list else words[0]
        # A card kind: a reference to a card of that kind.
        refs = []
        for item in items:
            if len(item) != 1 or item[0].kind != "string":
                raise BindError(f"'{fs.name}' takes a quoted {t} name", item[0].span)
            refs.append(self.ref(t, item[0]))
        return refs if fs.is_list else refs[0]

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

    def recipe(self, items: list[list[ast.Atom]]) -> list[dict[str, Any]]:
        slots = []
        if len(items) > 4:
            raise BindError("a recipe has at most 4 slots", items[4][0].span)
        for item in items:
            resource: str | None = None
            face: int | None = None
            for atom in item:
                if atom.kind == "number":
                    if face is not None:
                        raise BindError("a slot has one face", atom.span)
                    face = int(atom.text)
                    if not DIE_FACES[0] <= face <= DIE_FACES[1]:
                        raise BindError(f"a die face is 1 to 6, not {face}", atom.span)
                elif atom.kind == "word" and atom.folded == "any":
                    continue
                elif atom.kind == "word":
                    if resource is not None:
                        raise BindError("a slot has one resource", atom.span)
                    r = self.v.resource(atom.text)
                    if r is None:
                        hint = did_you_mean(atom.text, self.v.resources)
                        raise BindError(f"unknown resource '{atom.text}'{hint}", atom.span)
                    resource = r
                else:
                    raise BindError("a recipe slot is a resource and/or a face", atom.span)
            slots.append({"resource": resource, "face": face})
        return slots

    def location_spec(self, items: list[list[ast.Atom]]) -> LocationSpec:
        alternatives: list[tuple[Filter, ...] | Either] = []
        for k, item in enumerate(items):
            if k > 0:
                if not item or item[0].folded != "else":
                    raise BindError("join fallbacks with ', else'", item[0].span)
                item = item[1:]
            alternatives.append(self.location_step(item))
        return LocationSpec(tuple(alternatives))

    def location_step(self, item: list[ast.Atom]) -> tuple[Filter, ...] | Either:
        """One step of a placement spec: filters, ``any location``, or ``either A or B``."""
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
            return Either(tuple(self.location_filters(option) for option in options))
        return self.location_filters(item)

    def location_filters(self, item: list[ast.Atom]) -> tuple[Filter, ...]:
        if not item:
            raise BindError("a location is missing here", Span("", 1, 1, 1, 1))
        if [a.folded for a in item] == ["any", self.b.kinds.get("location", "location").casefold()]:
            return ()  # "any location": every location in play will do
        if len(item) == 1 and item[0].kind == "string":
            return (Filter("name", self.ref(self.b.kinds.get("location", "location"), item[0])),)
        filters: list[Filter] = []
        for lx in self.b.lex(item):
            if lx.kind == "vocab" and lx.meanings:
                m = self.b.pick(lx.meanings, ("region", "location tag"))
                if m is not None:
                    filters.append(Filter(m.category, m.word))
                    continue
                if self.b.pick(lx.meanings, ("card kind",)):
                    continue
            if lx.kind == "unknown":
                raise self.b.unknown(lx)
            raise BindError(f"'{lx.text}' is not a region or a location tag", lx.span)
        return tuple(filters)

    def location_selector(self, atoms: list[ast.Atom]) -> Selector:
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
                m = self.b.pick(x.meanings, ("region", "location tag"))
                if m is not None:
                    (any_of if "or" in words else filters).append(Filter(m.category, m.word))
                    i += 1
                    continue
                if self.b.pick(x.meanings, ("card kind",)):
                    i += 1
                    continue
            if x.kind == "unknown":
                raise self.b.unknown(x)
            raise BindError(f"cannot read '{x.text}' in a location selector", x.span)
        return Selector(
            quantity=Quantity("any", None, None, True),
            noun_category="card kind",
            noun=self.b.kinds.get("location", "location"),
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


def _this_names_something(sel: Selector, kind: str, location: str) -> bool:
    """ "this card", "this <its own kind>" and "this location" name something on a card of
    ``kind``; "this relic" on a tale, or "this die", name nothing."""
    if sel.noun_category == "card":
        return True
    if sel.noun_category == "card kind" and sel.noun is not None:
        return sel.noun.casefold() in (kind.casefold(), location.casefold())
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
    phases = _check_procedures(procedures, module, checker, d)
    checks = _check_checks(check_decls, vocab, tables, d)
    _check_values_read(files, module, d, {name for c in checks for name in c.values})
    return CheckedRuleset(vocab, checked, tables, maps, d, list(files), phases, checks)


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
    return check_checks(checks, ladders, dict(vocab.values), by_name, d)


def _primitives_module(vocab: Vocabulary, base_dir: str | None) -> Any:
    """The ruleset's primitives module, or ``None`` (a failure to import is told at the verbs)."""
    if not vocab.primitives:
        return None
    try:
        return _import_primitives(vocab.primitives, base_dir)
    except Exception:  # any failure importing the designer's module: told at the verbs
        return None


def _check_values_read(
    files: Sequence[ast.RulesFile], module: Any, d: Diagnostics, in_text: set[str] | None = None
) -> None:
    """A declared value nothing reads is a warning, when the primitives module says which it
    reads (``values_read``): the text would say one thing while the game does another. A
    value the text itself reads (a check's number) is read."""
    read = getattr(module, "values_read", None)
    if read is None:
        return
    read = set(read) | (in_text or set())
    declared: set[str] = set()
    header: ast.PrimitivesDecl | None = None
    for f in files:
        for form in f.forms:
            if isinstance(form, ast.PrimitivesDecl) and header is None:
                header = form
            if isinstance(form, ast.ValueDecl):
                declared.add(form.name)
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
    return check_procedures(
        decls, module, lambda effect: checker.effect(effect, [], "procedure"), d, words
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
    kind = binder.kinds.get("location", "location")
    for place in m.places:
        found = [c for c in binder.cards.get(place.location.text.casefold(), []) if c[0] == kind]
        if not found:
            pool = [c[1] for cs in binder.cards.values() for c in cs if c[0] == kind]
            hint = did_you_mean(place.location.text, pool, quoted=True)
            d.error(f'unknown location "{place.location.text}"{hint}', place.location.span)
        if (place.x, place.y) in taken:
            d.error(f'{place.x}, {place.y} already holds "{taken[(place.x, place.y)]}"', place.span)
        taken[(place.x, place.y)] = place.location.text


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
