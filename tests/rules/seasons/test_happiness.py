"""Seed 003, "Happiness": at its minimum the curse die is rolled; at its maximum a blessing is
drawn, and the marker goes back to the start and keeps rising; the blessing hand holds 3."""

from __future__ import annotations

from seasons_testing import at_planning

from dsl.world.events import WorldEvent


def hand(game, player: str) -> list[str]:  # type: ignore[no-untyped-def]
    return game.state.zones.get(f"hand@{player}", [])


def test_happiness_runs_from_0_to_10_and_starts_at_5(seasons) -> None:
    decl = seasons.vocabulary.world.properties["happiness"]
    assert (decl.low, decl.high, decl.start) == (0, 10, 5)


def test_at_the_maximum_a_blessing_is_drawn_and_the_marker_goes_back_and_keeps_rising(
    seasons,
) -> None:
    game = at_planning(seasons)
    game.state.values["p1"]["happiness"] = 8
    after = game.ops.change("p1", "happiness", 5, why="a feast")
    assert after == 8  # 9, 10 (a blessing, back to 5), 6, 7, 8
    assert len(hand(game, "p1")) == 1
    assert game.ops.change("p1", "happiness", 7) == 5  # 9, 10, back to 5, 6 ... 10, back to 5
    assert len(hand(game, "p1")) == 3


def test_a_full_hand_takes_no_more_blessings(seasons) -> None:
    game = at_planning(seasons)
    for _ in range(3):
        game.state.values["p1"]["happiness"] = 9
        game.ops.change("p1", "happiness", 1)
    assert len(hand(game, "p1")) == 3 == game.world.zone("hand").limit
    game.state.values["p1"]["happiness"] = 9
    game.ops.change("p1", "happiness", 1)
    assert len(hand(game, "p1")) == 3


def curse(seasons, face: int):  # type: ignore[no-untyped-def]
    game = at_planning(seasons)
    game.state.values["p1"]["happiness"] = 1
    game.state.dice_script = [face]
    game.ops.change("p1", "happiness", -3)
    return game


def test_at_the_minimum_the_curse_die_is_rolled(seasons) -> None:
    game = curse(seasons, 1)
    rolled = [e.data for e in game.events if e.kind == WorldEvent.DIE_ROLLED][-1]
    assert (rolled["die"], rolled["face"], rolled["by"]) == ("Curse die", 1, "p1")
    assert game.state.values["p1"]["happiness"] == 0
    assert game.state.values["p1"]["gold"] == 8  # 1-2: lose 2 gold (our choice)
    assert curse(seasons, 3).ops.count("North Capital", "plague") == 1  # 3-4: a plague
    assert curse(seasons, 6).ops.count("North Capital", "fire") == 1  # 5-6: a fire
