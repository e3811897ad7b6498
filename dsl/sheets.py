"""Sheets: a text file a person writes about one thing of a game (a character, a crew, a
ship), read as a layout the ruleset declares, every problem at the file's line and column.

A ruleset declares a sheet as a block of clauses, one a line::

    sheet "hero" {
      files ".hero"
      title name, calling
      held virtues, amount first
      held supplies, name first
      ranks crafts in chains, the root "make do" at first craft level
      tags vows, labelled "vow", "vows"
      every virtues at least virtue start, full, at most virtue cap times the highest crafts
      spends starting marks "marks", 1 per crafts level but the root,
        2 per virtues level above virtue start
    }

- ``files``: the ending of the files read as this sheet.
- ``title``: the first line, its parts apart by " - " (the first is written, the rest may be).
- ``held <entry>, amount first|name first``: a line ``3/4 grace`` (or ``rope 3/4``) is a
  reservoir, held now out of the most it holds. When ``<entry>`` is a declared category its
  members (and their aliases) name the reservoirs; otherwise any name does.
- ``ranks <category> in chains, the root "<member>" at <level>``: a line ``carve 2, whittle
  3`` is a chain of ranked tags, each one rank above the one before it, which it builds on; a
  line's first builds on the root, which is written alone on its line at its level.
- ``tags <entry>, labelled "<label>", ...``: a line ``vow: keep the lamp, find Ada 2`` holds
  tags of that entry, each a name and a level (1 unwritten).
- ``every <held category> ...``: each member is written, ``at least`` a level, ``full`` (held
  equals the most), ``at most`` a level (``<value> times the highest <chains>``: that many
  times the highest rank written).
- ``spends <budget> "<unit>", <cost> per <entry> level [but the root | above <level>], ...``:
  what the sheet spends is exactly the budget: each rank's level (but the root's), each
  reservoir's most (above a level) at the cost written.

A number in a clause is a figure or a declared value's name (``dsl.world.payments.amount_of``).
Nothing here names a game: ``SheetLayout.read`` reads a file's text and tells each problem to a
``Diagnostics``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dsl import ast
from dsl.diagnostics import CheckFailed, Diagnostics, counted, did_you_mean, read_rules_text
from dsl.errors import ChroniclerError
from dsl.limits import NAME_LIMIT
from dsl.runtime import Span
from dsl.vocabulary import singular_of
from dsl.world.payments import amount_of

__all__ = [
    "Ranked",
    "Reservoir",
    "Sheet",
    "SheetCheck",
    "SheetLayout",
    "Tag",
    "declares_sheets",
    "is_sheet",
    "layout_of",
    "load_sheet",
    "read_layout",
    "sheet_checks",
]

NUMBER_LIMIT = 10_000  # the most any number on a sheet is: a level of 10^9 is a typing slip
Report = Callable[[str, Span], None]

# Each pattern is linear in the line's length (possessive runs and an atomic name: a long line
# is no hang). A name is words apart by spaces, holding no digit (a tag's may), "," "#" "/" or
# ":".
_WORDS = r"(?>[^\d\s,#/:]+(?:\s+[^\d\s,#/:]+)*)"
AMOUNT_FIRST = re.compile(r"^(?P<value>\d++)\s*+/\s*+(?P<level>\d++)\s++(?P<name>\S.*)$")
NAME_FIRST = re.compile(rf"^(?P<name>{_WORDS})\s++(?P<value>\d++)\s*+/\s*+(?P<level>\d++)$")
RANKED = re.compile(rf"^(?P<name>{_WORDS})\s++(?P<level>\d++)$")
LABELLED = re.compile(r"^(?P<label>[^\s:,#/\d][^:,#/\d]*+):\s*+(?P<tags>.*)$")
TAG = re.compile(r"^(?P<name>[^,#:]*?[^\d\s,#:])(?:\s+(?P<level>\d+))?$")
EXAMPLE = 'sheet "hero" { files ".hero"  title name, calling  held virtues, amount first ... }'


# ---- what a sheet holds ------------------------------------------------------------------------


@dataclass(frozen=True)
class Reservoir:
    """``rope 3/4``: held now (``value``) out of the most it holds (``level``)."""

    name: str
    value: int
    level: int
    span: Span | None = field(default=None, compare=False)
    written: str = field(default="", compare=False)  # as the sheet names it ("STR")

    @property
    def points(self) -> int:
        """The value held, when what it holds is points."""
        return self.value

    def __str__(self) -> str:
        return f"{self.name} {self.value}/{self.level}"


@dataclass(frozen=True)
class Ranked:
    """A ranked tag of a chain: its level, and the lower one it builds on (``None``: the root)."""

    name: str
    level: int
    builds_on: str | None
    span: Span


@dataclass(frozen=True)
class Tag:
    """A labelled line's tag: a name and a level (how much it weighs)."""

    name: str
    level: int
    span: Span


