"""The playtest report as a page of the campaign site: ``chronicler publish --report STORE``.

The figures are computed again from the simulation store (``chronicler simulate --store``): the
run asked for, or the store's latest, with the runs simulate started beside it (the compared
text, the supply sweep, the cards taken out). The page is a Jinja2 template with autoescaping
(``journal/website/templates/playtest.md.j2``): whatever the store holds reaches the page as
text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from dsl.errors import ChroniclerError

from . import figures, report, store

TEMPLATES = Path(__file__).resolve().parent.parent / "website" / "templates"
CHART = {"width": 640, "left": 260, "bar": 18}


@dataclass(frozen=True)
class StoredReport:
    title: str
    subtitle: str
    tables: list[figures.Table]
    replay: str = ""  # the command that shows the run's first game turn by turn


def from_store(path: Path, run_id: int | None = None) -> StoredReport:
    """The report of run ``run_id`` of the store at ``path`` (its latest run when None)."""
    if not path.is_file():
        raise ChroniclerError(f"--report: no simulation store at {path}")
    con = store.connect(path, read_only=True)
    try:
        runs = _runs(con, path)
        main = [r for r in runs if r["side"] == "A"]
        if not main:
            raise ChroniclerError(f"--report: {path} holds no simulation run")
        base = main[-1] if run_id is None else next((r for r in main if r["id"] == run_id), None)
        if base is None:
            known = ", ".join(str(r["id"]) for r in main)
            raise ChroniclerError(f"--report-run: {path} has no run {run_id} (runs: {known})")
        tables = figures.report(con, [base["id"]], campaigns=bool(base["campaigns"]))
        tables += _beside(con, base, runs)
    finally:
        con.close()
    what = f"year {base['year']}" if base["year"] else "whole campaigns"
    title = f"Playtest report: {base['ruleset']}, {base['bot']} bot, {what}"
    subtitle = (
        f"{base['finished']} games (seeds from {base['first_seed']}); "
        f"run {base['id']} of the simulation store {path.name}"
    )
    replay = store.replay_command(str(base["ruleset"]), store.game_id(base["id"], 0), path)
    return StoredReport(title, subtitle, tables, replay)


def _runs(con: Any, path: Path) -> list[dict[str, Any]]:
    import duckdb

    try:
        rows = con.execute(
            "SELECT run_id, ruleset, bot, year, campaigns, first_seed, finished, side, variant, "
            "label FROM runs ORDER BY run_id"
        ).fetchall()
    except duckdb.Error:  # a DuckDB file, but not a simulation store
        raise ChroniclerError(f"--report: {path} is not a simulation store") from None
    names = ("id", "ruleset", "bot", "year", "campaigns", "first_seed", "finished", "side")
    return [dict(zip((*names, "variant", "label"), row, strict=True)) for row in rows]


def _beside(con: Any, base: dict[str, Any], runs: list[dict[str, Any]]) -> list[figures.Table]:
    """The tables of the runs started with ``base`` (the same label, up to the next run of
    side A): the comparison, the supply sweep, the ablation."""
    later = sorted(r["id"] for r in runs if r["side"] == "A" and r["id"] > base["id"])
    stop = later[0] if later else None
    siblings = [
        r
        for r in runs
        if r["side"] != "A"
        and r["label"] == base["label"]
        and r["id"] > base["id"]
        and (stop is None or r["id"] < stop)
    ]
    tables = []
    for run in siblings:
        if run["side"] == "B":
            labels = (str(base["ruleset"]), str(run["variant"]))
            tables.append(figures.compared(con, base["id"], run["id"], labels))
    sweep = [(str(r["variant"]), int(r["id"])) for r in siblings if r["side"] == "S"]
    if sweep:
        tables.append(figures.supply_sweep(con, sweep))
    ablated = [(str(r["variant"]), int(r["id"])) for r in siblings if r["side"] == "X"]
    if ablated:
        tables.append(figures.ablation(con, base["id"], ablated, []))
    return tables


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def _bars(table: figures.Table) -> tuple[list[dict[str, Any]], int]:
    """The bars of a table's chart (label, length, value as shown) and the chart's height."""
    if table.chart is None or not table.rows:
        return [], 0
    label_at, value_at = table.chart
    numbers = [(str(r[label_at]), report.number(r[value_at]), str(r[value_at])) for r in table.rows]
    points = [(label, v, shown) for label, v, shown in numbers if v is not None][:40]
    if not points:
        return [], 0
    top = max(v for _, v, _ in points) or 1.0
    room = CHART["width"] - CHART["left"] - 160  # the value as shown, its interval too
    bars = [
        {
            "y": i * CHART["bar"] + 4,
            "width": max(1.0, room * max(0.0, value) / top),
            "label": label[:40],
            "shown": shown,
        }
        for i, (label, value, shown) in enumerate(points)
    ]
    return bars, CHART["bar"] * len(points) + 24


def markdown(found: StoredReport) -> str:
    """The report's page of the site, as Markdown with raw HTML blocks."""
    tables = []
    for table in found.tables:
        bars, height = _bars(table)
        tables.append(
            {
                "key": table.key,
                "title": table.title,
                "columns": table.columns,
                "rows": [["-" if v is None else str(v) for v in row] for row in table.rows],
                "note": table.note,
                "basis": table.basis,
                "reading": table.reading,
                "bars": bars,
                "height": height,
                "measure": table.columns[table.chart[1]] if table.chart else "",
            }
        )
    template = _environment().get_template("playtest.md.j2")
    return template.render(
        title=found.title,
        subtitle=found.subtitle,
        reading=figures.READING,
        replay=found.replay,
        tables=tables,
        chart=CHART,
    )
