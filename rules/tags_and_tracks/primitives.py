"""The Python the procedures' text calls: one function per ``do`` step and per offer of
``procedure.rules``, one per offer's condition, and the wording of each offer step's question,
each registered with its words (``WORDS``, the module's ``procedure_words``).

``do roll the dice`` is ``roll_the_dice(game)``; the offer ``buy a die`` is ``buy_a_die(game)``
and its ``only if the points can buy a die`` ``the_points_can_buy_a_die(game)``. ``game`` is
the roll (``roll.Roll``), or the hits against a character or an intrusion
(``dsl.world.answers.OfferGame``, whose steps and answers are sentences in ``ruleset.rules``),
kernel machines. Every number comes from the ruleset's declared
values (``values_read``).
"""

from __future__ import annotations

from typing import Any

from dsl.procedure import Words

from .contracts import DecisionKind, EventKind

# the procedure's words, each with its function (the checker reads them as ``procedure_words``)
WORDS = Words()
procedure_words = WORDS


def value(game: Any, name: str) -> int:
    return int(game.ruleset.values[name])


def judged(game: Any, cuts: int) -> Any:
    """The roll's dice as they stand, judged by the text's ``check "Roll"`` with ``cuts``
    cuts (``dsl.dice.model.Settled``: what is cut, the highest die, the hits)."""
    st = game.state
    check = game.ruleset.checks["Roll"]
    setting = check.setting(level=st.level, advantages=st.advantages, cuts=cuts)
    return check.settle(setting, st.dice)


def cost(game: Any, raise_die: bool) -> int:
    """What raising a die (or, ``raise_die`` False, buying dice) costs, as check "Roll"
    spends points; ``amount`` the pips raised or the dice bought. A check that says nothing
    of it offers it to no one (costs nobody holds)."""
    spend = _spend(game, raise_die)
    return spend[0] if spend is not None else NEVER


def amount(game: Any, raise_die: bool) -> int:
    spend = _spend(game, raise_die)
    return spend[1] if spend is not None else 0


NEVER = 10**9  # the cost of what the text does not sell


def _spend(game: Any, raise_die: bool) -> tuple[int, int] | None:
    st = game.state
    check = game.ruleset.checks["Roll"]
    spend = check.spend(raise_die)
    if spend is None:
        return None
    env = check.setting(level=st.level, advantages=st.advantages, cuts=st.cuts).env
    return int(spend.cost.value(env)), int(spend.amount.value(env))


def hits(game: Any, cuts: int, count: str = "hits") -> int:
    """A count of check "Roll" ("hits", or "hits before cuts") on the dice as they stand."""
    counts = [c.name for c in game.ruleset.checks["Roll"].counts]
    return int(judged(game, cuts).counts[counts.index(count)])


@WORDS.step("roll the dice")
def roll_the_dice(game: Any) -> None:
    """Summary 1: roll (skill level + advantages) dice."""
    game.push_run("roll")


# ---- Summary 2, Spend Stat Points: "offer raise a die ..., or buy a die ..., again until done"


@WORDS.prompt("Spend Stat Points")
def spend_stat_points_prompt(game: Any) -> str:
    st = game.state
    faces = " ".join(str(f) for f in st.dice)
    points = f"{st.points} {st.stat or 'stat'} point" + ("" if st.points == 1 else "s")
    return f"Dice {faces}, {points}: spend points?"


@WORDS.condition("the points can raise a die")
def the_points_can_raise_a_die(game: Any) -> bool:
    """1 point raises a die: there are the points, and a die below the highest face."""
    st = game.state
    sides = value(game, "die sides")
    return st.points >= cost(game, True) and any(f < sides for f in st.dice)


@WORDS.step("raise a die")
def raise_a_die(game: Any) -> None:
    """One stat point turns a die already rolled up by one pip; the player says which die."""
    game.push_run("raise_die")


