"""The table companion asks at a terminal what an encounter's step needs and was not given
(issue 28, deliverable 3, in the habits of the Tags and Tracks companion: Rich prompts): which of
the expedition's adversaries the text's setup brings in, how many copies of each the text's next
step makes (0 to the text's most), and the face of each die the step rolls
when neither --dice nor --seed is given (or --dice gave too few). A face the die does not have is
asked again; Ctrl-C writes nothing. The input is scripted, as a person would type it."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from journal.cli import main


class Terminal(io.StringIO):
    """What a person types at a terminal: the verbs ask only when their input is one."""

    def isatty(self) -> bool:
        return True


class Interrupted(Terminal):
    """A person who types the lines given, then presses Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


@pytest.fixture
def table(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    db = str(tmp_path / "journal.db")

    def run(*args: str, typed: str | None = None, interrupted: bool = False):
        stdin = (Interrupted if interrupted else Terminal)(typed) if typed is not None else None
        monkeypatch.setattr(sys, "stdin", stdin if stdin is not None else io.StringIO(""))
        code = main([*args, "--db", db])
        out, err = capsys.readouterr()
        return code, out, err

    assert run("campaign", "start", "Barrow", "--ruleset", "delve")[0] == 0
    assert run("use", "Barrow")[0] == 0
    for model in ("Wenna Ashgrove", "Odo Vantry", "Tunnel Rat", "Rat Chief"):
        assert run("delve", "join", model)[0] == 0
    return run


def entries(run) -> list[str]:
    return run("delve", "entries")[1].splitlines()


def standing(run) -> dict:
    return json.loads(run("delve", "encounter", "show", "--json")[1])


def test_the_adversaries_not_named_are_asked_one_by_one(table):
    # Tunnel Rat? yes; Rat Chief? no; no copy of Tunnel Rat; then who declares first and the
    # three initiative dice (Odo, Tunnel Rat, Wenna)
    code, out, err = table("delve", "encounter", "start", "--dice", "4,2,3,5", typed="y\nn\n0\n")
    assert code == 0, err
    assert "Which adversaries come in?" in out
    assert "Encounter 1 begins (fortune 0, surprise: none; Tunnel Rat)" in out
    assert [n for n, _ in standing(table)["order"]] == [
        "Wenna Ashgrove",
        "Tunnel Rat",
        "Odo Vantry",
    ]


def test_the_copies_of_each_sheet_brought_in_are_asked_up_to_the_texts_most(table):
    # Tunnel Rat? yes; Rat Chief? yes; then the text's step asks, sheet by sheet in the order
    # the game lists them (Rat Chief: none; Tunnel Rat: two), 0 to its 9
    code, out, err = table("delve", "encounter", "start", "--seed", "7", typed="y\ny\n0\n2\n")
    assert code == 0, err
    assert "How many copies of Tunnel Rat? (0 to 9)" in out
    assert "How many copies of Rat Chief? (0 to 9)" in out
    assert (
        "Encounter 1 begins (fortune 0, surprise: none; Tunnel Rat and 2 copies, Rat Chief)" in out
    )
    assert "Tunnel Rat 3: a copy of Tunnel Rat (brought into play)" in out
    names = {n for n, _ in standing(table)["order"]}
    assert {"Tunnel Rat", "Tunnel Rat 2", "Tunnel Rat 3", "Rat Chief"} <= names
    assert "Rat Chief 2" not in names


def test_a_count_past_the_texts_most_is_asked_again(table):
    code, out, err = table("delve", "encounter", "start", "--seed", "7", typed="y\nn\n10\n1\n")
    assert code == 0, err
    assert out.count("How many copies of Tunnel Rat? (0 to 9)") == 2
    assert "Rat Chief? (0 to" not in out  # not brought in: not asked
    assert "(fortune 0, surprise: none; Tunnel Rat and 1 copy)" in out


def test_ctrl_c_at_the_count_of_copies_writes_nothing(table):
    before = entries(table)
    code, _, _ = table("delve", "encounter", "start", "--seed", "7", typed="y\nn\n",
                       interrupted=True)  # fmt: skip
    assert code == 130
    assert entries(table) == before


def test_sheets_named_on_the_command_line_are_not_asked_their_copies(table):
    code, out, err = table("delve", "encounter", "start", "--adversary", "Tunnel Rat",
                           "--seed", "7", typed="")  # fmt: skip
    assert code == 0, err
    assert "How many copies" not in out
    assert "Tunnel Rat 2" not in {n for n, _ in standing(table)["order"]}


def test_each_die_of_the_step_is_asked_when_no_dice_are_given(table):
    code, out, err = table("delve", "encounter", "start", "--adversary", "Tunnel Rat",
                           "--adversary", "Rat Chief", typed="4\n2\n1\n3\n5\n")  # fmt: skip
    assert code == 0, err
    assert out.count("Who declares first: the face of a d6") == 1
    assert out.count("Initiative: the face of a d6") == 4
    assert [list(x) for x in standing(table)["order"]] == [
        ["Wenna Ashgrove", 9], ["Tunnel Rat", 6], ["Odo Vantry", 4], ["Rat Chief", 3]
    ]  # fmt: skip
    assert "round 1, Wenna Ashgrove's activation" in entries(table)[-1]


def test_a_face_the_die_does_not_have_is_asked_again(table):
    code, out, err = table("delve", "encounter", "start", "--adversary", "Tunnel Rat",
                           typed="4\n7\n0\n2\n3\n5\n")  # fmt: skip
    assert code == 0, err
    assert out.count("Initiative: the face of a d6") == 5  # 7 and 0 asked again
    assert standing(table)["order"][0] == ["Wenna Ashgrove", 9]


def test_the_dice_typed_come_first_and_only_the_rest_are_asked(table):
    code, out, err = table("delve", "encounter", "start", "--adversary", "Tunnel Rat",
                           "--dice", "4,2,3", typed="5\n")  # fmt: skip
    assert code == 0, err
    assert out.count("Initiative: the face of a d6") == 1
    assert standing(table)["order"][0] == ["Wenna Ashgrove", 9]


def test_the_generator_rolls_when_a_seed_is_given(table):
    code, out, err = table("delve", "encounter", "start", "--adversary", "Tunnel Rat",
                           "--seed", "7", typed="")  # fmt: skip
    assert code == 0, err
    assert "the face of a d6" not in out


def test_ctrl_c_at_a_die_writes_nothing(table):
    before = entries(table)
    code, _, _ = table("delve", "encounter", "start", "--adversary", "Tunnel Rat",
                       typed="2\n", interrupted=True)  # fmt: skip
    assert code == 130  # interrupted
    assert entries(table) == before


def test_from_a_script_the_generator_rolls_and_adversaries_must_be_named(table):
    code, _, err = table("delve", "encounter", "start")
    assert code == 1 and "--adversary NAME" in err and len(err.strip().splitlines()) == 1
    code, out, err = table("delve", "encounter", "start", "--adversary", "Tunnel Rat")
    assert code == 0 and "the face of" not in out, err