@dataclass
class Sheet:
    """One sheet as read: its title's parts, its reservoirs, ranked tags and labelled tags."""

    layout: SheetLayout
    title: dict[str, str] = field(default_factory=dict)
    held: dict[str, dict[str, Reservoir]] = field(default_factory=dict)  # by entry, then name
    ranks: dict[str, Ranked] = field(default_factory=dict)  # by folded name
    tags: dict[str, list[Tag]] = field(default_factory=dict)  # by entry

    def rank(self, name: str) -> Ranked | None:
        return self.ranks.get(name.casefold())

    @property
    def name(self) -> str:
        """The title's first part (the character's, the ship's name)."""
        return self.title.get(self.layout.title[0], "")

    def of_members(self) -> dict[str, Reservoir]:
        """The reservoirs named by a declared category's members (the stats), by member."""
        named = {h.entry for h in self.layout.held if h.category is not None}
        return {k: r for entry in named for k, r in self.held.get(entry, {}).items()}

    def free(self) -> dict[str, Reservoir]:
        """The reservoirs any name may name (the things held), by folded name."""
        named = {h.entry for h in self.layout.held if h.category is None}
        return {k: r for entry in named for k, r in self.held.get(entry, {}).items()}

    @property
    def highest(self) -> int:
        """The highest rank written (0: none)."""
        return max((r.level for r in self.ranks.values()), default=0)

    def spent(self, values: Mapping[str, Any]) -> int:
        """What the sheet spends, by the layout's ``spends`` clause (0 without one)."""
        return sum(cost for _span, cost in self.layout.costs(self, values))


# ---- the layout a ruleset declares -------------------------------------------------------------


@dataclass(frozen=True)
class Held:
    entry: str  # the entry's name as declared ("virtues", "supplies")
    amount_first: bool
    category: str | None  # the declared category whose members name it
    singular: str
    span: Span


@dataclass(frozen=True)
class Chains:
    category: str
    singular: str
    root: str
    root_level: str  # a figure or a declared value
    span: Span


@dataclass(frozen=True)
class Labelled:
    entry: str
    labels: tuple[str, ...]
    span: Span


@dataclass(frozen=True)
class Every:
    entry: str
    least: str | None
    full: bool
    most: str | None
    times_highest: bool  # "at most <most> times the highest <chains>"
    span: Span
    top_of: str | None = None  # "at most the top of <rises>" (``dsl.world.rises``)


@dataclass(frozen=True)
class Cost:
    amount: str
    entry: str
    but_root: bool
    above: str | None


@dataclass(frozen=True)
class Spends:
    budget: str
    unit: str
    costs: tuple[Cost, ...]
    span: Span


@dataclass(frozen=True)
class SheetLayout:
    """A sheet as the ruleset declares it: ``sheet "<name>" { ... }``."""

    name: str
    suffix: str
    title: tuple[str, ...]
    held: tuple[Held, ...]
    chains: Chains | None
    labelled: tuple[Labelled, ...]
    every: tuple[Every, ...]
    spends: Spends | None
    span: Span

    def values(self) -> set[str]:
        """The declared values the layout reads."""
        words: list[str | None] = [self.chains.root_level if self.chains else None]
        for e in self.every:
            words += [e.least, e.most]
        if self.spends is not None:
            words.append(self.spends.budget)
            for c in self.spends.costs:
                words += [c.amount, c.above]
        return {w for w in words if w is not None and not w.isdigit()}

    def costs(self, sheet: Sheet, values: Mapping[str, Any]) -> list[tuple[Span, int]]:
        """What each entry of ``sheet`` costs, in the sheet's order."""
        found: list[tuple[Span, int]] = []
        for cost in self.spends.costs if self.spends is not None else ():
            each = amount_of(cost.amount, values)
            if self.chains is not None and _same(cost.entry, self.chains.category):
                root = self.chains.root.casefold()
                for key, r in sheet.ranks.items():
                    if not (cost.but_root and key == root):
                        found.append((r.span, each * r.level))
                continue
            above = amount_of(cost.above, values) if cost.above is not None else 0
            held = next((v for k, v in sheet.held.items() if _same(k, cost.entry)), {})
            for pool in held.values():
                if pool.span is not None:
                    found.append((pool.span, each * (pool.level - above)))
        return sorted(found, key=lambda e: (e[0].line, e[0].column))

    def read(self, text: str, path: str, ruleset: Any, d: Diagnostics) -> Sheet | None:
        """The sheet in ``text``; every problem is told in ``d`` at its position."""
        return _Reader(self, path, ruleset, d).read(text)

    def read_file(
        self, path: Path, ruleset: Any, d: Diagnostics, *, within: Path | None = None
    ) -> Sheet | None:
        """Read and check a sheet file; an unreadable file (too large, not UTF-8, holding
        control characters, outside the folder ``within``) is told in ``d`` too."""
        if within is not None and not path.resolve().is_relative_to(within.resolve()):
            d.error(f"cannot read file: it is outside {within}", Span(str(path), 1, 1, 1, 1))
            return None
        text, problem = read_rules_text(path)
        if text is None:
            if problem is not None:
                d.extend([problem])
            return None
        return self.read(text, str(path), ruleset, d)


