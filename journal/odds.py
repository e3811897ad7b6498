"""``chronicler odds RULESET CHECK``: the exact odds of any check a ruleset declares in text
(``check "Name" { ... }``), computed from that declaration (``dsl.dice.odds``): a row per
value of one input (``--by``, by default the first input neither given nor usual), the chance
of each outcome, with ``--json`` for tools. A repeated check gives the chance of each outcome within
``--within`` rolls, in the end, and the expected number of rolls.

A ruleset is found by name or folder through the registry; a folder of text that declares no
primitives needs no engine for its odds, and is read as text only (nothing of it is run)."""

from __future__ import annotations

import difflib
import json
from fractions import Fraction
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from dsl.dice.model import Check, CheckError
from dsl.errors import UsageError


def load_checks(ruleset: Any) -> dict[str, Check]:
    """The checks a ruleset (as the registry found it) declares in its text."""
    return dict(ruleset.compiled().checks)


def find_check(checks: dict[str, Check], name: str, ruleset: str) -> Check:
    for check in checks.values():
        if check.name.casefold() == name.casefold():
            return check
    if not checks:
        raise UsageError(f"the ruleset {ruleset!r} declares no check")
    near = difflib.get_close_matches(name, list(checks), n=1, cutoff=0.5)
    hint = f"; did you mean {near[0]!r}?" if near else f"; its checks: {', '.join(checks)}"
    raise UsageError(f"the ruleset {ruleset!r} has no check {name!r}{hint}")


def parse_inputs(check: Check, given: list[str]) -> dict[str, int | str]:
    """``--input obstacle=3`` (a number), ``--input "difficulty=very hard"`` (a ladder step)."""
    ladders = {ladder.name for ladder in check.ladders}
    values: dict[str, int | str] = {}
    for item in given:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name or not raw:
            raise UsageError(f"--input {item!r}: write NAME=VALUE, such as --input obstacle=3")
        known = [i.name for i in check.inputs] + sorted(ladders)
        if name not in known:
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
            hint = f"; did you mean {near[0]!r}?" if near else f"; its inputs: {', '.join(known)}"
            raise UsageError(f"--input: check {check.name!r} has no input {name!r}{hint}")
        if name in ladders:
            values[name] = raw
        elif raw.lstrip("-").isdigit():
            values[name] = int(raw)
        else:
            raise UsageError(f"--input {name}={raw}: {name} is a number")
    return values


def rows_by(
    check: Check, given: dict[str, int | str], by: str | None
) -> tuple[str | None, list[Any]]:
    """The input the rows go by and its values: ``--by``, else the first input not given that
    has no usual value (none: one row)."""
    if by is None:
        missing = [i.name for i in check.inputs if i.name not in given and i.usually is None]
        if not missing:
            return None, [None]
        by = missing[0]
    for item in check.inputs:
        if item.name == by:
            return by, list(range(item.low, item.high + 1))
    for ladder in check.ladders:
        if ladder.name == by:
            return by, [step for step, _ in ladder.steps]
    known = [i.name for i in check.inputs] + [ladder.name for ladder in check.ladders]
    raise UsageError(
        f"--by: check {check.name!r} has no input {by!r} (its inputs: {', '.join(known)})"
    )


def _shown(p: Fraction, exact: bool) -> str:
    return str(p) if exact else f"{float(p) * 100:.1f}%"


def odds_of_check(
    ruleset: Any,
    name: str,
    inputs: list[str],
    by: str | None,
    within: int,
    exact: bool,
    as_json: bool,
    rerolls: list[str] | None = None,
    reroll_on: list[str] | None = None,
) -> None:
    """Print (or ``--json``) the odds table of one check; bad input is a ``UsageError``.
    ``rerolls``: the ways the table re-rolls by, in order, each outcome of ``reroll_on``."""
    checks = load_checks(ruleset)
    check = find_check(checks, name, ruleset.name)
    given = parse_inputs(check, inputs)
    column, values = rows_by(check, given, by)
    if bool(rerolls) != bool(reroll_on):
        raise UsageError(
            "--reroll and --reroll-on go together: the ways to re-roll by, and the outcomes "
            "re-rolled (such as --reroll luck --reroll-on failure --reroll-on bane)"
        )
    try:
        if rerolls:
            rows = [_reroll_row(check, given, column, v, rerolls, reroll_on or []) for v in values]
        elif check.repeat is not None:
            rows = [_repeated_row(check, given, column, v, within) for v in values]
        else:
            rows = [_row(check, given, column, v) for v in values]
    except CheckError as error:
        raise UsageError(str(error)) from None
    if as_json:
        print(json.dumps({"check": check.name, "by": column, "rows": rows}, indent=2))
        return
    if rerolls:
        _print_rerolled(check, column, rows, rerolls, reroll_on or [], exact)
        return
    _print_table(check, column, rows, within, exact)


def _judged(judged: Any) -> dict[str, dict[str, str]]:
    return {j: {band: str(p) for band, p in bands.items()} for j, bands in judged.items()}