@WORDS.condition("the points can buy a die")
def the_points_can_buy_a_die(game: Any) -> bool:
    """2 points roll an extra die."""
    return bool(game.state.points >= cost(game, False))


@WORDS.step("buy a die")
def buy_a_die(game: Any) -> None:
    """Spend 2 points to roll one extra die, after the roll."""
    game.push_run("buy_die")


@WORDS.step("gain xp on no hits")
def gain_xp_on_no_hits(game: Any) -> None:
    """Gain 1 XP when you roll no hits (our reading: judged before cuts, see the procedure)."""
    st = game.state
    if hits(game, st.cuts, "hits before cuts") == 0:
        amount = value(game, "no hits xp")
        st.xp += amount
        game.emit(EventKind.XP_GAINED, amount=amount, why="no hits", xp=st.xp)


def skill_cost(game: Any) -> int:
    """0 when every die is a 6 (the skill is free), else 1 XP for every non-6: judged on the
    dice as the stat points left them, or as they fell (the value "skill judged after
    points")."""
    sides = value(game, "die sides")
    st = game.state
    faces = st.dice if value(game, "skill judged after points") else st.rolled
    return value(game, "skill cost per non-six") * sum(1 for f in faces if f != sides)


@WORDS.prompt("Gain Skills")
def gain_skills_prompt(game: Any) -> str:
    st = game.state
    cost = skill_cost(game)
    price = "free: every die is a 6" if cost == 0 else f"for {cost} XP of your {st.xp}"
    return f"Gain a level {st.level + 1} skill building on {st.skill} ({price})?"


@WORDS.condition("the skill is within reach")
def the_skill_is_within_reach(game: Any) -> bool:
    """Summary 3: all 6s (free), or 1 XP per non-6 held, gains a skill one level higher."""
    return bool(skill_cost(game) <= game.state.xp)


@WORDS.step("take the skill")
def take_the_skill(game: Any) -> None:
    """Take the skill offered: the player names it, and its XP is paid."""
    game.push_run("take_skill")


@WORDS.step("cut the highest dice")
def cut_the_highest_dice(game: Any) -> None:
    """Summary 4: cut the highest die per disadvantage, or take pips from the last die, as
    check "Roll" says; each cut is told in the order the check made it."""
    st = game.state
    for before, after in judged(game, st.cuts).steps:
        if after is None:
            st.dice.remove(before)
        else:
            st.dice[0] = after
        game.emit(EventKind.DIE_CUT, before=before, after=after, dice=list(st.dice))


@WORDS.step("read the result")
def read_the_result(game: Any) -> None:
    """Summary 5: the highest die left determines the result."""
    st = game.state
    check = game.ruleset.checks["Roll"]
    st.highest = check.score_of(judged(game, 0), 0, 0)  # the dice left: no cut is left to make
    st.band = check.band(st.highest)
    game.emit(EventKind.RESULT, highest=st.highest, band=st.band)


@WORDS.step("count the hits")
def count_the_hits(game: Any) -> None:
    """Summary 6: count the hits (4/5/6) to determine the amount of effort."""
    st = game.state
    st.hits = hits(game, 0)  # the dice left
    game.emit(EventKind.HITS, hits=st.hits)


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


DECISIONS = DecisionKind  # the kinds the game's own pieces ask (for the companion)

# Every declared value the Python reads (here, in character.py and progression.py), with the
# range it honours: `chronicler check` warns of any other (the values check "Roll", the hits'
# payment and the consequences' levels read count as read) and refuses a value outside its range.
values_read: dict[str, str] = {
    "die sides": "2..",
    "root skill level": "0..",
    "no hits xp": "0..",
    "skill cost per non-six": "0..",
    "skill name length": "1..",
    "skill judged after points": "0..1",
    "creation xp": "0..",
    "stat start": "0..",
    "stat raise cost": "0..",
    "stat max per skill level": "1..",
}
