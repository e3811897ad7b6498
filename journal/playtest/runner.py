"""Running a simulation's games: in this process, in local worker processes, or on a Dask
cluster; finished games are committed to the store as they come (every second or so, with the
run's count of them), so Ctrl-C keeps what finished and a kill loses only the games of the
last second and those still being played.

Work goes out in chunks of a few games (one task each) so the per-task overhead stays small
beside the games, and results come back as they finish.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from . import store
from .games import Plan, play_chunk, start_worker
from .texts import digest, rules_files

Done = tuple[int, list[int], list[dict[str, Any]]]  # plan index, game indices, games
# A commit costs about 0.1 s whatever it holds (DuckDB reads each table's rows from a CSV file):
# once a second keeps it a small share of the parent's time, which mostly waits on workers.
FLUSH_SECONDS = 1.0


@dataclass
class Run:
    """One side of a simulation as stored: its plan, its run id, its seeds."""

    plan: Plan
    run_id: int
    seeds: list[int]
    finished: int = 0
    label: str = ""
    errors: list[str] = field(default_factory=list)


def start_runs(con: Any, plans: Sequence[Plan], seeds: Sequence[int], label: str) -> list[Run]:
    runs = []
    for plan in plans:
        text = rules_files(plan.game.folder)
        key = digest(plan.game)
        store.keep_text(con, key, plan.game.name, plan.game.package, text)
        run_id = store.new_run(
            con,
            ruleset=plan.game.name,
            digest=key,
            bot=plan.bot,
            year=plan.year,
            campaigns=plan.year is None,
            first_seed=seeds[0] if seeds else 0,
            games=len(seeds),
            side=plan.side,
            variant=plan.variant,
            label=label,
        )
        runs.append(Run(plan, run_id, list(seeds), label=label))
    return runs


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(50, games // max(1, workers * 8)))


def _tasks(runs: Sequence[Run], size: int) -> list[tuple[int, list[int]]]:
    """(run index, game indices) chunks, the runs interleaved so paired sides finish together."""
    longest = max((len(r.seeds) for r in runs), default=0)
    tasks = []
    for start in range(0, longest, size):
        for i, run in enumerate(runs):
            idx = list(range(start, min(start + size, len(run.seeds))))
            if idx:
                tasks.append((i, idx))
    return tasks


def _local(runs: Sequence[Run], tasks: list[tuple[int, list[int]]]) -> Iterator[Done]:
    for i, idx in tasks:
        yield i, idx, play_chunk(runs[i].plan, [runs[i].seeds[j] for j in idx])


def _processes(
    runs: Sequence[Run], tasks: list[tuple[int, list[int]]], workers: int
) -> Iterator[Done]:
    games = tuple({id(r.plan.game): r.plan.game for r in runs}.values())
    pool = ProcessPoolExecutor(max_workers=workers, initializer=start_worker, initargs=(games,))
    todo = iter(tasks)
    running: dict[Future[list[dict[str, Any]]], tuple[int, list[int]]] = {}

    def submit() -> None:
        for i, idx in todo:
            running[pool.submit(play_chunk, runs[i].plan, [runs[i].seeds[j] for j in idx])] = (
                i,
                idx,
            )
            if len(running) >= workers * 2:
                return

    try:
        submit()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                i, idx = running.pop(future)
                yield i, idx, future.result()
            submit()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _cluster(
    runs: Sequence[Run], tasks: list[tuple[int, list[int]]], address: str, workers: int
) -> Iterator[Done]:
    from .cluster import client_for

    with client_for(address, workers) as client:
        from distributed import as_completed

        futures = {}
        for i, idx in tasks:
            future = client.submit(
                play_chunk, runs[i].plan, [runs[i].seeds[j] for j in idx], pure=False
            )
            futures[future] = (i, idx)
        try:
            for future in as_completed(futures):
                i, idx = futures[future]
                yield i, idx, future.result()
        finally:
            client.cancel(list(futures))


def play_runs(
    con: Any,
    runs: Sequence[Run],
    *,
    workers: int = 1,
    cluster: str | None = None,
    on_game: Callable[[int], None] | None = None,
    flush_seconds: float = FLUSH_SECONDS,
) -> bool:
    """Play every run's games and store them, committed every ``flush_seconds`` with each
    run's count of finished games. Returns False when interrupted (Ctrl-C): the games
    finished by then are stored and the runs say how many."""
    total = sum(len(r.seeds) for r in runs)
    tasks = _tasks(runs, chunk_size(total, workers))
    if cluster:
        results = _cluster(runs, tasks, cluster, workers)
    elif workers > 1:
        results = _processes(runs, tasks, workers)
    else:
        results = _local(runs, tasks)
    writer = store.Writer(con)
    interrupted = False
    committed = time.monotonic()
    try:
        for i, idx, games in results:
            run = runs[i]
            for j, game in zip(idx, games, strict=True):
                writer.add(run.run_id, j, game, run.plan.year)
                if game["error"]:
                    run.errors.append(f"seed {game['seed']}: {game['error']}")
            run.finished += len(games)
            if writer.pending() >= 2000 or time.monotonic() - committed >= flush_seconds:
                store.commit(con, writer, [(r.run_id, r.finished) for r in runs])
                committed = time.monotonic()
            if on_game is not None:
                on_game(len(games))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if hasattr(results, "close"):
            results.close()
        writer.flush()
        for run in runs:
            store.finish_run(con, run.run_id, run.finished, interrupted)
    return not interrupted
