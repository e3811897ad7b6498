"""At the table, an action that names the model it is taken with (seed 004, "Minor Actions":
Assist aids another model) and animosity's "no teamwork actions with its target" (seed 004,
"Conditions & Effects"): the GM gives Animosity against a model (``encounter condition ...
--against``), names whom an Assist aids (``encounter act Assist --with``), and the text refuses
the animosity's target in one line, nothing written; amend, delete and undo run it again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal.cli import main

BOTH = ("--adversary", "Tunnel Rat", "--adversary", "Rat Chief")
ROUND_1 = "4,2,1,3,5"  # the company declares first; Wenna 9, Tunnel Rat 6, Odo 4, Rat Chief 3


@pytest.fixture
def table(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    db = str(tmp_path / "journal.db")

    def run(*args: str) -> tuple[int, str, str]:
        code = main([*args, "--db", db])
        out, err = capsys.readouterr()
        return code, out, err

    assert run("campaign", "start", "Barrow", "--ruleset", "delve")[0] == 0
    assert run("use", "Barrow")[0] == 0
    for model in ("Wenna Ashgrove", "Odo Vantry", "Tunnel Rat", "Rat Chief"):
        assert run("delve", "join", model)[0] == 0
    ok(run, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    return run


def ok(run, *args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def logged(run) -> list[str]:
    return ok(run, "delve", "entries").splitlines()


def refused(run, *args: str) -> str:
    before = logged(run)
    code, out, err = run(*args)
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1, (out, err)
    assert logged(run) == before
    return err


def now(run) -> dict:
    return json.loads(ok(run, "delve", "encounter", "show", "--json"))


def test_an_assist_is_taken_with_the_model_the_gm_names(table):
    err = refused(table, "delve", "encounter", "act", "Assist", "--with", "Wenna Ashgrove")
    assert (
        "cannot take Assist with 'Wenna Ashgrove': one of Odo Vantry, Rat Chief, Tunnel Rat" in err
    )
    assert "name whom Wenna Ashgrove takes Assist with (--with): one of Odo Vantry" in refused(
        table, "delve", "encounter", "act", "Assist"
    )
    assert "names no model to take it with" in refused(
        table, "delve", "encounter", "act", "Melee Strike", "--with", "Odo Vantry"
    )
    said = ok(table, "delve", "encounter", "act", "Assist", "--with", "odo vantry")
    assert "Wenna Ashgrove: Assist (with Odo Vantry)" in said


def test_animosity_refuses_its_target_as_the_partner_in_one_line(table):
    said = ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Animosity",
              "--against", "Odo Vantry")  # fmt: skip
    assert "Wenna Ashgrove holds Animosity against Odo Vantry" in said
    err = refused(table, "delve", "encounter", "act", "Assist", "--with", "Odo Vantry")
    assert "Wenna Ashgrove takes no Assist with Odo Vantry: it holds Animosity against Odo " in err
    assert "(one of: Rat Chief, Tunnel Rat)" in err
    ok(table, "delve", "encounter", "act", "Assist", "--with", "Rat Chief")
    assert now(table)["turn"] == "Wenna Ashgrove"  # a minor action: her activation goes on
    assert refused(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Animosity",
                   "--against", "Wenna Ashgrove")  # fmt: skip


def test_amend_delete_and_undo_run_the_partner_again(table):
    ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Animosity",
       "--against", "Odo Vantry")  # fmt: skip
    ok(table, "delve", "encounter", "act", "Assist", "--with", "Rat Chief")
    entries = logged(table)
    given = next(line for line in entries if "holds Animosity" in line).split(".")[0]
    # against the Rat Chief now, the later Assist with him would be refused: the fix is
    err = refused(table, "delve", "amend", given, "encounter", "condition", "Wenna Ashgrove",
                  "Animosity", "--against", "Rat Chief")  # fmt: skip
    assert "takes no Assist with Rat Chief" in err
    ok(table, "delve", "amend", given, "encounter", "condition", "Wenna Ashgrove", "Animosity",
       "--against", "Tunnel Rat")  # fmt: skip
    assert any("against Tunnel Rat" in line for line in logged(table))
    assert any("Assist (with Rat Chief)" in line for line in logged(table))
    ok(table, "delve", "delete", given)
    assert not any("Animosity" in line for line in logged(table))
    assert any("Assist (with Rat Chief)" in line for line in logged(table))
    ok(table, "undo")
    assert any("against Tunnel Rat" in line for line in logged(table))


def test_a_frenzied_model_is_given_no_psychology_condition_at_the_table(table):
    ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Frenzied")
    err = refused(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Broken")
    assert "Wenna Ashgrove holds Frenzied: it is not given Broken" in err
    said = ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Frenzied", "--lift")
    assert "Frenzied" in said and "fatigue" in said  # the frenzy's fatigue, told