def layout_of(ruleset: Any, suffix: str) -> SheetLayout:
    """The layout the compiled ``ruleset`` declares for files ending ``suffix``."""
    found = ruleset.vocabulary.sheets.get(suffix)
    if found is None:
        endings = ", ".join(sorted(ruleset.vocabulary.sheets)) or "none"
        raise ChroniclerError(
            f"the ruleset's text declares no sheet read from {suffix or 'unnamed'} files "
            f"(its sheets' endings: {endings})"
        )
    layout: SheetLayout = found
    return layout


@dataclass(frozen=True)
class SheetCheck:
    """``chronicler check x.hero``: a file checked as the text that declares its ending says."""

    layout: SheetLayout
    text: Any  # the checked or compiled ruleset declaring it (its ``vocabulary``)

    def __call__(self, path: Path, d: Diagnostics) -> Sheet | None:
        return self.layout.read_file(path, self.text, d)


def sheet_checks(text: Any) -> dict[str, SheetCheck]:
    """The sheets a checked or compiled ruleset declares, by the ending its ``files`` names."""
    return {suffix: SheetCheck(layout, text) for suffix, layout in text.vocabulary.sheets.items()}


_DECLARED = re.compile(r'^[ \t]*+sheet[ \t]++"', re.MULTILINE | re.IGNORECASE)


def declares_sheets(folder: Path) -> bool:
    """Whether a folder's text may declare a sheet (a line opening ``sheet "...``): only those
    folders are compiled to find the sheets a file ending names."""
    for path in sorted(folder.glob("*.rules")):
        text, _problem = read_rules_text(path)
        if text is not None and _DECLARED.search(text):
            return True
    return False


def load_sheet(path: Path, ruleset: Any, suffix: str | None = None) -> Sheet:
    """The sheet in ``path``, read as the ruleset declares files ending ``suffix`` (the
    path's own by default); ``CheckFailed`` with every diagnostic when it has errors."""
    d = Diagnostics()
    try:
        layout = layout_of(ruleset, suffix or path.suffix)
    except ChroniclerError as no:
        raise ChroniclerError(f"{path}: {no}") from None
    sheet = layout.read_file(path, ruleset, d)
    if d.errors or sheet is None:
        raise CheckFailed(d)
    return sheet


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def is_sheet(card: ast.Card, card_kinds: Sequence[str]) -> bool:
    """``sheet "<name>" { ... }``: a sheet's layout, unless the ruleset has cards of kind sheet."""
    return card.kind.text.casefold() == "sheet" and "sheet" not in {
        k.casefold() for k in card_kinds
    }


# ---- reading the layout ------------------------------------------------------------------------


