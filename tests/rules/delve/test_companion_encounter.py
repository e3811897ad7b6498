"""The table companion runs an encounter (issue 28, deliverable 3; seed 004, "Encounters &
Combat"): the text's turn sequence, played by the world engine and answered by the GM one
command at a time. The GM sets it up (surprise, fortune), answers each model's activation,
gives and lifts conditions, spends momentum and threat, routs adversaries; the text does the
rest (initiative, the order of activations, bookkeeping, durations, the end). Each step is one
entry of the log; a refusal is one line, exit 1, nothing written; an entry can be amended,
deleted or undone, the later steps running again with their own dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal.cli import main

BOTH = ("--adversary", "Tunnel Rat", "--adversary", "Rat Chief")  # both come in

# The d6 of who declares first (4: the company), then one d6 of initiative a model, in the order
# of their names: Odo (I 2), Rat Chief (I 2), Tunnel Rat (I 3), Wenna (I 4).
ROUND_1 = "4,2,1,3,5"  # Odo 4, Rat Chief 3, Tunnel Rat 6, Wenna 9
ORDER_1 = ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry", "Rat Chief"]


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


def turn_by_turn(run, count: int, dice: str | None = None) -> list[str]:
    """Whose activations come up, ``count`` of them, each passed."""
    seen = []
    for _ in range(count):
        seen.append(now(run)["turn"])
        extra = ("--dice", dice) if dice is not None and len(seen) == count else ()
        ok(run, "delve", "encounter", "next", *extra)
    return seen


def test_setup_starts_momentum_at_the_fortune_and_the_pool_at_the_shares(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "2", "--dice", ROUND_1)
    shown = now(table)
    assert shown["round"] == 1 and shown["turn"] == "Wenna Ashgrove"
    assert shown["pools"] == {"momentum": 2, "spent": 0, "threat": 0, "adversary pool": 3}
    assert shown["order"] == [["Wenna Ashgrove", 9], ["Tunnel Rat", 6], ["Odo Vantry", 4],
                              ["Rat Chief", 3]]  # fmt: skip


def test_a_surprised_company_holds_surprised_and_starts_without_momentum(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "2", "--surprise", "company",
       "--dice", ROUND_1)  # fmt: skip
    shown = now(table)
    assert shown["pools"]["momentum"] == 0 and shown["pools"]["adversary pool"] == 3
    # the text's setup: Odo, a henchman, holds Surprised; Wenna, a character, acts first
    assert shown["turn"] == "Wenna Ashgrove" and set(shown["conditions"]) == {"Odo Vantry"}
    assert shown["conditions"]["Odo Vantry"] == ["Surprised (until the holder's next end phase)"]


def test_activations_come_in_initiative_order_and_the_next_round_rolls_again(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    assert turn_by_turn(table, 4, dice="4,6,1,1,1") == ORDER_1  # round 2: Odo 8 acts first
    shown = now(table)
    assert shown["round"] == 2 and shown["turn"] == "Odo Vantry"


def test_a_fleeting_condition_ends_at_its_holders_end_phase(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Odo Vantry", "staggered")
    ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "staggered")
    ok(table, "delve", "encounter", "next")  # Wenna's end phase: her Staggered ends
    assert set(now(table)["conditions"]) == {"Odo Vantry"}


def test_a_persistent_condition_loses_a_counter_at_each_end_phase_of_its_holder(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    out = ok(table, "delve", "encounter", "condition", "Tunnel Rat", "bleeding", "--stacks", "2")
    assert "Tunnel Rat holds Bleeding (2)" in out
    assert now(table)["conditions"] == {"Tunnel Rat": ["Bleeding (2 left)"]}
    turn_by_turn(table, 2)  # Wenna, then the rat's end phase
    assert now(table)["conditions"] == {"Tunnel Rat": ["Bleeding (1 left)"]}
    ok(table, "delve", "encounter", "condition", "Tunnel Rat", "Bleeding", "--lift")
    assert now(table)["conditions"] == {}


def test_the_gm_sets_engaged_which_lasts_until_lifted(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "engaged")
    turn_by_turn(table, 4, dice=ROUND_1)
    assert now(table)["conditions"] == {"Wenna Ashgrove": ["Engaged (until lifted)"]}


def test_momentum_spent_is_taken_off_at_bookkeeping_and_outnumbering_adds(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "3", "--dice", ROUND_1)
    ok(table, "delve", "encounter", "momentum", "2", "--for", "disengage")
    assert now(table)["pools"] == {"momentum": 3, "spent": 2, "threat": 0, "adversary pool": 3}
    err = refused(table, "delve", "encounter", "momentum", "2", "--for", "an extra reaction")
    assert "holds 1 momentum" in err
    ok(table, "delve", "encounter", "rout", "Rat Chief")  # 2 against 1: outnumbered
    turn_by_turn(table, 3, dice="4,5,2,3")
    assert now(table)["pools"]["momentum"] == 3 - 2 + 2
    assert now(table)["pools"]["adversary pool"] == 1 and now(table)["routed"] == ["Rat Chief"]


def test_threat_is_the_gms_and_cannot_be_spent_below_nothing(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    refused(table, "delve", "encounter", "threat", "1")
    ok(table, "delve", "encounter", "threat", "3", "--gain")
    ok(table, "delve", "encounter", "threat", "2", "--for", "a harder encounter")
    assert now(table)["pools"]["threat"] == 1


def test_the_encounter_ends_when_no_adversary_is_left_at_the_rounds_end(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "rout", "Tunnel Rat")
    ok(table, "delve", "encounter", "rout", "Rat Chief")
    out = ok(table, "delve", "encounter", "next")  # Wenna
    assert "Odo Vantry's activation" in out
    out = ok(table, "delve", "encounter", "next")  # Odo: the round ends, and the encounter
    assert "the encounter is over" in out
    err = refused(table, "delve", "encounter", "show")
    assert "no encounter is running" in err
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)  # the next one
    assert "encounter 2 is running" in ok(table, "delve", "show")


def test_what_the_table_cannot_do_is_refused_in_one_line_with_nothing_written(table):
    assert "no encounter is running" in refused(table, "delve", "encounter", "next")
    assert "no encounter is running" in refused(table, "delve", "encounter", "momentum", "1")
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    assert "is running" in refused(table, "delve", "encounter", "start", *BOTH)
    turn_by_turn(table, 3)  # the last activation of the round: the next rolls initiative
    assert "too few faces" in refused(table, "delve", "encounter", "next", "--dice", "1,2")
    assert "more than the step rolled" in refused(
        table, "delve", "encounter", "next", "--dice", "1,2,3,4,5,6"
    )
    assert "may take one of" in refused(table, "delve", "encounter", "act", "Dance")
    assert (
        "name what Rat Chief does: one of Advance, Assist, Drag, Major Action, Melee Strike, "
        "Minor Action, Prayer, Ranged Attack, Reposition, Two Minor Actions, pass"
        in refused(table, "delve", "encounter", "act")
    )  # not at a terminal: not asked
    assert "no condition 'in cover'" in refused(
        table, "delve", "encounter", "condition", "Wenna Ashgrove", "in cover"
    )
    assert "does not hold" in refused(
        table, "delve", "encounter", "condition", "Wenna Ashgrove", "Prone", "--lift"
    )


def test_too_few_faces_for_the_first_round_refuse_the_start(table):
    assert "too few faces" in refused(table, "delve", "encounter", "start", *BOTH, "--dice", "1,2")


# ---- fixing what was recorded ------------------------------------------------------------------


def test_amending_the_start_runs_every_later_step_again_with_its_own_dice(table, tmp_path):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "1", "--dice", ROUND_1)
    ok(table, "delve", "encounter", "momentum", "1", "--note", "Wenna vaults the table")
    turn_by_turn(table, 4, dice=ROUND_1)
    assert now(table)["pools"]["momentum"] == 0
    number = logged(table)[-6].split(".")[0]  # the start
    out = ok(table, "delve", "amend", number, "encounter", "start", *BOTH, "--fortune", "3",
             "--dice", ROUND_1)  # fmt: skip
    assert "fortune 3" in out
    assert now(table)["pools"]["momentum"] == 2 and now(table)["round"] == 2
    assert "entry amend (delve encounter start)" in ok(table, "history")
    ok(table, "export", "--format", "markdown", "--out", str(tmp_path / "barrow.md"))
    assert "    Wenna vaults the table" in (tmp_path / "barrow.md").read_text()  # kept


def test_an_amend_that_changes_whose_activation_it_was_is_refused(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "next")  # Wenna's
    number = logged(table)[-2].split(".")[0]
    err = refused(
        table, "delve", "amend", number, "encounter", "start", *BOTH, "--dice", "4,6,1,1,1"
    )
    assert "was Wenna Ashgrove's activation, and would now be Odo Vantry's" in err


def test_deleting_a_momentum_spend_gives_it_back_and_undo_takes_the_deletion_back(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "2", "--dice", ROUND_1)
    ok(table, "delve", "encounter", "momentum", "2", "--for", "disengage")
    ok(table, "delve", "encounter", "next")
    spent = logged(table)[-2].split(".")[0]
    out = ok(table, "delve", "delete", spent)
    assert "kept in the history" in out
    assert now(table)["pools"]["spent"] == 0 and now(table)["turn"] == "Tunnel Rat"
    ok(table, "undo")
    assert now(table)["pools"]["spent"] == 2


def test_a_check_and_its_re_roll_are_amended_like_any_entry(table):
    ok(table, "delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "2")
    ok(table, "delve", "luck", "--dice", "3")
    check = logged(table)[-2].split(".")[0]
    ok(table, "delve", "amend", check, "check", "Basic", "Wenna Ashgrove", "--input",
       "obstacle=4", "--dice", "5")  # fmt: skip
    lines = logged(table)
    assert "score 5, success" in lines[-2] and "re-rolls entry" in lines[-1]
    ok(table, "delve", "delete", lines[-1].split(".")[0])
    assert json.loads(ok(table, "delve", "show", "--json"))["models"]["Wenna Ashgrove"]["luck"] == 2
    code, _, err = table("delve", "amend", check, "roll", "2d6")  # not a Delve verb: usage
    assert code == 2 and "give the Delve verb" in err


def test_a_check_in_the_encounter_reads_the_conditions_its_model_holds(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "1", "--dice", ROUND_1)
    ok(table, "delve", "encounter", "momentum", "1", "--for", "ease a check")
    ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Eased")  # checks easier 2
    attack = ("delve", "check", "Complex", "Wenna Ashgrove", "--skill", "melee", "--against",
              "Tunnel Rat", "--target-skill", "defense")  # fmt: skip
    out = ok(table, *attack, "--dice", "5,4,2,1,3")
    assert "5 4 2 1 3" in out and "conditions held: easier 2" in out  # melee 3 + 2 dice
    assert now(table)["conditions"] == {}  # Eased is spent by the check
    out = ok(table, *attack, "--dice", "5,4,2")
    assert "conditions held" not in out


def test_a_check_in_the_encounter_reads_the_sentences_of_the_conditions_and_the_skills_tags(table):
    """Prone: "Melee attacks against its holder have favour." A Melee check carries the tags
    melee and attack (its skill card), so Wenna's strike at the prone rat rolls one die more and
    keeps the best three (melee 3); a Defense check carries neither and is not changed."""
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Tunnel Rat", "Prone")
    attack = ("delve", "check", "Complex", "Wenna Ashgrove", "--skill", "melee", "--against",
              "Tunnel Rat", "--target-skill", "defense")  # fmt: skip
    out = ok(table, *attack, "--dice", "1,5,4,2")
    assert "1 5 4 2 (kept 2 4 5)" in out and "conditions held: favour 1" in out
    parry = ("delve", "check", "Complex", "Wenna Ashgrove", "--skill", "defense", "--against",
             "Tunnel Rat", "--target-skill", "melee")  # fmt: skip
    assert "conditions held" not in ok(table, *parry, "--dice", "5,4")
    assert "Prone" in str(now(table)["conditions"]["Tunnel Rat"])  # held until lifted


# ---- momentum spent to ease a check: one step ------------------------------------------------


def test_momentum_spent_on_a_model_eases_its_next_check_in_one_entry(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "1", "--dice", ROUND_1)
    before = len(logged(table))
    out = ok(table, "delve", "encounter", "momentum", "1", "--for", "ease a check", "--on",
             "wenna ashgrove")  # fmt: skip
    assert "spends 1 momentum: ease a check of Wenna Ashgrove" in out
    assert len(logged(table)) == before + 1
    shown = now(table)
    assert shown["pools"]["spent"] == 1
    assert shown["conditions"] == {"Wenna Ashgrove": ["Eased (until the holder's next check)"]}
    attack = ("delve", "check", "Complex", "Wenna Ashgrove", "--skill", "melee", "--against",
              "Tunnel Rat", "--target-skill", "defense")  # fmt: skip
    assert "conditions held: easier 2" in ok(table, *attack, "--dice", "5,4,2,1,3")


def test_momentum_not_held_to_ease_a_check_is_refused_with_nothing_written(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)  # no fortune: none held
    err = refused(table, "delve", "encounter", "momentum", "1", "--on", "Wenna Ashgrove")
    assert "holds 0 momentum" in err
    assert now(table)["conditions"] == {}
    assert "another use" in refused(
        table, "delve", "encounter", "momentum", "1", "--for", "disengage", "--on", "Odo Vantry"
    )


def test_an_eased_check_is_amended_onto_another_model_and_undone(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--fortune", "1", "--dice", ROUND_1)
    ok(table, "delve", "encounter", "momentum", "1", "--on", "Wenna Ashgrove")
    number = logged(table)[-1].split(".")[0]
    ok(table, "delve", "amend", number, "encounter", "momentum", "1", "--on", "Odo Vantry")
    assert now(table)["conditions"] == {"Odo Vantry": ["Eased (until the holder's next check)"]}
    ok(table, "undo")
    assert now(table)["conditions"] == {"Wenna Ashgrove": ["Eased (until the holder's next check)"]}
    ok(table, "delve", "delete", number)
    assert now(table)["conditions"] == {} and now(table)["pools"]["spent"] == 0


# ---- the adversaries the text's setup brings in ------------------------------------------------


def test_the_gm_brings_in_some_of_the_expeditions_adversaries(table):
    out = ok(table, "delve", "encounter", "start", "--adversary", "Tunnel Rat", "--dice", "4,2,3,5")
    assert "Tunnel Rat: camp -> the table" in out and "Rat Chief: camp" not in out
    shown = now(table)
    assert [name for name, _ in shown["order"]] == ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry"]
    assert shown["pools"]["adversary pool"] == 1  # the Tunnel Rat's share only
    assert "Rat Chief" not in shown["options"] and shown["turn"] == "Wenna Ashgrove"


def test_which_adversaries_come_in_is_refused_in_one_line_when_not_said(table):
    assert "--adversary NAME" in refused(table, "delve", "encounter", "start", "--dice", ROUND_1)
    assert "of the company" in refused(
        table, "delve", "encounter", "start", "--adversary", "Odo Vantry", "--dice", ROUND_1
    )
    assert "no model 'Goblin'" in refused(
        table, "delve", "encounter", "start", "--adversary", "Goblin", "--dice", ROUND_1
    )
    assert "is named twice" in refused(
        table, "delve", "encounter", "start", *BOTH, "--adversary", "Tunnel Rat"
    )


# ---- declaring (seed: "Declare Actions", "Determine Initiative") -----------------------------


def entry_json(run, *args: str) -> dict:
    return json.loads(ok(run, *args, "--json"))["payload"]


def test_the_round_rolls_who_declares_first_and_show_gives_its_odds(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", "3,2,1,3,5")  # 3: odd, the DM
    shown = ok(table, "delve", "encounter", "show")
    assert "declaring first: adversaries (the Who declares first table: 1/2)" in shown
    assert now(table)["first"] == "adversaries"


def test_each_models_declaration_is_recorded_with_the_side_declaring_first(table):
    payload = entry_json(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1,
                         "--declare", "wenna ashgrove=melee strike")  # fmt: skip
    assert payload["first"] == "company"
    declared = {"Odo Vantry": "none", "Rat Chief": "none", "Tunnel Rat": "none"}
    assert payload["declared"] == {**declared, "Wenna Ashgrove": "Melee Strike"}
    assert "Wenna Ashgrove declares Melee Strike (modifier 0)" in payload["told"]
    # within the round nobody declares: the step records none
    assert entry_json(table, "delve", "encounter", "next")["declared"] == {}


def test_the_next_rounds_declarations_come_with_the_step_that_reaches_it(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    turn_by_turn(table, 3)
    payload = entry_json(table, "delve", "encounter", "next", "--dice", ROUND_1,
                         "--declare", "Odo Vantry=Ranged Attack")  # fmt: skip
    assert payload["round"] == 2 and payload["declared"]["Odo Vantry"] == "Ranged Attack"


def test_a_declaration_no_model_makes_in_the_step_or_not_offered_is_refused(table):
    err = refused(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1,
                  "--declare", "Wenna Ashgrove=Dance")  # fmt: skip
    assert "Wenna Ashgrove may declare one of: Advance, Assist, Change Place" in err
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    err = refused(table, "delve", "encounter", "next", "--declare", "Odo Vantry=Major Action")
    assert "--declare names Odo Vantry: no declaration of theirs comes up in this step" in err
    code, _, err = table("delve", "encounter", "next", "--declare", "Odo Vantry")
    assert code == 2 and "WHO=ACTION" in err


def test_an_engaged_model_may_not_declare_a_ranged_attack(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Odo Vantry", "Engaged")
    turn_by_turn(table, 3)
    err = refused(table, "delve", "encounter", "next", "--dice", ROUND_1,
                  "--declare", "Odo Vantry=Ranged Attack")  # fmt: skip
    assert "Odo Vantry may declare one of" in err and "Ranged Attack," not in err


def test_amending_an_earlier_entry_runs_the_declarations_again(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Tunnel Rat", "Engaged")
    number = logged(table)[-1].split(".")[0]
    turn_by_turn(table, 3)
    ok(table, "delve", "encounter", "next", "--dice", ROUND_1,
       "--declare", "Odo Vantry=Ranged Attack")  # fmt: skip
    # Odo engaged from round 1 could not have declared his ranged attack in round 2
    err = refused(table, "delve", "amend", number, "encounter", "condition", "Odo Vantry",
                  "Engaged")  # fmt: skip
    assert "Odo Vantry may declare one of" in err
    ok(table, "delve", "amend", number, "encounter", "condition", "Rat Chief", "Engaged")
    assert "Rat Chief holds Engaged" in ok(table, "delve", "encounter", "show")
    assert now(table)["round"] == 2


def test_a_model_staggered_twice_takes_one_action_and_another_is_refused_in_one_line(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--dice", ROUND_1)
    ok(table, "delve", "encounter", "condition", "Wenna Ashgrove", "Staggered", "--stacks", "2")
    assert now(table)["conditions"] == {
        "Wenna Ashgrove": ["Staggered (2, until the holder's next end phase)"]
    }
    ok(table, "delve", "encounter", "act", "Melee Strike")
    err = refused(table, "delve", "encounter", "act", "Minor Action")
    # her one action taken: only the main character's trade is left (which buys no action)
    assert err.strip().endswith(
        "Wenna Ashgrove may take one of: Extra Minor Action, pass; not 'Minor Action'"
    )
    ok(table, "delve", "encounter", "next")  # her end phase: Staggered ends, stacks and all
    assert now(table)["conditions"] == {}


def test_a_surprised_elite_is_offered_basic_actions_only_and_refused_a_prayer(table):
    ok(table, "delve", "encounter", "start", *BOTH, "--surprise", "adversaries", "--dice", ROUND_1)
    assert now(table)["conditions"]["Rat Chief"] == [
        "Off Guard (until the holder's next end phase)"
    ]
    assert turn_by_turn(table, 2) == ["Wenna Ashgrove", "Odo Vantry"]  # the Tunnel Rat misses
    shown = now(table)
    assert shown["turn"] == "Rat Chief" and "Take: Prayer" not in shown["options"]
    assert "Take: Melee Strike" in shown["options"]
    err = refused(table, "delve", "encounter", "act", "Prayer")
    assert "Rat Chief may take one of: " in err and "not 'Prayer'" in err
    ok(table, "delve", "encounter", "act", "Melee Strike")
