"""How the journal says things to people, shared by the site, the exports and the table verbs
(kept apart from ``journal.website`` so the verbs do not import Markdown and nh3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def counted(names: Iterable[str]) -> str:
    """Names with repeats counted, in first-seen order: "Deep Cut ×2, Haunted"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def region_name(region: str | None, names: Mapping[str, str]) -> str:
    """A region as the ruleset names it for players ("the Empire"), else its word; "no
    region" for none."""
    if not region:
        return "no region"
    return names.get(region, region)


# The heading of each kind of card on the site (the card gallery and the card text page).
KIND_TITLES = {
    "ability": "Abilities",
    "asset": "Assets",
    "character": "Characters",
    "condition": "Conditions",
    "event": "Events",
    "location": "Locations",
    "obstacle": "Obstacles",
    "scene": "Scenes",
    "scheme": "Schemes",
}
