"""The table companion's checks (issue 28, deliverable 3; seed 004, "Checks System" and
"Re-Rolls"): a model joins an expedition from its sheet, makes a check of any type with its
dice typed from the table or rolled by the generator, and spends luck, takes a dark deal or
pushes to re-roll it. Each result is one entry of the journal's log; a refusal is one line,
exit 1, with nothing written; ``chronicler undo`` takes an entry back."""

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
    assert run("delve", "join", "Wenna Ashgrove")[0] == 0
    assert run("delve", "join", "Tunnel Rat")[0] == 0
    return run


def shown(run) -> dict:
    code, out, _ = run("delve", "show", "--json")
    assert code == 0
    return json.loads(out)


def entries(run) -> list[str]:
    code, out, _ = run("history")
    assert code == 0
    return out.splitlines()


def test_a_model_joins_with_its_sheets_luck_and_fate_on_its_side(table):
    models = shown(table)["models"]
    assert models["Wenna Ashgrove"] == {
        "card": "Wenna Ashgrove", "side": "party", "luck": 2, "fate": 1,
        "corruption": 0, "stress": 0, "fatigue": 0,
    }  # fmt: skip
    assert models["Tunnel Rat"]["side"] == "adversary" and models["Tunnel Rat"]["luck"] == 0
    code, _, err = table("delve", "join", "Tunnel Rat")
    assert code == 1 and "already" in err and len(err.strip().splitlines()) == 1


def test_an_opposed_check_reads_both_sheets_and_records_the_dice(table):
    # Wenna's melee 3 against the rat's defense 1: 5 4 2 make 2 marks, a success
    code, out, _ = table(
        "delve", "check", "Complex", "Wenna Ashgrove", "--skill", "melee", "--against",
        "Tunnel Rat", "--target-skill", "defense", "--dice", "5,4,2", "--json",
    )  # fmt: skip
    assert code == 0
    entry = json.loads(out)
    result = entry["payload"]["result"]
    assert result["inputs"]["reference"] == 3 and result["inputs"]["obstacle"] == 1
    assert result["rolls"][0]["faces"] == [5, 4, 2] and result["outcome"] == "success"
    assert entry["payload"]["against"] == "Tunnel Rat"


def test_a_check_of_any_type_by_an_adversary(table):
    code, out, _ = table("delve", "check", "Basic", "Tunnel Rat", "--input", "obstacle=3",
                         "--dice", "1")  # fmt: skip
    assert code == 0 and "bane" in out
    code, out, _ = table(
        "delve", "check", "Extended", "Tunnel Rat", "--skill", "stealth", "--input",
        "obstacle=3", "--dice", "5,5,1,4,4,6,2",
    )  # fmt: skip
    assert code == 0 and "success" in out  # 2 marks, then 3 with a bonus die: 5 in all


def test_a_casting_is_judged_and_the_generator_rolls_without_dice(table):
    assert table("delve", "join", "Osric Vell")[0] == 0
    code, out, _ = table("delve", "check", "Casting", "Osric Vell", "--skill", "magic",
                         "--input", "casting=2", "--dice", "1,1")  # fmt: skip
    assert code == 0 and "bane" in out and "miscast minor" in out
    code, out, _ = table("delve", "check", "Complex", "Osric Vell", "--skill", "education",
                         "--input", "obstacle=2", "--seed", "7", "--json")  # fmt: skip
    assert code == 0 and len(json.loads(out)["payload"]["result"]["rolls"][0]["faces"]) == 3


