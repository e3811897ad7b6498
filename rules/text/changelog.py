"""Two editions of a game written in text, side by side, as a designer reads a changelog: the
procedure step by step, every declared value, the words (the library's and each edition's own)
and the kinds of cards with their fields. Markdown, from the two folders' compiled text, so the
page that shows it stays true (a test compares the page with a fresh run).

    python -m rules.text.changelog OLD_FOLDER NEW_FOLDER [--write PAGE]

With ``--write``, the part of PAGE between the ``BEGIN`` and ``END`` marker lines is replaced;
without it, the markdown is printed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

BEGIN = "<!-- changelog: generated from the two folders, do not edit by hand -->"
END = "<!-- changelog: end -->"
NONE = "-"


def _cell(text: Any) -> str:
    if text is None:
        return NONE
    words = " ".join(str(text).split())
    return words.replace("|", "\\|") if words else NONE


def _table(head: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def _label(compiled: Any) -> str:
    return f"v{compiled.version}" if compiled.version else str(compiled.name)


def _in_order(old: Iterable[str], new: Iterable[str]) -> list[str]:
    return list(dict.fromkeys([*old, *new]))


def _mark(a: Any, b: Any) -> str:
    if a is None:
        return "added"
    if b is None:
        return "removed"
    return "same" if a == b else "changed"


def procedure(old: Any, new: Any) -> list[str]:
    out: list[str] = []
    a_phases, b_phases = old.procedure.phases, new.procedure.phases
    for key in _in_order(a_phases, b_phases):
        a, b = a_phases.get(key), b_phases.get(key)
        name = (a or b).name
        out += ["", f"### {name}", ""]
        a_steps = {s.title.casefold(): s for s in (a.steps if a else ())}
        b_steps = {s.title.casefold(): s for s in (b.steps if b else ())}
        rows = []
        for title in _in_order(a_steps, b_steps):
            sa, sb = a_steps.get(title), b_steps.get(title)
            a_text, b_text = (sa.text if sa else None), (sb.text if sb else None)
            shown = sa if sa is not None else sb
            rows.append([shown.title if shown else title, a_text, b_text, _mark(a_text, b_text)])
        out += _table(["step", _label(old), _label(new), ""], rows)
    return out


def values(old: Any, new: Any) -> list[str]:
    rows = []
    for name in sorted(set(old.values) | set(new.values)):
        a, b = old.values.get(name), new.values.get(name)
        rows.append([name, NONE if a is None else a, NONE if b is None else b, _mark(a, b)])
    return _table(["value", _label(old), _label(new), ""], rows)


def _shared(category: Any) -> bool:
    return "/library/" in str(category.span.file).replace("\\", "/")


def words(old: Any, new: Any) -> list[str]:
    a_cats, b_cats = old.vocabulary.categories, new.vocabulary.categories
    rows = []
    for name in _in_order(a_cats, b_cats):
        a, b = a_cats.get(name), b_cats.get(name)
        a_members, b_members = list(a.members) if a else [], list(b.members) if b else []
        both = [m for m in a_members if m in b_members]
        where = "library" if (a and _shared(a)) or (b and _shared(b)) else "own"
        rows.append(
            [
                name,
                where,
                ", ".join(both) if a and b else NONE,
                ", ".join(m for m in a_members if m not in b_members) if a else "(none)",
                ", ".join(m for m in b_members if m not in a_members) if b else "(none)",
            ]
        )
    return _table(["words", "from", "in both", f"only {_label(old)}", f"only {_label(new)}"], rows)


def kinds(old: Any, new: Any) -> list[str]:
    a_kinds, b_kinds = old.vocabulary.kinds, new.vocabulary.kinds
    rows = []
    for name in _in_order(old.vocabulary.card_kinds, new.vocabulary.card_kinds):
        a, b = a_kinds.get(name), b_kinds.get(name)
        a_fields, b_fields = list(a.fields) if a else [], list(b.fields) if b else []
        count_a = sum(1 for c in old.all_cards if c.kind == name)
        count_b = sum(1 for c in new.all_cards if c.kind == name)
        rows.append(
            [
                name,
                f"{count_a} cards: " + (", ".join(a_fields) or "no fields") if a else NONE,
                f"{count_b} cards: " + (", ".join(b_fields) or "no fields") if b else NONE,
            ]
        )
    return _table(["kind", _label(old), _label(new)], rows)


def changelog(old_folder: Path, new_folder: Path) -> str:
    from dsl.loader import load_ruleset

    old, new = load_ruleset(old_folder), load_ruleset(new_folder)
    lines = [
        BEGIN,
        "",
        f"## The procedure, {_label(old)} and {_label(new)}",
        "",
        "Each procedure of either text, its steps by title as the text words them (a `note` is "
        "no step); the last column says whether the step's text changed.",
        *procedure(old, new),
        "",
        "## The declared values",
        "",
        *values(old, new),
        "",
        "## The words",
        "",
        "Each category of words: from the shared library or the edition's own text.",
        "",
        *words(old, new),
        "",
        "## The kinds of cards and their fields",
        "",
        *kinds(old, new),
        "",
        END,
    ]
    return "\n".join(lines) + "\n"


def replace_in(page: str, generated: str) -> str:
    """The page with its generated part replaced (the markers kept)."""
    head, begin, rest = page.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError("the page has no changelog markers")
    return head + generated.rstrip("\n") + tail


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.text.changelog")
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--write", type=Path, help="the page whose generated part to replace")
    args = parser.parse_args(argv)
    generated = changelog(args.old, args.new)
    if args.write is None:
        sys.stdout.write(generated)
        return 0
    try:
        page = args.write.read_text(encoding="utf-8")
        args.write.write_text(replace_in(page, generated), encoding="utf-8")
    except (OSError, ValueError) as error:
        print(f"{args.write}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
