"""Every change of the table goes through the operations facade (``operations.py``), which tells
it: read from the code of the session and its rules sections, no other code emits an event or
changes the table (assigns to it, deletes from it, or calls a method that changes a list or a
dict of it).

What is "the table" is read from the code too: an expression that reads a ``state`` attribute
(``self.state.flags``), a name bound from such an expression or from a call of a function the
ruleset types as returning a piece of the table (``character``, ``find_obstacle``...), and a
parameter annotated with one (``c: CharacterState``); a name the code types as something else
(``answers: dict[str, bool] = ...``) is not. A frame's own data (``frame.data``), a
section's memos (``self._kept``) and local lists are not the table."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from dsl.compiled import source_file
from rules.six_winters import operations

FOLDER = Path(source_file(operations)).parent

# the code that plays a session: the session, its rules sections, the primitives the card
# texts call, what a phrase finds, the procedure's words, a year rebuilt at a table
PLAYING = (
    "session",
    "session_making",
    "session_setup",
    "turn",
    "actions",
    "abilities",
    "overcome",
    "scenes",
    "refresh",
    "obstacles",
    "session_end",
    "basics",
    "primitives",
    "select",
    "words",
    "campaign",
)
# the facade, and where it is allowed to change the table: its methods
FACADE = {"operations": {"Operations"}, "campaign": {"TableOperations"}}

# the pieces of the table (``state.py``)
TABLE_TYPES = {
    "SessionState",
    "CharacterState",
    "LocationState",
    "ObstacleInPlay",
    "AssetInProgress",
    "Die",
    "Sheet",
}
MUTATORS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "popitem",
    "clear",
    "setdefault",
    "update",
    "sort",
    "reverse",
    "shuffle",
    "add",
    "discard",
}


def _mentions_table_type(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation)
    return any(name in text for name in TABLE_TYPES)


def _returning_table() -> set[str]:
    """The functions and methods of the ruleset typed as returning a piece of the table."""
    names = {"character", "location"}
    for path in sorted(FOLDER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _mentions_table_type(
                node.returns
            ):
                names.add(node.name)
    return names


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


class _Table:
    """Which names of one function hold (a piece of) the table."""

    def __init__(self, fn: ast.FunctionDef, returning: set[str]) -> None:
        self.returning = returning
        args = fn.args
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        self.names = {a.arg for a in every if _mentions_table_type(a.annotation)}
        # bindings in any order, to a fixed point (a loop binds before its body reads)
        bindings = list(_bindings(fn))
        # a name only ever bound to a list, dict or set made here is a container of the
        # function's own (what it holds may be of the table: a loop over it binds table)
        made: dict[str, bool] = {}
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        fresh = _made_here(node.value)
                        made[target.id] = made.get(target.id, True) and fresh
        self.own = {name for name, fresh in made.items() if fresh} - {a.arg for a in every}
        # a name the function types as something other than a piece of the table
        apart = {
            node.target.id
            for node in ast.walk(fn)
            if isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and not _mentions_table_type(node.annotation)
        }
        self.own |= apart
        grew = True
        while grew:
            grew = False
            for targets, value in bindings:
                if self.holds(value):
                    for name in targets:
                        if name not in self.names and name not in apart:
                            self.names.add(name)
                            grew = True

    def holds(self, expr: ast.expr) -> bool:
        """Whether ``expr`` reads the table."""
        for node in ast.walk(expr):
            if isinstance(node, ast.Attribute) and node.attr == "state":
                return True
            if isinstance(node, ast.Name) and node.id in self.names:
                return True
            if isinstance(node, ast.Call) and _called_name(node) in self.returning:
                return True
        return False

    def root_holds(self, target: ast.expr) -> bool:
        """Whether an assignment's target (``x.a[k].b``) is in the table (not a container of
        the function's own, or an item of it: ``options[k]``, ``kept[who].append``)."""
        inner = target
        while isinstance(inner, ast.Subscript):
            inner = inner.value
        if isinstance(inner, ast.Name) and inner.id in self.own:
            return False
        inner = target
        while isinstance(inner, ast.Attribute | ast.Subscript | ast.Starred):
            if isinstance(inner, ast.Attribute) and inner.attr == "state":
                return True
            inner = inner.value
        if isinstance(inner, ast.Call):
            return self.holds(inner)
        return isinstance(inner, ast.Name) and inner.id in self.names


def _made_here(value: ast.expr) -> bool:
    """Whether ``value`` is a new list, dict, set or tuple (a display, a comprehension, or a
    copy made by ``list``, ``dict``, ``set``, ``tuple`` or ``sorted``)."""
    if isinstance(value, ast.List | ast.Dict | ast.Set | ast.Tuple):
        return True
    if isinstance(value, ast.ListComp | ast.DictComp | ast.SetComp):
        return True
    return isinstance(value, ast.Call) and _called_name(value) in {
        "list",
        "dict",
        "set",
        "tuple",
        "sorted",
    }


