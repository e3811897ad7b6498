"""The Python the procedures' text still calls: the ``do`` steps and the offer condition the
language cannot say yet, and the wording of each offer step's question, each registered with its
words (``WORDS``, the module's ``procedure_words``).

``do gain xp on no hits`` is ``gain_xp_on_no_hits(game)``; ``only if the skill is within reach``
``the_skill_is_within_reach(game)``. ``game`` is the roll (``dsl.dice.check_game.CheckGame``:
check "Roll" played by ``procedure "Roll"``, its rolling, spending, cutting, result and hits the
check's own steps and the text's answers), or the hits against a character or an intrusion
(``dsl.world.answers.OfferGame``, whose steps and answers are sentences in ``ruleset.rules``).
Every number comes from the ruleset's declared values (``values_read``).
"""

from __future__ import annotations

from typing import Any

from dsl.dice.check_game import count_now
from dsl.procedure import Words

from .contracts import EventKind

# the procedure's words, each with its function (the checker reads them as ``procedure_words``)
WORDS = Words()
procedure_words = WORDS

TAKE_SKILL = "take the skill"  # the text's answer that names the skill (``ruleset.rules``)


def value(game: Any, name: str) -> int:
    return int(game.ruleset.values[name])


# ---- procedure "Roll" (the seed's Summary: Rolling)


@WORDS.prompt("Spend Stat Points")
def spend_stat_points_prompt(game: Any) -> str:
    st = game.state
    faces = " ".join(str(f) for f in st.dice)
    held = st.numbers["stats"]
    points = f"{held} {st.about.get('stat') or 'stat'} point" + ("" if held == 1 else "s")
    return f"Dice {faces}, {points}: spend points?"


@WORDS.step("gain xp on no hits")
def gain_xp_on_no_hits(game: Any) -> None:
    """Gain 1 XP when you roll no hits (our reading: judged before cuts, see the procedure).
    Not text yet: a step that changes a number only when a count of the check is 0."""
    st = game.state
    if count_now(game, "hits before cuts", cuts=True) == 0:
        amount = value(game, "no hits xp")
        st.numbers["xp"] += amount
        game.emit(EventKind.XP_GAINED, amount=amount, why="no hits", xp=st.numbers["xp"])


def skill_cost(game: Any) -> int:
    """0 when every die is a 6 (the skill is free), else 1 XP for every non-6: judged on the
    dice as the stat points left them, or as they fell (the value "skill judged after
    points"). Not text yet: a price counted from the dice, chosen by a value."""
    sides = value(game, "die sides")
    st = game.state
    faces = st.dice if value(game, "skill judged after points") else st.rolled
    return value(game, "skill cost per non-six") * sum(1 for f in faces if f != sides)


@WORDS.prompt("Gain Skills")
def gain_skills_prompt(game: Any) -> str:
    st = game.state
    cost = skill_cost(game)
    price = "free: every die is a 6" if cost == 0 else f"for {cost} XP of your {st.numbers['xp']}"
    return f"Gain a level {st.about['level'] + 1} skill building on {st.about['skill']} ({price})?"


@WORDS.condition("the skill is within reach")
def the_skill_is_within_reach(game: Any) -> bool:
    """Summary 3: all 6s (free), or 1 XP per non-6 held, gains a skill one level higher."""
    return bool(skill_cost(game) <= game.state.numbers["xp"])


@WORDS.prompt(TAKE_SKILL)
def take_the_skill_prompt(game: Any) -> str:
    """The question of the text's answer that asks the skill's name."""
    about = game.state.about
    return f"Name the level {about['level'] + 1} skill building on {about['skill']}"


@WORDS.step("pay for the skill")
def pay_for_the_skill(game: Any) -> None:
    """The skill named (the answer ``take the skill``) is paid for in XP and told."""
    st = game.state
    name = st.names.get(TAKE_SKILL)
    if name is None:
        return
    cost = skill_cost(game)
    st.numbers["xp"] -= cost
    level, skill = st.about["level"] + 1, st.about["skill"]
    game.emit(
        EventKind.SKILL_GAINED,
        name=name,
        level=level,
        builds_on=skill,
        xp_spent=cost,
        free=not cost,
    )


# ---- procedure "Hits Against You" (the seed's Consequences): its step and answers are text


@WORDS.prompt("Unpaid Hits")
def unpaid_hits_prompt(game: Any) -> str:
    """The question of the hits the points left (``numbers["hits"]``); its answers are
    sentences of ``ruleset.rules`` (``dsl.world.owed``)."""
    left = game.state.numbers["hits"]
    return f"{left} hit{'s' if left != 1 else ''} not offset: take a consequence, or concede?"


# ---- procedure "GM Intrusion"


@WORDS.prompt("Accept or Refuse")
def accept_or_refuse_prompt(game: Any) -> str:
    """The intrusion's question; its answers are sentences on ``xp`` (``ruleset.rules``)."""
    st = game.state
    what = f" ({st.about})" if st.about else ""
    return (
        f"The GM offers a complication{what}: accept it, or refuse it ({st.numbers['xp']} XP held)?"
    )


# Every declared value the Python reads (here and in progression.py), with the
# range it honours: `chronicler check` warns of any other (the values check "Roll", the hits'
# payment and the consequences' levels read count as read) and refuses a value outside its range.
values_read: dict[str, str] = {
    "die sides": "2..",
    "no hits xp": "0..",
    "skill cost per non-six": "0..",
    "skill judged after points": "0..1",
}
