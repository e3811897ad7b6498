"""A ``dice grid`` field: squares in rows and columns, each asking for a die, chained from a start
square to an end square (a puzzle a card prints, such as a path of dice to lay).

Declared ``path dice grid of 4 by 4`` (columns by rows); a card writes one ``row`` per row, its
squares separated by commas, ``empty`` where the card prints no square::

    path row start ember, any 5, end any North
         row empty, frost, plus 1, empty

A square holds, in any order: ``start`` or ``end``; a type of die (a member of a category of
dice) or ``any``; a face; a group of places (the die must come from a place of that group);
``plus N``, ``minus N`` or ``equal`` (the die's face against the previous die of the chain).
Dice are laid in a chain of squares that touch at a side or a corner.

The checker reads the squares here and refuses a grid no chain can cross: no start, no end, a
start that asks for a face against a previous die, or no chain of touching squares from a start
to an end. Each error names the square (row and column) and stands at the card's line.

In play, ``fits`` says whether a die (``Laid``: its type, face and the group of its place) may lie
on a square after the die before it, and ``completes`` whether the dice laid make a chain from a
start to an end: the rule a game's verb or procedure calls to complete the card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import ast
from .bind_error import BindError
from .runtime import Span

EMPTY = "empty"
STEPS = {"plus": 1, "minus": -1}


def grid_size(words: Sequence[str], number: int, size: list[int]) -> bool:
    """Reads ``of C by R`` in a field declaration: ``True`` when ``number`` belongs to it (its
    column count after ``of``, its row count after ``by``), filling ``size``."""
    if not words:
        return False
    last = words[-1].casefold()
    if last == "of" and not size:
        size.append(number)
        return True
    if last == "by" and len(size) == 1:
        size.append(number)
        return True
    return False


def _rows(atoms: Sequence[ast.Atom], span: Span) -> list[list[list[ast.Atom]]]:
    """The rows a card writes (each begun by ``row``), each a list of squares' atoms."""
    if not atoms or atoms[0].folded != "row":
        raise BindError("a dice grid is written row by row: 'row start any, any, end any'", span)
    rows: list[list[list[ast.Atom]]] = []
    for atom in atoms:
        if atom.folded == "row" and atom.kind == "word":
            rows.append([[]])
        elif atom.kind == "comma":
            rows[-1].append([])
        else:
            rows[-1][-1].append(atom)
    return rows


def _square(
    atoms: list[ast.Atom],
    where: str,
    die_of: Callable[[ast.Atom], str | None],
    group_of: Callable[[ast.Atom], str | None],
    sides: Callable[[str | None], int],
    span: Span,
) -> dict[str, Any] | None:
    if not atoms:
        raise BindError(f"{where} is blank: write 'empty' where the card prints no square", span)
    if len(atoms) == 1 and atoms[0].folded == EMPTY:
        return None
    square: dict[str, Any] = {
        "die": None,
        "face": None,
        "group": None,
        "step": None,
        "start": False,
        "end": False,
    }
    k = 0
    while k < len(atoms):
        atom = atoms[k]
        word = atom.folded
        if atom.kind == "number":
            if square["face"] is not None:
                raise BindError(f"{where} has one face", atom.span)
            square["face"] = int(atom.text)
        elif word in ("start", "end"):
            square[word] = True
        elif word == "any":
            pass
        elif word == "equal":
            square["step"] = 0
        elif word in STEPS:
            if k + 1 >= len(atoms) or atoms[k + 1].kind != "number":
                raise BindError(f"write '{word} 1': how far from the previous die", atom.span)
            square["step"] = STEPS[word] * int(atoms[k + 1].text)
            k += 1
        elif word == EMPTY:
            raise BindError(f"{where}: 'empty' stands alone", atom.span)
        elif (die := die_of(atom)) is not None:
            if square["die"] is not None:
                raise BindError(f"{where} has one type of die", atom.span)
            square["die"] = die
        elif (group := group_of(atom)) is not None:
            square["group"] = group
        else:
            raise BindError(
                f"cannot read '{atom.text}' in {where}: a square holds start or end, a type of "
                "die or 'any', a face, a group of places, 'plus 1', 'minus 1' or 'equal'",
                atom.span,
            )
        k += 1
    face = square["face"]
    if face is not None and not 1 <= face <= sides(square["die"]):
        raise BindError(f"{where}: a die face is 1 to {sides(square['die'])}, not {face}", span)
    if square["start"] and square["end"]:
        raise BindError(f"{where} is both the start and the end", span)
    if square["start"] and square["step"] is not None:
        raise BindError(f"{where} is a start: no die comes before it to compare with", span)
    return square


