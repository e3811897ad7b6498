"""A campaign of Delve holds several expeditions (issue 28, deliverable 5; seed 004, "Time
Structure": an expedition is one delve into a dungeon, one or more encounters): 'delve
expedition start NAME' begins the next, the company going on with what its models hold and the
encounters numbered across the campaign. It is one entry like any other: refused in one line
with nothing written (an encounter running, a name used), amended, deleted and undone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal.cli import main


@pytest.fixture
def table(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    db = str(tmp_path / "journal.db")

    def run(*args: str) -> tuple[int, str, str]:
        code = main([*args, "--db", db])
        out, err = capsys.readouterr()
        return code, out, err

    assert run("campaign", "start", "Barrow", "--ruleset", "delve")[0] == 0
    assert run("use", "Barrow")[0] == 0
    for model in ("Wenna Ashgrove", "Odo Vantry", "Tunnel Rat"):
        assert run("delve", "join", model)[0] == 0
    return run


def ok(run, *args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def refused(run, *args: str) -> str:
    before = ok(run, "delve", "entries")
    code, out, err = run(*args)
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1, (out, err)
    assert ok(run, "delve", "entries") == before
    return err


def test_a_second_expedition_begins_and_the_company_goes_on_with_what_it_holds(table):
    ok(table, "delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "2")
    ok(table, "delve", "luck", "--dice", "5")  # Wenna: 1 luck left
    out = ok(table, "delve", "expedition", "start", "The Sunken Chapel")
    assert out.strip() == "6. Expedition 2 begins: The Sunken Chapel"
    shown = json.loads(ok(table, "delve", "show", "--json"))
    assert shown["models"]["Wenna Ashgrove"]["luck"] == 1
    assert "expedition 2: The Sunken Chapel" in ok(table, "delve", "show")
    ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat", "--dice", "4,2,3,5")
    assert "Encounter 1 begins" in ok(table, "delve", "entries")


def test_encounters_are_numbered_across_the_campaigns_expeditions(table):
    ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat", "--dice", "4,2,3,5")
    ok(table, "delve", "encounter", "end", "--for", "the company flees")
    ok(table, "delve", "expedition", "start", "The Sunken Chapel")
    out = ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat", "--dice", "4,2,3,5")
    assert "Encounter 2 begins" in out


def test_an_expedition_is_refused_while_an_encounter_runs_or_under_a_name_used(table):
    ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat", "--dice", "4,2,3,5")
    assert "is running" in refused(table, "delve", "expedition", "start", "The Sunken Chapel")
    ok(table, "delve", "encounter", "end")
    ok(table, "delve", "expedition", "start", "The Sunken Chapel")
    assert "begun already" in refused(table, "delve", "expedition", "start", "the sunken chapel")


def test_an_expedition_is_amended_deleted_and_undone_like_any_entry(table):
    ok(table, "delve", "expedition", "start", "The Sunken Chapel")
    ok(table, "delve", "expedition", "start", "The Drowned Vault")
    ok(table, "delve", "amend", "4", "expedition", "start", "The Dry Chapel")
    lines = ok(table, "delve", "entries").splitlines()
    assert lines[3].endswith("Expedition 2 begins: The Dry Chapel")
    assert lines[4].endswith("Expedition 3 begins: The Drowned Vault")
    ok(table, "delve", "delete", "4")
    last = ok(table, "delve", "entries").splitlines()[-1]
    assert last.endswith("Expedition 2 begins: The Drowned Vault")
    ok(table, "undo")
    assert "The Dry Chapel" in ok(table, "delve", "entries")
