"""The playtest report as a designer reads it: in an 80-column terminal and piped, as JSON and
CSV for a script, as a page whose tables sort; each figure with the games it rests on, and the
replay command it prints runs."""

from __future__ import annotations

import csv
import fcntl
import json
import os
import pty
import re
import select
import shlex
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import Any

import pytest

from journal.playtest import figures, store
from journal.playtest.figures import READING

CHRONICLER = str(Path(sys.executable).parent / "chronicler")
GAMES = 12


def in_a_terminal(args: list[str], columns: int, cwd: Path) -> str:
    """What ``chronicler ARGS`` shows in a terminal ``columns`` wide (a pseudo-terminal), with
    its colours taken out."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in {"COLUMNS", "LINES", "NO_COLOR"}}
    env["TERM"] = "xterm-256color"
    process = subprocess.Popen(
        [CHRONICLER, *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env
    )
    os.close(slave)
    shown = b""
    while True:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # the other end closed
                break
            if not data:
                break
            shown += data
        elif process.poll() is not None:
            break
    os.close(master)
    assert process.wait(timeout=300) == 0, shown.decode(errors="replace")[-2000:]
    text = shown.decode("utf-8").replace("\r\n", "\n")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One simulation with every output a designer asks for, and the same report piped."""
    folder = tmp_path_factory.mktemp("report")
    args = ["simulate", "six-winters", "--games", str(GAMES), "--workers", "1", "--quiet"]
    piped = subprocess.run(
        [CHRONICLER, *args, "--store", "s.duckdb", "--html", "report.html", "--csv", "tables"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    as_json = subprocess.run(
        [CHRONICLER, *args, "--store", "j.duckdb", "--json"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    terminal = in_a_terminal([*args, "--store", "t.duckdb"], 80, folder)
    return {
        "folder": folder,
        "piped": piped.stdout,
        "json": json.loads(as_json.stdout),
        "terminal": terminal,
    }


def card_names(report: dict[str, Any]) -> list[str]:
    table = next(t for t in report["tables"] if t["key"] == "cards")
    return [row[0] for row in table["rows"]]


def test_at_80_columns_no_line_is_longer_and_no_word_is_broken(simulated: dict[str, Any]) -> None:
    lines = simulated["terminal"].splitlines()
    assert max(len(line) for line in lines) <= 80
    # The notes wrap between words: joined again with spaces they read as written.
    assert READING in " ".join(line.strip() for line in lines)


def test_at_80_columns_a_card_is_one_row_with_its_count_and_interval(
    simulated: dict[str, Any],
) -> None:
    shown = simulated["terminal"]
    table = shown[shown.index("Cards: win rate when used") :].split("\n\n")[0].splitlines()
    head = next(k for k, line in enumerate(table) if re.match(r"card +used +won when used", line))
    rows = table[head + 1 : next(k for k, line in enumerate(table) if line.startswith("Used:"))]
    assert len(rows) == len(card_names(simulated["json"]))
    for line, name in zip(rows, card_names(simulated["json"]), strict=True):
        label = line[: line.index("  ")].rstrip()
        assert label == name or (label.endswith("…") and name.startswith(label[:-1]))
        figures_shown = line[len(label) :].split()
        assert figures_shown[0].isdigit()  # the sessions the card was used in
        if figures_shown[1] != "-":  # used at least once: a rate and its interval
            assert re.fullmatch(r"\d+\.\d%", figures_shown[1]) and figures_shown[2][0] == "["


def test_piped_each_row_is_one_line_and_nothing_is_cut(simulated: dict[str, Any]) -> None:
    piped = simulated["piped"]
    lines = piped.splitlines()
    for name in card_names(simulated["json"]):
        rows = [line for line in lines if line.startswith(name + " ")]
        assert len(rows) == 2, name  # how often, and the win rate when used: one line each
        assert any("%" in row or "never used" in row for row in rows)
    assert "…" not in piped
    assert READING in lines  # a note is one line, the reader's pager wraps it
    assert len(piped.encode()) < 20_000  # no box drawing: a few KB for a full report


def test_the_report_says_which_figures_are_paired_and_which_are_associations(
    simulated: dict[str, Any],
) -> None:
    tables = {t["key"]: t for t in simulated["json"]["tables"]}
    assert tables["cards"]["basis"] == figures.ASSOCIATION
    assert "not a cause" in tables["cards"]["reading"]
    assert all(t["basis"] == figures.OBSERVED for k, t in tables.items() if k != "cards")
    assert f"association: {figures.BASES[figures.ASSOCIATION]}" in simulated["piped"]


def test_every_rate_in_the_json_shows_its_count_and_an_interval_holding_it(
    simulated: dict[str, Any],
) -> None:
    rates = [
        cell
        for table in simulated["json"]["tables"]
        for row in table["rows"]
        for cell in row
        if isinstance(cell, dict) and "rate" in cell
    ]
    assert len(rates) > 30
    for rate in rates:
        assert isinstance(rate["n"], int)
        if rate["n"]:
            assert rate["low"] <= rate["rate"] <= rate["high"]
            assert rate["high"] - rate["low"] > 0  # even at 0 or n wins: Wilson's keeps a width
    overview = simulated["json"]["tables"][0]
    assert overview["rows"][0][6]["n"] == GAMES


def test_the_csv_of_the_cards_holds_the_json_figures(simulated: dict[str, Any]) -> None:
    # The same seeds and bot as the JSON run: the same games, so the same figures.
    with (simulated["folder"] / "tables" / "cards.csv").open(newline="") as file:
        rows = {row["card"]: row for row in csv.DictReader(file)}
    table = next(t for t in simulated["json"]["tables"] if t["key"] == "cards")
    for name, kind, used, when_used, _when_not, difference in table["rows"]:
        row = rows[name]
        assert row["kind"] == kind and int(row["used"]) == used
        assert int(row["won when used n"]) == when_used["n"] == used
        if when_used["rate"] is None:
            assert row["won when used"] == ""
        else:
            assert float(row["won when used"]) == pytest.approx(when_used["rate"], abs=1e-5)
        if difference["difference"] is not None:
            assert float(row["difference low"]) == pytest.approx(difference["low"], abs=1e-5)


def test_the_printed_replay_command_runs(simulated: dict[str, Any]) -> None:
    said = next(
        line for line in simulated["piped"].splitlines() if line.startswith("Replay a game: ")
    )
    command = shlex.split(said.removeprefix("Replay a game: "))
    assert command[:2] == ["chronicler", "play"] and command[2] == "six-winters"
    replayed = subprocess.run(
        [CHRONICLER, *command[1:]],
        cwd=simulated["folder"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("Game 1000000 of six-winters")
    page = (simulated["folder"] / "report.html").read_text()
    assert f"<code>{shlex.join(command)}</code>" in page
    assert simulated["json"]["replay"].startswith("chronicler play six-winters --replay ")


def test_the_replay_command_quotes_a_folder_with_a_space(tmp_path: Path) -> None:
    command = store.replay_command("my winters/", 3_000_001, tmp_path / "a store.duckdb")
    assert shlex.split(command)[2] == "my winters/"
    assert shlex.split(command)[-1] == str(tmp_path / "a store.duckdb")


def test_the_page_sorts_the_card_table_by_a_column(simulated: dict[str, Any]) -> None:
    from pages_in_browser import open_pages

    click_used_twice = """(() => {
      const table = document.querySelector("#cards table");
      const button = table.tHead.rows[0].cells[2].querySelector("button");
      const used = () => Array.from(table.tBodies[0].rows, r => Number(r.cells[2].textContent));
      button.click();
      const up = used();
      button.click();
      return {up: up, down: used(), sort: table.tHead.rows[0].cells[2].getAttribute("aria-sort"),
              buttons: table.querySelectorAll("th button").length};
    })()"""
    [result] = open_pages([simulated["folder"] / "report.html"], evaluate=click_used_twice)
    assert result["errors"] == []
    value = result["value"]
    assert value["buttons"] == 6
    assert value["up"] == sorted(value["up"]) and value["down"] == sorted(value["up"])[::-1]
    assert value["sort"] == "descending"


def test_a_card_used_in_one_lost_session_shows_a_wide_interval_and_its_count(
    tmp_path: Path,
) -> None:
    """The issue's "Life of the Party": used once, in a session that was lost, among sessions
    mostly won. Its difference rests on one session, and its interval says so."""
    con = store.connect(tmp_path / "s.duckdb")
    run = store.new_run(con, ruleset="t", digest="d", bot="b", year=1, games=40, side="A")
    for k in range(40):
        gid = store.game_id(run, k)
        won = k != 0  # the first session lost, every other won
        con.execute(
            "INSERT INTO games (game_id, run_id, seed, won) VALUES (?, ?, ?, ?)", [gid, run, k, won]
        )
        con.execute(
            "INSERT INTO sessions (game_id, year, counted, won) VALUES (?, 1, true, ?)", [gid, won]
        )
        used = 1 if k == 0 else 0
        con.execute(
            "INSERT INTO cards VALUES (?, 1, 'Life of the Party', 'ability', 1, 1, 0, ?, 0)",
            [gid, used],
        )
    table = figures.cards(con, [run])
    con.close()
    [[name, _kind, used, when_used, when_not, difference]] = table.rows
    assert name == "Life of the Party" and used == 1
    assert (when_used.hits, when_used.n) == (0, 1) and when_used.interval[1] > 0.75
    assert (when_not.hits, when_not.n) == (39, 39)
    value, low, high = difference.estimate
    assert value == -1.0 and difference.n == 1
    assert high - low > 0.7  # one session: it could be almost anything
    assert table.basis == figures.ASSOCIATION


def test_bad_csv_folder_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file")
    done = subprocess.run(
        [CHRONICLER, "simulate", "six-winters", "--games", "1", "--csv", "taken"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "--csv taken: a file is there" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "simulations.duckdb").exists()
