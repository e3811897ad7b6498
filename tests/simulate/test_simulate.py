"""``chronicler simulate`` as a designer runs it: games stored and replayable, the text compared
with another version, supply sizes swept, cards taken out, bad input told in one line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from journal.cli import main
from journal.playtest import figures, report, runner, store, texts
from journal.playtest.games import Plan
from rules import registry


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_game_is_stored_and_replays_as_play_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "sim.duckdb"
    code, out, _ = run(
        capsys,
        "simulate",
        "six-winters",
        "--games",
        "3",
        "--seed",
        "5",
        "--workers",
        "1",
        "--store",
        str(db),
        "--quiet",
        "--html",
        str(tmp_path / "report.html"),
    )
    assert code == 0, out
    assert "Why sessions are lost" in out and "Resource dice running out" in out
    page = (tmp_path / "report.html").read_text()
    for section in ("overview", "schemes", "pairs", "conditions", "runouts", "cards", "scenes"):
        assert f'<section id="{section}">' in page
    assert "<svg" in page
    assert "<script src" not in page and "https:" not in page  # our own script; nothing fetched
    con = duckdb.connect(str(db), read_only=True)
    games = con.execute("SELECT game_id, seed FROM games ORDER BY seed").fetchall()
    answers = con.execute("SELECT count(*) FROM sessions WHERE length(answers) > 2").fetchone()
    con.close()
    assert [seed for _, seed in games] == [5, 6, 7]
    assert answers == (3,)
    game_id = games[1][0]
    code, replayed, _ = run(
        capsys, "play", "six-winters", "--replay", str(game_id), "--store", str(db), "--json"
    )
    assert code == 0
    code, played, _ = run(capsys, "play", "six-winters", "--seed", "6", "--json")
    assert code == 0
    assert replayed == played and replayed.count("\n") > 100


def test_a_game_replays_from_its_stored_text_after_the_text_changed(tmp_path: Path) -> None:
    game = registry.find("six-winters")
    changed = texts.with_value(game, "threat pool", 2)
    db = tmp_path / "sim.duckdb"
    con = store.connect(db)
    runs = runner.start_runs(con, [Plan(changed, "heuristic", 1)], [3], label="test")
    assert runner.play_runs(con, runs)
    gid = store.game_id(runs[0].run_id, 0)
    info, sessions = store.stored_game(con, gid)
    con.close()
    assert info["digest"] != texts.digest(game)
    again = texts.materialize(info["files"], game.package, "again")
    assert again.playtest is not None
    replayed = again.playtest.replay(sessions)
    assert replayed.events[0].data["threat_pool"] == 2


def test_compare_with_the_same_text_at_a_revision_shows_no_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "six-winters",
        "--games",
        "3",
        "--workers",
        "1",
        "--compare",
        "HEAD",
        "--store",
        str(tmp_path / "s.duckdb"),
        "--quiet",
    )
    assert code == 0
    head = texts.at_revision(registry.find("six-winters"), "HEAD")
    same = texts.digest(head) == texts.digest(registry.find("six-winters"))
    assert "(3 paired seeds)" in out
    if same:  # the working text is the committed one: the paired differences are all zero
        win_rate = next(line for line in out.splitlines() if line.startswith("win rate"))
        value, low, high = re.findall(r"[+-]\d+(?:\.\d+)?", win_rate.split("%")[-1])
        # ... and three seeds cannot say more than that: the interval is wide, and holds 0
        assert float(value) == 0 and float(low) <= -20 and float(high) >= 20


def test_compare_finds_a_change_that_makes_the_game_harder(tmp_path: Path) -> None:
    game = registry.find("six-winters")
    # five scenes to win where a session's bots complete about three: fewer wins on any seeds
    # (a threat pool of 1 only made the heuristic bot play safer: wins moved either way)
    harder = texts.with_value(game, "scenes to win", 5)
    con = store.connect(tmp_path / "s.duckdb")
    seeds = list(range(6))
    runs = runner.start_runs(
        con, [Plan(game, "heuristic", 1), Plan(harder, "heuristic", 1, side="B")], seeds, "t"
    )
    runner.play_runs(con, runs)
    table = figures.compared(con, runs[0].run_id, runs[1].run_id, ("before", "after"))
    con.close()
    figure, pairs, before, after, difference = table.rows[0]
    assert figure == "win rate" and pairs == 6
    assert after.value < before.value
    assert difference.value < 0 and str(difference).startswith("-")


def test_a_supply_variant_changes_the_declared_value_and_nothing_else() -> None:
    game = registry.find("six-winters")
    variant = texts.with_value(game, "resource dice per resource", 9)
    assert variant.load().value("resource dice per resource") == 9
    before, after = texts.rules_files(game.folder), texts.rules_files(variant.folder)
    assert [n for n in before if before[n] != after[n]] == ["ruleset.rules"]


def test_an_unbounded_supply_never_runs_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "six-winters",
        "--games",
        "4",
        "--workers",
        "1",
        "--supply-sweep",
        "3,unbounded",
        "--store",
        str(tmp_path / "s.duckdb"),
        "--quiet",
    )
    assert code == 0
    sweep = out[out.index("Supply size") :].splitlines()
    rows = {line.split()[0]: line.split() for line in sweep if line[:1].isalnum()}
    assert rows["unbounded"][:3] == ["unbounded", "4", "0.0%"]
    assert rows["3"][:3] == ["3", "4", "100.0%"]  # three dice of each run out every game


def test_a_card_taken_out_is_gone_from_the_game() -> None:
    game = registry.find("six-winters")
    without = texts.without_card(game, "Azadeh")
    assert "Azadeh" not in without.load().assets
    assert "Azadeh" in game.load().assets


def test_ablation_reports_each_card_taken_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "six-winters",
        "--games",
        "2",
        "--workers",
        "1",
        "--ablate",
        "Azadeh,Ride Swiftly",
        "--store",
        str(tmp_path / "s.duckdb"),
        "--quiet",
    )
    assert code == 0
    table = out[out.index("win rate without it") :]
    assert "Azadeh" in table and "Ride Swiftly" in table


def test_ctrl_c_keeps_the_games_that_finished(tmp_path: Path) -> None:
    game = registry.find("six-winters")
    con = store.connect(tmp_path / "s.duckdb")
    runs = runner.start_runs(con, [Plan(game, "random", 1)], list(range(6)), "t")

    def interrupt(done: int) -> None:
        if runs[0].finished >= 2:
            raise KeyboardInterrupt

    assert runner.play_runs(con, runs, on_game=interrupt) is False
    stored = con.execute("SELECT count(*) FROM games").fetchone()[0]
    finished, interrupted = con.execute("SELECT finished, interrupted FROM runs").fetchone()
    con.close()
    assert stored == finished == 2 and interrupted


def _killed_after(path: Path, results: int) -> None:
    """In a child process: start a run of 40 games and SIGKILL itself once ``results`` chunks
    of games are back (no finally runs, nothing is flushed on the way out)."""
    import os
    import signal

    game = registry.find("six-winters")
    con = store.connect(path)
    runs = runner.start_runs(con, [Plan(game, "random", 1)], list(range(40)), "killed")
    back = 0

    def kill(done: int) -> None:
        nonlocal back
        back += 1
        if back == results:
            os.kill(os.getpid(), signal.SIGKILL)

    runner.play_runs(con, runs, on_game=kill, flush_seconds=0)


def test_a_killed_simulation_keeps_its_finished_games_and_the_next_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import multiprocessing

    db = tmp_path / "s.duckdb"
    child = multiprocessing.get_context("fork").Process(target=_killed_after, args=(db, 3))
    child.start()
    child.join()
    assert child.exitcode == -9
    con = duckdb.connect(str(db))
    stored = con.execute("SELECT count(*) FROM games").fetchone()[0]
    finished, games, interrupted = con.execute(
        "SELECT finished, games, interrupted FROM runs"
    ).fetchone()
    con.close()
    chunk = runner.chunk_size(40, 1)
    assert stored == finished == 3 * chunk  # every game back from its worker was written
    assert (games, interrupted) == (40, False)
    code, _, err = run(
        capsys, "simulate", "six-winters", "--games", "2", "--bot", "random", "--workers", "1",
        "--store", str(db), "--quiet",
    )  # fmt: skip
    assert code == 0, err
    assert (
        f"run 1 (killed) stopped after {3 * chunk} of 40 games without finishing (a kill?); "
        f"its {3 * chunk} games are kept" in " ".join(err.split())
    )
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT interrupted FROM runs WHERE run_id = 1").fetchone() == (True,)
    con.close()
    code, _, err = run(
        capsys, "simulate", "six-winters", "--games", "2", "--bot", "random", "--workers", "1",
        "--store", str(db), "--quiet",
    )  # fmt: skip
    assert code == 0 and "stopped after" not in err  # said once


def test_the_report_page_escapes_what_the_games_say() -> None:
    table = figures.Table(
        "cards",
        "Cards",
        ["card", "won"],
        [['<script>alert("x")</script>', figures.Rate(1, 2)]],
        chart=(0, 1),
    )
    page = report.page([table], report.Header("Report <b>", replay="chronicler play '<i>'"))
    assert '<script>alert("x")' not in page and "&lt;script&gt;" in page
    assert "<svg" in page and "Report &lt;b&gt;" in page
    assert "chronicler play &#x27;&lt;i&gt;&#x27;" in page


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "no-such-game"], "no ruleset named"),
        (["simulate", "six-winters", "--games", "0"], "--games must be at least 1"),
        # a run numbers its games within its id's million: more would share ids with the next
        (["simulate", "six-winters", "--games", "1000001"], "--games is at most 1,000,000 a run"),
        (["simulate", "six-winters", "--campaigns", str(10**12)], "--campaigns is at most"),
        (["simulate", "six-winters", "--workers", str(2**63)], "--workers is 0 to 256"),
        (["simulate", "six-winters", "--year", "9"], "--year must be 1-6"),
        (["simulate", "six-winters", "--bot", "clever"], "unknown bot"),
        (["simulate", "six-winters", "--compare", "no-such-rev"], "neither a folder nor a git"),
        (["simulate", "six-winters", "--supply-sweep", "6,lots"], "not a supply size"),
        (["simulate", "six-winters", "--ablate", "Nobody"], "no ability or asset named"),
        (["play", "six-winters", "--replay", "42", "--store", "/nonexistent.duckdb"], "no sim"),
    ],
)
def test_bad_input_is_a_one_line_error(args: list[str], says: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", *args, "--store", str(tmp_path / "s.duckdb")]
        if args[0] == "simulate"
        else [sys.executable, "-m", "journal.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert says in done.stderr and done.stderr.strip().count("\n") == 0


def test_a_game_not_in_the_store_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.duckdb"
    store.connect(db).close()
    code, _, err = run(capsys, "play", "six-winters", "--replay", "7", "--store", str(db))
    assert code == 1 and "no game 7" in err


def test_store_keeps_the_figures_a_designer_queries(tmp_path: Path) -> None:
    game = registry.find("six-winters")
    con = store.connect(tmp_path / "s.duckdb")
    runs = runner.start_runs(con, [Plan(game, "heuristic", 1)], [0, 1], "t")
    runner.play_runs(con, runs)
    turns = con.execute("SELECT min(turns) FROM sessions").fetchone()[0]
    peaks = con.execute("SELECT count(DISTINCT resource) FROM peaks").fetchone()[0]
    cards = con.execute("SELECT count(*) FROM cards WHERE taken > 0").fetchone()[0]
    con.close()
    assert turns > 0 and peaks == len(game.load().resources) and cards > 0
    assert json.loads(json.dumps(runs[0].seeds)) == [0, 1]


def test_a_text_that_does_not_compile_is_told_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    folder = tmp_path / "my-winters"
    shutil.copytree(
        registry.find("six-winters").folder,
        folder,
        ignore=shutil.ignore_patterns("*.py", "__pycache__"),
    )
    rules = folder / "ruleset.rules"
    rules.write_text(
        rules.read_text().replace(
            "value resource dice per resource = 6", "value resource dice per resource = six"
        )
    )
    code, _, err = run(
        capsys, "simulate", str(folder), "--games", "2", "--store", str(tmp_path / "s.duckdb")
    )
    assert code == 1
    assert "ruleset.rules:" in err and "Traceback" not in err


def test_with_an_unbounded_supply_no_resource_shows_a_run_out(tmp_path: Path) -> None:
    game = texts.with_value(registry.find("six-winters"), "resource dice per resource", 1000)
    con = store.connect(tmp_path / "s.duckdb")
    runs = runner.start_runs(con, [Plan(game, "heuristic", 1)], [0, 1, 2], "t")
    runner.play_runs(con, runs)
    table = figures.runouts(con, [runs[0].run_id])
    con.close()
    assert len(table.rows) == len(game.load().resources)
    assert all(row[1] == 3 and row[2].hits == 0 and row[3] == "0.00" for row in table.rows)


def test_a_run_whose_every_game_fails_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from journal.playtest import games

    def broken(plan: Plan, seed: int) -> list[dict[str, object]]:
        raise RuntimeError("the engine could not be imported")

    monkeypatch.setattr(games, "_play", broken)
    code, _, err = run(
        capsys,
        "simulate",
        "six-winters",
        "--games",
        "2",
        "--workers",
        "1",
        "--quiet",
        "--store",
        str(tmp_path / "s.duckdb"),
    )
    assert code == 1
    assert "every game of six-winters stopped on an error" in err
    assert "the engine could not be imported" in err


def test_each_character_counts_its_own_conditions_and_sessions(tmp_path: Path) -> None:
    game = registry.find("six-winters")
    con = store.connect(tmp_path / "s.duckdb")
    runs = runner.start_runs(con, [Plan(game, "random", 1)], list(range(4)), "t")
    runner.play_runs(con, runs)
    table = figures.conditions(con, [runs[0].run_id])
    taken = con.execute("SELECT character, count(*) FROM conditions GROUP BY 1").fetchall()
    won = con.execute("SELECT count(*) FILTER (WHERE won) FROM sessions").fetchone()[0]
    con.close()
    rows = {row[0]: row for row in table.rows}
    assert sum(row[1] for row in rows.values()) == 2 * 4  # two characters a session
    for character, count in taken:
        assert round(float(rows[character][3]) * rows[character][1]) == count
    if won == 0:  # the random bot: no session won, so no character wins
        assert all(row[2].hits == 0 and row[2].n == row[1] for row in rows.values())


def test_the_supply_watch_sees_each_run_out_with_its_turn_when_the_supply_stays_put() -> None:
    """``SupplyWatch.see`` passes over a decision that left the supply as it was: a new turn
    with the same counts still counts, and a resource that comes back and runs out again is a
    second run-out."""
    from types import SimpleNamespace

    from rules.six_winters.playtest import SupplyWatch

    state = SimpleNamespace(season=0, turn=1, supply={"military": 1, "sorcery": 2})
    session = SimpleNamespace(state=state)
    watch = SupplyWatch(full=6, low={"military": 6, "sorcery": 6})
    for season, turn, military in [
        (0, 1, 1),
        (0, 1, 0),
        (0, 1, 0),
        (0, 2, 0),
        (0, 3, 2),
        (1, 1, 2),
        (1, 1, 0),
    ]:
        state.season, state.turn, state.supply["military"] = season, turn, military
        watch.see(session)
    assert watch.runouts == [("military", 1), ("military", 4)]
    assert watch.peak_in_play() == {"military": 6, "sorcery": 4}
    assert watch.turn == 4


def test_a_stored_text_keeps_the_library_it_reads_and_plays_from_it() -> None:
    game = registry.find("six-winters")
    files = texts.rules_files(game.folder)
    assert "winters/words.rules" in files  # rules/library/winters/, read before the rules
    files["winters/words.rules"] = files["winters/words.rules"].replace(
        "body, psyche", "body, psyche, heart"
    )
    kept = texts.materialize(files, game.package, "library-kept")
    assert (kept.folder / "winters" / "words.rules").is_file()
    assert kept.compiled().vocabulary.members("stress") == ["body", "psyche", "heart"]
    assert texts.digest(kept) != texts.digest(game)


def test_a_stored_file_name_never_reaches_outside_its_folder() -> None:
    game = registry.find("six-winters")
    files = texts.rules_files(game.folder)
    files["../../escaped/x.rules"] = "# nothing\n"
    kept = texts.materialize(files, game.package, "names")
    assert not (kept.folder.parent.parent / "escaped").exists()
    assert any(kept.folder.rglob("x.rules"))
