"""Seed 004, "Encounters & Combat" and "Resources": momentum and threat as the table's pools,
the adversary pool, who declares first, initiative, the activation's actions, and the size of a
target (momentum's uses and bookkeeping: test_momentum.py); and an encounter played from its
setup to its end by the text's procedure, the GM answering for every model and the dice
scripted."""

from __future__ import annotations

import shutil
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from delve_by_hand import Scripted
from encounter import (
    ADVERSARIES,
    COMPANY,
    INITIATIVE,
    declare_none,
    encounter,
    names,
    no_copies,
    run_round,
    turns,
)

from dsl.loader import load_ruleset
from dsl.world import durations
from dsl.world.game import new_game
from dsl.world.model import GAME, IN_PLAY
from dsl.world.rolled import chances

DELVE = Path(__file__).resolve().parents[3] / "rules" / "delve"
# the seed gives no action its initiative modifier: an action of a table's own that has one
SLOW_ACTION = """
action "Aimed Shot" {
  sorts Major, Ranged
  modifier 3
  Take: Pay 1 majors.
}
"""


@pytest.fixture(scope="module")
def delve_with_a_slow_action(tmp_path_factory):
    folder = tmp_path_factory.mktemp("delve") / "delve"
    shutil.copytree(DELVE, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (folder / "house.rules").write_text(SLOW_ACTION)
    return load_ruleset(folder)


ACTIVATION = {
    "major actions": 1,
    "minor actions instead": 2,
    "free minor actions": 1,
}


def test_momentum_threat_and_the_adversary_pool_are_numbers_from_0(delve):
    for name in ("momentum", "threat", "adversary pool"):
        declared = delve.vocabulary.world.properties[name]
        assert declared.shape == "number" and declared.low == 0 and declared.high is None


def test_momentum_and_threat_are_one_pool_for_the_table(delve):
    for name in ("momentum", "threat", "adversary pool"):
        assert delve.vocabulary.world.properties[name].owner == GAME


def test_an_even_die_lets_the_explorers_declare_first(delve):
    table = delve.tables["Who declares first"]
    by_face = {face: row.result for row in table.rows for face in range(row.low, row.high + 1)}
    assert by_face == {f: "company" if f % 2 == 0 else "adversaries" for f in range(1, 7)}
    assert Counter(by_face.values()) == {"company": 3, "adversaries": 3}


@pytest.mark.parametrize(("face", "first"), [(1, "adversaries"), (4, "company")])
def test_each_round_rolls_who_declares_first_into_the_tables_side(delve, face, first):
    game = new_game(delve, seed=4, players=1, dice=[face, *INITIATIVE])
    game.start_phase("Encounter")
    no_copies(game)
    declare_none(game)
    bands = {b.name: b.low for b in delve.vocabulary.world.properties["first to declare"].bands}
    assert game.ops.value(GAME, "first to declare") == bands[first]
    assert chances(game, "Who declares first") == {"adversaries": Fraction(1, 2),
                                                   "company": Fraction(1, 2)}  # fmt: skip


def test_initiative_is_1d6_plus_initiative_less_the_action_modifier(checks):
    odds = checks["Initiative"].odds(initiative=4)
    assert odds.dice == 1
    assert dict(odds.score) == {face + 4: pytest.approx(1 / 6) for face in range(1, 7)}
    assert checks["Initiative"].roll(Scripted([5]), initiative=4, modifier=2).score == 7


def test_each_model_declares_among_its_actions_before_initiative(delve):
    game = new_game(delve, seed=4, players=1, dice=[4, *INITIATIVE])
    for model in ("Osric Vell",):
        game.ops.move_card(model, zone="camp", why="not in this encounter")
    game.start_phase("Encounter")
    no_copies(game)
    asked = []
    while (decision := game.pending()) is not None and decision.kind == "declare":
        asked.append(str(decision.who))
        if decision.who == "Wenna Ashgrove":
            assert "Take: Melee Strike" in decision.options
        game.apply("pass")
    assert asked == [*COMPANY, *ADVERSARIES]  # every model on the table, in the cards' order


def test_a_declared_actions_modifier_is_taken_off_its_initiative(delve_with_a_slow_action):
    game = new_game(delve_with_a_slow_action, seed=4, players=1, dice=[4, *INITIATIVE])
    game.ops.move_card("Osric Vell", zone="camp", why="not in this encounter")
    game.start_phase("Encounter")
    no_copies(game)
    while (decision := game.pending()) is not None and decision.kind == "declare":
        game.apply("Take: Aimed Shot" if decision.who == "Wenna Ashgrove" else "pass")
    assert game.ops.value("Wenna Ashgrove", "modifier") == 3
    # Wenna: 5 + 4 - 3 = 6, and the Tunnel Rat's 3 + 3 = 6 comes after her (the cards' order)
    assert game.ops.value("Wenna Ashgrove", "initiative score") == 6
    assert game.ops.value("Odo Vantry", "initiative score") == 4


def test_an_activation_is_one_major_or_two_minor_actions_and_a_free_minor(delve):
    assert {k: delve.values[k] for k in ACTIVATION} == ACTIVATION


def test_preparing_and_fighting_with_the_off_hand_move_the_difficulty(delve):
    assert delve.values["prepare steps"] == 1
    assert delve.values["off hand steps"] == 2
    assert delve.values["off hand interrupts"] == 1
    assert delve.values["shooting into melee steps"] == 1


def test_a_smaller_target_is_harder_to_hit(checks):
    (size,) = [ladder for ladder in checks["Complex"].ladders if ladder.name == "size"]
    # the seed's difficulty modifiers, tiny +3 to monstrous -3: a step of difficulty is a die
    assert dict(size.steps) == {
        "monstrous": 3,
        "enormous": 2,
        "large": 1,
        "average": 0,
        "small": -1,
        "little": -2,
        "tiny": -3,
    }


# ---- an encounter, played ------------------------------------------------------------------------


def test_every_model_is_on_the_table_from_the_start_with_no_seat(delve):
    game = encounter(delve)
    assert {c for c, i in game.state.cards.items() if i["at"] == IN_PLAY} == {
        "Wenna Ashgrove",
        "Odo Vantry",
        "Tunnel Rat",
        "Rat Chief",
    }


def test_setup_starts_momentum_at_the_fortune_and_the_pool_at_the_adversaries_shares(delve):
    game = encounter(delve, fortune=3)
    assert game.ops.value(GAME, "momentum") == 3
    assert game.ops.value(GAME, "adversary pool") == 3  # Tunnel Rat 1 + Rat Chief 2


def test_a_surprised_company_has_no_momentum_in_the_first_round(delve):
    game = encounter(delve, fortune=3, surprise=1)
    assert game.ops.value(GAME, "momentum") == 0
    assert game.ops.value(GAME, "adversary pool") == 3


def test_surprised_adversaries_have_no_pool_in_the_first_round(delve):
    game = encounter(delve, fortune=3, surprise=2)
    assert game.ops.value(GAME, "momentum") == 3
    assert game.ops.value(GAME, "adversary pool") == 0


def _surprised(game):
    return sorted(
        m for m in names(game) if any(e["card"] == "Surprised" for e in durations.held(game, m))
    )


def test_a_surprised_companys_henchmen_miss_their_first_activation_its_characters_act(delve):
    game = encounter(delve, surprise=1)
    assert _surprised(game) == ["Odo Vantry"]  # a Henchman; Wenna is a Character
    # initiative: Wenna 9, Tunnel Rat 6, Odo 4, Rat Chief 3; Odo is passed over
    assert turns(game, 3) == ["Wenna Ashgrove", "Tunnel Rat", "Rat Chief"]
    assert _surprised(game) == []  # spent by the activation missed


def test_surprised_adversaries_common_ones_miss_their_first_activation_elites_act(delve):
    game = encounter(delve, surprise=2)
    assert _surprised(game) == ["Tunnel Rat"]  # a Minion; the Rat Chief is an Elite
    assert turns(game, 3) == ["Wenna Ashgrove", "Odo Vantry", "Rat Chief"]


def test_models_act_from_the_highest_initiative_1d6_plus_the_characteristic(delve):
    # none declares an action: no modifier
    # the d6 of each in the order the cards lie: Wenna (I 4), Odo (I 2), Tunnel Rat (I 3),
    # Rat Chief (I 2)
    game = encounter(delve, initiative=[5, 2, 3, 1])
    assert turns(game, 4) == ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry", "Rat Chief"]
    assert {m: game.ops.value(m, "initiative score") for m in names(game)} == {
        "Wenna Ashgrove": 9,
        "Odo Vantry": 4,
        "Tunnel Rat": 6,
        "Rat Chief": 3,
    }


def test_the_adversary_pool_is_refreshed_from_the_adversaries_not_routed(delve):
    game = encounter(delve)
    game.ops.move_card("Tunnel Rat", zone="routed", why="routed")
    run_round(game)
    assert game.ops.value(GAME, "adversary pool") == 2


def test_an_encounter_ends_when_no_adversary_is_on_the_table(delve):
    game = encounter(delve, fortune=2)
    run_round(game)
    assert game.pending() is not None  # a second round: the adversaries are still there
    for adversary in ("Tunnel Rat", "Rat Chief"):
        game.ops.move_card(adversary, zone="routed", why="routed")
    run_round(game)
    assert game.pending() is None
    assert game.state.round == 2
    assert [m for m in names(game) if game.state.cards[m]["at"]] == list(COMPANY)


# Our reading of the seed's basic actions (tactics.rules): the attacks, the movement manoeuvres,
# the seed's Assist, the major and minor actions and the trade of the major for two minors.
BASIC = {
    "Take: Major Action",
    "Take: Two Minor Actions",
    "Take: Minor Action",
    "Take: Melee Strike",
    "Take: Ranged Attack",
    "Take: Advance",
    "Take: Reposition",
    "Take: Drag",
    "Take: Assist",
}


def _offered(game, who):
    decision = game.pending()
    assert decision is not None and str(decision.who) == who
    return set(decision.options)


def test_surprised_elites_and_champions_take_basic_actions_only_in_their_first_activation(delve):
    game = encounter(delve, fortune=4, surprise=2)
    assert _surprised(game) == ["Tunnel Rat"]
    assert durations.holds(game, "Rat Chief", "Off Guard") is not None  # an Elite
    assert durations.holds(game, "Tunnel Rat", "Off Guard") is None  # a Minion: it misses
    assert turns(game, 2) == ["Wenna Ashgrove", "Odo Vantry"]
    first = _offered(game, "Rat Chief")
    assert first == BASIC | {"pass"}  # no prayer, no momentum use (4 momentum held)
    game.apply("Take: Melee Strike")
    assert "Take: Prayer" not in _offered(game, "Rat Chief")
    game.apply("pass")  # its end phase: Off Guard ends with its first activation
    assert durations.holds(game, "Rat Chief", "Off Guard") is None
    declare_none(game)
    while str(game.pending().who) != "Rat Chief":
        game.apply("pass")
        declare_none(game)
    later = _offered(game, "Rat Chief")
    assert "Take: Prayer" in later and "Take: Ease a Check" in later
    assert first < later


def test_a_surprised_company_holds_no_off_guard(delve):
    game = encounter(delve, surprise=1)
    assert all(durations.holds(game, m, "Off Guard") is None for m in names(game))