class _LayoutError(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message, self.span = message, span


def _text(atoms: Sequence[ast.Atom]) -> str:
    return " ".join(a.text for a in atoms)


def _amount(atoms: Sequence[ast.Atom], what: str, span: Span) -> str:
    if not atoms:
        raise _LayoutError(f"{what}: write a figure or a declared value", span)
    if len(atoms) == 1 and atoms[0].kind == "number":
        return atoms[0].text
    if any(a.kind != "word" for a in atoms):
        raise _LayoutError(f"'{_text(atoms)}' in {what} is no figure nor value", atoms[0].span)
    return " ".join(a.folded for a in atoms)


def read_layout(card: ast.Card, vocab: Any, report: Report) -> SheetLayout | None:
    """The layout a ``sheet`` block declares; each problem is reported at its clause."""
    try:
        return _read_layout(card, vocab)
    except _LayoutError as error:
        report(error.message, error.span)
        return None


def _category(vocab: Any, atoms: Sequence[ast.Atom], span: Span) -> tuple[str, str | None, str]:
    """The entry an atom run names: (as written, the category's name or None, its singular)."""
    written = " ".join(a.text for a in atoms)
    if not written:
        raise _LayoutError("name what the line holds", span)
    found = vocab.category(written)
    if found is None:
        return written, None, singular_of(written)
    return written, found.name, found.singular


def _read_layout(card: ast.Card, vocab: Any) -> SheetLayout:
    suffix = ""
    title: tuple[str, ...] = ()
    held: list[Held] = []
    chains: Chains | None = None
    labelled: list[Labelled] = []
    every: list[Every] = []
    spends: Spends | None = None
    for item in card.items:
        if not isinstance(item, ast.Field) or not item.atoms:
            raise _LayoutError(
                f"a sheet's layout is clauses, one a line, not sentences: {EXAMPLE}", item.span
            )
        head, *rest = item.atoms
        parts = ast.clauses(rest)
        words = [[a.folded for a in p] for p in parts]
        span = item.span
        if head.folded == "files":
            if len(rest) != 1 or rest[0].kind != "string" or not rest[0].text.startswith("."):
                raise _LayoutError('write the files\' ending quoted: files ".hero"', span)
            suffix = rest[0].text
        elif head.folded == "title":
            title = tuple(" ".join(w) for w in words)
            if not all(title):
                raise _LayoutError("name each part of the title: title name, calling", span)
        elif head.folded == "held":
            if len(parts) != 2 or words[1] not in (["amount", "first"], ["name", "first"]):
                raise _LayoutError(
                    "write 'held <entry>, amount first' (3/4 grace) or '..., name first' "
                    "(rope 3/4)",
                    span,
                )
            entry, category, singular = _category(vocab, parts[0], span)
            held.append(Held(entry, words[1][0] == "amount", category, singular, span))
        elif head.folded == "ranks":
            chains = _chains(vocab, parts, words, span)
        elif head.folded == "tags":
            said = [parts[1][1:], *parts[2:]] if len(parts) > 1 else []
            labels = [p[0].text for p in said if len(p) == 1 and p[0].kind == "string"]
            first = words[1][:1] if len(parts) > 1 else []
            if first != ["labelled"] or not labels or len(labels) != len(said):
                raise _LayoutError('write \'tags <entry>, labelled "<label>", "<another>"\'', span)
            labelled.append(Labelled(_text(parts[0]), tuple(labels), span))
        elif head.folded == "every":
            every.append(_every(parts, span))
        elif head.folded == "spends":
            spends = _spends(parts, span)
        else:
            known = ["files", "title", "held", "ranks", "tags", "every", "spends"]
            raise _LayoutError(
                f"'{head.text}' is no clause of a sheet{did_you_mean(head.text, known)}",
                head.span,
            )
    if not suffix or not title:
        raise _LayoutError(
            f'sheet "{card.name.text}" names its files and its title: {EXAMPLE}', card.span
        )
    return SheetLayout(
        card.name.text,
        suffix,
        title,
        tuple(held),
        chains,
        tuple(labelled),
        tuple(every),
        spends,
        card.span,
    )


def _chains(vocab: Any, parts: list[list[ast.Atom]], words: list[list[str]], span: Span) -> Chains:
    said = "write 'ranks <category> in chains, the root \"<member>\" at <level>'"
    if len(parts) != 2 or words[0][-2:] != ["in", "chains"] or words[1][:2] != ["the", "root"]:
        raise _LayoutError(said, span)
    root_at = parts[1][2:]
    if len(root_at) < 3 or root_at[0].kind != "string" or root_at[1].folded != "at":
        raise _LayoutError(said, span)
    _entry, category, singular = _category(vocab, parts[0][:-2], span)
    if category is None:
        raise _LayoutError(
            f"'{_text(parts[0][:-2])}' is no category declared: ranks are a category's "
            "('crafts are ranks 1.. of keepers')",
            parts[0][0].span,
        )
    root = root_at[0].text
    if vocab.member(category, root) is None:
        near = did_you_mean(root, vocab.members(category))
        raise _LayoutError(
            f"the root '{root}' is no member of {category}{near} (declare it: '{category} are "
            f'ranks 1.. of keepers: "{root}"\')',
            root_at[0].span,
        )
    return Chains(category, singular, root, _amount(root_at[2:], "the root", span), span)


def _every(parts: list[list[ast.Atom]], span: Span) -> Every:
    first = parts[0]
    cut = next((i for i, a in enumerate(first) if a.folded in ("at", "full")), len(first))
    entry = _text(first[:cut])
    if not entry:
        raise _LayoutError("write 'every <held entry> at least <level>, full, ...'", span)
    conditions = [first[cut:], *parts[1:]]
    least = most = top_of = None
    full = times = False
    for cond in conditions:
        w = [a.folded for a in cond]
        if w[:2] == ["at", "least"]:
            least = _amount(cond[2:], f"every {entry} at least", span)
        elif w == ["full"]:
            full = True
        elif w[:5] == ["at", "most", "the", "top", "of"] and len(w) > 5:
            top_of = " ".join(w[5:])
        elif w[:2] == ["at", "most"]:
            upto = cond[2:]
            if "times" in w:
                at = w.index("times")
                if w[at + 1 : at + 3] != ["the", "highest"]:
                    raise _LayoutError("write 'at most <value> times the highest <ranks>'", span)
                upto, times = cond[2:at], True
            most = _amount(upto, f"every {entry} at most", span)
        else:
            raise _LayoutError(
                f"cannot read '{_text(cond)}' in every {entry}: write 'at least <level>', "
                "'full', 'at most <level>' or 'at most the top of <rises>'",
                cond[0].span if cond else span,
            )
    return Every(entry, least, full, most, times, span, top_of)


def _spends(parts: list[list[ast.Atom]], span: Span) -> Spends:
    head = parts[0]
    if len(head) < 2 or head[-1].kind != "string":
        raise _LayoutError("write 'spends <budget> \"<unit>\", <cost> per <entry> level'", span)
    costs = []
    for part in parts[1:]:
        w = [a.folded for a in part]
        if "per" not in w or "level" not in w or w.index("level") < w.index("per") + 2:
            raise _LayoutError(
                f"cannot read '{_text(part)}': write '<cost> per <entry> level', then 'but the "
                "root' or 'above <level>' if so",
                part[0].span if part else span,
            )
        per, level = w.index("per"), w.index("level")
        tail = w[level + 1 :]
        above = None
        if tail and tail[0] == "above":
            above = _amount(part[level + 2 :], "above", span)
        elif tail and tail != ["but", "the", "root"]:
            raise _LayoutError(f"cannot read '{_text(part[level + 1 :])}'", part[level].span)
        costs.append(
            Cost(
                _amount(part[:per], "a cost", span),
                _text(part[per + 1 : level]),
                tail == ["but", "the", "root"],
                above,
            )
        )
    return Spends(_amount(head[:-1], "the budget", span), head[-1].text, tuple(costs), span)


def check_layout(
    layout: SheetLayout, values: Sequence[str], report: Report, measures: Mapping[str, Any]
) -> None:
    """Each value a layout names is declared; each ``every`` and cost names a held entry with
    a category, or the ranks; a top read from rises names declared rises of that entry."""
    for e in layout.every:
        rise = measures.get(e.top_of.casefold()) if e.top_of else None
        if e.top_of is not None and not (rise is not None and hasattr(rise, "most")):
            rises = [m.name for m in measures.values() if hasattr(m, "most")]
            report(
                f"every {e.entry}: '{e.top_of}' is no rises declared{did_you_mean(e.top_of, rises)}"
                f" ('{e.top_of} are rises of {e.entry}, 1 level each, to at most 6')",
                e.span,
            )
        elif rise is not None and not _same(rise.owner, e.entry):
            report(f"every {e.entry}: {rise.name} are rises of {rise.owner}", e.span)
    for value in sorted(layout.values()):
        if value not in values:
            report(
                f"'{value}' in sheet \"{layout.name}\" is no declared value"
                f"{did_you_mean(value, list(values))}",
                layout.span,
            )
    kept = {h.entry.casefold(): h for h in layout.held}
    entries = [*kept, *([layout.chains.category] if layout.chains else [])]
    for e in layout.every:
        h = kept.get(e.entry.casefold())
        if h is None or h.category is None:
            report(
                f"every {e.entry}: no held entry of a category is called {e.entry}"
                f"{did_you_mean(e.entry, list(kept))}",
                e.span,
            )
        if e.times_highest and layout.chains is None:
            report(f"every {e.entry}: the highest of what? the sheet has no ranks", e.span)
    for cost in layout.spends.costs if layout.spends else ():
        if cost.entry.casefold() not in {x.casefold() for x in entries}:
            report(
                f"'{cost.entry}' in what the sheet spends is no entry of it"
                f"{did_you_mean(cost.entry, entries)}",
                layout.spends.span if layout.spends else layout.span,
            )


# ---- reading a sheet ---------------------------------------------------------------------------


def _span(path: str, line: int, start: int, end: int) -> Span:
    return Span(path, line, start + 1, line, max(end, start + 1) + 1)


class _Reader:
    def __init__(self, layout: SheetLayout, path: str, ruleset: Any, d: Diagnostics) -> None:
        self.layout, self.path, self.d = layout, path, d
        self.vocab = ruleset.vocabulary
        self.values: Mapping[str, Any] = ruleset.vocabulary.values
        self.sheet = Sheet(layout)
        self.header = _span(path, 1, 0, 1)

    def number(self, digits: str, span: Span) -> int | None:
        if len(digits) > len(str(NUMBER_LIMIT)) or int(digits) > NUMBER_LIMIT:
            self.d.error(f"{digits[:12]}: a number on a sheet is at most {NUMBER_LIMIT}", span)
            return None
        return int(digits)

    def read(self, text: str) -> Sheet | None:
        self.d.sources[self.path] = text
        titled = False
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            body = line.strip()
            if not titled:
                titled = True
                self.read_title(body, _span(self.path, number, indent, len(line)))
                continue
            self.read_line(body, number, indent)
        if not titled:
            self.d.error(
                f"the sheet is empty: its first line is the {' and '.join(self.layout.title)}",
                self.header,
            )
            return None
        self.check_whole()
        return self.sheet

    def read_title(self, body: str, span: Span) -> None:
        self.header = span
        names = self.layout.title
        said = [p.strip() for p in body.split(" - ", len(names) - 1)]
        said += [""] * (len(names) - len(said))
        for name, part in zip(names, said, strict=True):
            self.sheet.title[name] = part
            what = f"the {self.layout.name}'s {name}" if name == names[0] else f"the {name}"
            self.length(part, what, span)

    def read_line(self, body: str, number: int, indent: int) -> None:
        labelled = LABELLED.match(body) if self.layout.labelled else None
        amount_first = AMOUNT_FIRST.match(body)
        name_first = NAME_FIRST.match(body)
        if labelled:
            self.read_tags(labelled, number, indent)
        elif amount_first and self.reads(amount_first, amount_first=True):
            self.read_held(amount_first, number, indent, amount_first=True)
        elif name_first and self.reads(name_first, amount_first=False):
            self.read_held(name_first, number, indent, amount_first=False)
        else:
            self.read_chain(body, number, indent)

    # -- reservoirs

    def reads(self, m: re.Match[str], *, amount_first: bool) -> bool:
        """Whether a line written so is a reservoir: the layout holds reservoirs written that
        way, or the name is a member of one written the other way (told how to write it)."""
        ordered = any(h.amount_first == amount_first for h in self.layout.held)
        return ordered or self.member(m.group("name").strip()) is not None

    def member(self, name: str) -> tuple[Held, str] | None:
        for h in self.layout.held:
            if h.category is not None:
                found = self.vocab.member(h.category, name)
                if found is not None:
                    return h, found
        return None

    def read_held(self, m: re.Match[str], number: int, indent: int, *, amount_first: bool) -> None:
        written = m.group("name").strip()
        whole = _span(self.path, number, indent, indent + m.end())
        value = self.number(m.group("value"), whole)
        level = self.number(m.group("level"), whole)
        if value is None or level is None:
            return
        named = self.member(written)
        if named is not None and named[0].amount_first != amount_first:
            h, member = named
            how = (
                f"name first, {written} {value}/{level}"
                if amount_first
                else f"points first, {value}/{level} {written}"
            )
            self.d.error(f"{written} is a {h.singular}: write it {how}", whole)
            # read as what it is, so nothing else is reported missing
            self.sheet.held.setdefault(h.entry, {}).setdefault(
                member, Reservoir(member, value, level, whole, written)
            )
            return
        if named is None:
            free = [h for h in self.layout.held if h.category is None]
            free = [h for h in free if h.amount_first == amount_first]
            if not free:
                span = _span(self.path, number, indent + m.start("name"), indent + m.end("name"))
                h = next(h for h in self.layout.held if h.amount_first == amount_first)
                known = self.known(h)
                self.d.error(
                    f"unknown {h.singular} '{written}'{did_you_mean(written, known)}", span
                )
                return
            self.read_free(free[0], written, value, level, whole)
            return
        h, member = named
        kept = self.sheet.held.setdefault(h.entry, {})
        if member in kept:
            first = kept[member].span
            at = first.line if first is not None else 0
            self.d.error(f"{h.singular} {written} is written twice (first at line {at})", whole)
            return
        if value > level:
            self.d.error(
                f"{written} holds {counted(value, 'point')} but its level is {level}: at most "
                f"{level}",
                whole,
            )
        kept[member] = Reservoir(member, value, level, whole, written)

    def known(self, h: Held) -> list[str]:
        members = self.vocab.members(h.category) if h.category else []
        aliases = [a.upper() for a, m in self.vocab.aliases.items() if m in members]
        return [*members, *aliases]

    def read_free(self, h: Held, name: str, value: int, level: int, whole: Span) -> None:
        kept = self.sheet.held.setdefault(h.entry, {})
        if name.casefold() in kept:
            self.d.error(
                f"{h.singular} {name} is written twice (first as {kept[name.casefold()]})", whole
            )
        elif value > level:
            self.d.error(
                f"{name} holds {value} of at most {level}: a reservoir holds 0 to its level",
                whole,
            )
        else:
            self.length(name, f"{h.singular} '{name[:40]}...'", whole)
            kept[name.casefold()] = Reservoir(name, value, level, whole, name)

    # -- labelled tags

    def read_tags(self, m: re.Match[str], number: int, indent: int) -> None:
        label = m.group("label").strip()
        entry = next(
            (t for t in self.layout.labelled if label.casefold() in map(str.casefold, t.labels)),
            None,
        )
        if entry is None:
            firsts = [t.labels[0] for t in self.layout.labelled]
            said = " or ".join(f"'{x}:'" for x in firsts)
            every = [x for t in self.layout.labelled for x in t.labels]
            self.d.error(
                f"'{label}:' is not a line of a sheet: a labelled line is {said}"
                f"{did_you_mean(label.casefold(), every)}",
                _span(self.path, number, indent, indent + len(label)),
            )
            return
        kept = self.sheet.tags.setdefault(entry.entry, [])
        at = m.start("tags")
        for part in m.group("tags").split(",") if m.group("tags").strip() else ():
            start = at + (len(part) - len(part.lstrip()))
            at += len(part) + 1
            text = part.strip()
            span = _span(self.path, number, indent + start, indent + start + len(text))
            tag = TAG.match(text)
            if not text:
                self.d.error(
                    f"an empty {label} tag: write a name, and a level if it is more than 1", span
                )
            elif tag is None:
                self.d.error(
                    f"'{text}' is not a tag: write a name, then its level if not 1 (rope 2)", span
                )
            elif any(t.name.casefold() == tag.group("name").casefold() for t in kept):
                self.d.error(f"{label} '{tag.group('name')}' is written twice", span)
            else:
                level = self.number(tag.group("level") or "1", span)
                if level is None:
                    continue
                if level < 1:
                    self.d.error(f"{tag.group('name')} {level}: a tag's level is 1 or more", span)
                else:
                    self.length(tag.group("name"), f"{label} '{text[:40]}...'", span)
                    kept.append(Tag(tag.group("name"), level, span))

    # -- chains of ranks

    def read_chain(self, body: str, number: int, indent: int) -> None:
        chains = self.layout.chains
        previous: Ranked | None = None
        at = 0
        for part in body.split(","):
            start = at + (len(part) - len(part.lstrip()))
            at += len(part) + 1
            text = part.strip()
            span = _span(self.path, number, indent + start, indent + start + len(text))
            m = RANKED.match(text) if chains is not None else None
            if chains is None or m is None:
                self.d.error(f"'{text}' is {self.none_of()}", span)
                return
            level = self.number(m.group("level"), span)
            if level is None:
                return
            name = m.group("name").strip()
            self.length(name, f"{chains.singular} '{name[:40]}...'", span)
            root_level = amount_of(chains.root_level, self.values)
            is_root = _same(name, chains.root)
            if is_root and (level != root_level or previous is not None):
                self.d.error(
                    f'the root {chains.singular} is "{chains.root} {root_level}", written alone '
                    "on its line",
                    span,
                )
                return
            if name.casefold() in self.sheet.ranks:
                first = self.sheet.ranks[name.casefold()].span.line
                self.d.error(
                    f"{chains.singular} '{name}' is written twice (first at line {first})", span
                )
                return
            builds_on: str | None = None
            if not is_root:
                lower = previous.name if previous is not None else chains.root
                lower_level = previous.level if previous is not None else root_level
                if level != lower_level + 1:
                    self.d.error(
                        f"{name} {level} does not build on a lower {chains.singular}: a level "
                        f"{level} {chains.singular} specializes a level {level - 1} one written "
                        f"before it on its line, and {lower} is {lower_level}",
                        span,
                    )
                else:
                    builds_on = lower
            ranked = Ranked(name, level, builds_on, span)
            self.sheet.ranks[name.casefold()] = ranked
            previous = ranked

    def none_of(self) -> str:
        said = []
        for h in self.layout.held:
            if h.amount_first and h.category is not None:
                said.append(f"a {h.singular} (points/level {h.singular.upper()})")
        if self.layout.chains is not None:
            said.append(f"a {self.layout.chains.singular} (a name and a level)")
        if not said:
            return "no line of this sheet"
        return "neither " + " nor ".join(said) if len(said) > 1 else f"not {said[0]}"

    def length(self, text: str, what: str, span: Span) -> None:
        """A name the journal can keep: a sheet's verdict is one."""
        if len(text) > NAME_LIMIT:
            self.d.error(
                f"{what} is {len(text)} characters long: a name holds at most {NAME_LIMIT}", span
            )

    # -- the rules of the whole sheet

    def check_whole(self) -> None:
        layout, sheet, values = self.layout, self.sheet, self.values
        chains = layout.chains
        if chains is not None and sheet.rank(chains.root) is None:
            level = amount_of(chains.root_level, values)
            self.d.error(
                f'every {layout.name} has the {chains.singular} "{chains.root} {level}": the sheet '
                "lacks it",
                self.header,
            )
        for rule in layout.every:
            self.check_every(rule)
        spends = layout.spends
        if spends is None:
            return
        budget = amount_of(spends.budget, values)
        entries = layout.costs(sheet, values)
        spent = sum(cost for _span, cost in entries)
        unit = spends.unit
        if spent > budget:
            total, at = 0, self.header
            for span, cost in entries:
                total += cost
                if total > budget:
                    at = span
                    break
            self.d.error(
                f"the sheet spends {spent} {unit}: creation gives {budget} "
                f"({spent - budget} overspent)",
                at,
            )
        elif spent < budget:
            self.d.error(
                f"the sheet spends {spent} of {budget} {unit}: at creation all of it is spent "
                f"({budget - spent} left)",
                self.header,
            )

    def check_every(self, rule: Every) -> None:
        h = next((x for x in self.layout.held if _same(x.entry, rule.entry)), None)
        if h is None or h.category is None:
            return
        kept = self.sheet.held.get(h.entry, {})
        least = amount_of(rule.least, self.values) if rule.least is not None else None
        for name in self.vocab.members(h.category):
            if name not in kept:
                at = f", at level {least} or more" if least is not None else ""
                self.d.error(
                    f"{h.singular} {name} is missing: every {self.layout.name} has it{at}",
                    self.header,
                )
        for r in kept.values():
            span = r.span or self.header
            written = r.written or r.name
            if rule.full and r.value < r.level:
                self.d.error(
                    f"{written} holds {r.value} of its {r.level} points: a new "
                    f"{self.layout.name}'s {h.entry} are full ({r.level}/{r.level} {written})",
                    span,
                )
            if least is not None and r.level < least:
                self.d.error(
                    f"{written} is level {r.level}: every {h.singular} starts at level {least}",
                    span,
                )
            if rule.top_of is not None:
                self.check_top(rule.top_of, h, r, span)
            if rule.most is not None:
                each = amount_of(rule.most, self.values)
                most = each * self.sheet.highest if rule.times_highest else each
                if r.level > most:
                    chains = self.layout.chains
                    cap = (
                        f"{each} times the highest {chains.singular} level ({most})"
                        if rule.times_highest and chains is not None
                        else str(most)
                    )
                    self.d.error(
                        f"{r.name} is level {r.level}: a {h.singular} is at most {cap}", span
                    )

    def check_top(self, rises: str, h: Held, r: Reservoir, span: Span) -> None:
        """``at most the top of <rises>``: the top the rises declare, as the sheet stands."""
        rise = self.vocab.world.measures[rises.casefold()]
        chains = self.layout.chains
        ranked = (
            chains is not None and rise.ranks is not None and _same(rise.ranks, chains.category)
        )
        most = rise.most(self.values, {rise.ranks: self.sheet.highest if ranked else 0})
        if r.level > most:
            each = amount_of(rise.top, self.values)
            cap = (
                f"{each} times the highest {chains.singular} level ({most})"
                if ranked and chains is not None
                else str(most)
            )
            self.d.error(f"{r.name} is level {r.level}: a {h.singular} is at most {cap}", span)
