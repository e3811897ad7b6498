"""Obstacle Cards, Effect, Overcome: an obstacle's own overcome text takes effect when it is
overcome by the Overcome Obstacle action ("Resolve its Overcome text." in the action, before the
obstacle is discarded), the player who overcame it acting: a threat track lowered, the overcoming
character's stress, each character in the obstacle's region, other obstacles discarded. Real
cards of the v19.7 sheet, with scripted dice."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, choosing_dice, facing, play_as, session

from dsl.world.game import WorldGame


def overcome(game: WorldGame) -> None:
    game.apply("Take: Overcome")
    while (decision := game.pending()) is not None and decision.kind != "action":
        # a choice the text asks: the first; of the dice to lay, all that match
        game.apply(decision.options[-1 if choosing_dice(decision) else 0])


def threat(game: WorldGame, resource: str) -> int:
    return game.ops.value("", f"{resource} threat")


def psyche(game: WorldGame, character: str) -> int:
    return int(game.state.values[character]["psyche"])


def obstacle(game: WorldGame, name: str) -> str:
    """The obstacle card printing ``name``."""
    (card,) = [
        c
        for c, info in game.state.cards.items()
        if info["kind"] == "obstacle" and info["name"] == name
    ]
    return card


def overcome_texts(winters: Any) -> list[str]:
    return [
        card.name
        for card in winters.cards("obstacle")
        if any(a.trigger and a.trigger.label == "Overcome" for a in card.abilities)
    ]


def test_wrath_of_the_autarch_overcome_lowers_the_espionage_threat_by_three(winters: Any) -> None:
    # combat 6: difficult for Thea (combat 0), so no approach; her reroll shows 2, 2, 2, 6, 6
    game = facing(winters, "Wrath of the Autarch", [1, 1, 1, 1, 1], [2, 2, 2, 6, 6])
    before = threat(game, "espionage")
    overcome(game)
    assert game.state.cards["Wrath of the Autarch"]["zone"] == "discard"
    assert threat(game, "espionage") == before - 3
    assert threat(game, "military") == before  # its own icons are military: not that track


def test_an_obstacle_not_yet_overcome_does_nothing_of_its_overcome_text(winters: Any) -> None:
    game = facing(winters, "Wrath of the Autarch", [1, 1, 1, 1, 1], [2, 6, 1, 1, 1])
    before = threat(game, "espionage")
    overcome(game)  # a 2 and a 6 laid: three dice still lacking
    assert game.state.cards["Wrath of the Autarch"]["at"] == WHERE
    assert threat(game, "espionage") == before


def test_rousing_speech_costs_the_overcoming_character_psyche_and_lowers_stability(
    winters: Any,
) -> None:
    # "Lose psyche equal to stability threat. Lose 1 stability threat.": "you" is the player who
    # overcame it, so the psyche is Thea's; command 3 is difficult for her, the reroll 5, 5, 5
    game = facing(winters, "Rousing Speech", [1, 1, 1], [5, 5, 5])
    stability = threat(game, "stability")
    overcome(game)
    assert game.state.cards["Rousing Speech"]["zone"] == "discard"
    assert psyche(game, "Thea") == max(5 - stability, 0)
    assert threat(game, "stability") == stability - 1


def test_wine_and_roses_stresses_each_character_in_its_region_only(winters: Any) -> None:
    # rapport 1: easy for Thea (rapport 1), the approach lays both fours
    game = facing(winters, "Wine and Roses", [4, 4, 1], [], players=3)
    game.ops.move_pawn("p2", "Whitehold")  # the Empire too
    play_as(game, "p2", "Menas")
    game.ops.move_pawn("p3", "Ferry's Glenn")  # Red Bank
    play_as(game, "p3", "Keel")
    game = game.clone()
    diplomacy = threat(game, "diplomacy")
    overcome(game)
    assert game.state.cards["Wine and Roses"]["zone"] == "discard"
    assert psyche(game, "Thea") == max(5 - diplomacy, 0)
    # Menas's psyche die from 3: falling to 0, it is set back to 3 and marks his first condition
    fell = diplomacy >= 3
    assert psyche(game, "Menas") == (3 if fell else 3 - diplomacy)
    assert game.ops.value("Menas", "psyche condition 1") == int(fell)
    assert psyche(game, "Keel") == 3  # another region: untouched


def test_military_sabotage_discards_each_unit_obstacle_on_the_map(winters: Any) -> None:
    # thievery 4: difficult for Thea; the reroll shows 1, 1, 1, 3
    game = facing(winters, "Military Sabotage", [6, 6, 6, 6], [1, 1, 1, 3])
    game.ops.move_card("Securing the Perimeter", at="Ferry's Glenn")  # a Unit obstacle
    game.ops.move_card("Zarrah", at="Whitehold")  # a Diplomat: it stays
    game = game.clone()
    overcome(game)
    assert game.state.cards["Military Sabotage"]["zone"] == "discard"
    assert game.state.cards["Securing the Perimeter"]["zone"] == "discard"
    assert game.state.cards["Zarrah"]["at"] == "Whitehold"


def test_an_obstacle_with_no_overcome_text_is_only_discarded(winters: Any) -> None:
    game = facing(winters, "Zarrah", [5, 5, 1], [])  # easy: the approach lays both fives
    tracks = {r: threat(game, r) for r in ("stability", "espionage", "diplomacy")}
    overcome(game)
    assert game.state.cards["Zarrah"]["zone"] == "discard"
    assert {r: threat(game, r) for r in tracks} == tracks
    assert psyche(game, "Thea") == 5


def test_eighteen_obstacles_print_an_overcome_text(winters: Any) -> None:
    # Egalitarian Society's since the pools are dice, Forward Shelters' since assets are
    assert len(overcome_texts(winters)) == 18


def test_every_overcome_text_of_the_sheet_runs_when_its_obstacle_is_overcome(
    winters: Any,
) -> None:
    for name in overcome_texts(winters):
        dice = list(winters.card(name, "obstacle").fields["dice"])
        each = obstacle(session(winters), name)  # "The Resistance" is a mission's name too
        game = facing(winters, each, dice, dice)  # matched on the approach or by the reroll
        overcome(game)
        assert game.state.cards[each]["at"] is None, name
