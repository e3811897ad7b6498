"""Tracks: simple tracks are a number or a clock counting to its end (the kernel's ``Meter``);
Wildsea-style tracks are steps ticked (∅), burned (⦻) and broken by milestones (|), the
kernel's ``StepTrack``."""

from __future__ import annotations

import pytest

from dsl.kernel import Meter, StepMark, StepTrack, TableError


def test_build_a_castle_six_steps_the_first_done_a_break_after_four():
    castle = StepTrack.parse("∅○○○|○○", ["the outer walls are complete"])
    assert len(castle.steps) == 6 and castle.progress == 1
    assert castle.tick(2) == []
    assert castle.tick(1) == ["the outer walls are complete"]  # the first four are done
    assert str(castle) == "∅∅∅∅|○○"
    assert castle.tick(5) == [] and castle.done  # the interior's two ticks fill it


def test_build_a_castle_with_two_breaks_tells_each_break_it_passes():
    castle = StepTrack.parse("○○○○|○○|○○", ["the outer wall", "the moat"])
    assert castle.tick(6) == ["the outer wall", "the moat"]
    assert str(castle) == "∅∅∅∅|∅∅|○○"


def test_progress_is_removed_from_a_track_by_erasing_ticks():
    kingdom = StepTrack.parse("∅∅∅○○|○○")
    assert kingdom.untick(2) == 2
    assert str(kingdom) == "∅○○○○|○○"


def test_a_burned_step_is_particularly_hard_to_undo():
    kingdom = StepTrack.parse("∅∅○○○|○○")
    kingdom.tick(1)
    kingdom.burn(1)  # a popular noble very publicly murdered
    assert str(kingdom) == "⦻∅∅○○|○○"  # burned under the ticks that can still be erased
    assert kingdom.untick(3) == 2  # the ticks go; the burned step stays
    assert str(kingdom) == "⦻○○○○|○○"
    assert kingdom.untick(1) == 0
    kingdom.tick(1)
    assert kingdom.untick(3) == 1
    assert kingdom.steps[0] is StepMark.BURNED


def test_ticks_written_after_a_burned_step_are_still_erased():
    kingdom = StepTrack.parse("∅⦻∅○")
    assert kingdom.untick(1) == 1
    assert str(kingdom) == "⦻∅○○"  # the burned step first, under the tick left
    kingdom.burn(1)
    assert str(kingdom) == "⦻⦻○○" and kingdom.untick(2) == 0


def test_only_ticked_steps_burn():
    track = StepTrack.parse("∅○○")
    with pytest.raises(TableError, match="cannot burn 2 steps: 1 ticked"):
        track.burn(2)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("|○○", "not between two steps"),
        ("○○|", "ends with a break"),
        ("○∅○", "steps are done in order"),
        ("○x○", "'x' at 2"),
        ("", "has no steps"),
    ],
)
def test_a_track_written_wrong_is_refused_with_where(text, problem):
    with pytest.raises(TableError, match=problem):
        StepTrack.parse(text)


def test_room_on_fire_4_a_simple_track_counting_down_to_zero():
    fire = Meter(4, maximum=None)
    for _ in range(3):
        fire.take(1)
    assert not fire.empty
    fire.add(2)  # a fire extinguisher: the timer goes up by one or two
    fire.take(3)
    assert fire.empty  # the room collapses


def test_a_clock_is_full_when_every_wedge_is_coloured():
    clock = Meter(0, maximum=6)
    assert clock.add(4) == 4 and not clock.full
    assert clock.add(5) == 2 and clock.full
