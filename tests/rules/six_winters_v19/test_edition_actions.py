"""Actions: a player spends action dice to move or rest, or overcomes an obstacle at their
character's location (test_edition_overcome.py); an action they cannot pay for is refused and
they choose again."""

from __future__ import annotations

from typing import Any

from edition_session import obstacles_in_play, session

from dsl.world.game import WorldGame


def at_first_action(winters: Any) -> WorldGame:
    game = session(winters, players=1)
    game.pending()
    return game


MOVES = ("Take: Move to the Empire", "Take: Move to Red Bank", "Take: Move to the Settled Lands")


def test_a_player_may_move_to_a_region_rest_or_pass_and_overcome_only_by_an_obstacle(
    winters: Any,
) -> None:
    game = session(winters, players=1, seed=2)  # this seed's first obstacle is elsewhere
    decision = game.pending()
    assert decision is not None
    assert not [o for o, at in obstacles_in_play(game).items() if at == game.ops.pawn_at("p1")]
    # Eastkeep is the Empire's top space, military: its asset (test_edition_create_asset.py)
    # and its trades (test_edition_trade.py); the character's abilities its dice can fuel are
    # offered too (test_edition_abilities.py)
    trades = ("Take: Trade out of Military", "Take: Trade into Military")
    actions = tuple(o for o in decision.options if not str(o).startswith("Use: "))
    assert actions == (
        *MOVES,
        "Take: Rest",
        "Take: Create a Military Asset",
        *trades,
        "pass",
    )


def test_a_move_costs_the_dice_the_location_asks_for_the_destination_region(
    winters: Any,
) -> None:
    game = at_first_action(winters)  # at Eastkeep: Empire 1, Red Bank 1, Settled Lands 2
    game.apply("Take: Move to the Settled Lands")
    decision = game.pending()
    assert decision is not None and set(decision.options) == {
        "Lily Manor",
        "Boar's Peak",
        "Gravewood",
    }
    game.apply("Gravewood")
    game.pending()
    assert game.ops.pawn_at("p1") == "Gravewood"
    assert game.state.values["p1"]["red dice"] == 5 - 2


def test_from_whitehold_only_the_empire_is_reached(winters: Any) -> None:
    fields = winters.card("Whitehold", "location").fields
    assert fields["empire cost"] == 1 and fields.get("redbank cost") is None
    game = at_first_action(winters)
    game.ops.move_pawn("p1", "Whitehold")
    for move in ("Take: Move to Red Bank", "Take: Move to the Settled Lands"):
        game.apply(move)
        decision = game.pending()
        assert decision is not None and move not in decision.options
    assert game.ops.pawn_at("p1") == "Whitehold" and game.state.values["p1"]["red dice"] == 5


def character_of(game: WorldGame, player: str) -> str:
    (card,) = [c for c, info in game.state.cards.items() if info.get("player") == player]
    return card


def test_each_player_plays_a_character_standing_at_their_token(winters: Any) -> None:
    game = session(winters, players=3)
    game.pending()
    characters = [character_of(game, p) for p in ("p1", "p2", "p3")]
    assert len(set(characters)) == 3
    for player, card in zip(("p1", "p2", "p3"), characters, strict=True):
        assert game.state.cards[card]["kind"] == "character"
        assert game.state.cards[card]["at"] == game.ops.pawn_at(player)
        # "Stress": each stress die starts at the face the character's track shows
        printed = winters.card(card, "character").fields
        assert game.ops.value(player, "psyche") == printed["psyche"]
        assert game.ops.value(player, "body") == printed["body"]


def test_rest_spends_one_die_for_one_stress_back_on_a_track_of_choice(winters: Any) -> None:
    game = at_first_action(winters)
    mine = character_of(game, "p1")
    game.state.values[mine]["psyche"] = 2
    game.apply("Take: Rest")
    decision = game.pending()
    assert decision is not None and set(decision.options) == {"Psyche", "Body"}
    game.apply("Psyche")
    game.pending()
    assert game.state.values["p1"]["red dice"] == 5 - 1
    assert game.state.values[mine]["psyche"] == 2 + winters.values["rest recovers"]


def test_rest_never_raises_a_stress_die_past_six(winters: Any) -> None:
    game = at_first_action(winters)
    mine = character_of(game, "p1")
    game.state.values[mine]["body"] = 6
    game.apply("Take: Rest")
    game.pending()
    game.apply("Body")
    game.pending()
    assert game.state.values[mine]["body"] == 6


def test_rest_without_an_action_die_is_refused(winters: Any) -> None:
    game = at_first_action(winters)
    game.state.values["p1"]["red dice"] = 0
    game.apply("Take: Rest")
    decision = game.pending()
    assert decision is not None and "Take: Rest" not in decision.options
