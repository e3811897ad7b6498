"""A table's row read as a number: "the Harvest size by your acres" is the row of table
"Harvest size" (a ``by`` table, or a rolled one) for the number after "by", its words a number
("4"). The table's rows are taken when the text is checked, so the number needs no table at run
time (``dsl.expr.evaluate``); a number no row covers stops the text with the table's name. A
table whose rows are not all numbers is refused where the words are written. Nothing here names
a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dsl import ast
from dsl.expr import Expr, Row


def row_read(
    words: Sequence[str],
    tables: Mapping[str, ast.TableDecl],
    number: Callable[[int], Expr],
    refuse: Callable[[str], Exception],
) -> Row | None:
    """``the <table> by <number>``: the row of the table for the number the words after "by"
    say (``number(k)`` reads them from word ``k``), else ``None`` (not these words). ``refuse``
    makes the error for a table of other rows than numbers."""
    if len(words) < 4 or words[0] != "the" or not tables:
        return None
    for k in range(2, len(words) - 1):
        if words[k] != "by":
            continue
        table = tables.get(" ".join(words[1:k]))
        if table is None:
            continue
        rows = []
        for row in table.rows:
            if row.kind is not None or not row.result.text.strip().isdigit():
                raise refuse(
                    f'table "{table.name.text}" gives "{row.result.text}" for {row.low}: a '
                    "table read as a number has a number in each row"
                )
            rows.append((row.low, row.high, int(row.result.text)))
        return Row(table.name.text, tuple(rows), number(k + 1))
    return None


def tables_of(vocabulary: Any) -> Mapping[str, ast.TableDecl]:
    """The tables a ruleset declares, by their folded names (``Vocabulary.tables``)."""
    return getattr(vocabulary, "tables", None) or {}