def test_luck_re_rolls_once_and_the_re_roll_stands(table):
    table("delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "5")
    code, out, _ = table("delve", "luck", "--dice", "2")
    assert code == 0 and "failure" in out  # the success re-rolled into a failure stands
    assert shown(table)["models"]["Wenna Ashgrove"]["luck"] == 1
    before = entries(table)
    code, _, err = table("delve", "luck", "--dice", "6")
    assert code == 1 and "re-rolled already" in err and len(err.strip().splitlines()) == 1
    code, _, err = table("delve", "push", "--dice", "6")
    assert code == 1 and "re-rolled already" in err
    assert entries(table) == before and shown(table)["models"]["Wenna Ashgrove"]["luck"] == 1


def test_a_dark_deal_may_follow_any_re_roll_and_gives_corruption(table):
    table("delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "2")
    assert table("delve", "push", "--fatigue", "--dice", "3")[0] == 0
    assert table("delve", "deal", "--dice", "1")[0] == 0
    assert table("delve", "deal", "--dice", "6")[0] == 0
    wenna = shown(table)["models"]["Wenna Ashgrove"]
    assert (wenna["fatigue"], wenna["corruption"], wenna["stress"]) == (1, 2, 0)
    assert shown(table)["checks"]["3"]["rerolls"] == ["push", "dark deal", "dark deal"]


def test_no_luck_left_is_refused_and_nothing_is_written(table):
    table("delve", "check", "Basic", "Tunnel Rat", "--input", "obstacle=4", "--dice", "2")
    before = entries(table)
    code, out, err = table("delve", "luck", "--dice", "6")
    assert code == 1 and out == ""
    assert err.strip() == "error: Tunnel Rat has 0 luck left; a re-roll by luck costs 1"
    assert entries(table) == before


def test_a_push_re_rolls_an_earlier_check_by_its_entry(table):
    table("delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=2", "--dice", "1")
    table("delve", "check", "Basic", "Tunnel Rat", "--input", "obstacle=2", "--dice", "3")
    code, out, _ = table("delve", "push", "--entry", "3", "--dice", "4")
    assert code == 0 and "re-rolls entry 3" in out and "suffers 1 stress" in out
    assert shown(table)["models"]["Wenna Ashgrove"]["stress"] == 1
    code, _, err = table("delve", "push", "--entry", "1")
    assert code == 1 and "entry 1 is not a check" in err


def test_undo_takes_a_re_roll_back(table):
    table("delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "2")
    table("delve", "luck", "--dice", "5")
    assert shown(table)["models"]["Wenna Ashgrove"]["luck"] == 1
    assert table("undo")[0] == 0
    assert shown(table)["models"]["Wenna Ashgrove"]["luck"] == 2
    assert shown(table)["checks"]["3"]["rerolls"] == []
    assert table("delve", "luck", "--dice", "5")[0] == 0  # the re-roll may be taken again


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (("check", "Basic", "Nobody", "--input", "obstacle=2"), "no model 'Nobody'"),
        (("check", "Complex", "Tunnel Rat", "--skill", "charm", "--input", "obstacle=2"),
         "Tunnel Rat has no 'charm'"),
        (("check", "Basic", "Tunnel Rat"), "Basic needs its obstacle (1..10)"),
        (("check", "Basic", "Tunnel Rat", "--input", "obstacle=2", "--dice", "7"),
         "7 is not a face of a d6"),
        (("check", "Basic", "Tunnel Rat", "--input", "obstacle=2", "--dice", "3,4"),
         "more than the check rolled"),
        (("luck",), "no check recorded yet"),
        (("check", "Basic", "Tunnel Rat", "--skill", "melee", "--input", "obstacle=2"),
         "Basic reads nothing from the actor's sheet"),
    ],
)  # fmt: skip
def test_a_bad_check_is_one_line_and_writes_nothing(table, args, told):
    before = entries(table)
    code, _, err = table("delve", *args)
    assert code in (1, 2) and told in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert entries(table) == before


def test_an_expedition_exports_and_imports_again(table, tmp_path):
    table("delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "2")
    table("delve", "luck", "--dice", "5")
    bundle = str(tmp_path / "barrow.json")
    assert table("export", "--campaign", "Barrow", "--out", bundle)[0] == 0
    code, _, err = table("import", bundle, "--as", "Barrow again")
    assert code == 0, err
    code, out, _ = table("delve", "show", "--json", "--campaign", "Barrow again")
    assert json.loads(out) == shown(table)
