"""Activate or Move Obstacles: the obstacles whose activation moves them first, to the location
of the character with the lowest (or highest) skill among the characters in the regions the card
names, and then acts where it landed. Ties are the players' choice (the text's "multiple
potential options"); with no character in those regions the obstacle stays. Real cards of the
v19.7 sheet, the characters laid by hand."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import play_as, session
from test_edition_activation import top_showing

from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame

REGIONS = ("empire", "redbank", "settled")
# a season that activates no space a test's obstacle lands on (summer: the middle row only)
QUIET = "summer"


def board(
    winters: Any, obstacle: str, at: str, standing: dict[str, str], region: str = "empire"
) -> WorldGame:
    """A session at its first action: only ``obstacle`` on the map, at ``at``; each character
    of ``standing`` played by p1, p2 ... in that order, at its location; winter on top of
    ``region``'s obstacle deck (every space of it activates), summer on the others'; every
    stress die at 6, so that no loss marks a condition box."""
    game = session(winters, players=len(standing))
    game.pending()
    for card, info in game.state.cards.items():
        if info["kind"] == "obstacle" and info.get("at"):
            game.ops.move_card(card, zone="obstacle deck")
    game.ops.move_card(obstacle, at=at)
    for k, (character, where) in enumerate(standing.items(), start=1):
        game.ops.move_pawn(f"p{k}", where)
        play_as(game, f"p{k}", character)
        game.state.values[character].update(body=6, psyche=6)
    for other in REGIONS:
        top_showing(game, other, "winter" if other == region else QUIET, besides=obstacle)
    for track in ("espionage", "sorcery", "technology", "stability"):
        game.state.values[""][f"{track} threat"] = 2
    return game


def activate(game: WorldGame) -> WorldGame:
    """Every player passes: the turn goes on through its Activation to the next action (any
    other question takes its first option)."""
    game = game.clone()
    for _ in game.state.players:
        game.apply("pass")
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    return game


def at(game: WorldGame, obstacle: str) -> str | None:
    info = game.state.cards[obstacle]
    return str(info["at"]) if info.get("at") else None


def taken(game: WorldGame, character: str, track: str, card: str) -> int:
    """The stress ``character`` lost to ``card``'s text (a seasonal event's is not counted)."""
    return sum(
        int(e.data["before"]) - int(e.data["after"])
        for e in game.events
        if e.kind == WorldEvent.VALUE_CHANGED
        and e.data.get("owner") == character
        and e.data.get("property") == track
        and e.data.get("why") == card
    )


# ---- the location of the character with the lowest or highest skill ----------------------------


def test_imperial_guard_goes_to_the_lowest_thievery_in_the_empire(winters: Any) -> None:
    # Thea (thievery 0) is in Red Bank: of the Empire's characters Keel (2) is below Lucia (3)
    game = board(
        winters,
        "Imperial Guard",
        "Eastkeep",
        {"Thea": "Gray Forest", "Lucia": "Eastkeep", "Keel": "Whitehold"},
    )
    game = activate(game)
    assert at(game, "Imperial Guard") == "Whitehold"
    guard = "Imperial Guard"
    assert taken(game, "Keel", "body", guard) == 2  # espionage threat, where it landed
    assert taken(game, "Lucia", "body", guard) == taken(game, "Thea", "body", guard) == 0


def test_imperial_guard_stays_with_no_character_in_the_empire(winters: Any) -> None:
    game = board(winters, "Imperial Guard", "Eastkeep", {"Thea": "Gray Forest"})
    game = activate(game)
    assert at(game, "Imperial Guard") == "Eastkeep"
    assert taken(game, "Thea", "body", "Imperial Guard") == 0


def test_a_tie_is_the_players_choice(winters: Any) -> None:
    # Thea and Menas both have thievery 0, at two Empire locations: the players are asked
    game = board(
        winters, "Imperial Guard", "Eastkeep", {"Thea": "Whitehold", "Menas": "Guild of Strategy"}
    )
    game = game.clone()
    game.apply("pass")
    game.apply("pass")
    while (decision := game.pending()) is not None and sorted(decision.options) != sorted(
        ["Whitehold", "Guild of Strategy"]
    ):
        assert decision.kind != "action", "no choice between the tied locations was asked"
        game.apply(decision.options[0])
    game.apply("Guild of Strategy")
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    assert at(game, "Imperial Guard") == "Guild of Strategy"
    guard = "Imperial Guard"
    assert (taken(game, "Menas", "body", guard), taken(game, "Thea", "body", guard)) == (2, 0)


def test_orb_of_seeing_goes_anywhere_and_strikes_that_region(winters: Any) -> None:
    # Menas (lore 0) is in Red Bank: the Orb leaves the Empire for his location
    game = board(
        winters,
        "Orb of Seeing",
        "Eastkeep",
        {"Thea": "Eastkeep", "Menas": "Gray Forest", "Keel": "Dusk's Ayrie"},
    )
    game = activate(game)
    assert at(game, "Orb of Seeing") == "Gray Forest"
    # each character in Red Bank (the region it landed in) loses sorcery threat in psyche
    orb = "Orb of Seeing"
    assert (taken(game, "Keel", "psyche", orb), taken(game, "Menas", "psyche", orb)) == (2, 2)
    assert taken(game, "Thea", "psyche", orb) == 0


def test_poison_goes_to_the_highest_command_then_is_discarded(winters: Any) -> None:
    game = board(winters, "Poison", "Eastkeep", {"Menas": "Eastkeep", "Thea": "Dusk's Ayrie"})
    game = activate(game)
    assert taken(game, "Thea", "body", "Poison") == 2  # command 2 against Menas's 1
    assert taken(game, "Menas", "body", "Poison") == 0
    assert game.state.cards["Poison"]["zone"] == "discard"


def test_culture_clash_goes_to_the_lowest_command(winters: Any) -> None:
    game = board(
        winters,
        "Culture Clash",
        "Dusk's Ayrie",
        {"Thea": "Dusk's Ayrie", "Keel": "Lily Manor"},
        region="redbank",
    )
    game = activate(game)
    assert at(game, "Culture Clash") == "Lily Manor"  # Keel's command 0
    clash = "Culture Clash"
    assert (taken(game, "Keel", "psyche", clash), taken(game, "Thea", "psyche", clash)) == (2, 0)


def test_the_weaver_looks_only_at_red_bank_and_the_settled_lands(winters: Any) -> None:
    # Menas (lore 0) is in the Empire; of the others Keel (1) is below Thea (2)
    game = board(
        winters,
        "The Weaver",
        "Lily Manor",
        {"Menas": "Whitehold", "Thea": "Lily Manor", "Keel": "Gray Forest"},
        region="settled",
    )
    game = activate(game)
    assert at(game, "The Weaver") == "Gray Forest"
    weaver = "The Weaver"
    assert (taken(game, "Keel", "psyche", weaver), taken(game, "Thea", "psyche", weaver)) == (2, 0)


@pytest.mark.parametrize(
    ("card", "lowest", "track"),
    [("Master of Secrets (1)", "Thea", "body"), ("Master of Secrets (2)", "Menas", "psyche")],
)
def test_master_of_secrets_strikes_the_lowest_skill_for_3(
    winters: Any, card: str, lowest: str, track: str
) -> None:
    # (1) the lowest combat: Thea's 0 against Lucia's 3; (2) the lowest lore: Menas's 0
    other = "Lucia" if lowest == "Thea" else "Thea"
    game = board(winters, card, "Eastkeep", {lowest: "Gray Forest", other: "Eastkeep"})
    game = activate(game)
    assert at(game, card) == "Gray Forest"
    assert (taken(game, lowest, track, card), taken(game, other, track, card)) == (3, 0)
