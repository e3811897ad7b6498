"""How many moves a held mark lets its holder take in a turn of its own, and a rank of its
sheet it makes count more than once, tried on *Brawl* (``fixtures/world/brawl``: no Python of
its own):

- "Its holder takes at most 1 move a turn.": after one move in its turn, only passing;
- "Its holder takes at most 2 punch moves a turn.": the third punch is not offered, the other
  moves are; the count starts again in its next turn;
- "... while it holds 2 stacks or more.": a mark held in stacks until the holder's next end
  counts up each time it is given, and limits only from two on; it ends at that end;
- a mark gained in the middle of a turn counts the moves taken before it;
- several fighters: each one's count is its own turn's;
- "Its holder's punches count twice.": a text reading the holder's punches reads them twice
  (two such marks multiply; a fighter with no punches reads none; lifted, once again);
- a sentence of the form that cannot be read, names a phase the procedure lacks, or a partner
  of an action ("with its source": no move names one), is an error at its place.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.machine import IllegalMove
from dsl.loader import Source, check_sources, load_ruleset
from dsl.world import durations
from dsl.world.game import WorldGame, new_game

BRAWL = FIXTURES / "world" / "brawl"
TEXT = (BRAWL / "ruleset.rules").read_text()
LINE = TEXT.splitlines().index("  Its holder takes at most 1 move a turn.") + 1
ALL = ("Take: Jab", "Take: Hook", "Take: Sweep", "Take: Catch Breath", "Take: Flurry")


@pytest.fixture(scope="module")
def brawl():
    return load_ruleset(BRAWL)


def brawling(brawl, *hold: tuple[str, str]) -> WorldGame:
    """The brawl begun, the marks given first: at the Brute's first move."""
    game = new_game(brawl, seed=1, players=1, dice=[])
    for holder, mark in hold:
        durations.give(game, holder, mark, why="the table")
    game.start_phase("Brawl")
    return game


