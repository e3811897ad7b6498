"""Advance Time: the last step of a turn moves the time marker on. A season's first turn is
always played; its second only when, as the first ends, one or more symbols of that season show
on the backs of the obstacle decks' top cards. After the fall the session is over: between 4 and
8 turns. Real cards of the v19.7 sheet, the decks laid by hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from edition_session import session

from dsl.world.deck_backs import back
from dsl.world.game import WorldGame

SEASONS = ("Winter", "Spring", "Summer", "Fall")


def turns_by_season(game: WorldGame) -> Counter[str]:
    """Every player passes every action phase to the session's end; the turns each season
    had (one player: one action phase a turn)."""
    turns: Counter[str] = Counter()
    while (decision := game.pending()) is not None:
        if decision.kind != "action":
            game.apply(decision.options[0])
            continue
        (season,) = [
            f.data["phase"].removesuffix(" Turn")
            for f in game.state.frames
            if f.kind == "procedure"
            and f.data["phase"].endswith(" Turn")
            and f.data["phase"] != "Turn"
        ]
        turns[season] += 1
        game.apply("pass")
    return turns


def keep_in_the_deck(game: WorldGame, keep: Any) -> None:
    """Take out of the obstacle deck every copy ``keep(season on its back, region)`` refuses."""
    split = game.world.decks["obstacle"]
    for card in list(game.state.zones["obstacle deck"]):
        if not keep(back(game, split, card), game.card_fields(card)["region"]):
            game.ops.move_card(card, zone="discard")


def test_the_session_plays_each_seasons_second_turn_only_if_its_symbol_shows(
    winters: Any,
) -> None:
    steps = winters.procedure.phase("Session").steps
    titles = [step.title for step in steps if step.title not in ("setup", "teardown")]
    assert titles == [
        "Winter",
        "Second Winter",
        "Spring",
        "Second Spring",
        "Summer",
        "Second Summer",
        "Fall",
        "Second Fall",
        "Session End",
        "Campaign End",
    ]
    second = {step.title: step.only_if_text for step in steps}
    assert (
        second["Second Winter"]
        == "the number of winter showing on the obstacle decks is at least 1"
    )
    assert second["Winter"] is None


def test_no_winter_symbol_on_any_deck_no_second_winter_turn(winters: Any) -> None:
    game = session(winters)
    game.pending()
    keep_in_the_deck(game, lambda season, region: season != "winter")
    turns = turns_by_season(game)
    assert turns["Winter"] == 1


def test_a_winter_symbol_on_one_deck_gives_winter_its_second_turn(winters: Any) -> None:
    # every copy left in the Empire's deck shows winter: whatever the turn draws, its top does
    game = session(winters)
    game.pending()
    keep_in_the_deck(game, lambda season, region: region != "empire" or season == "winter")
    turns = turns_by_season(game)
    assert turns["Winter"] == 2


def test_every_season_follows_its_own_symbols(winters: Any) -> None:
    # only winter and summer copies left: winter and summer have two turns, spring and fall one
    game = session(winters, seed=2)
    game.pending()
    keep_in_the_deck(game, lambda season, region: season in ("winter", "summer"))
    turns = turns_by_season(game)
    assert [turns[s] for s in SEASONS] == [2, 1, 2, 1]


# seeds 2-9: seed 1's character is knocked out in the fall (asked no more, its turns are not
# seen by counting the questions) since the progress deck is shuffled at setup
@pytest.mark.parametrize("seed", range(2, 10))
def test_a_session_is_between_four_and_eight_turns(winters: Any, seed: int) -> None:
    turns = turns_by_season(session(winters, seed=seed))
    assert all(turns[s] in (1, 2) for s in SEASONS)
    assert 4 <= sum(turns.values()) <= 8


def test_the_seeds_give_sessions_of_other_lengths_than_eight(winters: Any) -> None:
    lengths = {sum(turns_by_season(session(winters, seed=seed)).values()) for seed in range(2, 10)}
    assert lengths != {8}
