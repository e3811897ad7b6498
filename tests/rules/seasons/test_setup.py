"""Seed 003, "Setup": the first player at random, 10 gold each, a warrior, a peasant and a
starting building on each capital, two monster invasions; two to four seats."""

from __future__ import annotations

import pytest

from dsl.world.declare import world_of
from dsl.world.events import WorldEvent
from dsl.world.game import new_game


def setup_events(game) -> list:  # type: ignore[no-untyped-def]
    """The events before the first year starts."""
    told = []
    for event in game.events:
        if event.kind == WorldEvent.ROUND_STARTED:
            break
        told.append(event)
    return told


def test_two_to_four_seats_play(seasons) -> None:
    assert world_of(seasons).players == (2, 4)
    for seats in (2, 3, 4):
        assert new_game(seasons, seed=1, players=seats).pending() is not None
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        new_game(seasons, seed=1, players=5)


def test_the_first_player_is_chosen_at_random(seasons) -> None:
    firsts = set()
    for seed in range(30):
        game = new_game(seasons, seed=seed, players=3)
        game.pending()
        firsts.add(game.state.order[0])
    assert firsts == {"p1", "p2", "p3"}
    order = game.state.order
    at = order.index("p1")
    assert order[at:] + order[:at] == ["p1", "p2", "p3"]  # then on around the table


def test_each_player_starts_with_10_gold(seasons) -> None:
    game = new_game(seasons, seed=1, players=4)
    game.pending()
    assert seasons.values["starting gold"] == 10
    assert all(game.state.values[p]["gold"] == 10 for p in game.state.players)


def test_a_warrior_a_peasant_and_a_starting_building_on_each_capital(seasons) -> None:
    game = new_game(seasons, seed=2, players=3)
    game.pending()
    placed = [e.data for e in setup_events(game) if e.kind == WorldEvent.PIECES_PLACED]
    for player, capital in (
        ("p1", "North Capital"),
        ("p2", "South Capital"),
        ("p3", "East Capital"),
    ):
        mine = {(d["piece"], d["on"]) for d in placed if d["owner"] == player}
        assert mine == {("peasant", capital), ("warrior", capital)}
        built = [c for c, i in game.state.cards.items() if i.get("at") == capital]
        assert len(built) == 1 and game.state.cards[built[0]]["name"] == "Town Hall"
        assert game.state.cards[built[0]]["owner"] == player


def test_two_monster_invasions_at_setup(seasons) -> None:
    for seed in range(5):
        game = new_game(seasons, seed=seed, players=2)
        game.pending()
        told = setup_events(game)
        rolls = [e.data for e in told if e.kind == WorldEvent.DIE_ROLLED]
        assert [r["die"].casefold() for r in rolls] == ["monster die", "location die"] * 2
        monsters = sum(
            e.data["count"]
            for e in told
            if e.kind == WorldEvent.PIECES_PLACED and e.data["piece"] == "monster"
        )
        expected = sum(int(r["result"].split()[0]) for r in rolls[::2])
        # the Wilds (face 0) is never rolled: each invasion lands
        assert monsters == expected


def test_every_number_of_the_fragment_is_a_declared_value_with_its_range(seasons) -> None:
    values = seasons.values
    assert (values["unit limit"], values["starting gold"]) == (5, 10)
    hand = world_of(seasons).zone("hand")
    assert hand is not None and hand.limit == 3  # the blessing hand: "at most 3 blessings"
    assert (values["setup invasions"], values["invasions per event"]) == (2, 1)
    assert (values["warrior cost"], values["peasant cost"], values["bounty"]) == (1, 0, 1)
    assert (values["building points each"], values["warrior points each"]) == (5, 2)
    assert (values["unrest"], values["fire growth"]) == (1, 1)  # 1 a token; "another" fire


def test_every_value_says_its_range_and_one_outside_it_is_refused(tmp_path) -> None:
    import shutil

    from dsl.loader import check_ruleset
    from rules import registry

    folder = tmp_path / "seasons"
    shutil.copytree(registry.find("seasons").folder, folder, ignore=shutil.ignore_patterns("*.md"))
    checked = check_ruleset(folder)
    values = [form for f in checked.files for form in f.forms if type(form).__name__ == "ValueDecl"]
    assert len(values) >= 16 and all(v.low is not None for v in values)  # the hand: a zone's most
    text = (folder / "ruleset.rules").read_text()
    (folder / "ruleset.rules").write_text(
        text.replace("value unit limit = 5", "value unit limit = 0")
    )
    errors = [e.message for e in check_ruleset(folder).diagnostics.errors]
    assert errors == ["value 'unit limit' = 0 is outside 1..: the engine honours at least 1"]
