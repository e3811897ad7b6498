"""``chronicler roll``: the table companion rolls a skill from a sheet and asks each decision;
bad input is a one-line error, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[3]
BRICK = "rules/tags_and_tracks/examples/brick.character"
DOC = ROOT / "docs" / "rulesets" / "tags-and-tracks.md"


def roll(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "journal.cli",
            "roll",
            "tags-and-tracks",
            "--character",
            BRICK,
            *args,
        ],
        capture_output=True,
        text=True,
        input=answers,
        check=False,
        cwd=ROOT,
    )


def test_the_documented_roll_prints_what_the_docs_show():
    text = DOC.read_text(encoding="utf-8")
    command = re.search(r"\$ chronicler roll (.*)\n", text)
    assert command is not None
    shown = re.search(r"```text\n(Brick rolls bash.*?)```", text, re.S)
    assert shown is not None
    args = command.group(1).split()[3:]  # after "tags-and-tracks --character FILE"
    done = roll(*args, answers="1\n1\n1\n1\n3\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == shown.group(1)


def test_a_2_raised_to_a_4_costs_2_points_and_hits():
    done = roll("--skill", "poetry", "--stat", "STR", "--dice", "2,1", answers="1\n1\n1\n1\n3\n")
    assert done.returncode == 0, done.stderr
    assert "die 1 raised 3 -> 4 (3 points left)" in done.stdout
    assert done.stdout.rstrip().endswith("minor success: 1 hit; XP now 0; 3 strength points left")


def test_a_die_bought_and_not_given_is_asked_of_the_table():
    done = roll("--skill", "bash", "--stat", "STR", "--dice", "1,1,1", answers="2\n6\n3\n")
    assert done.returncode == 0, done.stderr
    assert "an extra die: 6 (3 points left)" in done.stdout
    assert "major success: 1 hit" in done.stdout


def test_the_generator_rolls_the_same_dice_for_the_same_seed():
    first = roll("--skill", "fight", "--seed", "5", answers="")
    again = roll("--skill", "fight", "--seed", "5", answers="")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    assert "Brick rolls fight 2: 2 dice" in first.stdout


def test_easy_adds_a_die():
    done = roll("--skill", "fight", "--easy", "--dice", "1,2,3")
    assert "Brick rolls fight 2: 3 dice" in done.stdout
    assert "+1 XP for no hits (XP now 1)" in done.stdout


def test_the_skill_gained_is_named_at_the_prompt_and_a_bad_name_asked_again():
    # all 6s: the skill is free; "pie 2" is refused (a name has no digits), "blazing pie" taken
    done = roll("--skill", "cook", "--dice", "6,6", answers="1\npie 2\nblazing pie\n")
    assert done.returncode == 0, done.stderr
    assert "is not allowed: write letters" in done.stdout
    assert "a new skill, blazing pie 3, building on cook (free)" in done.stdout


def test_a_skill_not_on_the_sheet_is_a_clear_error():
    done = roll("--skill", "bsh", "--dice", "1")
    assert done.returncode == 2
    assert "error: Brick has no skill 'bsh'; did you mean bash?" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_face_no_d6_shows_is_a_clear_error():
    done = roll("--skill", "bash", "--dice", "2,7")
    assert done.returncode == 2
    assert "--dice: '7' is not a face of a d6" in done.stderr


def test_a_stat_not_on_the_sheet_is_a_clear_error():
    done = roll("--skill", "bash", "--stat", "CHA", "--dice", "1,1,1")
    assert done.returncode == 2
    assert "Brick has no stat 'CHA'" in done.stderr


def test_a_question_left_unanswered_is_a_clear_error():
    done = roll("--skill", "bash", "--stat", "STR", "--dice", "2,2,2", answers="")
    assert done.returncode == 2
    assert "error: no answer was given to: Your choice" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_sheet_with_errors_is_refused_with_its_position(tmp_path):
    bad = tmp_path / "bad.character"
    bad.write_text("Mo - x\n1/1 STR\n1/1 DEX\n1/1 WIL\ndo anything 1\nbash 3\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "journal.cli",
            "roll",
            "tags-and-tracks",
            "--character",
            str(bad),
            "--skill",
            "bash",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert f"{bad}:6:1" in done.stderr and "Traceback" not in done.stderr


def test_play_says_a_game_a_gm_runs_has_no_bots():
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", "play", "tags-and-tracks"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert "tags-and-tracks has no bots to play it" in done.stderr
    assert "Traceback" not in done.stderr
