"""How a Six Winters session reads in ``chronicler play``'s account: one line per event worth
telling, in Rich markup (names escaped)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _esc(value: Any) -> str:
    return str(value).replace("[", r"\[")


def _scene_completed(d: dict[str, Any]) -> str:
    cards = ", ".join(_esc(c["card"]) for c in d["cards_played"]) or "no cards"
    epilogue = f"; epilogue: {_esc(d['epilogue_choice'])}" if d.get("epilogue_choice") else ""
    return (
        f"  [green]Scene completed[/]: {_esc(d['scene'])} at {_esc(d['location'])} "
        f"({d['skill_match_points']} from skill matches; played {cards}){epilogue}"
    )


def _who_acts(d: dict[str, Any]) -> str:
    who = d["character"] or _names(d["details"].get("participants")) or "The players"
    return f"  {_esc(who)}: {_action(d['details'])}"


# How each event worth telling reads in play's account (one line; None: not told this time).
TELLERS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "session_started": lambda d: (
        f"[bold]Year {d['year']}[/]: {_esc(d['scheme'])}; "
        f"{', '.join(d['characters'])}; threat pool {d['threat_pool']}"
    ),
    "turn_started": lambda d: f"[bold cyan]{d['season'].title()}, turn {d['turn']}[/]",
    "action": _who_acts,
    "downtime": lambda d: (
        f"  {_esc(d['character'])} trains {d['skill']} in downtime (now {d['rank']})"
    ),
    "condition_removed": lambda d: f"  {_esc(d['character'])} recovers from {_esc(d['condition'])}",
    "reserve_taken": lambda d: (
        f"  {_esc(d['character'])} takes {_esc(d['asset'])} from the reserve"
    ),
    "asset_completed": lambda d: f"    {_esc(d['character'])} completes {_esc(d['asset'])}",
    "obstacle_placed": lambda d: f"  {_esc(d['obstacle'])} enters play at {_esc(d['location'])}",
    "obstacle_moved": lambda d: f"  {_esc(d['obstacle'])} moves to {_esc(d['location'])}",
    "obstacle_overcome": lambda d: f"    {_esc(d['character'])} overcomes {_esc(d['obstacle'])}",
    "obstacle_discarded": lambda d: (
        f"  {_esc(d['obstacle'])} leaves {_esc(d['location'])}" if d.get("location") else None
    ),
    "threat_placed": lambda d: (
        f"  [red]Threat{' (surge)' if d['surge'] else ''}[/] on {_esc(d['location'])}; "
        f"{d['pool_left']} left in the pool"
    ),
    "stress_taken": lambda d: (
        f"    {_esc(d['character'])} takes {d['amount']} {d['stress']} stress ({d['left']} left)"
    ),
    "condition_taken": lambda d: (
        f"    {_esc(d['character'])} takes a condition: {_esc(d['condition'])}"
    ),
    "condition_already_held": lambda d: (
        f"    {_esc(d['character'])} rolls {_esc(d['condition'])}, a condition already held"
    ),
    "scene_drawn": lambda d: f"  Scene drawn: {_esc(d['scene'])}",
    "scene_completed": _scene_completed,
    "season_ended": lambda d: f"[bold]End of {d['season']}[/]",
    "session_ended": lambda d: f"[bold]Session over[/]: {d['result']} ({_esc(d['reason'])})",
}


def narrate(events: list[Any]) -> list[str]:
    """One readable line per event worth telling, in order."""
    lines: list[str] = []
    for e in events:
        teller = TELLERS.get(e.kind)
        line = teller(e.data) if teller is not None else None
        if line is not None:
            lines.append(line)
    return lines


def _names(names: Any) -> str:
    """ "Parin", "Parin and Kanun", "Parin, Kanun and Fuscus"."""
    names = [str(n) for n in names or []]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


def _action(details: dict[str, Any]) -> str:
    act = details["act"]
    if act == "move":
        return f"moves to {_esc(details['to'])}"
    if act == "trade":
        return f"trades two dice for {details['get']}"
    if act == "muster":
        return f"musters {details['resource']}"
    if act == "craft":
        return f"crafts with a {details['die']}"
    if act == "overcome":
        return f"takes on {_esc(details['obstacle'])}"
    if act == "narrate":
        verb = "narrate" if len(details.get("participants") or []) != 1 else "narrates"
        return f"{verb} {_esc(details['scene'])} at {_esc(details['location'])}"
    return f"uses {_esc(details.get('card'))}"
