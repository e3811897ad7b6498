"""Session End: after the fall's last turn the session ends; its steps as text today: twice the
year's number of random progress cards of the lowest stage burnt, the obstacle deck shuffled, in
each region the location with the most obstacles burnt and a location of the region from the
location deck put into play in its place (Burn Locations, Unlock New Locations), the location
board cleared (the obstacles go to the discard), the year advanced. The steps not yet text are
`note` lines in procedure.rules (STATUS.md)."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import obstacles_in_play, pass_to_the_end, play_randomly, session

from dsl.world.burning import burnt
from dsl.world.game import new_game
from dsl.world.replacing import places
from dsl.world.together import carried, carry_into


def test_the_session_ends_after_the_fall(winters: Any) -> None:
    game = session(winters, players=2)
    pass_to_the_end(game)
    assert game.state.over
    assert game.pending() is None


def test_session_end_clears_every_obstacle_from_the_board(winters: Any) -> None:
    game = session(winters, players=3)
    game.pending()
    assert obstacles_in_play(game)
    turns = pass_to_the_end(game) // 3  # each of the three players passes once a turn
    assert obstacles_in_play(game) == {}
    # one per player, then two each turn, and one each threat location brought with it
    perils = [e for e in game.events if e.kind == "place_taken" and e.data["card_kind"] == "peril"]
    dealt = 3 + turns * 2 + len(perils)
    assert len(game.state.zones["discard"]) == dealt
    assert len(game.state.zones["obstacle deck"]) == 90 - dealt


def test_a_random_session_also_ends_with_the_board_clear(winters: Any) -> None:
    game = play_randomly(session(winters, players=2, seed=5), seed=5)
    assert game.state.over and obstacles_in_play(game) == {}


# ---- Burn Progress Cards, Shuffle Obstacle Decks, Advance Year ----


def session_of_year(winters: Any, year: int) -> Any:
    game = session(winters, players=1, seed=year)
    game.pending()
    game.state.values[""]["year"] = year
    pass_to_the_end(game)
    return game


def burnt_stages(game: Any) -> list[int]:
    """The stages of the progress cards burnt, lowest first."""
    stages = {c.name: int(c.fields["stage"]) for c in game.ruleset.cards("mission")}
    names = [game.state.cards[card]["name"] for card in burnt(game.state)]
    return sorted(stages[name] for name in names if name in stages)  # not the locations burnt


@pytest.mark.parametrize(
    ("year", "stages"),
    [(1, [1] * 2), (2, [1] * 4), (3, [1] * 6), (4, [2] * 8), (5, [3] * 10), (6, [4] * 12)],
)
def test_twice_the_year_of_the_lowest_stage_are_burnt(
    winters: Any, year: int, stages: list[int]
) -> None:
    game = session_of_year(winters, year)
    assert burnt_stages(game) == stages
    assert not set(burnt(game.state)) & set(game.state.zones["mission deck"])


def test_burnt_cards_are_random_among_their_stage(winters: Any) -> None:
    picked = {tuple(sorted(burnt(session_of_year(winters, 1).state)))}
    picked |= {
        tuple(sorted(burnt(play_randomly(session(winters, seed=s), seed=s).state))) for s in (2, 3)
    }
    assert len(picked) > 1


def test_the_obstacle_deck_is_shuffled_and_the_year_advances(winters: Any) -> None:
    game = session_of_year(winters, 2)
    assert game.ops.value("", "year") == 3
    shuffled = [e for e in game.events if e.kind == "zone_shuffled"]
    assert shuffled and shuffled[-1].data["zone"] == "obstacle deck"
    after = game.events[game.events.index(shuffled[-1]) :]
    moved = {(e.data["card_kind"], e.data["to"]) for e in after if e.kind == "card_moved"}
    # after it only the locations burnt and the obstacles cleared move, none into the deck
    assert moved == {("location", "burnt"), ("obstacle", "discard")}


# ---- Burn Locations and Unlock New Locations ----

EMPIRE, REDBANK, SETTLED = (
    ("Eastkeep", "Guild of Strategy", "Whitehold"),
    ("Dusk's Ayrie", "Ferry's Glenn", "Gray Forest"),
    ("Lily Manor", "Boar's Peak", "Gravewood"),
)


def session_end_with(winters: Any, obstacles: dict[str, int], seed: int = 1) -> Any:
    """Session End alone, the board holding ``obstacles`` (a location: how many)."""
    game = new_game(winters, seed=seed, players=1, first_phase="Session End")
    deck = iter(list(game.state.zones["obstacle deck"]))
    for place, count in obstacles.items():
        for _ in range(count):
            game.ops.move_card(next(deck), at=place)
    while game.pending() is not None:
        game.apply(game.pending().options[0])
    return game


def test_in_each_region_the_location_with_the_most_obstacles_is_burnt_and_replaced(
    winters: Any,
) -> None:
    game = session_end_with(winters, {"Whitehold": 2, "Eastkeep": 1, "Gray Forest": 1})
    now = places(game)
    # Whitehold (2) in the Empire, Gray Forest (1) in Red Bank, and with no obstacle in the
    # Settled Lands one of the three at random (our reading of the tie)
    gone = [b for b in burnt(game.state) if game.state.cards[b]["kind"] == "location"]
    assert gone[:2] == ["Whitehold", "Gray Forest"] and gone[2] in SETTLED
    settled = SETTLED.index(gone[2]) + 6
    for space, region in ((2, "empire"), (5, "redbank"), (settled, "settled")):
        new = now[space]
        assert new not in EMPIRE + REDBANK + SETTLED  # unlocked from the location deck
        assert game.card_fields(new)["region"] == region
        assert new not in game.state.zones["location deck"]
    kept = [place for place in EMPIRE + REDBANK + SETTLED if place not in gone]
    assert [place for place in now if place in kept] == kept
    assert obstacles_in_play(game) == {}  # Clear after: the burnt one's obstacles too


def test_a_tie_and_the_new_locations_are_random_among_their_region(winters: Any) -> None:
    games = [session_end_with(winters, {}, seed=s) for s in range(1, 6)]
    assert len({burnt(game.state)[-1] for game in games}) > 1  # the Settled Lands' tie
    unlocked = {
        new for game in games for new in places(game) if new not in EMPIRE + REDBANK + SETTLED
    }
    assert len(unlocked) > 3


def test_the_next_session_starts_on_the_map_the_last_one_left(winters: Any) -> None:
    game = session_end_with(winters, {"Whitehold": 1})
    left = carried(game)
    assert len(left["spaces"]) == 3
    nxt = new_game(winters, seed=7, players=1)
    carry_into(nxt, left)
    assert places(nxt) == places(game)
    nxt.pending()
    assert all(place in places(game) for place in obstacles_in_play(nxt).values())
