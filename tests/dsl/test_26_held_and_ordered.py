"""The forms a table-run game needs, tried on *Skirmish* (``fixtures/world/skirmish``: no Python
of its own):

- "resolve is a number 0.. of the game": one number for the table, whoever gains or reads it;
- "units are in play from the start": cards on the table with no seat, each acting in turn;
- "Brief marks are held until the holder's next end", "... in stacks, one off at the
  holder's end" (stacking), "... until lifted", "... until the holder's next check", and the
  ranks of a held card feeding a check's inputs;
- "At below 0: ... the deficit": a number that would pass its floor passes the rest on;
- "play "Round" until no theirs unit is in play", "for each unit in order of pace", "the sum
  of the worth of each theirs unit".
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.formatter import format_text
from dsl.loader import Source, check_sources, load_ruleset
from dsl.world import durations
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME, IN_PLAY

SKIRMISH = FIXTURES / "world" / "skirmish"
TEXT = (SKIRMISH / "ruleset.rules").read_text()
# one Pace die per unit, in the order the cards lie: Scout, Guard, Raider, Brute
PACE = [1, 1, 1, 6]  # pace: Scout 1+3, Guard 1+1, Raider 1+2, Brute 6+0


@pytest.fixture(scope="module")
def skirmish():
    return load_ruleset(SKIRMISH)


def fight(skirmish, dice: list[int] | None = None, hold=()) -> WorldGame:
    """A fight begun: the marks in ``hold`` given first, then the procedure walked to the first
    unit's action."""
    game = new_game(skirmish, seed=3, players=1, dice=[*(dice or PACE), *PACE * 8])
    for holder, mark, counters in hold:
        durations.give(game, holder, mark, counters)
    game.start_phase("Fight")
    game.pending()
    return game


def acting(game: WorldGame) -> str:
    decision = game.pending()
    assert decision is not None
    return str(decision.who)


def next_turn(game: WorldGame) -> None:
    game.apply("pass")
    game.pending()


