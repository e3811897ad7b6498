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


def kind_title(kind: str) -> str:
    """The heading of a kind of card on the site (the card gallery, the card text page): the
    ruleset's own word for the kind (``card kinds asset, ability, ...``), in the plural:
    "ability" -> "Abilities", "obstacle" -> "Obstacles"."""
    words = " ".join(str(kind).split()) or "card"
    head, _, last = words.rpartition(" ")
    if last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        last = last[:-1] + "ies"
    elif last.endswith(("s", "x", "sh", "ch")):
        last += "es"
    else:
        last += "s"
    plural = f"{head} {last}" if head else last
    return plural[:1].upper() + plural[1:]


def face_alt(name: str, printed: Iterable[str]) -> str:
    """A card face's text for those who cannot see it: its name, then its printed text if it
    has any ("Whisper Drip: Exhaust: ..."; a card with no rules text is its name alone)."""
    said = " ".join(line for line in printed if line.strip())
    return f"{name}: {said}" if said else name
