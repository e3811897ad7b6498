"""The Python the roll's text calls: one function per ``do`` step of ``procedure.rules``.

``do roll the dice`` is ``step_roll_the_dice(game)``; ``game`` is the roll (``roll.Roll``), a
kernel machine. Every number comes from the ruleset's declared values (``values_read``).
"""

from __future__ import annotations

from typing import Any

from .contracts import DecisionKind, EventKind


def value(game: Any, name: str) -> int:
    return int(game.ruleset.values[name])


def hits(game: Any, faces: list[int]) -> int:
    return sum(1 for face in faces if face >= value(game, "hit on"))


def step_roll_the_dice(game: Any) -> None:
    """Summary 1: roll (skill level + advantages) dice."""
    game.push_run("roll")


def step_spend_stat_points(game: Any) -> None:
    """Summary 2: 1 point raises a die by 1, 2 points roll an extra die; asked until done."""
    game.push_frame("spend")


def step_gain_xp_on_no_hits(game: Any) -> None:
    """Gain 1 XP when you roll no hits (our reading: judged before cuts, see the procedure)."""
    st = game.state
    if hits(game, st.dice) == 0:
        amount = value(game, "no hits xp")
        st.xp += amount
        game.emit(EventKind.XP_GAINED, amount=amount, why="no hits", xp=st.xp)


def skill_cost(game: Any) -> int:
    """0 when every die is a 6 (the skill is free), else 1 XP for every non-6."""
    sides = value(game, "die sides")
    return value(game, "skill cost per non-six") * sum(1 for f in game.state.dice if f != sides)


def step_offer_a_skill(game: Any) -> None:
    """Summary 3: all 6s, or 1 XP per non-6, gains a skill one level higher."""
    if skill_cost(game) <= game.state.xp:
        game.push_frame("skill")


def step_cut_the_highest_dice(game: Any) -> None:
    """Summary 4: cut the highest die per disadvantage, or take pips from the last die."""
    st = game.state
    for _ in range(st.cuts):
        before = max(st.dice)
        if len(st.dice) > 1:
            st.dice.remove(before)
            after = None
        else:
            after = max(1, before - value(game, "pips per cut on last die"))
            st.dice[0] = after
        game.emit(EventKind.DIE_CUT, before=before, after=after, dice=list(st.dice))


def step_read_the_result(game: Any) -> None:
    """Summary 5: the highest die left determines the result."""
    st = game.state
    st.highest = max(st.dice)
    st.band = game.ruleset.tables["result"].lookup(st.highest).result
    game.emit(EventKind.RESULT, highest=st.highest, band=st.band)


def step_count_the_hits(game: Any) -> None:
    """Summary 6: count the hits (4/5/6) to determine the amount of effort."""
    st = game.state
    st.hits = hits(game, st.dice)
    game.emit(EventKind.HITS, hits=st.hits)


DECISIONS = DecisionKind  # the kinds the roll asks (for the companion)

# Every declared value the Python reads (here, in character.py and progression.py):
# `chronicler check` warns of any other.
values_read = frozenset(
    {
        "die sides",
        "hit on",
        "root skill level",
        "easy dice",
        "assist dice per helper",
        "hard cuts",
        "far cuts",
        "pips per cut on last die",
        "raise die cost",
        "extra die cost",
        "no hits xp",
        "skill cost per non-six",
        "creation xp",
        "stat start",
        "stat raise cost",
        "stat max per skill level",
        "flashback cost",
        "intrusion xp",
        "refuse intrusion cost",
        "offset hit cost",
        "fatal consequence",
    }
)


def _check_character(path: Any, diagnostics: Any) -> None:
    from pathlib import Path

    from dsl.loader import load_ruleset

    from .character import check_character_file

    check_character_file(path, load_ruleset(Path(__file__).parent), diagnostics)


# The files beside the text this ruleset reads: `chronicler check brick.character`.
sheets = {".character": _check_character}
