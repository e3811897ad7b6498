"""How a world game reads in ``chronicler play``'s account: one line per event, for every kind
the world engine tells (``dsl.world.events.WorldEvent``), in Rich markup (names escaped)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dsl.world.events import WorldEvent


def _esc(value: Any) -> str:
    return str(value).replace("[", r"\[")


def _owner(owner: Any) -> str:
    return "the game" if owner in (None, "", "game") else _esc(owner)


def _scores(scores: Mapping[str, Any]) -> str:
    return ", ".join(f"{_esc(p)} {n}" for p, n in scores.items())


def _ended(d: Mapping[str, Any]) -> str:
    if d.get("session"):  # a session of a campaign that goes on (dsl/world/together.py)
        at = d["session"]
        return (
            f"[bold]Session over[/]: {_esc(at.get('number'))} now {_esc(at.get('at'))}, "
            f"the campaign goes on; {_esc(d.get('why'))}"
        )
    if d.get("result") is not None:  # a game played together: the table's result and score
        return (
            f"[bold]Game over[/]: {_esc(d['result'])}, the table's score {_esc(d.get('score'))}; "
            f"{_esc(d.get('why'))}"
        )
    winner = d.get("winner")
    head = f"{_esc(winner)} wins" if winner else "A tie"
    return f"[bold]Game over[/]: {head} ({_scores(d.get('scores') or {})}); {_esc(d.get('why'))}"


def _because(d: Mapping[str, Any], subject: Any) -> str:
    """The change's reason in brackets; none when the reason is the thing changed itself (a
    step "for each model" names the model it runs for: "Odo: initiative 2 -> 4" says it)."""
    why = d.get("why")
    return f" ({_esc(why)})" if why and why != subject else ""


def _changed(d: Mapping[str, Any]) -> str:
    why = _because(d, d["owner"])
    return f"  {_owner(d['owner'])}: {_esc(d['property'])} {d['before']} -> {d['after']}{why}"


def _moved(d: Mapping[str, Any]) -> str:
    why = _because(d, d.get("name") or d["card"])
    source = _esc(d["source"]) if d.get("source") else "nowhere"
    return f"  {_esc(d.get('name') or d['card'])}: {source} -> {_esc(d['to'])}{why}"


def _rolled(d: Mapping[str, Any]) -> str:
    row = f": {_esc(d['result'])}" if d.get("result") else ""
    by = f" for {_esc(d['by'])}" if d.get("by") else ""
    return f"  {_esc(d['die'])} rolled {d['face']}{by}{row}"


# How each event kind reads: every kind of WorldEvent has its line (a test holds it).
TELLERS: dict[WorldEvent, Callable[[Mapping[str, Any]], str]] = {
    WorldEvent.GAME_STARTED: lambda d: (
        f"[bold]Game started[/]: {', '.join(_esc(p) for p in d['players'])} (seed {d['seed']})"
    ),
    WorldEvent.VALUE_CHANGED: _changed,
    WorldEvent.THRESHOLD_REACHED: lambda d: (
        f"  {_owner(d['owner'])}: {_esc(d['property'])} reaches {d['at']}"
    ),
    WorldEvent.CARD_MOVED: _moved,
    WorldEvent.ZONE_SHUFFLED: lambda d: f"  {_esc(d['zone'])} shuffled",
    WorldEvent.PIECES_PLACED: lambda d: (
        f"  {d['count']} {_esc(d['piece'])} placed on {_esc(d['on'])} ({d['total']} there)"
    ),
    WorldEvent.PIECES_REMOVED: lambda d: (
        f"  {d['count']} {_esc(d['piece'])} taken off {_esc(d['source'])} ({d['total']} left)"
    ),
    WorldEvent.PAWN_MOVED: lambda d: (
        f"  {_esc(d['player'])} moves from {_esc(d['source'])} to {_esc(d['to'])}"
    ),
    WorldEvent.DIE_ROLLED: _rolled,
    WorldEvent.TURN_STARTED: lambda d: f"[bold cyan]{_esc(d['player'])}'s turn[/]",
    WorldEvent.ROUND_STARTED: lambda d: f"[bold]Round {d['round']}[/]",
    WorldEvent.TURN_ORDER: lambda d: (
        f"  Turn order ({_esc(d['how'])}): {', '.join(_esc(p) for p in d['order'])}"
    ),
    WorldEvent.EFFECT_STARTED: lambda d: (
        # a duration's text may say its own "until" ("until lifted"): said once
        f"  {_esc(d['effect'])} on {_owner(d['owner'])} "
        f"until {_esc(str(d['until']).removeprefix('until '))}"
    ),
    WorldEvent.EFFECT_ENDED: lambda d: (
        f"  {_esc(d['effect'])} on {_owner(d['owner'])} ends ({_esc(d['why'])})"
    ),
    WorldEvent.EFFECT_TICKED: lambda d: (
        f"  {_esc(d['effect'])} on {_owner(d['owner'])}: {d['stacks']} left ({_esc(d['at'])})"
    ),
    WorldEvent.CHOICE_COMMITTED: lambda d: f"  {_esc(d['player'])} commits a choice face down",
    WorldEvent.CHOICE_REVEALED: lambda d: (
        f"  {_esc(d['player'])} reveals {_esc(d.get('what') or 'a choice')}: {_esc(d['answer'])}"
    ),
    WorldEvent.PASSED: lambda d: f"  {_esc(d['player'])} passes",
    WorldEvent.ORDER_RESOLVED: lambda d: (
        f"  {_esc(d['player'])}'s order on {_esc(d['slot'])} is resolved ({_esc(d['card'])})"
    ),
    WorldEvent.GAME_ENDED: _ended,
    WorldEvent.CARD_COPIED: lambda d: (
        f"  {_esc(d['card'])}: a copy of {_esc(d['of'])}"
        + (f" ({_esc(d['why'])})" if d.get("why") else "")
    ),
    WorldEvent.ACTION_DECLARED: lambda d: (
        f"  {_esc(d['player'])} declares {_esc(d['card'] or 'no action')}"
        f" ({_esc(d['into'])} {d['value']})"
    ),
    WorldEvent.ZONE_ARRANGED: lambda d: f"  {_esc(d['zone'])} arranged by {_esc(d['by'])}",
    WorldEvent.DIE_LAID: lambda d: (
        f"  {_esc(d['card'])}: a {d['face']}{' ' + _esc(d['die']) if d['die'] else ''} from "
        f"{_esc(d['source'])} laid at {_esc(d['square'])}"
        + (" (complete)" if d["complete"] else "")
    ),
    WorldEvent.PLACE_TAKEN: lambda d: (
        f"  {_esc(d.get('name') or d['card'])} takes the place of {_esc(d['place'])}"
        f" (from {_esc(d['source'] or 'nowhere')})"
    ),
}


def line(event: Any) -> str | None:
    """The event's line; ``None`` for an event of the card language itself (a choice's label)
    or of the kernel, told by the line of what it did."""
    teller = TELLERS.get(event.kind)
    return teller(event.data) if teller is not None else None


def narrate(events: Sequence[Any]) -> list[str]:
    return [told for event in events if (told := line(event)) is not None]
