"""The v19.7 text's "Progress Cards" section and the sorcery mastery bonus: asset dice laid on a
progress card's squares in a chain from its start to its end complete it; the wildcard reward raises
the track the player chooses (Sorcerous Shortcuts through the game). The text's own
example, On Two Fronts, laid die by die (dsl/grid.py reads the squares)."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import session
from test_edition_progress_play import GLENN, assets

from dsl.grid import Laid, completes

START = {(0, 0): Laid("military", 3, "redbank")}  # any die from a Red Bank location


@pytest.fixture(scope="module")
def fronts(winters: Any) -> Any:
    return winters.card("On Two Fronts", "mission").fields["path"]


def test_along_the_diagonal(fronts: Any) -> None:
    laid = {
        **START,
        (1, 1): Laid("diplomacy", 5, "settled"),  # a 5 of any type
        (2, 2): Laid("technology", 2, "empire"),  # a technology die of any value
        (3, 3): Laid("stability", 4, "empire"),  # any die from an Empire location
    }
    assert completes(fronts, laid)


def test_by_the_two_wildcard_squares(fronts: Any) -> None:
    laid = {
        **START,
        (1, 1): Laid("military", 5, "redbank"),
        (1, 2): Laid("sorcery", 1, "redbank"),  # white: any type and value
        (2, 3): Laid("stability", 6, "settled"),
        (3, 3): Laid("espionage", 2, "empire"),
    }
    assert completes(fronts, laid)


def test_by_the_espionage_die_below_the_start(fronts: Any) -> None:
    laid = {
        **START,
        (1, 0): Laid("espionage", 1, "redbank"),
        (2, 1): Laid("espionage", 6, "empire"),
        (2, 2): Laid("technology", 4, "empire"),
        (3, 3): Laid("military", 1, "empire"),
    }
    assert completes(fronts, laid)


def test_the_last_die_must_come_from_the_empire(fronts: Any) -> None:
    laid = {
        **START,
        (1, 1): Laid("diplomacy", 5, "settled"),
        (2, 2): Laid("technology", 2, "empire"),
        (3, 3): Laid("stability", 4, "redbank"),
    }
    assert not completes(fronts, laid)


def test_a_square_with_a_face_takes_only_that_face(fronts: Any) -> None:
    laid = {
        **START,
        (1, 1): Laid("diplomacy", 4, "settled"),
        (2, 2): Laid("technology", 2, "empire"),
        (3, 3): Laid("stability", 4, "empire"),
    }
    assert not completes(fronts, laid)


def test_with_sorcery_mastery_a_sorcery_asset_ignores_type_and_value(fronts: Any) -> None:
    # the region a square asks for still holds: the die comes from where it comes from
    laid = {
        **START,
        (1, 1): Laid("sorcery", 1, "settled", wild=True),
        (2, 2): Laid("sorcery", 6, "empire", wild=True),
        (3, 3): Laid("stability", 4, "empire"),
    }
    assert completes(fronts, laid)


def test_every_progress_card_can_be_completed(winters: Any) -> None:
    # a die of the asked type and face, from the asked region, on every square of the card:
    # some chain of them always runs from the start to the end
    for card in winters.cards("mission"):
        path = card.fields["path"]
        laid = {}
        for r, row in enumerate(path):
            for c, square in enumerate(row):
                if square is not None and square["step"] is None:
                    laid[(r, c)] = Laid(square["die"], square["face"] or 3, square["group"])
                elif square is not None:  # a step: any face will do for a wild die
                    laid[(r, c)] = Laid(square["die"], 3, square["group"], wild=True)
        assert completes(path, laid), card.name


SHORTCUTS = "Sorcerous Shortcuts"  # the wildcard reward; a column of four 6s of any type


def shortcuts(winters: Any) -> Any:
    """One player holding Sorcerous Shortcuts at Ferry's Glenn, four 6s there as assets."""
    game = session(winters, players=1, seed=2)
    game.pending()
    kept = game.state.zones["controlled missions@p1"]
    game.ops.move_card(kept[0], zone="mission deck", why="test")
    game.ops.move_card(SHORTCUTS, zone="controlled missions", owner="p1", why="test")
    game.ops.move_pawn("p1", GLENN)
    assets(game, GLENN, "military", [6, 6, 6, 6])
    return game.clone()


def complete(game: Any) -> list[str]:
    """Lay the four 6s down the card's column (one square each time: no question), then the
    options of the question the last die asks."""
    for _ in range(3):
        game.apply("Take: Fill Progress")
        decision = game.pending()
        assert decision is not None and decision.kind == "action"
    game.apply("Take: Fill Progress")  # the one card staged is taken with no question
    decision = game.pending()
    assert decision is not None and decision.kind == "choose_option"
    return [str(o) for o in decision.options]


PROGRESS = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def test_the_wildcard_reward_raises_the_track_the_player_chooses(winters: Any) -> None:
    game = shortcuts(winters)
    before = {r: game.ops.value("", f"{r} progress") for r in PROGRESS}
    assert complete(game) == [r.capitalize() for r in PROGRESS]
    game.apply("Sorcery")
    game.pending()
    after = {r: game.ops.value("", f"{r} progress") for r in PROGRESS}
    assert after == {**before, "sorcery": before["sorcery"] + 1}
    assert game.state.cards[SHORTCUTS]["zone"] == game.discard_key(SHORTCUTS)


def test_the_wildcard_is_asked_once_the_card_is_completed_only(winters: Any) -> None:
    game = shortcuts(winters)
    before = {r: game.ops.value("", f"{r} progress") for r in PROGRESS}
    complete(game)  # three dice laid asked nothing
    game.apply("Military")
    game.pending()
    assert game.ops.value("", "military progress") == before["military"] + 1
    # a card with no wildcard asks nothing once completed: On Two Fronts in
    # test_edition_progress_play.py