def events(game: WorldGame, kind: WorldEvent) -> list[dict]:
    return [e.data for e in game.state.events if e.kind == kind]


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("skirmish.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def changed(old: str, new: str) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, 1)


# ---- one number for the table ----------------------------------------------------------------


def test_a_number_of_the_game_is_one_for_the_table_whoever_changes_or_reads_it(skirmish) -> None:
    game = fight(skirmish)
    assert skirmish.vocabulary.world.properties["resolve"].owner == GAME
    next_turn(game)  # the first unit's End: "Gain 1 resolve."
    assert game.state.values[GAME]["resolve"] == 1
    assert all("resolve" not in game.state.values.get(unit, {}) for unit in ("Brute", "Scout"))
    assert game.ops.value("Scout", "resolve") == 1  # "your resolve" of any unit is the table's


# ---- in play from the start, with no seat ----------------------------------------------------


def test_units_are_in_play_from_the_start_and_each_acts_with_no_seat(skirmish) -> None:
    game = fight(skirmish)
    assert {
        c: i["at"] for c, i in game.state.cards.items() if i["kind"] == "unit"
    } == dict.fromkeys(("Scout", "Guard", "Raider", "Brute"), IN_PLAY)
    assert game.state.players == ["p1"] and acting(game) == "Brute"


# ---- in order of a rolled number, until a condition in text ---------------------------------


def test_each_unit_takes_its_turn_in_order_of_its_rolled_and_summed_pace(skirmish) -> None:
    game = fight(skirmish)
    order = []
    for _ in range(4):
        order.append(acting(game))
        next_turn(game)
    assert order == ["Brute", "Scout", "Raider", "Guard"]  # pace 6, 4, 3, 2
    assert {u: game.ops.value(u, "pace") for u in order} == {
        "Brute": 6,
        "Scout": 4,
        "Raider": 3,
        "Guard": 2,
    }


def test_a_tie_keeps_the_order_the_things_are_listed_in(skirmish) -> None:
    game = fight(skirmish, dice=[2, 4, 3, 5])  # pace: Scout 5, Guard 5, Raider 5, Brute 5
    order = []
    for _ in range(4):
        order.append(acting(game))
        next_turn(game)
    assert order == ["Scout", "Guard", "Raider", "Brute"]


def test_the_rounds_go_on_until_no_unit_of_theirs_is_in_play(skirmish) -> None:
    game = fight(skirmish)
    for _ in range(8):  # two rounds: nobody leaves
        next_turn(game)
    assert game.state.round == 0 and acting(game) == "Brute"
    for unit in ("Raider", "Brute"):  # in Brute's turn: the two leave the table
        game.ops.move_card(unit, zone="fled", why="test")
    for _ in range(3):  # Brute's turn ends, Scout's and Guard's come (Raider's does not)
        next_turn(game)
    assert game.pending() is None  # the fight's last step is over: nothing more is asked


def test_a_phase_played_until_its_subject_has_passed_asks_it_again_and_again(skirmish) -> None:
    game = fight(skirmish)
    for _ in range(2):
        decision = game.pending()
        assert decision is not None and decision.who == "Brute"
        assert decision.options == ("Take: Dash", "pass")
        game.apply("Take: Dash")
    assert game.ops.value("Brute", "pace") == 6 + 2
    next_turn(game)
    assert acting(game) == "Scout"
    for _ in range(3):
        next_turn(game)  # the next round: Brute is asked again, though it passed before
    assert acting(game) == "Brute" and "Take: Dash" in game.pending().options  # type: ignore[union-attr]


# ---- a sum over things ------------------------------------------------------------------------


def test_the_sum_of_a_field_over_the_things_found_and_0_over_none(skirmish) -> None:
    game = fight(skirmish)
    assert game.ops.value(GAME, "bounty") == 5  # Raider 3 + Brute 2
    game.ops.move_card("Raider", zone="fled", why="test")  # it has no turn now
    for _ in range(3):
        next_turn(game)  # the round's upkeep refreshes it
    assert game.ops.value(GAME, "bounty") == 2
    game.ops.move_card("Brute", zone="fled", why="test")
    while game.pending() is not None:  # the round's other turns, then its upkeep: the end
        next_turn(game)
    assert game.ops.value(GAME, "bounty") == 0


# ---- a deficit passed on ----------------------------------------------------------------------


def test_a_change_past_the_floor_passes_the_deficit_on_and_the_number_stays_at_it(
    skirmish,
) -> None:
    game = fight(skirmish)
    game.ops.set(GAME, "cost", 7, why="test")
    for _ in range(4):
        next_turn(game)  # 4 Ends give 4 resolve; the upkeep takes 7: 3 short
    assert game.ops.value(GAME, "resolve") == 0
    assert {u: game.ops.value(u, "scars") for u in ("Scout", "Guard", "Raider", "Brute")} == {
        "Scout": 3,
        "Guard": 3,
        "Raider": 0,
        "Brute": 0,
    }
    (reached,) = events(game, WorldEvent.THRESHOLD_REACHED)
    assert reached["deficit"] == 3


def test_a_change_that_stays_above_the_floor_passes_nothing_on(skirmish) -> None:
    game = fight(skirmish)
    game.ops.set(GAME, "cost", 4, why="test")
    for _ in range(4):
        next_turn(game)
    assert game.ops.value(GAME, "resolve") == 0
    assert game.ops.value("Scout", "scars") == 0


# ---- held for a while -------------------------------------------------------------------------


def test_a_card_held_until_the_holders_next_end_ends_there_not_at_another_ones(skirmish) -> None:
    game = fight(skirmish, hold=[("Scout", "Dazed", 1)])
    next_turn(game)  # Brute's turn ends
    assert durations.holds(game, "Scout", "Dazed") is not None
    next_turn(game)  # Scout's turn ends
    assert durations.holds(game, "Scout", "Dazed") is None
    (ended,) = events(game, WorldEvent.EFFECT_ENDED)
    assert ended == {"effect": "Dazed", "owner": "Scout", "why": "End"}


def test_counters_stack_fire_at_the_start_and_come_off_one_at_each_end(skirmish) -> None:
    game = fight(skirmish, hold=[("Scout", "Burning", 1), ("Scout", "Burning", 1)])
    assert durations.holds(game, "Scout", "Burning") == {
        "card": "Burning",
        "holder": "Scout",
        "tag": "Stacking",
        "stacks": 2,
    }
    next_turn(game)  # Brute
    next_turn(game)  # Scout: its start burns, its end takes a counter off
    assert game.ops.value("Scout", "burns") == 1
    assert durations.holds(game, "Scout", "Burning")["stacks"] == 1  # type: ignore[index]
    for _ in range(4):
        next_turn(game)  # round 2: Scout burns again, the last counter comes off
    assert game.ops.value("Scout", "burns") == 2
    assert durations.holds(game, "Scout", "Burning") is None
    assert [e["stacks"] for e in events(game, WorldEvent.EFFECT_TICKED)] == [1, 0]


def test_a_card_held_until_lifted_stays_until_the_table_lifts_it(skirmish) -> None:
    game = fight(skirmish, hold=[("Guard", "Pinned", 1)])
    for _ in range(8):
        next_turn(game)
    assert durations.holds(game, "Guard", "Pinned") is not None
    assert durations.lift(game, "Guard", "Pinned")
    assert durations.holds(game, "Guard", "Pinned") is None
    assert not durations.lift(game, "Guard", "Pinned")


def test_held_cards_feed_the_inputs_of_their_holders_checks_once_per_counter(skirmish) -> None:
    game = fight(skirmish, hold=[("Scout", "Dazed", 1), ("Scout", "Heartened", 2)])
    assert durations.inputs_for(game, "Scout", ["easier", "harder", "peril"]) == {
        "peril": 1,
        "easier": 2,
    }
    assert durations.inputs_for(game, "Guard", ["easier", "peril"]) == {}
    game.state.dice_script[:] = [4, 4, 1]  # 1 die + 2 easier: three dice
    result = durations.check(game, "Scout", "Aim")
    assert result.inputs["easier"] == 2 and result.inputs["peril"] == 1
    assert result.score == 2 and result.outcome == "success"


def test_a_card_held_until_the_next_check_is_spent_by_the_first_check_it_changes(
    skirmish,
) -> None:
    game = fight(skirmish, hold=[("Scout", "Steady", 1)])
    game.state.dice_script[:] = [3]
    durations.check(game, "Scout", "Pace")  # Pace has no "easier": Steady is kept
    assert durations.holds(game, "Scout", "Steady") is not None
    game.state.dice_script[:] = [1, 1, 5]
    result = durations.check(game, "Scout", "Aim")
    assert result.inputs["easier"] == 2 and result.score == 1
    assert durations.holds(game, "Scout", "Steady") is None


def test_a_card_with_no_duration_is_refused_in_one_line(skirmish) -> None:
    from dsl.runtime import EffectError

    game = fight(skirmish)
    with pytest.raises(EffectError, match="carries no tag held for a while"):
        durations.give(game, "Scout", "Scout")


# ---- written wrong, told where ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "Brief marks are held until the holder's next end",
            "Brief marks are held until the end",
            "cannot read how long Brief marks are held",
        ),
        (
            "units are in play from the start",
            "unts are in play from the start",
            "'unt' in play from the start is no kind of card; did you mean 'unit'?",
        ),
        (
            "At below 0:",
            "At below 1:",
            "resolve stops at 0: a change past its floor is 'At below 0: ...'",
        ),
        (
            'play "Round" until no theirs unit is in play',
            'play "Round" until the sky falls',
            "unknown condition 'the sky falls'",
        ),
    ],
)
def test_a_misdeclared_form_is_told_where_with_what_to_write(
    old: str, new: str, error: str
) -> None:
    found = errors_of(changed(old, new))
    assert any(error in e for e in found), found


def test_in_order_of_is_formatted_and_printed_as_written(skirmish) -> None:
    assert "for each unit in order of pace, play" in format_text(TEXT)[0]
    step = skirmish.procedure.phase("Round").steps[2]
    assert step.text == 'For each unit in order of pace, play "Turn"'
