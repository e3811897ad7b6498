"""Two writers at once: both land, nothing is lost, scene numbers stay unique."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

from writers import record_scenes

from journal.db import open_journal
from journal.six_winters import ledger

COUNT = 25


def shared_journal(path: Path) -> None:
    with open_journal(path) as journal:

        def write(s):  # type: ignore[no-untyped-def]
            campaign = ledger.create_campaign(s, "Shared")
            ledger.start_year(s, campaign, 1, "Sow Discord", ["Parin", "Kanun"])

        journal.write(write)


def recorded_scenes(path: Path) -> list[tuple[int, str, int]]:
    with open_journal(path) as journal, journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Shared"), 1)
        return [
            (sc.number, sc.scene, len(ledger.plays_of(s, sc)))
            for sc in ledger.scenes_of(s, session)
        ]


def check_both_landed(path: Path, writers: list[str]) -> None:
    scenes = recorded_scenes(path)
    assert sorted(number for number, _, _ in scenes) == list(range(1, COUNT * len(writers) + 1))
    for who in writers:
        mine = [name for _, name, _ in scenes if name.startswith(f"{who} ")]
        assert sorted(mine) == sorted(f"{who} scene {n}" for n in range(COUNT))
    assert all(plays == 1 for _, _, plays in scenes)


def test_two_processes_recording_at_once_both_land(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.db"
    shared_journal(path)
    context = multiprocessing.get_context("spawn")
    processes = [
        context.Process(target=record_scenes, args=(str(path), who, COUNT)) for who in ("A", "B")
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    check_both_landed(path, ["A", "B"])


def test_two_threads_recording_at_once_both_land(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.db"
    shared_journal(path)
    errors: list[BaseException] = []

    def run(who: str) -> None:
        try:
            record_scenes(str(path), who, COUNT)
        except BaseException as error:  # collected: a thread's failure must fail the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=(who,)) for who in ("C", "D")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    check_both_landed(path, ["C", "D"])