def chained(grid: list[list[dict[str, Any] | None]]) -> bool:
    """Whether squares touching at a side or a corner join some start to some end."""
    seen: set[tuple[int, int]] = set()
    todo = [(r, c) for r, row in enumerate(grid) for c, sq in enumerate(row) if sq and sq["start"]]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        square = grid[r][c]
        if square is not None and square["end"]:
            return True
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nr, nc = r + dr, c + dc
                if 0 <= nr < len(grid) and 0 <= nc < len(grid[nr]) and grid[nr][nc] is not None:
                    todo.append((nr, nc))
    return False


def read_grid(
    name: str,
    size: tuple[int, int],
    atoms: Sequence[ast.Atom],
    span: Span,
    die_of: Callable[[ast.Atom], str | None],
    group_of: Callable[[ast.Atom], str | None],
    sides: Callable[[str | None], int],
) -> list[list[dict[str, Any] | None]]:
    """The grid a card writes, as rows of squares (``None``: no square), checked whole."""
    columns, count = size
    rows = _rows(atoms, span)
    if len(rows) != count:
        raise BindError(f"'{name}' has {count} rows, not {len(rows)}", span)
    grid: list[list[dict[str, Any] | None]] = []
    for r, row in enumerate(rows, start=1):
        if len(row) != columns:
            raise BindError(f"row {r} of '{name}' has {columns} squares, not {len(row)}", span)
        squares = []
        for c, square_atoms in enumerate(row, start=1):
            where = f"the square at row {r}, column {c}"
            squares.append(_square(square_atoms, where, die_of, group_of, sides, span))
        grid.append(squares)
    flat = [sq for row in grid for sq in row if sq is not None]
    if not any(sq["start"] for sq in flat):
        raise BindError(f"'{name}' has no start square", span)
    if not any(sq["end"] for sq in flat):
        raise BindError(f"'{name}' has no end square", span)
    if not chained(grid):
        raise BindError(
            f"no chain of squares touching at a side or a corner joins a start of '{name}' to an "
            "end",
            span,
        )
    return grid


# ---- laying dice on a grid in play ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Laid:
    """A die laid on a square: its type, its face, and the group of the place it came from."""

    die: str | None
    face: int
    group: str | None = None
    wild: bool = False  # it may stand for any type and face (the square asks neither, nor a step)


def fits(square: dict[str, Any] | None, laid: Laid, previous: Laid | None) -> bool:
    """Whether ``laid`` may lie on ``square``, ``previous`` being the die before it in the
    chain (``None`` for the first): its type, face, group and step against the previous face."""
    if square is None:
        return False
    if square["group"] is not None and laid.group != square["group"]:
        return False
    if laid.wild:
        return True
    if square["die"] is not None and laid.die != square["die"]:
        return False
    if square["face"] is not None and laid.face != square["face"]:
        return False
    if square["step"] is not None:
        return previous is not None and laid.face - previous.face == square["step"]
    return True


def completes(grid: list[list[dict[str, Any] | None]], laid: dict[tuple[int, int], Laid]) -> bool:
    """Whether the dice laid (by row and column, from 0) make a chain from a start square to an
    end square: each touching the one before at a side or a corner, and each fitting its square
    after the die before it."""

    def walk(at: tuple[int, int], previous: Laid | None, seen: frozenset[tuple[int, int]]) -> bool:
        r, c = at
        die = laid.get(at)
        square = grid[r][c] if 0 <= r < len(grid) and 0 <= c < len(grid[r]) else None
        if die is None or square is None or not fits(square, die, previous):
            return False
        if square["end"]:
            return True
        return any(
            walk((r + dr, c + dc), die, seen | {at})
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and (r + dr, c + dc) not in seen
        )

    return any(
        walk((r, c), None, frozenset())
        for r, row in enumerate(grid)
        for c, square in enumerate(row)
        if square is not None and square["start"]
    )
