"""``chronicler simulate``: many seeded games of a ruleset, stored, and the playtest report."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.errors import ChroniclerError, UsageError
from journal.limits import SEED_MAX

if TYPE_CHECKING:
    from dsl.contract import Ruleset

SIMULATE_HELP = (
    "Let a bot play many seeded games of a ruleset and report what the text does.\n\n"
    "Every game is stored (--store, a DuckDB file) with its ruleset's digest, seed, bot and "
    "answers: 'chronicler play RULESET --replay GAME' shows any of them turn by turn. "
    "--compare plays the same seeds on another folder or a git revision of the ruleset and "
    "gives the differences with 95% intervals; --supply-sweep plays the text with each "
    "supply size; --ablate takes each named card out of the text in turn. The report is "
    "tables in the terminal, JSON with --json, one CSV a table with --csv, a page with "
    "--html. Ctrl-C stops and keeps the games that finished; games are committed as they "
    "come, so a kill loses only the last second's, and the next run on the store says what "
    "it found.\n\n"
    "A game played by seats (players against players) is reported as a balance report: the "
    "win rate per seat, per place in the turn order (the first player's advantage) and per "
    "bot pairing (--bot heuristic,random seats one bot a seat, each in each seat in turn "
    "over the seeds), the score by category, the game's length in rounds and decisions, and "
    "which cards the winners ordered, gained and played against the losers; with --compare, "
    "each figure side by side with the difference and whether it is beyond noise.\n\n"
    "Example: chronicler simulate six-winters --games 1000 --year 1 --compare HEAD~1"
)

SWEEP = "6,7,8,9,10,unbounded"
UNBOUNDED = 1000  # more dice of a resource than a session ever puts in play
MOST_WORKERS = 256  # local processes; each is a whole Python with the ruleset loaded


def register(app: typer.Typer) -> None:
    app.command("simulate", help=SIMULATE_HELP)(simulate_command)


def simulate_command(
    game: str | None = typer.Argument(
        None,
        help="The ruleset: a name (six-winters) or its folder (default: the current campaign's).",
        show_default=False,
    ),
    games: int = typer.Option(
        100, "--games", help="Games to play (of the year --year), at most 1,000,000."
    ),
    year: int = typer.Option(1, "--year", help="The campaign year each game counts, 1-6."),
    campaigns: int | None = typer.Option(
        None,
        "--campaigns",
        help="Play this many whole six-year campaigns instead of --games.",
        show_default=False,
    ),
    bot: str | None = typer.Option(
        None,
        "--bot",
        help="The bot that plays every side (default: the ruleset's own); a comma list seats "
        "one a seat (heuristic,random).",
        show_default=False,
    ),
    seed: int = typer.Option(
        0, "--seed", help="The first seed; games use seed, seed+1, ...", min=0, max=SEED_MAX
    ),
    workers: int = typer.Option(
        0, "--workers", help="Worker processes (0: one per core; at most 256).", show_default=False
    ),
    cluster: str | None = typer.Option(
        None,
        "--cluster",
        help="Run on Dask: 'local' or a scheduler's address.",
        show_default=False,
    ),
    compare: str | None = typer.Option(
        None,
        "--compare",
        help="Another folder or a git revision of the ruleset: paired seeds.",
        show_default=False,
    ),
    supply_sweep: str | None = typer.Option(
        None,
        "--supply-sweep",
        help=f"Supply sizes to play, comma-separated ({SWEEP}); 'default' for that list.",
        show_default=False,
    ),
    ablate: str | None = typer.Option(
        None,
        "--ablate",
        help="Cards to take out one at a time, comma-separated; 'abilities', 'assets' or 'all'.",
        show_default=False,
    ),
    store_file: str = typer.Option(
        "simulations.duckdb", "--store", help="The DuckDB file games are stored in."
    ),
    html_file: str | None = typer.Option(
        None, "--html", help="Also write the report as one HTML page here.", show_default=False
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print the report as JSON (numbers, intervals, counts) instead."
    ),
    csv_folder: str | None = typer.Option(
        None,
        "--csv",
        help="Also write each table as a CSV file in this folder (cards.csv, scenes.csv...).",
        show_default=False,
    ),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
) -> None:
    from journal.outputs import file_to_write
    from journal.rulesets import find_ruleset

    from . import balance, figures, report, runner, store, texts
    from .games import Plan

    # written after every game is played: a name that cannot be written is told first
    store_path = file_to_write(Path(store_file), "--store")
    html_path = file_to_write(Path(html_file), "--html") if html_file else None
    csv_path = Path(csv_folder) if csv_folder else None
    if csv_path is not None and csv_path.exists() and not csv_path.is_dir():
        raise UsageError(f"--csv {csv_folder}: a file is there; give a folder")
    found = find_ruleset(game)
    playtest = found.playtest
    if playtest is None or found.bots is None:
        raise ChroniclerError(f"{found.name} cannot be simulated: no bot plays it")
    bot = bot or found.bots.default
    if bot not in found.bots.names():
        raise UsageError(f"unknown bot {bot!r}; known: {', '.join(sorted(found.bots.names()))}")
    if campaigns is not None:
        if campaigns < 1:
            raise UsageError(f"--campaigns must be at least 1, got {campaigns}")
        count, counted_year = campaigns, None
    else:
        if games < 1:
            raise UsageError(f"--games must be at least 1, got {games}")
        if not 1 <= year <= playtest.sessions:
            raise UsageError(f"--year must be 1-{playtest.sessions}, got {year}")
        count, counted_year = games, year
    if count > store.GAMES_PER_RUN:  # a game's id is its run's and its place in the run
        what = "--campaigns" if campaigns is not None else "--games"
        raise UsageError(f"{what} is at most {store.GAMES_PER_RUN:,} a run, got {count:,}")
    if seed + count - 1 > SEED_MAX:  # every game's seed is recorded, as every seed is
        raise UsageError(f"--seed: the last game's seed would be past {SEED_MAX}")
    if not 0 <= workers <= MOST_WORKERS:
        raise UsageError(f"--workers is 0 to {MOST_WORKERS}, got {workers}")
    workers = workers or os.cpu_count() or 1
    found.load()  # the text must compile before any game: its errors, every one, at once
    base = Plan(found, bot, counted_year)
    plans = [base]
    labels = {0: found.name}
    if compare is not None:
        other = texts.other_side(found, compare)
        try:
            other.load()
        except ChroniclerError as error:  # the argument names a text that does not check
            lines = error.message.splitlines()
            more = f" (and {len(lines) - 1} more: chronicler check)" if len(lines) > 1 else ""
            raise UsageError(f"--compare {compare}: {lines[0]}{more}") from None
        plans.append(Plan(other, bot, counted_year, side="B", variant=f"compare {compare}"))
    sizes = _sizes(supply_sweep) if supply_sweep else []
    if sizes and playtest.supply_value is None:
        raise UsageError(f"--supply-sweep: {found.name} declares no supply to vary")
    for size in sizes:
        label = "unbounded" if size == UNBOUNDED else str(size)
        variant = texts.with_value(found, str(playtest.supply_value), size)
        plans.append(Plan(variant, bot, counted_year, side="S", variant=f"supply {label}"))
    refused: list[tuple[str, str]] = []
    for card in _cards(found, ablate) if ablate else []:
        try:
            variant = texts.without_card(found, card)
            variant.load()
        except ChroniclerError as error:
            refused.append((card, error.message.splitlines()[0]))
            continue
        plans.append(Plan(variant, bot, counted_year, side="X", variant=f"without {card}"))
    console = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    con = store.connect(store_path)
    try:
        for run_id, label, done, asked in store.left_unfinished(con):
            err.print(
                f"[bold yellow]found:[/] run {run_id} ({escape(label)}) stopped after {done} of "
                f"{asked} games without finishing (a kill?); its {done} games are kept in "
                f"{escape(str(store_path))}",
                markup=True,
            )
        seeds = list(range(seed, seed + count))
        runs = runner.start_runs(con, plans, seeds, label=f"{game or found.name} x{count}")
        total = len(runs) * count
        completed = _play(con, runs, workers, cluster, total, quiet, err)
        for run in runs:
            if run.finished and len(run.errors) == run.finished:
                what = run.plan.variant or run.plan.game.name
                raise ChroniclerError(
                    f"every game of {what} stopped on an error (stored in {store_path}), "
                    f"first: {run.errors[0]}"
                )
        ids = [runs[0].run_id]
        title = f"Playtest report: {found.name}, {bot} bot" + (
            ""
            if playtest.sessions == 1
            else f", year {counted_year}"
            if counted_year
            else ", whole campaigns"
        )
        tables = figures.report(
            con,
            ids,
            campaigns=counted_year is None,
            shown=playtest.figures,
            sessions=playtest.sessions,
            more=balance.FIGURES,
        )
        tables += _extra_tables(con, runs, refused, labels, compare)
        run_ids = [r.run_id for r in runs]
        header = report.Header(
            title,
            f"{count} {'campaigns' if counted_year is None else 'games'} a side, seeds "
            f"{seed}-{seed + count - 1}; store {store_path}, runs "
            + ", ".join(str(r) for r in run_ids),
            store.replay_command(game or found.name, store.game_id(runs[0].run_id, 0), store_path),
        )
        if as_json:
            typer.echo(
                report.as_json(tables, header, store=str(store_path), runs=run_ids), nl=False
            )
        else:
            report.show(console, tables, header)
        for run in runs:
            if run.errors:
                what = run.plan.variant or "the ruleset"
                err.print(
                    f"[bold yellow]warning:[/] {len(run.errors)} games of {escape(what)} "
                    f"stopped on an error, first: {escape(run.errors[0])}",
                    markup=True,
                )
        said = err if as_json else console  # JSON alone on stdout
        if html_path is not None:
            html_path.write_text(report.page(tables, header), encoding="utf-8")
            said.print(f"Report page: {escape(str(html_path))}")
        if csv_path is not None:
            written = report.write_csv(tables, csv_path)
            said.print(f"CSV: {len(written)} tables in {escape(str(csv_path))}")
        if not completed:
            err.print("[bold yellow]interrupted:[/] the games finished are stored", markup=True)
            raise typer.Exit(130)
    finally:
        con.close()


def _sizes(spec: str) -> list[int]:
    words = SWEEP.split(",") if spec.strip() == "default" else spec.split(",")
    sizes = []
    for word in (w.strip() for w in words):
        if word == "unbounded":
            sizes.append(UNBOUNDED)
        elif word.isdigit() and int(word) > 0:
            sizes.append(int(word))
        else:
            raise UsageError(
                f"--supply-sweep: {word!r} is not a supply size (a number or unbounded)"
            )
    return sizes


def _plural(kind: str) -> str:
    return kind[:-1] + "ies" if kind.endswith("y") else kind + "s"


def _cards(found: Ruleset, spec: str) -> list[str]:
    """The cards --ablate names: each by name, or every card of a kind the ruleset lets a
    simulation take out ('abilities', 'assets'), or all of them ('all')."""
    from dsl.diagnostics import did_you_mean

    assert found.playtest is not None
    compiled = found.compiled()
    groups = {
        _plural(kind): sorted(c.name for c in compiled.cards(kind))
        for kind in found.playtest.ablate_kinds
    }
    groups["all"] = [name for names in groups.values() for name in names]
    if spec.strip() in groups:
        return groups[spec.strip()]
    names = [n.strip() for n in spec.split(",") if n.strip()]
    known = set(groups["all"])
    for name in names:
        if name not in known:
            what = " or ".join(found.playtest.ablate_kinds) or "card"
            near = did_you_mean(name, sorted(known)) or f"; known: {', '.join(sorted(known))}"
            raise UsageError(f"--ablate: no {what} named {name!r}{near}")
    return names


def _play(
    con: Any,
    runs: list[Any],
    workers: int,
    cluster: str | None,
    total: int,
    quiet: bool,
    err: Console,
) -> bool:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from . import runner

    if quiet:
        return runner.play_runs(con, runs, workers=workers, cluster=cluster)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=total)
        return runner.play_runs(
            con,
            runs,
            workers=workers,
            cluster=cluster,
            on_game=lambda n: progress.advance(task, n),
        )


def _extra_tables(
    con: Any,
    runs: list[Any],
    refused: list[tuple[str, str]],
    labels: dict[int, str],
    compare: str | None,
) -> list[Any]:
    from . import balance, figures

    tables = []
    base = runs[0]
    for run in runs[1:]:
        if run.plan.side == "B":
            # a game of seats is compared seat by seat; a campaign game by its results
            compare_by = (
                balance.compared if balance.has_seats(con, base.run_id) else figures.compared
            )
            tables.append(compare_by(con, base.run_id, run.run_id, (labels[0], f"{compare}")))
    sweep = [r for r in runs if r.plan.side == "S"]
    if sweep:
        tables.append(figures.supply_sweep(con, [(r.plan.variant, r.run_id) for r in sweep]))
    ablated = [r for r in runs if r.plan.side == "X"]
    if ablated or refused:
        tables.append(
            figures.ablation(
                con, base.run_id, [(r.plan.variant, r.run_id) for r in ablated], refused
            )
        )
    return tables