def offered(game: WorldGame, who: str) -> tuple[str, ...]:
    decision = game.pending()
    assert decision is not None and decision.who == who
    return tuple(decision.options)


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("brawl.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def test_with_nothing_held_a_fighter_takes_moves_until_it_passes(brawl) -> None:
    game = brawling(brawl)
    for _ in range(3):
        assert offered(game, "Brute") == (*ALL, "pass")
        game.apply("Take: Jab")
    assert game.ops.value("Brute", "blows") == 3


def test_at_most_one_move_a_turn_leaves_only_passing_after_it(brawl) -> None:
    game = brawling(brawl, ("Brute", "Tired"))
    assert offered(game, "Brute") == (*ALL, "pass")
    game.apply("Take: Sweep")
    assert offered(game, "Brute") == ("pass",)
    with pytest.raises(IllegalMove):
        game.apply("Take: Jab")
    assert game.ops.value("Brute", "blows") == 1
    game.apply("pass")  # the Dodger holds nothing: it is not limited by the Brute's mark
    game.apply("Take: Jab")
    game.apply("Take: Jab")
    assert offered(game, "Dodger") == (*ALL, "pass")
    game.apply("pass")  # the next round: the Brute's new turn, its count starts again
    assert offered(game, "Brute") == (*ALL, "pass")


def test_at_most_two_punches_a_turn_keeps_the_other_moves_offered(brawl) -> None:
    game = brawling(brawl, ("Brute", "Sore Fists"))
    game.apply("Take: Jab")
    game.apply("Take: Sweep")  # a kick: not counted
    game.apply("Take: Hook")
    assert offered(game, "Brute") == ("Take: Sweep", "Take: Catch Breath", "Take: Flurry", "pass")
    with pytest.raises(IllegalMove):
        game.apply("Take: Hook")


def test_a_mark_gained_in_the_middle_of_a_turn_counts_the_moves_taken_before_it(brawl) -> None:
    game = brawling(brawl)
    game.apply("Take: Jab")
    game.apply("Take: Hook")
    durations.give(game, "Brute", "Sore Fists", why="the table")
    game = game.clone()  # read back, as the table's companion does after each step
    assert offered(game, "Brute") == ("Take: Sweep", "Take: Catch Breath", "Take: Flurry", "pass")
    durations.give(game, "Brute", "Tired", why="the table")
    game = game.clone()
    assert offered(game, "Brute") == ("pass",)
    assert durations.lift(game, "Brute", "Tired") and durations.lift(game, "Brute", "Sore Fists")
    game = game.clone()
    assert offered(game, "Brute") == (*ALL, "pass")


def test_a_mark_held_in_stacks_limits_only_from_two_stacks_and_ends_at_its_end(brawl) -> None:
    game = brawling(brawl, ("Dodger", "Reeling"))
    assert durations.holds(game, "Dodger", "Reeling")["stacks"] == 1
    game.apply("pass")  # the Brute's turn
    game.apply("Take: Jab")
    game.apply("Take: Sweep")  # one stack: no limit
    assert offered(game, "Dodger") == (*ALL, "pass")
    durations.give(game, "Dodger", "Reeling", why="the table")  # given again: two stacks
    game = game.clone()
    assert durations.holds(game, "Dodger", "Reeling")["stacks"] == 2
    assert offered(game, "Dodger") == (
        "Take: Catch Breath",
        "Take: Flurry",
        "pass",
    )  # a trade is no punch
    game.apply("Take: Catch Breath")
    assert offered(game, "Dodger") == ("Take: Catch Breath", "Take: Flurry", "pass")
    game.apply("pass")  # the Dodger's end: Reeling ends, whatever its stacks
    assert durations.holds(game, "Dodger", "Reeling") is None
    game.apply("pass")  # the Brute's second turn, then the Dodger's
    assert offered(game, "Dodger") == (*ALL, "Take: Spin Kick", "pass")


def test_two_stacks_given_at_once_limit_at_once(brawl) -> None:
    game = new_game(brawl, seed=1, players=1, dice=[])
    durations.give(game, "Brute", "Reeling", stacks=2, why="the table")
    game.start_phase("Brawl")
    game.apply("Take: Hook")
    assert offered(game, "Brute") == ("Take: Catch Breath", "Take: Flurry", "pass")


def test_any_restraint_may_hold_only_from_two_stacks(brawl) -> None:
    game = brawling(brawl, ("Brute", "Groggy"))
    assert "Take: Sweep" in offered(game, "Brute")  # one stack: kicks still offered
    durations.give(game, "Brute", "Groggy", why="the table")
    game = game.clone()
    assert offered(game, "Brute") == (
        "Take: Jab",
        "Take: Hook",
        "Take: Catch Breath",
        "Take: Flurry",
        "pass",
    )


def test_only_some_sorts_and_at_most_hold_together(brawl) -> None:
    game = brawling(brawl, ("Brute", "Flustered"), ("Brute", "Tired"))
    assert offered(game, "Brute") == ("Take: Jab", "Take: Sweep", "pass")
    game.apply("Take: Jab")
    assert offered(game, "Brute") == ("pass",)


@pytest.mark.parametrize(
    ("sentence", "error", "column"),
    [
        ("Its holder takes at most moves a turn.", "say how many it takes", 28),
        ("Its holder takes at most 1 move.", "say in which phase it is counted", 30),
        (
            "Its holder takes at most 1 mve a turn.",
            "'mve' is no tag or card kind this ruleset declares; did you mean 'move'?",
            30,
        ),
        (
            "Its holder takes at most 1 move a turn while it holds two stacks.",
            "cannot read when it holds",
            42,
        ),
        (
            "Its holder takes no punch moves with its source.",
            "'with its source' cannot be kept: \"Jab\" names no model it is taken with",
            35,
        ),
        (
            "Its holder takes at most 1 move a turn while it holds 0 stacks or more.",
            "say 1 stack or more, not 0",
            57,
        ),
    ],
)
def test_a_sentence_of_the_form_that_cannot_be_read_is_an_error_at_its_place(
    sentence: str, error: str, column: int
) -> None:
    found = errors_of(TEXT.replace("Its holder takes at most 1 move a turn.", sentence, 1))
    assert len(found) == 1 and error in found[0], found
    assert found[0].startswith(f"brawl.rules:{LINE}:{column}:"), found


def test_a_phase_to_count_in_that_the_procedure_lacks_is_an_error_at_its_place() -> None:
    found = errors_of(TEXT.replace("at most 1 move a turn.", "at most 1 move a trun.", 1))
    assert found == [
        f"brawl.rules:{LINE}:3: error: no phase 'trun' is in the procedure to count it in; "
        "did you mean 'Turn'?"
    ]


# ---- a rank that counts more than once ("Its holder's punches count twice.") ------------------


def flurry(game: WorldGame, who: str) -> int:
    """``who`` takes a Flurry ("Gain blows equal to your punches."): the blows it gains."""
    before = game.ops.value(who, "blows")
    game.apply("Take: Flurry")
    return game.ops.value(who, "blows") - before


def test_a_text_reads_the_holders_rank_as_printed_with_nothing_held(brawl) -> None:
    assert flurry(brawling(brawl), "Brute") == 2  # punches 2


def test_a_rank_that_counts_twice_is_read_twice_and_three_times_with_another_mark(brawl) -> None:
    game = brawling(brawl, ("Brute", "Fired Up"))
    assert flurry(game, "Brute") == 4
    durations.give(game, "Brute", "Berserk", why="the table")
    assert flurry(game, "Brute") == 12  # twice, and 3 times: 2 x 2 x 3
    assert durations.lift(game, "Brute", "Fired Up") and durations.lift(game, "Brute", "Berserk")
    assert flurry(game, "Brute") == 2


def test_only_the_holders_rank_counts_more_and_none_read_twice_is_none(brawl) -> None:
    game = brawling(brawl, ("Dodger", "Fired Up"))
    assert flurry(game, "Brute") == 2  # the Brute holds nothing
    game.apply("pass")
    assert flurry(game, "Dodger") == 0  # the Dodger has no punches


@pytest.mark.parametrize(
    ("sentence", "error", "column"),
    [
        (
            "Its holder's pnches count twice.",
            "'pnches' is no rank this ruleset declares; did you mean 'punches'?",
            16,
        ),
        ("Its holder's punches count.", "say how many times it counts", 24),
        ("Its holder's punches count 1 times.", "say 2 times or more, not 1", 30),
        ("Its holder's count twice.", "say which rank of its holder counts", 16),
    ],
)
def test_a_rank_to_count_that_cannot_be_read_is_an_error_at_its_place(
    sentence: str, error: str, column: int
) -> None:
    line = TEXT.splitlines().index("  Its holder's punches count twice.") + 1
    found = errors_of(TEXT.replace("  Its holder's punches count twice.", f"  {sentence}", 1))
    assert len(found) == 1 and error in found[0], found
    assert found[0].startswith(f"brawl.rules:{line}:{column}:"), found
