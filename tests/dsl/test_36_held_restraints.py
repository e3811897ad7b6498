"""What a held card forbids its holder, tried on *Patrol* (``fixtures/world/patrol``: no Python
of its own), and a move offered only to the units it does something for:

- "Its holder takes no thrown moves.": no move carrying the tag is offered to the holder;
- "Its holder takes no dash moves or close moves.": none of either sort;
- "Its holder takes no moves.": nothing but passing;
- "Its holder takes only close moves and dash moves.": those sorts only, and passing;
- "Its holder misses its next turn.": the next "Turn" played for it is passed over, the mark
  spent by the miss;
- "Its holder makes a Steady check with calm or pluck and target equal to the nerve target at
  its begin, holding "Dazed" on a failure.": at the step of that title in a phase played for
  the holder, the check is made with the first trait its sheet holds, the input given;
- "Steady checks of its holder are 1 harder.": a check made with a trait carries the trait's
  card's moods (``durations.check(..., using="calm")``), and "Pluck checks ..." the trait;
- "Its holder is immune to shouted checks.": such a check made against the holder is refused;
- "If you are a Scout unit, gain 2 steps.": a move whose every sentence has a condition is
  offered only to the one it holds for.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.machine import IllegalMove, KernelEvent
from dsl.loader import Source, check_sources, load_ruleset
from dsl.runtime import EffectError
from dsl.world import durations
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game

PATROL = FIXTURES / "world" / "patrol"
TEXT = (PATROL / "ruleset.rules").read_text()
LINE = TEXT.splitlines().index("  Its holder takes no thrown moves.") + 1
MOVES = ("Take: Sling Stone", "Take: Jab", "Take: Sprint", "Take: Look Around")
CLIMB = "Take: Climb the Tower"


@pytest.fixture(scope="module")
def patrol():
    return load_ruleset(PATROL)


def patrolling(patrol, *hold: tuple[str, str]) -> WorldGame:
    """The patrol begun, the marks given first: at the first unit's move."""
    game = new_game(patrol, seed=1, players=1, dice=[])
    for holder, mark in hold:
        durations.give(game, holder, mark, why="the table")
    game.start_phase("Patrol")
    return game


