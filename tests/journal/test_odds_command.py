"""``chronicler odds RULESET CHECK``: the odds of any check a ruleset declares, from its text,
a row per value of one input; JSON for tools; bad input refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from dsl.loader import load_ruleset

ROOT = Path(__file__).parents[2]
DUNGEON = ROOT / "tests" / "dsl" / "fixtures" / "checks"


def odds(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", "odds", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_a_row_per_obstacle_with_the_chance_of_each_outcome():
    done = odds(str(DUNGEON), "Complex", "--input", "reference=3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "check 'Complex', reference 3, favour 0, peril 0, difficulty challenging"
    header = lines[2].split()
    assert header == ["obstacle", "dice", "bane", "failure", "complication", "boon", "success"]
    rows = [line.split() for line in lines[4:14]]
    assert [row[0] for row in rows] == [str(n) for n in range(1, 11)]
    assert "each chance is within" in done.stdout  # the exploding 6, to a stated error


def test_json_gives_the_exact_chances_the_check_computes():
    done = odds(str(DUNGEON), "Basic", "--input", "obstacle=6", "--input", "favour=1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    (row,) = data["rows"]
    check = load_ruleset(DUNGEON).checks["Basic"]
    expected = check.odds(obstacle=6, favour=1).outcomes
    assert {k: Fraction(v) for k, v in row["outcomes"].items()} == dict(expected)


def test_a_repeated_check_gives_the_chance_within_n_rolls_and_the_expected_rolls():
    done = odds(str(DUNGEON), "Extended", "--input", "reference=4", "--within", "3", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    assert [r["inputs"]["obstacle"] for r in rows] == list(range(1, 11))
    sixth = rows[5]
    check = load_ruleset(DUNGEON).checks["Extended"].odds_within(3, reference=4, obstacle=6)
    assert Fraction(sixth["within"]["success"]) == check.within[2]["success"]
    assert Fraction(sixth["expected rolls"]) == check.expected_rolls


def test_tags_and_tracks_roll_by_level_is_the_table_of_its_roll():
    by_check = odds("tags-and-tracks", "Roll", "--input", "cuts=1", "--exact")
    table = odds("tags-and-tracks", "--level", "3", "--hard", "--exact")
    assert by_check.returncode == 0 and table.returncode == 0
    row = next(line.split() for line in by_check.stdout.splitlines() if line.split()[:1] == ["3"])
    old = next(line.split() for line in table.stdout.splitlines() if line.split()[:1] == ["3"])
    assert row[1:5] == [old[1], *old[3:6]]  # dice, then fail, minor and major success


def test_bad_input_is_one_line_and_exit_2():
    for args, message in [
        (["Basic", "--input", "favor=1"], "has no input 'favor'; did you mean 'favour'?"),
        (["Basic", "--input", "obstacle=11"], "obstacle is 1..10 in check 'Basic', not 11"),
        (["Basic", "--input", "obstacle"], "write NAME=VALUE"),
        (["Basik"], "has no check 'Basik'; did you mean 'Basic'?"),
        (["Complex", "--input", "reference=2", "--input", "difficulty=hardest"], "not a step"),
        (["Complex"], "needs its input 'obstacle'"),
    ]:
        done = odds(str(DUNGEON), *args)
        assert done.returncode == 2, (args, done.stderr)
        assert message in done.stderr
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
