"""``simulate --cluster``: the same games on a real Dask cluster started by the test."""

from __future__ import annotations

import sys
from pathlib import Path

import duckdb
import pytest
from distributed import LocalCluster

from journal.cli import main


def stored(db: Path) -> list[tuple[int, bool, str]]:
    con = duckdb.connect(str(db), read_only=True)
    errors = con.execute("SELECT error FROM games WHERE error IS NOT NULL").fetchall()
    assert not errors, errors[0]
    rows = con.execute(
        "SELECT g.seed, g.won, s.answers FROM games g JOIN sessions s USING (game_id) "
        "ORDER BY g.seed"
    ).fetchall()
    con.close()
    return rows


ROOT = Path(__file__).resolve().parents[2]


def test_a_cluster_plays_the_same_games_as_this_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers start with this process's import path, where pytest put the test folders
    # (tests/rules would hide the rules package); a real cluster's workers have Chronicler
    # installed and no tests on their path.
    tests = str(ROOT / "tests")
    monkeypatch.setattr(sys, "path", [str(ROOT), *(p for p in sys.path if not p.startswith(tests))])
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_cluster = tmp_path / "cluster.duckdb"
        code = main(
            [
                "simulate",
                "six-winters",
                "--games",
                "4",
                "--bot",
                "random",
                "--cluster",
                cluster.scheduler_address,
                "--workers",
                "2",
                "--store",
                str(on_cluster),
                "--quiet",
            ]
        )
        assert code == 0
    here = tmp_path / "here.duckdb"
    code = main(
        [
            "simulate",
            "six-winters",
            "--games",
            "4",
            "--bot",
            "random",
            "--workers",
            "1",
            "--store",
            str(here),
            "--quiet",
        ]
    )
    assert code == 0
    capsys.readouterr()
    assert stored(on_cluster) == stored(here)
    assert len(stored(here)) == 4


def test_a_cluster_that_does_not_answer_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "simulate",
            "six-winters",
            "--games",
            "1",
            "--cluster",
            "tcp://127.0.0.1:9",
            "--store",
            str(tmp_path / "s.duckdb"),
            "--quiet",
        ]
    )
    _, err = capsys.readouterr()
    assert code == 1 and "no scheduler answers" in err
