"""An action that names the model it is taken with, and a held card that keeps its holder from
taking actions of a sort with the one it is held against, tried on *Crew*
(``fixtures/world/crew``: no Python of its own):

- "Target another deckhand.": the one taking the job chooses among the other deckhands (not
  itself), and the choice is "it" for the job's other sentences;
- no model to name (no other deckhand of the starboard watch): the job is not offered;
- "Its holder takes no shared jobs with its source.": the source is not offered as the partner;
  a job whose only partner is the source is not offered at all; a job of another sort is;
- two holders with different sources: each is barred from its own;
- an answer naming the source is refused; the grudge given while the choice is pending: the
  answer naming its source is refused and nothing is changed;
- a grudge held with no source bars no one;
- the sentence where an action of the sort names no model, or with another partner word, is an
  error at its place.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.machine import IllegalMove
from dsl.loader import Source, check_sources, load_ruleset
from dsl.world import durations
from dsl.world.game import WorldGame, new_game

CREW = FIXTURES / "world" / "crew"
TEXT = (CREW / "ruleset.rules").read_text()
SULKING = "  Its holder takes no shared jobs with its source."
LINE = TEXT.splitlines().index(SULKING) + 1
ALL = ("Take: Haul", "Take: Splice", "Take: Rig", "Take: Scrub", "pass")


@pytest.fixture(scope="module")
def crew():
    return load_ruleset(CREW)


def shift(crew, *grudges: tuple[str, str | None]) -> WorldGame:
    """The shift begun, each holder given Sulking against its source first: at Ada's turn."""
    game = new_game(crew, seed=1, players=1, dice=[])
    for holder, source in grudges:
        durations.give(game, holder, "Sulking", source=source, why="the table")
    game.start_phase("Shift")
    return game


def asked(game: WorldGame, who: str) -> tuple[str, tuple[str, ...]]:
    decision = game.pending()
    assert decision is not None and decision.who == who
    return str(decision.kind), tuple(decision.options)


