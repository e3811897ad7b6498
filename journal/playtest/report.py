"""The playtest report shown: Rich tables in the terminal, and one standalone HTML page with
bar charts (inline SVG, no script, no file beside it).

Everything from the games (card names, reasons, the ruleset's name) is escaped before it
reaches the page.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from .figures import Table


def show(console: Console, tables: Sequence[Table], title: str) -> None:
    console.print(f"[bold]{escape(title)}[/]")
    for table in tables:
        grid = RichTable(title=escape(table.title), title_justify="left", show_lines=False)
        for column in table.columns:
            grid.add_column(escape(column), overflow="fold")
        for row in table.rows:
            grid.add_row(*(escape("-" if v is None else str(v)) for v in row))
        console.print(grid)
        if table.note:
            console.print(f"[dim]{escape(table.note)}[/]")


def number(value: Any) -> float | None:
    if isinstance(value, int | float):
        return float(value)
    found = re.match(r"\s*([+-]?\d+(?:\.\d+)?)", str(value))
    return float(found.group(1)) if found else None


def _bars(table: Table) -> str:
    """A horizontal bar chart of one column of the table, as inline SVG."""
    if table.chart is None or not table.rows:
        return ""
    label_at, value_at = table.chart
    numbers = [(str(r[label_at]), number(r[value_at]), str(r[value_at])) for r in table.rows]
    points = [(label, v, shown) for label, v, shown in numbers if v is not None][:40]
    if not points:
        return ""
    top = max(v for _, v, _ in points) or 1.0
    width, bar_h, left = 640, 18, 260
    height = bar_h * len(points) + 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{html.escape(table.title, quote=True)}">'
    ]
    for i, (label, value, shown) in enumerate(points):
        y = i * bar_h + 4
        w = max(1.0, (width - left - 60) * value / top)
        parts.append(
            f'<text x="{left - 6}" y="{y + 13}" text-anchor="end" font-size="12">'
            f"{html.escape(label[:40])}</text>"
            f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h - 4}" fill="#4c78a8"/>'
            f'<text x="{left + w + 4:.1f}" y="{y + 13}" font-size="12">'
            f"{html.escape(shown)}</text>"
        )
    parts.append(
        f'<text x="{left}" y="{height - 4}" font-size="11" fill="#555">'
        f"{html.escape(table.columns[value_at])}</text></svg>"
    )
    return "".join(parts)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; color: #222; }}
table {{ border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }}
th, td {{ border: 1px solid #ccc; padding: .2rem .5rem; text-align: left; }}
th {{ background: #f0f0f0; }} .note {{ color: #555; font-size: .9rem; }}
</style></head><body>
<h1>{title}</h1>
<p class="note">{subtitle}</p>
{sections}
</body></html>
"""


def page(tables: Sequence[Table], title: str, subtitle: str = "") -> str:
    """The report as one HTML page that opens on its own (and that a site can include)."""
    sections = []
    for table in tables:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in table.columns)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape('-' if v is None else str(v))}</td>" for v in row)
            + "</tr>"
            for row in table.rows
        )
        note = f'<p class="note">{html.escape(table.note)}</p>' if table.note else ""
        sections.append(
            f'<section id="{html.escape(table.key, quote=True)}">'
            f"<h2>{html.escape(table.title)}</h2>{_bars(table)}"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}</section>"
        )
    return PAGE.format(
        title=html.escape(title), subtitle=html.escape(subtitle), sections="\n".join(sections)
    )
