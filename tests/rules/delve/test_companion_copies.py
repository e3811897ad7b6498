"""Several adversaries from one sheet in an encounter (issue 28, deliverable 3; seed 004,
"Encounters & Combat": three Tunnel Rats). The text's setup makes them (``Copies: Bring up to
9 copies of each adversary model in play into play.``, ``encounters.rules``), the GM answering
with ``--adversary "Tunnel Rat=3"``: the sheet and two copies, ``Tunnel Rat 2`` and ``3``
(``dsl/world/copies.py``), each a model of the expedition from then on that rolls, acts, holds
conditions, checks and is routed as a model of its own, told apart by its name; the sheet's
text is read for each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal.cli import main

RATS = ("Tunnel Rat", "Tunnel Rat 2", "Tunnel Rat 3")
ALL_RATS = ("--adversary", "Tunnel Rat=3")

# The d6 of who declares first (4: the company), then one d6 of initiative a model: the sheets
# in the text's order (Odo I 2, Tunnel Rat I 3, Wenna I 4), then the copies as they were made
# (Tunnel Rat 2 and 3, I 3 each, the sheet's).
ROUND_1 = "4,1,1,6,2,3"  # Odo 3, Tunnel Rat 4, Wenna 10, Tunnel Rat 2 5, Tunnel Rat 3 6
ORDER_1 = ["Wenna Ashgrove", "Tunnel Rat 3", "Tunnel Rat 2", "Tunnel Rat", "Odo Vantry"]


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


def now(run) -> dict:
    return json.loads(ok(run, "delve", "encounter", "show", "--json"))


def logged(run) -> list[str]:
    return ok(run, "delve", "entries").splitlines()


def refused(run, *args: str) -> str:
    before = logged(run)
    code, out, err = run(*args)
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1, (out, err)
    assert logged(run) == before
    return err


def test_three_rats_of_one_sheet_come_in_each_rolling_its_own_initiative(table):
    out = ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    assert "Encounter 1 begins (fortune 0, surprise: none; Tunnel Rat and 2 copies)" in out
    assert "Tunnel Rat: camp -> the table (brought into play)" in out
    for rat in RATS[1:]:
        assert f"{rat}: a copy of Tunnel Rat (brought into play)" in out
    for rat in RATS:  # each declares under its own name
        assert f"{rat} declares no action (modifier 0)" in out
    shown = now(table)
    assert [name for name, _ in shown["order"]] == ORDER_1
    assert dict(shown["order"])["Tunnel Rat 2"] == 2 + 3  # its die and the sheet's initiative
    assert shown["pools"]["adversary pool"] == 3  # each rat's share
    assert shown["turn"] == "Wenna Ashgrove"


def test_a_sheet_named_alone_comes_in_without_copies(table):
    ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat", "--dice", "4,1,2,6")
    shown = now(table)
    assert [name for name, _ in shown["order"]] == ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry"]
    assert shown["pools"]["adversary pool"] == 1


def test_too_many_of_a_sheet_is_refused_in_one_line(table):
    err = refused(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat=11")
    assert "Tunnel Rat=11: the text brings up to 9 copies of a sheet (10 in all)" in err


def test_the_copies_are_models_of_the_expedition_until_the_next_setup_makes_them_again(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "end")
    err = refused(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat 2")
    assert "Tunnel Rat 2 is a copy the text made at an earlier setup" in err
    ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat=2", "--dice", "4,1,1,6,2")
    assert [name for name, _ in now(table)["order"]][1:3] == ["Tunnel Rat 2", "Tunnel Rat"]


def test_each_rat_takes_its_own_activation(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    seen = []
    for _ in range(5):
        seen.append(now(table)["turn"])
        ok(table, "delve", "encounter", "next", *(("--dice", ROUND_1) if len(seen) == 5 else ()))
    assert seen == ORDER_1
    assert now(table)["round"] == 2  # every step read the game back from its entry's JSON


def test_a_condition_and_a_check_are_one_rats_not_its_sheets(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Tunnel Rat 2", "Eased")
    ok(table, "delve", "encounter", "condition", "Tunnel Rat 3", "Bleeding", "--stacks", "2")
    held = now(table)["conditions"]
    assert set(held) == {"Tunnel Rat 2", "Tunnel Rat 3"}
    attack = ("--skill", "melee", "--against", "Wenna Ashgrove", "--target-skill", "defense")
    out = ok(table, "delve", "check", "Complex", "Tunnel Rat 2", *attack, "--dice", "5,4,2,1")
    assert "Tunnel Rat 2: Complex melee against Wenna Ashgrove: 5 4 2 1" in out
    assert "conditions held: easier 2" in out  # the sheet's melee 2, and 2 dice Eased gives
    assert set(now(table)["conditions"]) == {"Tunnel Rat 3"}  # Eased spent; the bleeding kept


def test_one_rat_routed_leaves_the_others_on_the_table(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    out = ok(table, "delve", "encounter", "rout", "Tunnel Rat 2")
    assert "Tunnel Rat 2: the table -> routed" in out
    shown = now(table)
    assert shown["routed"] == ["Tunnel Rat 2"]
    assert "Tunnel Rat 2" not in dict(shown["order"]) and "Tunnel Rat 3" in dict(shown["order"])


def test_amending_the_start_runs_the_copies_again_and_undo_takes_it_back(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "next")  # Wenna's
    start = logged(table)[-2].split(".")[0]
    ok(table, "delve", "amend", start, "encounter", "start", *ALL_RATS, "--fortune", "2",
       "--dice", ROUND_1)  # fmt: skip
    shown = now(table)
    assert shown["pools"]["momentum"] == 2 and shown["turn"] == "Tunnel Rat 3"
    ok(table, "undo")
    assert now(table)["pools"]["momentum"] == 0


def test_amending_the_start_to_fewer_copies_leaves_the_last_out_of_the_expedition(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    start = logged(table)[-1].split(".")[0]
    ok(table, "delve", "amend", start, "encounter", "start", "--adversary", "Tunnel Rat=2",
       "--dice", "4,1,1,6,2")  # fmt: skip
    order = [name for name, _ in now(table)["order"]]
    assert order == ["Wenna Ashgrove", "Tunnel Rat 2", "Tunnel Rat", "Odo Vantry"]
    err = refused(table, "delve", "encounter", "condition", "Tunnel Rat 3", "Engaged")
    assert "no model 'Tunnel Rat 3' in this expedition" in err
    ok(table, "undo")
    assert "Tunnel Rat 3" in dict(now(table)["order"])


def test_the_site_shows_each_rat_apart(table, tmp_path):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Tunnel Rat 3", "Bleeding", "--stacks", "2")
    ok(table, "delve", "encounter", "rout", "Tunnel Rat 2")
    ok(table, "publish", "--out", str(tmp_path / "out"))
    site = tmp_path / "out" / "site"
    shown = (site / "encounters" / "encounter-1.html").read_text(encoding="utf-8")
    assert "Tunnel Rat 3: Bleeding (2 left)" in shown
    assert "Tunnel Rat 2 is routed" in shown
    pages = [p.read_text(encoding="utf-8") for p in (site / "models").glob("*.html")]
    for rat in RATS:
        assert any(f"<h1>{rat}</h1>" in page for page in pages), rat


# ---- their order among equals (encounters.rules: initiative score, then Initiative, then the
# GM's precedence; all equal, the order the game holds the models in)

TIED = "4,3,2,6,2,2"  # Odo 3+2, Tunnel Rat 2+3, Wenna 6+4, Tunnel Rat 2 and 3: 2+3 each


def test_models_equal_on_score_go_by_initiative_then_as_the_game_holds_them(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", TIED)
    shown = now(table)
    assert [name for name, _ in shown["order"]] == ["Wenna Ashgrove", *RATS, "Odo Vantry"]
    assert {score for name, score in shown["order"] if name != "Wenna Ashgrove"} == {5}


def test_the_gm_orders_the_copies_by_precedence_at_the_start(table):
    ranks = ("--precedence", "Tunnel Rat 3=2", "--precedence", "Tunnel Rat 2=1")
    ok(table, "delve", "encounter", "start", *ALL_RATS, *ranks, "--dice", TIED)
    order = [name for name, _ in now(table)["order"]]
    assert order == ["Wenna Ashgrove", "Tunnel Rat 3", "Tunnel Rat 2", "Tunnel Rat", "Odo Vantry"]
    shown = ok(table, "delve", "encounter", "show")
    assert "Tunnel Rat 3 5 (precedence 2), Tunnel Rat 2 5 (precedence 1), Tunnel Rat 5," in shown
    seen = []
    for _ in range(5):
        seen.append(now(table)["turn"])
        ok(table, "delve", "encounter", "next", *(("--dice", TIED) if len(seen) == 5 else ()))
    assert seen == order  # the activations go as shown


def test_precedence_given_in_a_round_orders_the_next_and_is_fixed_like_any_entry(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", TIED)
    out = ok(table, "delve", "encounter", "precedence", "Tunnel Rat 2", "3")
    assert "Tunnel Rat 2 takes precedence 3 among equals on initiative" in out
    assert [n for n, _ in now(table)["order"]][1] == "Tunnel Rat"  # this round's order stands
    for _ in range(4):
        ok(table, "delve", "encounter", "next")
    ok(table, "delve", "encounter", "next", "--dice", "4,2,2,2,2,2")  # round 2: rats 5 each
    assert [n for n, _ in now(table)["order"]][1:3] == ["Tunnel Rat 2", "Tunnel Rat"]
    given = next(line for line in logged(table) if "takes precedence" in line).split(".")[0]
    ok(table, "delve", "amend", given, "encounter", "precedence", "Tunnel Rat 3", "3")
    assert [n for n, _ in now(table)["order"]][1:3] == ["Tunnel Rat 3", "Tunnel Rat"]
    ok(table, "undo")
    assert [n for n, _ in now(table)["order"]][1:3] == ["Tunnel Rat 2", "Tunnel Rat"]


def test_precedence_for_no_model_of_the_expedition_is_refused_in_one_line(table):
    ok(table, "delve", "encounter", "start", *ALL_RATS, "--dice", TIED)
    err = refused(table, "delve", "encounter", "precedence", "Tunnel Rat 9", "1")
    assert "Tunnel Rat 9" in err
