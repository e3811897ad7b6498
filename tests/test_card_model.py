"""One card after compiling: ``dsl.compiler.CompiledCard``. The engine reads it through its
ruleset's views, the journal and the site read it as it is; no module keeps a record of its own
holding a card's fields (docs/architecture.md, "One card after compiling")."""

from __future__ import annotations

import ast
from functools import cached_property
from pathlib import Path

from rules import registry

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("dsl", "rules", "journal")


def _declared_fields() -> set[str]:
    """Every field a card of a shipped ruleset may have, spelt as a Python name
    (``entry cost`` -> ``entry_cost``)."""
    names: set[str] = set()
    for game in registry.games().values():
        for schema in game.compiled().vocabulary.kinds.values():
            names |= {field.replace(" ", "_") for field in schema.fields}
    return names


def _stored_attributes(node: ast.ClassDef) -> set[str]:
    """What a class keeps per instance, as written in its body: annotated attributes (a
    dataclass's, a NamedTuple's or a model's fields) and ``__slots__``."""
    stored = {
        item.target.id
        for item in node.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    }
    for item in node.body:
        if isinstance(item, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in item.targets
        ):
            value = item.value
            if isinstance(value, ast.Tuple | ast.List):
                stored |= {e.value for e in value.elts if isinstance(e, ast.Constant)}
    return stored


# Classes that hold what a card's fields start in play and then change: the table as it stands.
IN_PLAY = {
    ("rules/six_winters/state.py", "CharacterState"): "body, psyche and skills change in play",
    # a place of the map as it stands: its dice, threats and side change in play (v19.7's
    # location cards print a starting side, threats and dice: the words are the same)
    ("rules/six_winters/state.py", "LocationState"): "dice, threats and side change in play",
    ("journal/six_winters/ledger.py", "MapPlace"): "the map as a year left it",
    ("journal/six_winters/bundle_schema.py", "LocationFields"): "the map as a year left it",
    ("journal/website/svg.py", "Square"): "the map drawn as a year left it",
}


def _is_table_row(node: ast.ClassDef) -> bool:
    """A SQLModel table: a row of the journal's ledger (what happened at a table), not a card."""
    return any(k.arg == "table" for k in node.keywords)


def test_no_class_keeps_a_copy_of_a_compiled_cards_fields():
    # A class that stores a card's name and three or more of its declared fields is a second
    # record of the card (the engine's ``Asset`` dataclass and the journal's ``CardFacts`` were
    # two), copied field by field from the compiled card and free to drift from it.
    declared = _declared_fields()
    assert {"skill", "points", "difficulty", "region", "tags"} <= declared  # the scan is real
    copies = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.ClassDef) or _is_table_row(node):
                    continue
                stored = _stored_attributes(node)
                kept = sorted(stored & declared)
                where = (str(path.relative_to(ROOT)), node.name)
                if "name" in stored and len(kept) >= 3 and where not in IN_PLAY:
                    copies.append(f"{path.relative_to(ROOT)}: {node.name} keeps {kept}")
    assert copies == []


def test_a_card_view_holds_its_compiled_card_and_only_what_it_worked_out_from_it():
    ruleset = registry.default().load()
    for views in ruleset._tables():
        for view in views.values():
            kind = type(view)
            readings = {
                name
                for klass in kind.__mro__
                for name, value in vars(klass).items()
                if isinstance(value, cached_property)
            }
            for name in readings:
                getattr(view, name)  # every reading worked out once...
            kept = set(vars(view)) - {"compiled"}
            assert kept <= readings, f"{view!r} keeps {sorted(kept - readings)}"  # ...and kept
            assert view.compiled is ruleset.compiled.card(view.name, view.kind)


def test_the_journal_reads_the_very_cards_the_engine_plays():
    from journal.catalogue import load_catalogue

    catalogue = load_catalogue()
    ruleset = registry.default().load()
    assert catalogue is not None and catalogue.compiled is ruleset.compiled
    for kind, views in zip(("asset", "obstacle", "scene", "location"), _of(ruleset), strict=True):
        assert views
        for name, view in views.items():
            assert catalogue.get(name, kind) is view.compiled or name in _shared(catalogue)
            assert catalogue.of_kind[(kind, name.casefold())] is view.compiled


def _of(ruleset):
    return ruleset.assets, ruleset.obstacles, ruleset.scenes, ruleset.locations


def _shared(catalogue) -> set[str]:
    """Names that more than one kind of card bears (an asset and an obstacle...)."""
    seen: dict[str, int] = {}
    for _kind, name in catalogue.of_kind:
        seen[name] = seen.get(name, 0) + 1
    return {catalogue.get(n).name for n, count in seen.items() if count > 1}
