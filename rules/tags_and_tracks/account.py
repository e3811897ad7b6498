"""How the roll's events read at the table (``chronicler roll``): one line per event kind."""

from __future__ import annotations

from typing import Any

from dsl.kernel.machine import KernelEvent

from .contracts import EventKind


def _faces(faces: list[int]) -> str:
    return " ".join(str(f) for f in faces)


def line(event: Any) -> str:
    d = event.data
    kind = str(event.kind)
    if kind == EventKind.ROLL_STARTED:
        who = f"{d['character']} rolls" if d["character"] else "Rolling"
        cuts = f", {d['cuts']} cut" + ("s" if d["cuts"] != 1 else "") if d["cuts"] else ""
        points = f", {d['points']} {d['stat']} points" if d["stat"] else ""
        return f"{who} {d['skill']} {d['level']}: {d['dice']} dice{cuts}{points}"
    if kind == KernelEvent.DICE_ROLLED:
        return f"rolled {_faces(d['faces'])}"
    if kind == EventKind.DIE_RAISED:
        return f"die {d['die']} raised {d['before']} -> {d['after']} ({d['points']} points left)"
    if kind == EventKind.DIE_BOUGHT:
        return f"an extra die: {d['face']} ({d['points']} points left)"
    if kind == EventKind.XP_GAINED:
        return f"+{d['amount']} XP for {d['why']} ({d['xp']} XP)"
    if kind == EventKind.SKILL_GAINED:
        price = "free" if d["free"] else f"for {d['xp_spent']} XP"
        return (
            f"a new skill, {d['name']} {d['level']}, building on {d['builds_on']} ({price}): "
            "write it on the sheet"
        )
    if kind == EventKind.DIE_CUT:
        if d["after"] is None:
            return f"cut the {d['before']}: {_faces(d['dice'])} left"
        return f"cut pips from the last die: {d['before']} -> {d['after']}"
    if kind == EventKind.RESULT:
        return f"result: {d['band']} (highest die {d['highest']})"
    if kind == EventKind.HITS:
        return f"{d['hits']} hit" + ("" if d["hits"] == 1 else "s")
    if kind == EventKind.HITS_AGAINST:
        who = d["character"] or "The character"
        points = f" ({d['points']} {d['stat']} points)" if d["stat"] else ""
        return f"{who} takes {d['hits']} hit" + ("" if d["hits"] == 1 else "s") + points
    if kind == EventKind.HITS_OFFSET:
        return f"{d['offset']} offset for {d['spent']} points ({d['points']} left), {d['left']} not"
    if kind == EventKind.CONSEQUENCE_TAKEN:
        promoted = f", promoted from -{d['hits']}" if d["promoted"] else ""
        fatal = ": fatal" if d["fatal"] else ""
        stat = f" {d['stat']}" if d["stat"] else ""
        return f"consequence -{d['level']}{stat} {d['name']}{promoted}{fatal}"
    if kind == EventKind.CONCEDED:
        who = d["character"] or "The character"
        return f"{who} concedes: the antagonist gets their way"
    if kind == EventKind.INTRUSION:
        who = d["character"] or "The character"
        if d["accepted"]:
            return f"{who} accepts the complication: +{d['change']} XP ({d['xp']} XP)"
        return f"{who} refuses the complication: {d['change']} XP ({d['xp']} XP)"
    return f"{kind}: {d}"
