"""What a held card changes in checks of one kind, in checks against its holder and in checks
against its source, tried on *Standoff* (``fixtures/world/standoff``: no Python of its own):

- "Fearful checks of its holder have peril.": only the checks the table tags "fearful";
- "Thrown attacks against its holder have favour.": a check another makes against the holder;
- "Opposed checks of its holder against its source are 1 harder.": once per stack, and only
  against the one the card was given against;
- "Checks of its holder have 2 peril.": every check, the amount written;
- "If you are a Sharp unit, ...": a condition on the one acting (its kind and tags);
- "Hold "Rattled".": the one acting holds a card, for as long as its tag says.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.loader import Source, check_sources, load_ruleset
from dsl.world import durations
from dsl.world.game import WorldGame, new_game

STANDOFF = FIXTURES / "world" / "standoff"
TEXT = (STANDOFF / "ruleset.rules").read_text()
LINE = TEXT.splitlines().index("  Fearful checks of its holder have peril.") + 1


@pytest.fixture(scope="module")
def standoff():
    return load_ruleset(STANDOFF)


def table(standoff, *hold: tuple[str, str, int, str | None]) -> WorldGame:
    game = new_game(standoff, seed=1, players=1, dice=[])
    for holder, mark, stacks, source in hold:
        durations.give(game, holder, mark, stacks, source=source)
    return game


def aim(game: WorldGame, faces: list[int], **how):
    game.state.dice_script[:] = faces
    return durations.check(game, "Scout", "Aim", **how)


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("standoff.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def test_a_check_of_the_tag_named_has_peril_and_keeps_the_worse_die(standoff) -> None:
    game = table(standoff, ("Scout", "Shaken", 1, None))
    made = aim(game, [5, 2], tags=("fearful",))
    assert made.inputs["peril"] == 1 and made.outcome == "failure"  # the 2 kept, not the 5


def test_a_check_of_another_tag_is_not_changed(standoff) -> None:
    game = table(standoff, ("Scout", "Shaken", 1, None))
    made = aim(game, [5, 2], tags=("brave",))
    assert made.inputs["peril"] == 0 and made.outcome == "success"


def test_an_attack_against_the_holder_has_favour_and_the_holders_own_checks_do_not(
    standoff,
) -> None:
    game = table(standoff, ("Raider", "Exposed", 1, None))
    made = aim(game, [2, 6], against="Raider", tags=("thrown", "attack"))
    assert made.inputs["favour"] == 1 and made.outcome == "success"  # the 6 kept
    game.state.dice_script[:] = [2, 6]
    own = durations.check(game, "Raider", "Aim", against="Scout", tags=("thrown", "attack"))
    assert own.inputs["favour"] == 0 and own.outcome == "failure"
    assert aim(game, [2, 6], against="Raider", tags=("thrown",)).inputs["favour"] == 0


def test_a_check_against_its_source_is_harder_once_per_stack_and_no_other_is(standoff) -> None:
    game = table(standoff, ("Scout", "Rattled", 2, "Raider"))
    made = aim(game, [6, 6, 6], dice=3, against="Raider", tags=("opposed",))
    assert made.inputs["harder"] == 2 and made.score == 1  # 3 dice less 2: one die rolled
    assert aim(game, [6, 6, 6], dice=3, against="Scout", tags=("opposed",)).score == 3
    assert aim(game, [6, 6, 6], dice=3, tags=("opposed",)).score == 3  # against none


def test_every_check_of_the_holder_with_the_amount_written(standoff) -> None:
    game = table(standoff, ("Scout", "Dazzled", 1, None))
    made = aim(game, [6, 1, 6])
    assert made.inputs["peril"] == 2


@pytest.mark.parametrize(
    ("sentence", "error"),
    [
        (
            "Fearful checks of its holder are harder.",
            "cannot read what it changes: write '<tags> checks of its holder have <input>.'",
        ),
        (
            "Thrown attacks against its holder against its source have favour.",
            "'against its holder' is already against one",
        ),
        ("Fearful checks of its holder are none peril.", "say how much as a number 1 or more"),
        ("If it is dark, fearful checks of its holder have peril.", "no 'if', 'then' or 'may'"),
    ],
)
def test_a_sentence_of_the_form_that_cannot_be_read_is_an_error_at_its_place(
    sentence: str, error: str
) -> None:
    found = errors_of(TEXT.replace("Fearful checks of its holder have peril.", sentence, 1))
    assert len(found) == 1 and error in found[0], found
    assert found[0].startswith(f"standoff.rules:{LINE}:"), found


def test_if_you_are_a_unit_of_a_tag_holds_for_the_one_acting_only(standoff) -> None:
    game = new_game(standoff, seed=1, players=1, dice=[])
    game.start_phase("Standoff")
    decision = game.pending()
    assert decision is not None and decision.who == "Scout"  # Sharp
    game.apply("Take: Steady Aim")
    assert game.ops.value("Scout", "nerve") == 1
    game.apply("pass")
    decision = game.pending()  # Dull: the text would do nothing, so it is not offered
    assert decision is not None and decision.who == "Raider"
    assert "Take: Steady Aim" not in decision.options and "Take: Dig In" in decision.options
    assert game.ops.value("Raider", "nerve") == 0


def test_hold_gives_the_one_acting_a_card_to_hold_and_again_a_stack_more(standoff) -> None:
    game = new_game(standoff, seed=1, players=1, dice=[])
    game.start_phase("Standoff")
    game.apply("Take: Dig In")
    game.apply("Take: Dig In")
    held = durations.holds(game, "Scout", "Rattled")
    assert held is not None and held["stacks"] == 2
    assert durations.holds(game, "Raider", "Rattled") is None
