"""Progress Cards in play, the text's On Two Fronts example laid through the game: asset dice of
the location where the character stands laid on their progress card, a square at a time, from
the start (any die from a Red Bank location) along the diagonal (a 5 of any type, a technology
die) to the end (any die from an Empire location); the card completed, its dice discarded, the
military track raised by one and the next card taken from the staging area. The asset dice are
set by hand (scripted), the moves are the game's."""

from __future__ import annotations

from typing import Any

from edition_session import hold, session

from dsl.world.game import WorldGame
from dsl.world.grid_play import laid_on
from dsl.world.pools import faces

FRONTS = "On Two Fronts"
GLENN, EASTKEEP = "Ferry's Glenn", "Eastkeep"  # Red Bank's middle space, the Empire's top one


def assets(game: WorldGame, where: str, resource: str, dice: list[int]) -> None:
    held = game.state.values.setdefault(where, {})
    for face in range(1, 7):
        held.pop(f"{resource} assets#{face}", None)
    for face in dice:
        held[f"{resource} assets#{face}"] = held.get(f"{resource} assets#{face}", 0) + 1
    held[f"{resource} assets"] = len(dice)


def shown(game: WorldGame, where: str, resource: str) -> list[int]:
    decl = game.world.property(f"{resource} assets")
    assert decl is not None
    return faces(game, where, decl)


def fronts(winters: Any) -> WorldGame:
    """One player holding On Two Fronts at Ferry's Glenn, a 3 and a 5 there as assets, a 2
    technology and a 4 stability at Eastkeep."""
    game = session(winters, players=1, seed=2)
    game.pending()
    kept = game.state.zones["controlled missions@p1"]
    game.ops.move_card(kept[0], zone="mission deck", why="test")
    game.ops.move_card(FRONTS, zone="controlled missions", owner="p1", why="test")
    game.ops.move_pawn("p1", GLENN)
    hold(game, "p1", [1, 2, 3, 4, 5])
    assets(game, GLENN, "military", [3])
    assets(game, GLENN, "diplomacy", [5])
    assets(game, EASTKEEP, "technology", [2])
    assets(game, EASTKEEP, "stability", [4])
    return game.clone()


def options(game: WorldGame) -> list[str]:
    decision = game.pending()
    assert decision is not None
    return [str(o) for o in decision.options]


def lay(game: WorldGame, label: str) -> None:
    game.apply("Take: Fill Progress")
    if game.pending() is not None and game.pending().kind == "choose_option":  # type: ignore[union-attr]
        assert f"{label} of {FRONTS}" in options(game), options(game)
        game.apply(f"{label} of {FRONTS}")
    game.pending()


def test_on_two_fronts_along_the_diagonal(winters: Any) -> None:
    game = fronts(winters)
    assert "Take: Fill Progress" in options(game)
    staged = list(game.state.zones["staging area"])
    military = game.ops.value("", "military progress")
    # the first square: any die from a Red Bank location, either of the two there
    game.apply("Take: Fill Progress")
    assert sorted(options(game)) == [
        f"3 military at row 1, column 1 of {FRONTS}",
        f"5 diplomacy at row 1, column 1 of {FRONTS}",
    ]
    game.apply(f"3 military at row 1, column 1 of {FRONTS}")
    game.pending()
    lay(game, "5 diplomacy at row 2, column 2")  # the diagonal: a 5 of any type
    # nothing left at Ferry's Glenn: the card is not offered until the character moves
    assert "Take: Fill Progress" not in options(game)
    game.apply("Take: Move to the Empire")
    game.apply(EASTKEEP)
    game.pending()
    # from the Empire: the technology die on the diagonal or any die on the white square
    game.apply("Take: Fill Progress")
    assert sorted(options(game)) == sorted(
        [
            f"2 technology at row 2, column 3 of {FRONTS}",
            f"4 stability at row 2, column 3 of {FRONTS}",
            f"2 technology at row 3, column 3 of {FRONTS}",
        ]
    )
    game.apply(f"2 technology at row 3, column 3 of {FRONTS}")
    game.pending()
    assert {at: d.face for at, d in laid_on(game, FRONTS, "path").items()} == {
        (0, 0): 3,
        (1, 1): 5,
        (2, 2): 2,
    }
    lay(game, "4 stability at row 4, column 4")  # the end: any die from an Empire location
    # completed: the dice discarded, the card too, military raised by one, the next card taken
    assert laid_on(game, FRONTS, "path") == {}
    assert game.state.cards[FRONTS]["zone"] == game.discard_key(FRONTS)
    assert game.ops.value("", "military progress") == military + 1
    assert game.state.zones["controlled missions@p1"] == staged  # the one card staged
    assert game.state.zones.get("staging area") == []
    assert shown(game, EASTKEEP, "stability") == [] and shown(game, GLENN, "military") == []
    assert game.pending() is not None and game.pending().kind == "action"  # type: ignore[union-attr]


def test_the_last_die_must_come_from_the_empire(winters: Any) -> None:
    game = fronts(winters)
    assets(game, GLENN, "technology", [2])
    assets(game, GLENN, "stability", [4])
    game = game.clone()
    for label in (
        "3 military at row 1, column 1",
        "5 diplomacy at row 2, column 2",
        "2 technology at row 3, column 3",
    ):
        lay(game, label)
    game.apply("Take: Fill Progress")
    offered = options(game)
    assert offered and not any("row 4, column 4" in o for o in offered)  # not from Red Bank


def test_a_square_with_a_face_takes_only_that_face(winters: Any) -> None:
    game = fronts(winters)
    assets(game, GLENN, "diplomacy", [4])
    game = game.clone()
    lay(game, "3 military at row 1, column 1")
    # a 4 fits neither the 5 on the diagonal nor the espionage square below the start
    assert "Take: Fill Progress" not in options(game)


def test_a_card_not_held_is_not_laid_on(winters: Any) -> None:
    game = session(winters, players=1, seed=2)
    game.pending()
    game.ops.move_pawn("p1", GLENN)
    assets(game, GLENN, "military", [3])
    game = game.clone()
    held = game.state.zones["controlled missions@p1"][0]
    start = next(sq for row in game.card_fields(held)["path"] for sq in row if sq and sq["start"])
    offered = "Take: Fill Progress" in options(game)
    # the held card's start takes a 3 military from Red Bank only when it asks no other type,
    # face or region
    fits = start["die"] in (None, "military") and start["face"] in (None, 3)
    assert offered == (fits and start["group"] in (None, "redbank"))


def test_a_card_completed_with_no_card_staged_still_raises_its_track(winters: Any) -> None:
    game = fronts(winters)
    for card in list(game.state.zones["staging area"]):
        game.ops.move_card(card, zone="mission deck", why="test")
    game = game.clone()
    military = game.ops.value("", "military progress")
    lay(game, "3 military at row 1, column 1")
    lay(game, "5 diplomacy at row 2, column 2")
    game.apply("Take: Move to the Empire")
    game.apply(EASTKEEP)
    game.pending()
    lay(game, "2 technology at row 3, column 3")
    lay(game, "4 stability at row 4, column 4")
    assert game.ops.value("", "military progress") == military + 1
    assert game.state.cards[FRONTS]["zone"] == game.discard_key(FRONTS)
    assert not game.state.zones.get("controlled missions@p1")  # none to take: none held