def _bindings(fn: ast.FunctionDef) -> list[tuple[list[str], ast.expr]]:
    found: list[tuple[list[str], ast.expr]] = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            found += [(_names(t), node.value) for t in node.targets]
        elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr) and node.value:
            found.append((_names(node.target), node.value))
        elif isinstance(node, ast.For | ast.comprehension):
            found.append((_names(node.target), node.iter))
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            found.append((_names(node.optional_vars), node.context_expr))
    return found


def _names(target: ast.expr) -> list[str]:
    """The names a target binds (``a``, ``a, (b, c)``; not those of ``a.x`` or ``a[k]``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for item in target.elts for name in _names(item)]
    if isinstance(target, ast.Starred):
        return _names(target.value)
    return []


def _changes(fn: ast.FunctionDef, table: _Table) -> list[tuple[int, str]]:
    """The lines of ``fn`` that tell an event or change the table, with what they do."""
    found = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            name = _called_name(node)
            if name in ("emit", "tell") and isinstance(node.func, ast.Attribute):
                found.append((node.lineno, f"tells an event ({name})"))
            elif name in ("Event", "PrivateEvent"):
                found.append((node.lineno, f"makes an event ({name})"))
            elif (
                name in MUTATORS
                and isinstance(node.func, ast.Attribute)
                and table.root_holds(node.func.value)
            ):
                found.append((node.lineno, f"changes the table: {ast.unparse(node.func)}"))
            elif name in ("setattr", "delattr") and node.args and table.holds(node.args[0]):
                found.append((node.lineno, f"changes the table: {name}"))
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        for target in targets:
            for part in target.elts if isinstance(target, ast.Tuple | ast.List) else [target]:
                if isinstance(part, ast.Attribute) and part.attr == "state":
                    continue  # a section given the table (``part.state = st``): nothing changes
                if isinstance(part, ast.Attribute | ast.Subscript) and table.root_holds(part):
                    found.append((node.lineno, f"changes the table: {ast.unparse(part)}"))
    return found


def _functions(tree: ast.Module, allowed: set[str]) -> list[ast.FunctionDef]:
    """The functions of a module (methods too), but the facade's methods."""
    found: list[ast.FunctionDef] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            if node.name in allowed:
                continue
            found += [n for n in ast.walk(node) if isinstance(n, ast.FunctionDef)]
        elif isinstance(node, ast.FunctionDef):
            found += [n for n in ast.walk(node) if isinstance(n, ast.FunctionDef)]
    return found


def changes_outside_the_facade(modules: tuple[str, ...] = PLAYING) -> list[str]:
    returning = _returning_table()
    found = []
    for module in modules:
        path = FOLDER / f"{module}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        seen: set[tuple[int, str]] = set()
        for fn in _functions(tree, FACADE.get(module, set())):
            for line, what in _changes(fn, _Table(fn, returning)):
                if (line, what) not in seen:
                    seen.add((line, what))
                    found.append(f"{module}.py:{line}: {what}")
    return sorted(found, key=lambda s: (s.split(":")[0], int(s.split(":")[1])))


def test_only_the_operations_facade_tells_events_and_changes_the_table():
    assert changes_outside_the_facade() == []


def test_a_change_outside_the_facade_is_found(tmp_path, monkeypatch):
    """The test above can fail: each way of changing the table is found."""
    code = """
class Rules:
    def piece(self, ctx, c: CharacterState, name: str) -> None:
        st = self.state
        st.flags["x"] = 1
        self.state.turn += 1
        c.conditions.append(name)
        loc = self.game.location(name)
        loc.threats -= 1
        for o in st.characters:
            o.location = None
        del st.flags["x"]
        self.game.emit("x")
        kept = {"here": [o.name for o in st.characters]}
        kept["here"].append(1)  # not the table: a dict of its own
        seen: dict[str, int] = st.flags
        seen["x"] = 1  # typed as the function's own
        self._memo = {}  # nor is a section's memo
        team = [self.game.character(n) for n in kept["here"]]
        for m in team:
            m.initiative.clear()  # an item of a list of its own: of the table
"""
    (tmp_path / "toy.py").write_text(code)
    monkeypatch.setattr(sys.modules[__name__], "FOLDER", tmp_path)
    assert changes_outside_the_facade(("toy",)) == [
        "toy.py:5: changes the table: st.flags['x']",
        "toy.py:6: changes the table: self.state.turn",
        "toy.py:7: changes the table: c.conditions.append",
        "toy.py:9: changes the table: loc.threats",
        "toy.py:11: changes the table: o.location",
        "toy.py:12: changes the table: st.flags['x']",
        "toy.py:13: tells an event (emit)",
        "toy.py:21: changes the table: m.initiative.clear",
    ]
