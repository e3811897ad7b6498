"""Obstacle Cards, Effect: the obstacles that, while in play, change other cards' numbers (form
11, ``dsl/world/number_changes.py``): the cost of moving out of their location (Imperial Guard
Captain, Prismatic Lotus: one die more to every region; Hidden Outpost: Red Bank for one) and
the damage of other obstacles (Background Checks: the Guards at its location; Secrets and Lies:
every Spy and Guard in play; Encoded Plans and Nalah: the Units of their region). Real cards of
the v19.7 sheet, scripted set-ups: every other obstacle off the map, Thea (p1) at Eastkeep,
whose printed move costs are 1 to the Empire, 1 to Red Bank, 2 to the Settled Lands."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, facing, held

from dsl.world.game import WorldGame


def at_eastkeep(winters: Any, *obstacles: str, dice: int = 5) -> WorldGame:
    """Thea at Eastkeep holding ``dice`` action dice (all 1s), each obstacle there too."""
    game = facing(winters, "Zarrah", [1] * dice, [1] * 5)
    game.ops.move_card("Zarrah", zone="obstacle deck")
    for obstacle in obstacles:
        game.ops.move_card(obstacle, at=WHERE)
    return game.clone()


def move_to_the_empire(game: WorldGame, to: str = "Guild of Strategy") -> tuple[str | None, int]:
    """Take Move to the Empire: where Thea ends and how many action dice she holds."""
    game.pending()
    game.apply("Take: Move to the Empire")
    decision = game.pending()
    if decision is not None and decision.kind != "action":
        game.apply(to)
        game.pending()
    return game.ops.pawn_at("p1"), len(held(game))


def test_a_move_pays_the_printed_cost_without_them(winters: Any) -> None:
    assert move_to_the_empire(at_eastkeep(winters)) == ("Guild of Strategy", 5 - 1)


def test_imperial_guard_captain_makes_moving_out_one_die_more(winters: Any) -> None:
    game = at_eastkeep(winters, "Imperial Guard Captain")
    assert move_to_the_empire(game) == ("Guild of Strategy", 5 - 2)


def test_the_captain_and_the_lotus_add_up(winters: Any) -> None:
    game = at_eastkeep(winters, "Imperial Guard Captain", "Prismatic Lotus")
    assert move_to_the_empire(game) == ("Guild of Strategy", 5 - 3)


def test_the_captain_at_another_location_or_gone_changes_nothing(winters: Any) -> None:
    game = at_eastkeep(winters)
    game.ops.move_card("Imperial Guard Captain", at="Whitehold")
    assert move_to_the_empire(game.clone()) == ("Guild of Strategy", 5 - 1)
    game = at_eastkeep(winters, "Imperial Guard Captain")
    game.ops.move_card("Imperial Guard Captain", zone="discard")  # overcome: the change ends
    assert move_to_the_empire(game.clone()) == ("Guild of Strategy", 5 - 1)


def test_a_move_that_cannot_pay_the_changed_cost_is_refused(winters: Any) -> None:
    assert move_to_the_empire(at_eastkeep(winters, dice=1)) == ("Guild of Strategy", 0)
    game = at_eastkeep(winters, "Imperial Guard Captain", dice=1)  # 2 asked, 1 held
    assert move_to_the_empire(game) == (WHERE, 1)


def test_hidden_outpost_makes_red_bank_one_die_from_its_location(winters: Any) -> None:
    game = at_eastkeep(winters)
    game.ops.move_pawn("p1", "Firstborn Peak")  # Red Bank printed 3 from there
    game.ops.move_card("Hidden Outpost", at="Firstborn Peak")
    game = game.clone()
    game.pending()
    game.apply("Take: Move to Red Bank")
    game.apply(game.pending().options[0])
    game.pending()
    assert len(held(game)) == 5 - 1


def overcome_failing(game: WorldGame, obstacle: str) -> int:
    """Thea tries ``obstacle`` with dice that match nothing: the psyche she has left."""
    game.pending()
    game.apply("Take: Overcome")
    decision = game.pending()
    if decision is not None and decision.kind == "choose_target":
        game.apply(obstacle)
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    return int(game.state.values["Thea"]["psyche"])


def test_background_checks_makes_a_guard_at_its_location_do_one_psyche_more(
    winters: Any,
) -> None:
    # Imperial Guard: disguise 1, difficult for Thea; her rerolled 1s match no 2: she takes
    # its printed psyche, and one more for Background Checks beside it
    assert overcome_failing(at_eastkeep(winters, "Imperial Guard"), "Imperial Guard") == 5 - 1
    game = at_eastkeep(winters, "Imperial Guard", "Background Checks")
    assert overcome_failing(game, "Imperial Guard") == 5 - 2


def test_secrets_and_lies_makes_every_guard_in_play_do_one_psyche_more(winters: Any) -> None:
    game = at_eastkeep(winters, "Imperial Guard")
    game.ops.move_card("Secrets and Lies", at="Whitehold")  # anywhere in play
    assert overcome_failing(game.clone(), "Imperial Guard") == 5 - 2


def test_encoded_plans_and_nalah_make_units_of_their_region_do_one_body_more(
    winters: Any,
) -> None:
    game = at_eastkeep(winters, "Praetorians")  # a Unit: three body printed
    assert game.host.listed(game.context(), "Praetorians", "stress") == ["body"] * 3
    game.ops.move_card("Encoded Plans", at="Whitehold")  # the Empire too
    game.ops.move_card("Nalah", at="Guild of Strategy")
    assert game.host.listed(game.context(), "Praetorians", "stress") == ["body"] * 5
    game.ops.move_card("Nalah", at="Gray Forest")  # a Red Bank location: not the Empire
    assert game.host.listed(game.context(), "Praetorians", "stress") == ["body"] * 4
