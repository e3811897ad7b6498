"""The v19.7 text's "Progress Cards" section and the sorcery mastery bonus: asset dice laid on a
progress card's squares in a chain from its start to its end complete it. The text's own
example, On Two Fronts, laid die by die (dsl/grid.py reads the squares)."""

from __future__ import annotations

from typing import Any

import pytest

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
