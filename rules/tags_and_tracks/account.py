"""How the roll's events read at the table (``chronicler roll``): one line per event kind, a
menu line per answer, and the roll's last line; every count agrees with its noun."""

from __future__ import annotations

from typing import Any

from dsl.dice.check_game import CheckEvent
from dsl.dice.choosing import spending, stopped
from dsl.dice.told import check_line, counted
from dsl.world.owed import OwedEvent

from .contracts import EventKind, outcome
from .progression import ACCEPT, REFUSE


def _left(points: int) -> str:
    return f"{counted(points, 'point')} left"


def line(event: Any) -> str:
    told = check_line(event)  # the check's and the answers' own events (dsl.dice.told)
    if told is not None:
        return told
    d = event.data
    kind = str(event.kind)
    if kind == EventKind.ROLL_STARTED:
        who = f"{d['character']} rolls" if d["character"] else "Rolling"
        cuts = f", {counted(d['cuts'], 'cut')}" if d["cuts"] else ""
        points = f", {counted(d['points'], str(d['stat']) + ' point')}" if d["stat"] else ""
        return f"{who} {d['skill']} {d['level']}: {counted(d['dice'], 'die')}{cuts}{points}"
    if kind == EventKind.XP_GAINED:
        return f"+{d['amount']} XP for {d['why']} (XP now {d['xp']})"
    if kind == EventKind.SKILL_GAINED:
        price = "free" if d["free"] else f"for {d['xp_spent']} XP"
        return (
            f"a new skill, {d['name']} {d['level']}, building on {d['builds_on']} ({price}): "
            "write it on the sheet"
        )
    if kind == CheckEvent.RESULT:
        return f"result: {d['band']} (highest die {d['score']})"
    if kind == OwedEvent.PAID:  # procedure "Hits Against You": its step and answers are text
        return (
            f"{counted(d['paid'], 'hit')} offset for {counted(d['spent'], 'point')} "
            f"({d['held']} left), {counted(d['owed'], 'hit')} not"
        )
    if kind == OwedEvent.LEVEL_MARKED:
        promoted = f", promoted from -{d['wanted']}" if d["promoted"] else ""
        fatal = ": fatal" if d["last"] else ""
        return f"consequence -{d['level']} {d['name']}{promoted}{fatal}"
    if kind == OwedEvent.LEFT_UNPAID:
        return f"{d['who'] or 'The character'} concedes: the antagonist gets their way"
    return f"{kind}: {d}"


def option_line(game: Any, choice: Any) -> str:
    """A menu line: its number, the answer with what it costs or gives, and (not offered now)
    why not: "2. buy a die (2 points): 1 point left"."""
    values = game.ruleset.values
    st = game.state
    answer = str(choice.answer)
    spent = spending(game, answer)  # an answer the check's spend clauses sell
    costs = {
        ACCEPT: lambda: f" (+{int(values['intrusion xp'])} XP)",
        REFUSE: lambda: f" ({int(values['refuse intrusion cost'])} XP)",
    }
    said = f" ({counted(spent[0], 'point')})" if spent else costs.get(answer, lambda: "")()
    line = f"{choice.number}. {answer}{said}"
    if choice.offered:
        return line
    if spent:
        return f"{line}: {_left(st.numbers[spent[1]])}, not enough"
    if answer == REFUSE:
        return f"{line}: {st.who or 'the character'} holds {st.numbers['xp']} XP, not enough"
    if answer.startswith("raise die "):
        return f"{choice.number}. die {choice.number} shows {st.dice[choice.number - 1]}: no higher"
    return f"{line}: not now"


def stopped_line(roll: Any) -> str | None:
    """Where a roll would end if nothing more were spent: "If you stop now: minor success,
    2 hits" (``None`` when a die is still to be rolled)."""
    walked = stopped(roll)
    if walked is None:
        return None
    stopped_at = outcome(walked)
    gained = stopped_at.xp - roll.state.numbers["xp"]
    xp = f", +{gained} XP" if gained > 0 else ""
    return f"If you stop now: {stopped_at.band}, {counted(stopped_at.hits, 'hit')}{xp}"


def outcome_line(outcome: Any, stat: str | None) -> str:
    """Where a roll ends (or would, stopped now): "minor success: 2 hits; XP now 0; 3 strength
    points left"."""
    points = f"; {counted(outcome.points, str(stat) + ' point')} left" if stat else ""
    return f"{outcome.band}: {counted(outcome.hits, 'hit')}; XP now {outcome.xp}{points}"