def offered(game: WorldGame, who: str) -> tuple[str, ...]:
    decision = game.pending()
    assert decision is not None and decision.who == who
    return tuple(decision.options)


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("patrol.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def test_with_nothing_held_every_move_is_offered(patrol) -> None:
    game = patrolling(patrol)
    assert offered(game, "Lookout") == (*MOVES, CLIMB, "pass")


def test_a_move_of_the_sort_forbidden_is_not_offered_and_is_refused_if_named(patrol) -> None:
    game = patrolling(patrol, ("Lookout", "Pinned"))
    assert offered(game, "Lookout") == (
        "Take: Jab",
        "Take: Sprint",
        "Take: Look Around",
        CLIMB,
        "pass",
    )
    with pytest.raises(IllegalMove):
        game.apply("Take: Sling Stone")
    assert game.ops.value("Lookout", "steps") == 0


def test_two_sorts_forbidden_and_only_the_holder_is_kept_from_them(patrol) -> None:
    game = patrolling(patrol, ("Mule", "Winded"))
    assert offered(game, "Lookout") == (*MOVES, CLIMB, "pass")
    game.apply("pass")
    assert offered(game, "Mule") == ("Take: Sling Stone", "Take: Look Around", "pass")


def test_no_moves_at_all_leaves_only_passing(patrol) -> None:
    game = patrolling(patrol, ("Lookout", "Dazed"))
    assert offered(game, "Lookout") == ("pass",)


def test_only_some_sorts_keeps_the_holder_to_them(patrol) -> None:
    game = patrolling(patrol, ("Lookout", "Wild"))
    assert offered(game, "Lookout") == ("Take: Jab", "Take: Sprint", "pass")


def test_a_lifted_mark_forbids_nothing_more(patrol) -> None:
    game = patrolling(patrol, ("Lookout", "Dazed"))
    assert durations.lift(game, "Lookout", "Dazed")
    assert offered(game, "Lookout") == (*MOVES, CLIMB, "pass")


def test_the_holder_misses_its_next_turn_once_and_the_mark_is_spent(patrol) -> None:
    game = patrolling(patrol, ("Lookout", "Asleep"))
    assert offered(game, "Mule")[-1] == "pass"  # the Lookout's first turn passed over
    ended = [e.data for e in game.state.events if e.kind == WorldEvent.EFFECT_ENDED]
    assert ended == [{"effect": "Asleep", "owner": "Lookout", "why": "missed its Turn"}]
    assert durations.holds(game, "Lookout", "Asleep") is None
    game.apply("pass")  # the Mule's turn; the next round: the Lookout plays its turn
    assert offered(game, "Lookout")[-1] == "pass"
    started = [e.data["player"] for e in game.state.events if e.kind == WorldEvent.TURN_STARTED]
    assert started == ["Mule", "Mule", "Lookout"]  # the Mule's begin and end, then the Lookout's


def test_a_move_for_a_scout_only_is_not_offered_to_another_unit(patrol) -> None:
    game = patrolling(patrol)
    game.apply(CLIMB)
    assert game.ops.value("Lookout", "steps") == 2
    game.apply("pass")
    assert CLIMB not in offered(game, "Mule")
    with pytest.raises(IllegalMove):
        game.apply(CLIMB)


@pytest.mark.parametrize(
    ("sentence", "error", "column"),
    [
        (
            "Its holder takes no thrwn moves.",
            "'thrwn' is no tag or card kind this ruleset declares; did you mean 'thrown'?",
            23,
        ),
        ("Its holder takes nothing.", "cannot read what its holder takes: write", 14),
        ('Its holder takes no "Jab".', "a sort of card is words, not 'Jab'", 23),
        ("Its holder misses its turn.", "say which phase it misses", 14),
        ("If it rains, its holder takes no moves.", "no 'if', 'then' or 'may'", 3),
    ],
)
def test_a_sentence_of_the_form_that_cannot_be_read_is_an_error_at_its_place(
    sentence: str, error: str, column: int
) -> None:
    found = errors_of(TEXT.replace("Its holder takes no thrown moves.", sentence, 1))
    assert len(found) == 1 and error in found[0], found
    assert found[0].startswith(f"patrol.rules:{LINE}:{column}:"), found


def test_a_phase_to_miss_that_the_procedure_lacks_is_an_error_at_its_place() -> None:
    text = TEXT.replace("misses its next turn.", "misses its next tun.", 1)
    line = TEXT.splitlines().index("  Its holder misses its next turn.") + 1
    found = errors_of(text)
    assert found == [
        f"patrol.rules:{line}:3: error: no phase 'tun' is in the procedure to miss; "
        "did you mean 'Turn'?"
    ]


def test_a_check_made_with_a_trait_reads_the_sheet_and_carries_the_traits_moods(patrol) -> None:
    game = new_game(patrol, seed=1, players=1, dice=[])
    durations.give(game, "Lookout", "Jittery")
    game.state.dice_script[:] = [4]  # calm 2, 1 harder (Calm is Steady): one die
    made = durations.check(game, "Lookout", "Steady", using="calm", target=4)
    assert made.inputs["nerve"] == 2 and made.inputs["harder"] == 1 and made.score == 1
    game.state.dice_script[:] = [4]  # the Mule's pluck 1: no card, no mood, not harder
    durations.give(game, "Mule", "Jittery")
    assert durations.check(game, "Mule", "Steady", using="pluck", target=4).inputs["harder"] == 0
    durations.give(game, "Mule", "Timid")  # "Pluck checks": the trait itself is a tag
    game.state.dice_script[:] = []
    assert durations.check(game, "Mule", "Steady", using="pluck", target=4).inputs["harder"] == 1


def test_a_held_card_makes_its_holder_check_at_its_step_and_hold_a_card_on_a_failure(
    patrol,
) -> None:
    game = new_game(patrol, seed=1, players=1, dice=[4, 1, 1])
    for unit in ("Lookout", "Mule"):
        durations.give(game, unit, "Nervous", why="the table")
    game.start_phase("Patrol")  # the Lookout's begin: calm 2 at 4 or more, 4 and 1: a success
    assert (
        offered(game, "Lookout")[-1] == "pass" and durations.holds(game, "Lookout", "Dazed") is None
    )
    game.apply("pass")  # the Mule's begin: no calm, its pluck 1, a 1: a failure, so Dazed
    assert offered(game, "Mule") == ("pass",)
    assert durations.holds(game, "Mule", "Dazed") is not None
    rolled = [e.data for e in game.state.events if e.kind == KernelEvent.DICE_ROLLED]
    assert [r["faces"] for r in rolled] == [[4, 1], [1]]


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("with calm or pluck", "with", "say the member it is made with"),
        (
            "a Steady check",
            "a Stedy check",
            "there is no check 'Stedy' to make; did you mean 'Steady'?",
        ),
        ("on a failure", "on a fiasco", "Steady has no outcome 'fiasco'"),
        ("nerve target at", "nerve targt at", "no value 'nerve targt' is declared"),
        (
            "at its\n    begin",
            "at its\n    bgin",
            "no step 'bgin' is in the procedure to make it at",
        ),
        ('holding "Dazed"', 'holding "Dozy"', 'there is no card "Dozy" to hold'),
    ],
)
def test_a_check_to_make_that_cannot_be_read_or_names_nothing_is_an_error(
    old: str, new: str, error: str
) -> None:
    old, new = old.replace("\\n", "\n"), new.replace("\\n", "\n")
    assert old in TEXT
    found = errors_of(TEXT.replace(old, new, 1))
    line = TEXT.splitlines().index('mark "Nervous" {') + 3
    assert len(found) == 1 and error in found[0], found
    assert found[0].startswith(f"patrol.rules:{line}:"), found


def test_a_check_of_the_tags_its_target_is_immune_to_is_refused(patrol) -> None:
    game = new_game(patrol, seed=1, players=1, dice=[])
    durations.give(game, "Mule", "Deaf")
    game.state.dice_script[:] = [5, 5]
    how = {"nerve": 2, "target": 4}
    with pytest.raises(EffectError, match="Mule holds Deaf: no such check is made against it"):
        durations.check(game, "Lookout", "Steady", against="Mule", tags=("shouted",), **how)
    assert game.state.dice_script == [5, 5]  # nothing rolled
    made = durations.check(game, "Lookout", "Steady", against="Mule", tags=("whispered",), **how)
    assert made.outcome == "success" and game.state.dice_script == []
    game.state.dice_script[:] = [5, 5]  # the deaf one's own shouted check is made
    made = durations.check(game, "Mule", "Steady", against="Lookout", tags=("shouted",), **how)
    assert made.outcome == "success"
