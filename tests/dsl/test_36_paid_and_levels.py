"""Things paid for out of a reservoir ("blows are paid from guards, 2 points each, a remainder
paying one": ``dsl.world.payments``) and tracks of levels a new mark is promoted on ("scars are
levels 1 to 3 of guards, a level held promoted to the next free one": ``dsl.world.levels``),
declared in text and run on the numbers given."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.levels import LevelRefused
from dsl.world.measures import measure

IRON_HOLD = """
ruleset "Iron Hold" version "1.0"
guards are reservoirs of heroes: shield, nerve
value block price = 3 in 1..
value worst scar = 3 in 1..
blows are paid from guards, block price points each, a remainder paying one
dents are paid from guards, 2 each
scars are levels 1 to worst scar of guards, a level held promoted to the next free one
marks are levels 1..2 of guards
"""


@pytest.fixture(scope="module")
def hold():  # type: ignore[no-untyped-def]
    return load_text(IRON_HOLD)


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("hold.rules", IRON_HOLD + text)])
    return [d.headline() for d in checked.diagnostics.items if d.severity == "error"]


def test_whole_prices_are_paid_first_and_a_remainder_pays_one_more(hold) -> None:  # type: ignore[no-untyped-def]
    blows = measure(hold, "blows")
    paid = blows.pay(7, 2, hold.values)  # 2 blows at 3 points: 6 spent, 1 held
    assert (paid.paid, paid.held, paid.owed, paid.spent) == (2, 1, 0, 6)
    paid = blows.pay(5, 3, hold.values)  # one at 3, then the 2 left pay one more
    assert (paid.paid, paid.held, paid.owed, paid.spent) == (2, 0, 1, 5)
    paid = blows.pay(0, 2, hold.values)  # nothing held: nothing paid, the floor holds
    assert (paid.paid, paid.held, paid.owed) == (0, 0, 2)


def test_without_a_remainder_clause_the_remainder_stays_held(hold) -> None:  # type: ignore[no-untyped-def]
    paid = measure(hold, "dents").pay(5, 3, hold.values)
    assert (paid.paid, paid.held, paid.owed) == (2, 1, 1)


def test_a_price_is_the_declared_value_it_names() -> None:
    cheaper = load_text(IRON_HOLD.replace("block price = 3", "block price = 1"))
    paid = measure(cheaper, "blows").pay(2, 3, cheaper.values)
    assert (paid.paid, paid.held, paid.owed) == (2, 0, 1)


def test_a_mark_is_promoted_past_the_levels_held(hold) -> None:  # type: ignore[no-untyped-def]
    scars = measure(hold, "scars")
    assert scars.mark(2, [], hold.values) == 2
    assert scars.mark(1, [1], hold.values) == 2
    assert scars.mark(1, [1, 2], hold.values) == 3


def test_no_mark_is_taken_past_the_last_level_or_outside_the_track(hold) -> None:  # type: ignore[no-untyped-def]
    scars = measure(hold, "scars")
    with pytest.raises(LevelRefused) as full:
        scars.mark(2, [2, 3], hold.values)
    assert (full.value.why, full.value.high) == ("full", 3)
    with pytest.raises(LevelRefused) as outside:
        scars.mark(4, [], hold.values)
    assert outside.value.why == "outside"


def test_a_track_that_does_not_promote_refuses_a_level_held(hold) -> None:  # type: ignore[no-untyped-def]
    marks = measure(hold, "marks")
    assert marks.mark(1, [2], hold.values) == 1
    with pytest.raises(LevelRefused, match="no level free from 1 to 2"):
        marks.mark(1, [1], hold.values)


def test_a_declaration_the_text_leaves_out_is_told_in_one_line(hold) -> None:  # type: ignore[no-untyped-def]
    from dsl.errors import ChroniclerError

    with pytest.raises(ChroniclerError, match="the ruleset's text declares no 'wounds'"):
        measure(hold, "wounds")


def test_the_values_a_declaration_names_count_as_read(hold) -> None:  # type: ignore[no-untyped-def]
    from dsl.world.measures import values_read

    assert values_read(hold.vocabulary.world.measures.values()) == {"block price", "worst scar"}


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "cuts are paid from guards, blok price points each",
            "'blok price' in the payment of cuts is no declared value; did you mean 'block price'?",
        ),
        ("cuts are paid from gaurds, 2 each", "'gaurds' in the payment of cuts is no category"),
        ("cuts are paid from guards", "say what cuts are paid from and at what price"),
        ("cuts are paid from guards, 2 points", "write the price of one as '<price> points each'"),
        ("cuts are paid from guards, 2 each, twice", "cannot read 'twice' in the payment of cuts"),
        ("cuts are levels 1 of guards", "write the levels of cuts as 'levels 1 to 4 of ...'"),
        ("cuts are levels 3 to 1 of guards", "cuts: levels 3 to 1 hold no level"),
        ("cuts are levels 1..3", "say whose cuts they are"),
        ("cuts are levels 1..3 of guards, promoted", "cannot read 'promoted' in the levels"),
        ("scars are levels 1..2 of guards", "scars is declared twice"),
    ],
)
def test_a_declaration_that_cannot_be_read_says_what_to_write(text: str, error: str) -> None:
    errors = errors_of(text + "\n")
    assert any(error in e for e in errors), errors
