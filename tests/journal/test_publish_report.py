"""``chronicler publish --report STORE``: the playtest report of a simulation store becomes a
page of the campaign site, with its charts, one nav link away, and whatever the store holds
reaches the page as text."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal.db import Journal
from journal.playtest import runner, store
from journal.playtest.games import Plan
from rules import registry

HOSTILE_CARD = "<script>alert('card')</script>"
HOSTILE_RULESET = '<img src=x onerror="alert(1)">'


@pytest.fixture(scope="module")
def simulations(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of four heuristic-bot year-1 games, as ``chronicler simulate`` leaves it."""
    path = tmp_path_factory.mktemp("store") / "sim.duckdb"
    con = store.connect(path)
    game = registry.find("six-winters")
    runs = runner.start_runs(con, [Plan(game, "heuristic", 1)], [0, 1, 2, 3], "test")
    assert runner.play_runs(con, runs, workers=1)
    con.close()
    return path


def _hostile_copy(simulations: Path, tmp_path: Path) -> Path:
    """The store with a card and the ruleset renamed to markup, as a hostile text could."""
    path = tmp_path / "hostile.duckdb"
    path.write_bytes(simulations.read_bytes())
    con = store.connect(path)
    con.execute("UPDATE runs SET ruleset = ?", [HOSTILE_RULESET])
    first = con.execute("SELECT card FROM cards WHERE used > 0 LIMIT 1").fetchone()[0]
    con.execute("UPDATE cards SET card = ? WHERE card = ?", [HOSTILE_CARD, first])
    con.close()
    return path


def test_the_report_is_a_page_of_the_site_with_its_charts(
    recorded: Journal, simulations: Path, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "site-out"
    ran = cli("publish", "--campaign", "Demo", "--out", str(out), "--report", str(simulations))
    assert ran.code == 0, ran.err
    page = (out / "site" / "playtest.html").read_text()
    assert "Playtest report: six-winters, heuristic bot, year 1" in page
    for section in ("overview", "schemes", "conditions", "runouts", "cards", "scenes"):
        assert f'id="{section}"' in page
    assert "<svg" in page and "<rect" in page  # the charts
    assert 'href="playtest.html"' in (out / "site" / "index.html").read_text()  # the nav link


def test_hostile_values_in_the_store_reach_the_page_as_text(
    recorded: Journal, simulations: Path, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    hostile = _hostile_copy(simulations, tmp_path)
    out = tmp_path / "site-out"
    ran = cli("publish", "--campaign", "Demo", "--out", str(out), "--report", str(hostile))
    assert ran.code == 0, ran.err
    page = (out / "site" / "playtest.html").read_text()
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(" in page  # the card's name, shown as written
    assert "&lt;img src=x onerror=" in page


def test_a_report_that_is_no_store_is_told_in_one_line(
    recorded: Journal, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    missing = cli(
        "publish", "--campaign", "Demo", "--out", str(tmp_path / "a"), "--report", "nope.duckdb"
    )
    assert missing.code != 0 and "no simulation store at nope.duckdb" in missing.err
    assert "Traceback" not in missing.err
    not_store = tmp_path / "other.duckdb"
    import duckdb

    duckdb.connect(str(not_store)).close()
    ran = cli(
        "publish", "--campaign", "Demo", "--out", str(tmp_path / "b"), "--report", str(not_store)
    )
    assert ran.code != 0 and "is not a simulation store" in ran.err


def test_a_run_the_store_does_not_hold_is_refused(
    recorded: Journal, simulations: Path, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    ran = cli(
        "publish",
        "--campaign",
        "Demo",
        "--out",
        str(tmp_path / "c"),
        "--report",
        str(simulations),
        "--report-run",
        "99",
    )
    assert ran.code != 0 and "has no run 99 (runs: 1)" in ran.err