def work(game: WorldGame) -> dict[str, int]:
    return {hand: game.ops.value(hand, "work") for hand in ("Ada", "Bo", "Cy", "Dee")}


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("crew.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def test_the_one_taking_the_job_chooses_its_partner_among_the_others(crew) -> None:
    game = shift(crew)
    assert asked(game, "Ada") == ("action", ALL)
    game.apply("Take: Haul")
    assert asked(game, "Ada") == ("choose_target", ("Bo", "Cy", "Dee"))  # not Ada herself
    game.apply("Dee")
    assert work(game) == {"Ada": 1, "Bo": 0, "Cy": 0, "Dee": 1}  # "it" is Dee
    game.apply("Take: Splice")
    assert asked(game, "Ada") == ("choose_target", ("Bo", "Dee"))  # the port watch only
    game.apply("Bo")
    game.apply("Take: Rig")  # one to name, Cy: not asked
    assert work(game) == {"Ada": 1, "Bo": 1, "Cy": 2, "Dee": 1}


def test_a_job_with_no_model_to_name_is_not_offered(crew) -> None:
    game = shift(crew)
    game.apply("pass")  # Ada
    game.apply("pass")  # Bo
    # Cy is the starboard watch's only deckhand: Rig names no one for him
    assert asked(game, "Cy") == ("action", ("Take: Haul", "Take: Splice", "Take: Scrub", "pass"))
    with pytest.raises(IllegalMove):
        game.apply("Take: Rig")
    assert work(game) == {"Ada": 0, "Bo": 0, "Cy": 0, "Dee": 0}


def test_the_source_is_not_offered_as_the_partner(crew) -> None:
    game = shift(crew, ("Ada", "Cy"))
    # Rig's only partner is Cy, her source: not offered; Scrub is no shared job: offered
    assert asked(game, "Ada") == ("action", ("Take: Haul", "Take: Splice", "Take: Scrub", "pass"))
    with pytest.raises(IllegalMove):
        game.apply("Take: Rig")
    game.apply("Take: Haul")
    assert asked(game, "Ada") == ("choose_target", ("Bo", "Dee"))
    with pytest.raises(IllegalMove):
        game.apply("Cy")  # a refused choice: nothing changes
    assert work(game) == {"Ada": 0, "Bo": 0, "Cy": 0, "Dee": 0}
    game.apply("Dee")
    assert work(game) == {"Ada": 1, "Bo": 0, "Cy": 0, "Dee": 1}


def test_two_holders_are_each_barred_from_their_own_source(crew) -> None:
    game = shift(crew, ("Ada", "Bo"), ("Bo", "Dee"))
    game.apply("Take: Splice")  # Dee only: Bo is her source
    assert work(game) == {"Ada": 0, "Bo": 0, "Cy": 0, "Dee": 1}
    game.apply("pass")
    game.apply("Take: Splice")  # Ada only: Dee is his source
    assert work(game) == {"Ada": 1, "Bo": 0, "Cy": 0, "Dee": 1}
    game.apply("Take: Haul")
    assert asked(game, "Bo") == ("choose_target", ("Ada", "Cy"))


def test_a_grudge_given_while_the_choice_is_pending_refuses_its_source(crew) -> None:
    game = shift(crew)
    game.apply("Take: Haul")
    assert asked(game, "Ada") == ("choose_target", ("Bo", "Cy", "Dee"))
    durations.give(game, "Ada", "Sulking", source="Cy", why="the table")
    game.apply("Cy")  # recorded before the grudge: the job is refused, nothing is changed
    assert work(game) == {"Ada": 0, "Bo": 0, "Cy": 0, "Dee": 0}
    assert asked(game, "Ada") == ("action", ("Take: Splice", "Take: Rig", "Take: Scrub", "pass"))


def test_a_grudge_held_with_no_source_bars_no_one(crew) -> None:
    game = shift(crew, ("Ada", None))
    assert asked(game, "Ada") == ("action", ALL)
    game.apply("Take: Haul")
    assert asked(game, "Ada") == ("choose_target", ("Bo", "Cy", "Dee"))


@pytest.mark.parametrize(
    ("sentence", "error", "column"),
    [
        (
            "  Its holder takes no solo jobs with its source.",
            "'with its source' cannot be kept: \"Scrub\" names no model it is taken with",
            33,
        ),
        (
            "  Its holder takes no shared jobs with its rival.",
            "'with its rival' cannot be kept: only 'takes no <sorts> with its source' names a "
            "partner",
            35,
        ),
        (
            "  Its holder takes only shared jobs with its source.",
            "'with its source' cannot be kept",
            37,
        ),
    ],
)
def test_a_partner_the_engine_cannot_know_is_an_error_at_its_place(
    sentence: str, error: str, column: int
) -> None:
    found = errors_of(TEXT.replace(SULKING, sentence, 1))
    assert len(found) == 1 and error in found[0], found
    assert found[0].startswith(f"crew.rules:{LINE}:{column}:"), found


def test_the_fixture_checks_clean() -> None:
    assert errors_of(TEXT) == []


# ---- a held card immune to others, and a text run as a held card ends --------------------------


def test_a_holder_immune_to_a_tag_is_not_given_cards_of_it(crew) -> None:
    game = shift(crew)
    durations.give(game, "Ada", "Calm", why="the table")
    durations.give(game, "Ada", "Sulking", source="Bo", why="the table")
    durations.give(game, "Ada", "Brooding", why="the table")
    assert [e["card"] for e in durations.held(game, "Ada")] == ["Calm"]
    game.apply("Take: Splice")  # no grudge against Bo: asked among both
    assert asked(game, "Ada") == ("choose_target", ("Bo", "Dee"))
    assert durations.lift(game, "Ada", "Calm")
    durations.give(game, "Ada", "Brooding", why="the table")  # Calm lifted: held again
    assert [e["card"] for e in durations.held(game, "Ada")] == ["Brooding"]


def test_a_text_of_the_lifted_trigger_runs_however_the_card_ends(crew) -> None:
    game = shift(crew, ("Bo", "Ada"))
    durations.give(game, "Ada", "Brooding", why="the table")
    assert durations.lift(game, "Ada", "Brooding", why="the table")  # lifted by the table
    assert work(game)["Ada"] == 2
    durations.give(game, "Ada", "Brooding", why="the table")
    game.apply("pass")  # Ada's end: Brief ends there, its text runs for her
    assert work(game)["Ada"] == 4
    assert durations.holds(game, "Ada", "Brooding") is None
    assert work(game)["Bo"] == 0  # Sulking held by Bo has no such text


def test_an_immunity_or_a_lifted_trigger_misused_is_an_error_at_its_place() -> None:
    calm = "  Its holder is immune to temper grudges."
    line = TEXT.splitlines().index(calm) + 1
    found = errors_of(TEXT.replace(calm, "  Its holder is immune to tempr grudges.", 1))
    assert found == [
        f"crew.rules:{line}:27: error: 'tempr' is no tag or card kind this ruleset declares; "
        "did you mean 'temper'?: a sort of card is its tags and its kind ('ranged actions')"
    ]
    trigger = 'trigger "Lifted" on lifted for grudge'
    line = TEXT.splitlines().index(trigger) + 1
    found = errors_of(TEXT.replace(trigger, 'trigger "Lifted" on lifted for job', 1))
    assert (
        f"crew.rules:{line}:1: error: 'Lifted' runs as a held card ends, and no duration holds "
        "a job: declare one ('<tag> jobs are held until lifted')" in found
    ), found
