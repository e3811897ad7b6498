"""A check made by one card against another: the inputs a check reads from a sheet
(``skill from the actor's talents or traits``), filled from the cards' fields.

The table names the member the check is made with (a talent, a trait); each input a
check reads from the actor's sheet is that member's rank in the first of its fields that holds
it; an input read from the target's sheet is the rank of the member named for the target (the
same one unless the table names another). A target not given leaves its inputs to the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dsl.dice.model import Check, CheckError, Source


def rank_on(sheet: Mapping[str, Any], source: Source, member: str, whose: str) -> int:
    """``member``'s rank on ``sheet`` (a card's fields), in the first of the source's fields
    that has it; a clear error naming the sheet when none does."""
    wanted = member.casefold()
    for name in source.fields:
        ranks = sheet.get(name)
        if not isinstance(ranks, Mapping):
            continue
        for key, rank in ranks.items():
            if str(key).casefold() == wanted:
                return int(rank)
    fields = " or ".join(source.fields)
    raise CheckError(f"{whose} has no {member!r} in {fields}: give {source.input} with --input")


def sheet_inputs(
    check: Check,
    actor: Mapping[str, Any] | None,
    member: str | None,
    *,
    actor_name: str = "the actor",
    target: Mapping[str, Any] | None = None,
    target_member: str | None = None,
    target_name: str = "the target",
) -> dict[str, int]:
    """The inputs of ``check`` its sheets fill: from the actor's card with ``member``, and from
    the target's (when one is given) with ``target_member`` (else ``member``)."""
    found: dict[str, int] = {}
    for source in check.sources:
        if source.who == "actor":
            if actor is None or member is None:
                continue
            found[source.input] = rank_on(actor, source, member, actor_name)
        elif target is not None:
            named = target_member or member
            if named is None:
                continue
            found[source.input] = rank_on(target, source, named, target_name)
    return found
