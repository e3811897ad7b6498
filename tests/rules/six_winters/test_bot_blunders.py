"""The heuristic bot does not make the blunders a designer saw reading its games turn by turn:
every figure of ``chronicler simulate`` rests on it. Seeded year-1 sessions are played and each
of the bot's answers is read against the table as it stood."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from six_winters_table import place, table

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot

SEEDS = range(24)
STRESS_DIE = re.compile(r"Who takes .+'s (\w+) stress die")
DEFENSE = re.compile(r"^(.+): which initiative dice \[.*\] go to defense\?")


@dataclass
class Blunders:
    pacing: list[str] = field(default_factory=list)
    stress_to_the_last_point: list[str] = field(default_factory=list)
    high_defense_die: list[str] = field(default_factory=list)
    overcome_after_the_year_is_won: list[str] = field(default_factory=list)


def _watch(session: engine.Session, seed: int, found: Blunders) -> None:
    """Play ``session`` with the heuristic bot, noting each blunder it makes."""
    bot = HeuristicBot(seed)
    bot.bind(session)
    moved: dict[str, tuple[Any, str, str]] = {}  # character -> (turn, from, to) of its last act
    defended: dict[str, list[int]] = {}  # defense dice chosen in the overcome under way
    assigned: dict[str, list[str]] = {}  # stress dice taken in the overcome under way
    high_die: dict[str, str] = {}  # who defended with a high die while holding an unused 1
    overcome_won = False  # an overcome is under way after the year was won
    won_taken: list[str] = []  # the conditions it gave
    while (decision := session.pending()) is not None:
        seen = session.observation(decision.who)
        answer = bot.choose(seen, decision)
        st = session.state  # a piece run again from its start puts a new one in place
        turn = (st.season, st.turn)
        where = f"seed {seed} {turn}"
        chars = {c.name: c for c in st.characters}
        if decision.kind == "choose_action":
            if len(won_taken) > 1:
                found.overcome_after_the_year_is_won.append(f"{where}: {', '.join(won_taken)}")
            defended, assigned, high_die, overcome_won, won_taken = {}, {}, {}, False, []
        if decision.kind == "choose_action" and isinstance(answer, dict):
            who = answer.get("character")
            if answer["act"] == "move" and who in chars and not answer.get("by"):
                last = moved.get(who)
                here = chars[who].location
                if (
                    last is not None
                    and last[0] == turn
                    and last[2] == here
                    and last[1] == answer["to"]
                ):
                    found.pacing.append(f"{where}: {who} {last[1]} -> {here} -> {answer['to']}")
                moved[who] = (turn, str(here), answer["to"])
            elif who in chars:
                moved.pop(who, None)
            won = len(st.scenes_completed) >= session.ruleset.value("scenes to win", 3)
            overcome_won = answer["act"] == "overcome" and won
        if decision.kind == "choose_many" and (m := DEFENSE.match(decision.prompt)):
            c = chars[m[1]]
            chosen = [c.initiative[p] for p in answer]
            defended[c.name] = chosen
            unused = [f for p, f in enumerate(c.initiative) if p not in answer]
            if any(f > 1 for f in chosen) and 1 in unused:
                high_die[c.name] = f"{where}: {c.name} defends with {chosen}, keeps a 1"
        if decision.kind == "choose_character" and (m := STRESS_DIE.match(decision.prompt)):
            kind = m[1]

            left = {
                name: getattr(chars[name], kind) - assigned.get(name, []).count(kind)
                for name in decision.options
            }
            if (
                left[answer] <= 1
                and not defended.get(answer)
                and any(n > 1 for name, n in left.items() if name != answer)
            ):
                found.stress_to_the_last_point.append(
                    f"{where}: a {kind} die to {answer} at {left[answer]}"
                )
            assigned.setdefault(answer, []).append(kind)
        before = len(st.events)
        session.apply(answer)
        taken = [
            e.data["character"] for e in session.events[before:] if e.kind == "condition_taken"
        ]
        if overcome_won:
            won_taken += taken
        for name in taken:
            if name in high_die:
                found.high_defense_die.append(high_die.pop(name) + ", takes a condition")


@pytest.fixture(scope="module")
def blunders(ruleset) -> Blunders:
    found = Blunders()
    campaign = engine.new_campaign(ruleset)
    for seed in SEEDS:
        _watch(engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"]), seed, found)
    return found


def test_the_bot_does_not_pace_back_to_where_it_just_came_from(blunders):
    assert blunders.pacing == []


def test_no_stress_die_goes_to_a_character_at_one_while_a_teammate_has_more(blunders):
    assert blunders.stress_to_the_last_point == []


def test_the_bot_defends_with_its_ones_before_a_high_die_when_a_condition_is_at_stake(blunders):
    assert blunders.high_defense_die == []


def test_no_overcome_after_the_year_is_won_gives_two_conditions(blunders):
    assert blunders.overcome_after_the_year_is_won == []


def test_a_psyche_die_goes_to_the_teammate_with_psyche_to_spare(ruleset):
    # Kanun (shadow 0, psyche 3) overcomes and keeps his die out of defense; Parin (shadow 5)
    # joins at 1 psyche with no die: the stress die is likelier to hurt Kanun, but on Parin
    # any harm is a condition
    session = table(ruleset, ["Parin", "Kanun"], at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")  # shadow; stress body, psyche
    parin, kanun = session.character("Parin"), session.character("Kanun")
    parin.skills["shadow"], kanun.skills["shadow"] = 5, 0
    parin.psyche, kanun.psyche = 1, 3
    parin.initiative, kanun.initiative = [], [6]
    bot = HeuristicBot(0)
    bot.bind(session)
    session.apply({"act": "overcome", "character": "Kanun", "obstacle": "Mole Hunt", "index": 0})
    session.apply(["Parin"])  # Parin joins
    session.apply([])  # Kanun's die stays out of defense
    eastkeep = next(
        loc for loc in session.observation(None)["locations"] if loc["name"] == "Eastkeep"
    )
    bot._overcoming = eastkeep["obstacles"][0]  # set as the bot itself chooses an overcome
    takers = []
    while (decision := session.pending()).kind == "choose_character":
        takers.append(bot.choose(session.observation(decision.who), decision))
        session.apply(takers[-1])
    assert takers[1] == "Kanun"  # the psyche die