def _reroll_row(
    check: Check,
    given: dict[str, int | str],
    column: str | None,
    value: Any,
    rerolls: list[str],
    on: list[str],
) -> dict[str, Any]:
    from dsl.dice.rerolls import outcome_odds, reroll_odds

    inputs = dict(given) if column is None else {**given, column: value}
    return {
        "inputs": dict(check.setting(**inputs).inputs),
        "once": {k: str(v) for k, v in outcome_odds(check, **inputs).items()},
        "rerolled": {k: str(v) for k, v in reroll_odds(check, rerolls, set(on), **inputs).items()},
        "rerolls": list(rerolls),
        "reroll on": list(on),
    }


def _print_rerolled(
    check: Check,
    column: str | None,
    rows: list[dict[str, Any]],
    rerolls: list[str],
    on: list[str],
    exact: bool,
) -> None:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    if column is not None:
        table.add_column(column, justify="right")
    bands = list(dict.fromkeys(b for r in rows for b in r["rerolled"]))
    for band in bands:
        table.add_column(band, justify="right")
    for band in bands:
        table.add_column(f"{band} re-rolled", justify="right")
    for row in rows:
        cells = [str(row["inputs"][column])] if column is not None else []
        cells += [_shown(Fraction(row["once"].get(b, "0")), exact) for b in bands]
        cells += [_shown(Fraction(row["rerolled"].get(b, "0")), exact) for b in bands]
        table.add_row(*cells)
    console = Console(highlight=False, width=200)
    fixed = {k: v for k, v in rows[0]["inputs"].items() if k != column}
    title = f"check {check.name!r}" + (
        ", " + ", ".join(f"{k} {v}" for k, v in fixed.items()) if fixed else ""
    )
    console.print(title)
    console.print(f"re-rolling {' or '.join(on)} by {', then '.join(rerolls)} (each re-roll final)")
    console.print(table)


def _row(
    check: Check, given: dict[str, int | str], column: str | None, value: Any
) -> dict[str, Any]:
    inputs = dict(given) if column is None else {**given, column: value}
    odds = check.odds(**inputs)
    return {
        "inputs": dict(odds.inputs),
        "dice": odds.dice,
        "outcomes": {k: str(v) for k, v in odds.outcomes.items()},
        "score": {str(k): str(v) for k, v in odds.score.items()},
        "counts": {c: {str(k): str(v) for k, v in d.items()} for c, d in odds.counts.items()},
        "judged": _judged(odds.judged),
        "error": odds.error,
    }


def _repeated_row(
    check: Check, given: dict[str, int | str], column: str | None, value: Any, within: int
) -> dict[str, Any]:
    inputs = dict(given) if column is None else {**given, column: value}
    odds = check.odds_within(within, **inputs)
    return {
        "inputs": dict(odds.inputs),
        "within": {k: str(v) for k, v in odds.within[-1].items()},
        "eventually": {k: str(v) for k, v in odds.eventually.items()},
        "expected rolls": str(odds.expected_rolls) if odds.expected_rolls is not None else None,
        "judged": _judged(odds.judged),
        "error": odds.error,
    }


def _print_table(
    check: Check, column: str | None, rows: list[dict[str, Any]], within: int, exact: bool
) -> None:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    if column is not None:
        table.add_column(column, justify="right")
    repeated = check.repeat is not None
    if repeated:
        bands = list(dict.fromkeys(b for r in rows for b in r["eventually"]))
        for band in bands:
            table.add_column(f"{band} in {within}", justify="right")
        for band in bands:
            table.add_column(f"{band} in the end", justify="right")
        table.add_column("expected rolls", justify="right")
    else:
        table.add_column("dice", justify="right")
        bands = list(dict.fromkeys(b for r in rows for b in r["outcomes"]))
        for band in bands:
            table.add_column(band, justify="right")
    # a check with no outcome lines (a score only): the chance of each score
    scores = (
        sorted({int(k) for r in rows for k in r["score"]}, key=int)
        if not repeated and not bands
        else []
    )
    for value in scores:
        table.add_column(f"score {value}", justify="right")
    judged = [(j, band) for j, bs in rows[0]["judged"].items() for band in bs if band != "none"]
    for j, band in judged:
        table.add_column(f"{j} {band}" + (" in the end" if repeated else ""), justify="right")
    error = 0.0
    for row in rows:
        cells = [str(row["inputs"][column])] if column is not None else []
        error = max(error, row["error"])
        if repeated:
            cells += [_shown(Fraction(row["within"].get(b, "0")), exact) for b in bands]
            cells += [_shown(Fraction(row["eventually"].get(b, "0")), exact) for b in bands]
            rolls = row["expected rolls"]
            cells.append("never ends" if rolls is None else f"{float(Fraction(rolls)):.2f}")
        else:
            cells.append(str(row["dice"]))
            cells += [_shown(Fraction(row["outcomes"].get(b, "0")), exact) for b in bands]
            cells += [_shown(Fraction(row["score"].get(str(v), "0")), exact) for v in scores]
        cells += [_shown(Fraction(row["judged"][j][band]), exact) for j, band in judged]
        table.add_row(*cells)
    console = Console(highlight=False, width=200)
    fixed = {k: v for k, v in rows[0]["inputs"].items() if k != column}
    title = f"check {check.name!r}" + (
        ", " + ", ".join(f"{k} {v}" for k, v in fixed.items()) if fixed else ""
    )
    console.print(title)
    console.print(table)
    if error:
        console.print(
            f"Bonus dice are followed until going further is less likely than {error:.1e}: "
            "each chance is within that of the exact one."
        )
