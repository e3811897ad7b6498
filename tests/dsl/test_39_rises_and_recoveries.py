"""A reservoir raised a level at a time up to a top that is an expression ("virtue raises are
rises of virtues, 1 level each, to at most virtue cap times the highest crafts, a point gained
but not in a storm") and a mark recovered by a roll counting at least its level ("mendings are
rolls against scars, recovered with successes at least the level"): ``dsl.world.rises``, read
from the text and run on the numbers given."""

from __future__ import annotations

from typing import Any

import pytest

from dsl.errors import ChroniclerError
from dsl.loader import Source, check_sources, load_text
from dsl.world.levels import LevelRefused
from dsl.world.measures import measure, recovered
from dsl.world.rises import RiseRefused

LAMPLIGHTERS = """
ruleset "Lamplighters" version "1.0"
virtues are reservoirs of keepers: grace, grit
crafts are ranks 1.. of keepers: "make do"
value virtue cap = 4 in 1..
value worst scar = 3 in 1..
scars are levels 1 to worst scar of virtues
virtue raises are rises of virtues, 1 level each, to at most virtue cap times the highest
  crafts, a point gained but not in a storm
oil fills are rises of virtues, 2 levels each, to at most 9
mendings are rolls against scars, recovered with successes at least the level
"""


@pytest.fixture(scope="module")
def lamp() -> Any:
    return load_text(LAMPLIGHTERS)


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("lamp.rules", LAMPLIGHTERS + text)])
    return [d.headline() for d in checked.diagnostics.items if d.severity == "error"]


def test_a_rise_adds_its_levels_and_a_point_with_them(lamp: Any) -> None:
    raises = measure(lamp, "virtue raises")
    assert raises.rise(3, 2, lamp.values, highest={"crafts": 2}) == (4, 3)


def test_the_top_is_the_value_times_the_highest_rank(lamp: Any) -> None:
    raises = measure(lamp, "virtue raises")
    assert raises.rise(7, 7, lamp.values, highest={"crafts": 2}) == (8, 8)
    with pytest.raises(RiseRefused) as refused:
        raises.rise(8, 8, lamp.values, highest={"crafts": 2})
    assert refused.value.most == 8
    assert raises.rise(8, 8, lamp.values, highest={"crafts": 3}) == (9, 9)


def test_no_point_is_gained_in_the_situation_named(lamp: Any) -> None:
    raises = measure(lamp, "virtue raises")
    assert raises.rise(3, 1, lamp.values, highest={"crafts": 1}, situations={"a storm"}) == (4, 1)
    assert raises.rise(3, 1, lamp.values, highest={"crafts": 1}, situations={"a calm"}) == (4, 2)


def test_without_a_point_clause_the_held_amount_stays(lamp: Any) -> None:
    fills = measure(lamp, "oil fills")
    assert fills.rise(5, 1, lamp.values) == (7, 1)
    with pytest.raises(RiseRefused):
        fills.rise(8, 1, lamp.values)


def test_the_top_follows_the_declared_value() -> None:
    wider = load_text(LAMPLIGHTERS.replace("virtue cap = 4", "virtue cap = 5"))
    assert measure(wider, "virtue raises").rise(8, 8, wider.values, highest={"crafts": 2}) == (
        9,
        9,
    )


def test_a_top_times_the_highest_rank_needs_that_rank_given(lamp: Any) -> None:
    with pytest.raises(ChroniclerError, match="give the highest of crafts"):
        measure(lamp, "virtue raises").rise(1, 1, lamp.values)


def test_a_roll_recovers_a_mark_with_its_count_at_least_the_level(lamp: Any) -> None:
    mendings = measure(lamp, "mendings")
    assert mendings.recovers(2, {"successes": 2})
    assert not mendings.recovers(2, {"successes": 1})
    with pytest.raises(ChroniclerError, match="give the roll's successes"):
        mendings.recovers(2, {"hits": 3})


def test_a_mark_recovered_is_one_its_track_of_levels_has(lamp: Any) -> None:
    # scars are levels 1 to worst scar (3): a scar of 3 is recovered with 3 successes, and
    # there is no scar of 4 or 0 to recover from, whatever the roll counts
    assert recovered(lamp, "mendings", 3, {"successes": 3})
    assert not recovered(lamp, "mendings", 3, {"successes": 2})
    for level in (0, 4):
        with pytest.raises(LevelRefused) as refused:
            recovered(lamp, "mendings", level, {"successes": 9})
        assert (refused.value.why, refused.value.low, refused.value.high) == ("outside", 1, 3)


def test_a_value_or_category_not_declared_is_an_error_with_the_nearest() -> None:
    errors = errors_of("cap raises are rises of virtues, 1 level each, to at most virtue kap\n")
    assert any("'virtue kap' in the rises of virtues is no declared value" in e for e in errors)
    errors = errors_of(
        "craft raises are rises of vertues, 1 level each, to at most 3 times the highest crafts\n"
    )
    assert any("'vertues' in craft raises is no category declared" in e for e in errors)


def test_a_recovery_of_no_track_of_levels_is_an_error() -> None:
    errors = errors_of(
        "healings are rolls against scar, recovered with successes at least the level\n"
    )
    assert any("'scar' in healings is no track of levels declared; did you mean 'scars'" in e
               for e in errors)  # fmt: skip


def test_a_rise_written_wrong_says_what_to_write() -> None:
    errors = errors_of("bad raises are rises of virtues, to at most 3\n")
    assert any("write the rises of bad raises as" in e for e in errors)
    errors = errors_of("bad raises are rises of virtues, 1 level each, up to 3\n")
    assert any("say the top ('to at most 6')" in e for e in errors)
    errors = errors_of("bad raises are rises of virtues, 1 level each, to at most 3, a song\n")
    assert any("cannot read 'a song' in the rises of virtues" in e for e in errors)
    errors = errors_of("bad mends are rolls against scars, mended with luck\n")
    assert any("write bad mends as" in e for e in errors)
