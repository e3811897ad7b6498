"""The command line as a script meets it: ``--json`` on every verb a script reads (what the
lines say, as data), exit codes that say what went wrong (2: the words are wrong, and the
message says where the verb's help is; 1: the rules or the journal refused), and what a verb
would ask a person refused in one line when nobody is at a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from gm_table import BRICK, typed

ROOT = Path(__file__).resolve().parents[2]


def test_campaign_list_json_gives_every_campaign(table, cards) -> None:  # type: ignore[no-untyped-def]
    assert table("campaign", "start", "Brightdune").code == 0
    listed = json.loads(table("campaign", "list", "--json").out)
    assert listed == [
        {"name": "Salt Roads", "ruleset": "tags-and-tracks", "years_played": 0, "fate": None,
         "score": None},
        {"name": "Brightdune", "ruleset": "six_winters", "years_played": 0, "fate": None,
         "score": None},
    ]  # fmt: skip


def test_campaign_show_json_of_a_gm_run_campaign(table) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "Guards", "--clock", "4")
    shown = json.loads(table("campaign", "show", "Salt Roads", "--json").out)
    assert shown["ruleset"] == "tags-and-tracks"
    assert shown["sessions"] == [
        {
            "number": 1,
            "title": "The Drowned Market",
            "scenes": [{"number": 1, "title": "At the gate"}],
        }
    ]
    assert [c["name"] for c in shown["characters"]] == ["Brick"]
    assert shown["characters"][0]["stats"][0] == {"name": "strength", "points": 5, "level": 5}
    assert [(t["name"], t["drawn"]) for t in shown["tracks"]] == [("Guards", "0/4")]


def test_campaign_show_json_of_a_six_winters_campaign(cli, real_cards) -> None:  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    started = cli("year", "start", "--campaign", "Brightdune", "--scheme",
                  "Sow Discord in Brightdune", "--characters", "Parin,Kanun")  # fmt: skip
    assert started.code == 0, started.err
    shown = json.loads(cli("campaign", "show", "Brightdune", "--json").out)
    assert shown["name"] == "Brightdune" and shown["fate"] is None
    assert shown["years"] == [
        {"year": 1, "scheme": "Sow Discord in Brightdune", "result": None,
         "characters": ["Parin", "Kanun"], "scenes_completed": 0, "scenes": []}
    ]  # fmt: skip
    assert shown["map"] and all(set(place) >= {"name", "x", "y"} for place in shown["map"])


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_odds_json_gives_the_rows_the_table_shows() -> None:
    done = run("odds", "tags-and-tracks", "--level", "2", "--json", "--exact")
    assert done.returncode == 0, done.stderr
    odds = json.loads(done.stdout)
    (row,) = odds["rows"]
    assert (row["level"], row["dice"], row["cuts"]) == (2, 2, 0)
    assert row["bands"] == {"fail": "1/4", "minor success": "4/9", "major success": "11/36"}
    assert row["at_least"] == {"1": "3/4", "2": "1/4"}
    floats = json.loads(run("odds", "tags-and-tracks", "--level", "2", "--json").stdout)
    assert floats["rows"][0]["bands"]["fail"] == 0.25


def test_check_json_gives_each_diagnostic_with_its_place(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "brick.character"
    bad.write_text(Path(BRICK).read_text("utf-8").replace("bash 3", "bash 4"), "utf-8")
    done = run("check", str(bad), "--json")
    assert done.returncode == 1
    found = json.loads(done.stdout)
    assert (found["sheets"], found["errors"]) == (1, 2)
    first = found["diagnostics"][0]
    assert (first["file"], first["line"], first["column"], first["severity"]) == (
        str(bad),
        5,
        10,
        "error",
    )
    assert first["message"].startswith("bash 4 does not build on a lower skill")
    assert done.stderr == ""  # the JSON is all that is said


@pytest.mark.parametrize(
    ("words", "verb"),
    [
        (("year", "start", "--no-such"), "chronicler year start"),
        (("track", "add", "X"), "chronicler track add"),
        (("track", "tick"), "chronicler track tick"),
        (("scene", "narrate", "--year", "9"), "chronicler scene narrate"),
        (("track", "add", "X", "--clock", "1"), "chronicler track add"),
    ],
)
def test_a_usage_error_exits_2_and_says_where_the_verbs_help_is(table, words, verb) -> None:  # type: ignore[no-untyped-def]
    done = table(*words)
    assert done.code == 2, done.err
    assert done.err.strip().endswith(f"(see '{verb} --help')"), done.err
    assert len(done.err.strip().splitlines()) == 1


def test_what_the_rules_refuse_exits_1_without_pointing_at_help(table) -> None:  # type: ignore[no-untyped-def]
    done = table("xp", "spend", "Brick", "--flashback", "a rope")
    assert done.code == 1
    assert "a flashback costs 2 XP and you hold 0" in done.err and "--help" not in done.err


def test_a_missing_option_is_asked_at_a_terminal(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "2\n")
    done = table("hit", "Brick", "--stat", "STR")
    assert done.code == 0, done.err
    assert "--hits (The hits against them)" in done.out
    assert "Brick is hit 2 times (STR)" in done.out


def test_a_missing_option_is_a_usage_error_for_a_script(table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    typed(monkeypatch, "2\n", terminal=False)
    done = table("hit", "Brick", "--stat", "STR")
    assert done.code == 2
    assert "Missing option '--hits'" in done.err and "(see 'chronicler hit --help')" in done.err
