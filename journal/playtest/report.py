"""The playtest report shown: compact tables in the terminal, one standalone HTML page with bar
charts and sortable tables (inline SVG and a small script of ours: no file beside it, nothing
fetched), JSON for a script, and one CSV file a table for a spreadsheet.

In a terminal a row is one line: the first column is cut with an ellipsis where the window is
narrow, nothing is broken inside a word. Piped, nothing is cut: each row is one line as long as
it needs. Everything from the games (card names, reasons, the ruleset's name) is escaped before
it reaches the page.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from .figures import READING, Difference, Rate, Table


@dataclass(frozen=True)
class Header:
    """What the report says before its tables: its title, what it rests on, how to replay."""

    title: str
    subtitle: str = ""
    replay: str = ""  # a command that shows an example game turn by turn


def shown(value: Any) -> str:
    return "-" if value is None else str(value)


def show(console: Console, tables: Sequence[Table], header: Header) -> None:
    """The tables in the terminal (or piped: then nothing is cut and no line is folded)."""
    piped = not console.is_terminal
    width = console.width
    if piped:
        console.width = 10_000  # a row is one line, however long: the reader's pager wraps
    try:
        console.print(f"[bold]{escape(header.title)}[/]")
        if header.subtitle:
            console.print(escape(header.subtitle))
        console.print(f"[dim]{escape(READING)}[/]")
        for table in tables:
            columns = list(table.brief if table.brief is not None else range(len(table.columns)))
            widths = _fit(table, columns, None if piped else width)
            grid = RichTable(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
            for k, w in zip(columns, widths, strict=True):
                grid.add_column(
                    escape(table.columns[k]),
                    no_wrap=True,
                    overflow="ellipsis",
                    justify="left" if k == 0 else "right",
                    width=w,
                )
            for row in table.rows:
                grid.add_row(*(escape(shown(row[k])) for k in columns))
            console.print()
            console.print(f"[bold]{escape(table.title)}[/]")
            console.print(f"[italic]{escape(table.basis)}[/]: {escape(table.reading)}")
            console.print(grid)
            if table.note:
                console.print(f"[dim]{escape(table.note)}[/]")
            if len(columns) < len(table.columns):
                console.print("[dim]More columns: --html, --json or --csv.[/]")
        if header.replay:
            console.print()
            console.print(f"Replay a game: {escape(header.replay)}")
    finally:
        console.width = width


def _widest(table: Table, k: int) -> int:
    return max([len(table.columns[k]), *(len(shown(row[k])) for row in table.rows)])


LABEL_AT_LEAST = 12  # a name cut shorter than this is no longer a name


def _fit(table: Table, columns: list[int], width: int | None) -> list[int | None]:
    """The columns' widths in a window ``width`` wide (None: piped, as wide as they need).
    Figures keep their whole width; the first column (the names) takes what is left and is
    cut with an ellipsis; where even that is too little, the last columns are left out."""
    if width is None:
        return [None] * len(columns)
    while True:
        figures = [_widest(table, k) for k in columns[1:]]
        room = width - sum(figures) - 2 * (len(columns) - 1)
        natural = _widest(table, columns[0])
        label = min(natural, room)
        if label >= min(natural, LABEL_AT_LEAST) or len(columns) <= 2:
            return [max(1, label), *figures]
        columns.pop()


def number(value: Any) -> float | None:
    """A cell as a number to chart or sort by (a rate or a difference in percent)."""
    if isinstance(value, Rate):
        return None if value.value is None else 100 * value.value
    if isinstance(value, Difference):
        return None if value.value is None else value.scale * value.value
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    found = re.match(r"\s*([+-]?\d+(?:\.\d+)?)", str(value))
    return float(found.group(1)) if found else None


# --- JSON and CSV ------------------------------------------------------------------------------


def cell_data(value: Any) -> Any:
    if isinstance(value, Rate | Difference):
        return value.data()
    return value


def as_json(tables: Sequence[Table], header: Header, **about: Any) -> str:
    """The report for a script: every rate and difference as numbers (fractions of 1), with
    its interval and the count it rests on."""
    data = {
        "title": header.title,
        "subtitle": header.subtitle,
        "reading": READING,
        **about,
        "replay": header.replay,
        "tables": [
            {
                "key": t.key,
                "title": t.title,
                "basis": t.basis,
                "reading": t.reading,
                "columns": t.columns,
                "rows": [[cell_data(v) for v in row] for row in t.rows],
                "note": t.note,
            }
            for t in tables
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _plain(column: str) -> str:
    return re.sub(r"\s*\[95%\]$", "", column).removesuffix(", pts")


def as_csv(table: Table) -> str:
    """One table as CSV: a rate or difference column becomes four (the value as a fraction of
    1, its interval's low and high ends, the count it rests on)."""
    kinds = [
        next((type(r[k]) for r in table.rows if isinstance(r[k], Rate | Difference)), None)
        for k in range(len(table.columns))
    ]
    head: list[str] = []
    for column, kind in zip(table.columns, kinds, strict=True):
        name = _plain(column)
        head += [name, f"{name} low", f"{name} high", f"{name} n"] if kind else [column]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(head)
    for row in table.rows:
        line: list[Any] = []
        for value, kind in zip(row, kinds, strict=True):
            if kind is None:
                line.append("" if value is None else value)
            elif isinstance(value, Rate | Difference):
                data = value.data()
                first = next((data[k] for k in ("rate", "difference", "mean") if k in data), None)
                line += [_num(first), _num(data["low"]), _num(data["high"]), data["n"]]
            else:  # a row without this figure (a card that cannot be taken out)
                line += [shown(value), "", "", ""]
        writer.writerow(line)
    return out.getvalue()


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def write_csv(tables: Sequence[Table], folder: Path) -> list[Path]:
    """Each table as ``folder/<key>.csv``; the folder is made when missing."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for table in tables:
        path = folder / f"{table.key}.csv"
        path.write_text(as_csv(table), encoding="utf-8")
        written.append(path)
    return written


# --- the HTML page -----------------------------------------------------------------------------


def _bars(table: Table) -> str:
    """A horizontal bar chart of one column of the table, as inline SVG."""
    if table.chart is None or not table.rows:
        return ""
    label_at, value_at = table.chart
    numbers = [(str(r[label_at]), number(r[value_at]), shown(r[value_at])) for r in table.rows]
    points = [(label, v, text) for label, v, text in numbers if v is not None][:40]
    if not points:
        return ""
    top = max(v for _, v, _ in points) or 1.0
    width, bar_h, left = 640, 18, 260
    height = bar_h * len(points) + 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{html.escape(table.title, quote=True)}">'
    ]
    for i, (label, value, text) in enumerate(points):
        y = i * bar_h + 4
        w = max(1.0, (width - left - 160) * max(0.0, value) / top)
        parts.append(
            f'<text x="{left - 6}" y="{y + 13}" text-anchor="end" font-size="12">'
            f"{html.escape(label[:40])}</text>"
            f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h - 4}" fill="#4c78a8"/>'
            f'<text x="{left + w + 4:.1f}" y="{y + 13}" font-size="12">'
            f"{html.escape(text)}</text>"
        )
    parts.append(
        f'<text x="{left}" y="{height - 4}" font-size="11" fill="#555">'
        f"{html.escape(table.columns[value_at])}</text></svg>"
    )
    return "".join(parts)


# Sorting a table by a column: a button in each header; numbers (data-sort) before text, a
# cell with no figure last; a second click reverses. Ours, inline: the page fetches nothing.
SORT_SCRIPT = """\
document.querySelectorAll("table.sortable").forEach(function (table) {
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  heads.forEach(function (th, column) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(button);
    button.addEventListener("click", function () {
      var up = th.getAttribute("aria-sort") !== "ascending";
      heads.forEach(function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", up ? "ascending" : "descending");
      var body = table.tBodies[0];
      var key = function (row) {
        var cell = row.cells[column];
        if (cell.hasAttribute("data-sort")) {
          var v = cell.getAttribute("data-sort");
          return v === "" ? null : Number(v);
        }
        return cell.textContent.trim().toLowerCase();
      };
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        if (x === null || y === null) { return x === y ? 0 : (x === null ? 1 : -1); }
        var order = typeof x === "number" && typeof y === "number"
          ? x - y : String(x).localeCompare(String(y));
        return up ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
"""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; color: #222;
  padding: 0 1rem; }}
table {{ border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }}
th, td {{ border: 1px solid #ccc; padding: .2rem .5rem; text-align: left; }}
td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
th {{ background: #f0f0f0; }} .note {{ color: #555; font-size: .9rem; }}
th button {{ font: inherit; font-weight: bold; background: none; border: 0; padding: 0;
  cursor: pointer; text-align: left; color: inherit; }}
th[aria-sort=ascending] button::after {{ content: " \\25B2"; }}
th[aria-sort=descending] button::after {{ content: " \\25BC"; }}
.basis {{ font-size: .9rem; }} code {{ background: #f4f4f4; padding: .1rem .3rem; }}
</style></head><body><main>
<h1>{title}</h1>
<p class="note">{subtitle}</p>
<p class="note">{reading}</p>
{replay}
{sections}
</main>
<script>
{script}</script>
</body></html>
"""


def _sort_key(value: Any) -> str | None:
    """A cell's ``data-sort``: its number ("" for none, sorted last), None for text."""
    if value is None or isinstance(value, Rate | Difference):
        key = number(value)
        return "" if key is None else f"{key:.6g}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:.6g}"
    text = str(value).strip()
    if text == "-":
        return ""
    if re.fullmatch(r"[+-]?\d+(\.\d+)?(%| ms)?", text):
        return f"{number(text):.6g}"
    return None


def _cell(value: Any) -> str:
    key = _sort_key(value)
    attrs = "" if key is None else f' class="n" data-sort="{key}"'
    return f"<td{attrs}>{html.escape(shown(value))}</td>"


def replay_html(command: str) -> str:
    if not command:
        return ""
    return (
        '<p id="replay">Replay an example game turn by turn (each table\'s "example game" '
        "column gives others; put its id after <code>--replay</code>):<br><code>"
        f"{html.escape(command)}</code></p>"
    )


def page(tables: Sequence[Table], header: Header) -> str:
    """The report as one HTML page that opens on its own (and that a site can include)."""
    sections = []
    for table in tables:
        head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in table.columns)
        body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in table.rows)
        note = f'<p class="note">{html.escape(table.note)}</p>' if table.note else ""
        basis = (
            f'<p class="basis"><strong>{html.escape(table.basis)}</strong>: '
            f"{html.escape(table.reading)}</p>"
        )
        sections.append(
            f'<section id="{html.escape(table.key, quote=True)}">'
            f"<h2>{html.escape(table.title)}</h2>{basis}{_bars(table)}"
            f'<table class="sortable"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
            f"</table>{note}</section>"
        )
    return PAGE.format(
        title=html.escape(header.title),
        subtitle=html.escape(header.subtitle),
        reading=html.escape(READING),
        replay=replay_html(header.replay),
        sections="\n".join(sections),
        script=SORT_SCRIPT,
    )
