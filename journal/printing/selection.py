"""Which cards a print run draws, and how many copies: ``--kind``, ``--only``, ``--changed-since``.

A card prints once per printed number (an obstacle numbered ``3, 4`` is two cards in the deck);
a card without a number prints as many times as its ``copies`` field says (a game written in
text deals that many), else once. ``--changed-since REV`` compiles the ruleset's text as it
was at that git revision and keeps the cards whose compiled fields or printed text differ (or
are new), and every card of a kind whose layout in ``faces/`` changed since.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dsl.errors import ChroniclerError, UsageError


@dataclass(frozen=True)
class PrintedCard:
    """One card design and the printed number of each of its copies (``None``: unnumbered)."""

    card: Any  # dsl.compiler.CompiledCard
    numbers: tuple[int | None, ...]

    @property
    def kind(self) -> str:
        return str(self.card.kind)

    @property
    def name(self) -> str:
        return str(self.card.name)

    @property
    def other_sides(self) -> tuple[str, ...]:
        """Sides printed on the back instead of the kind's card back (a location's developed)."""
        return tuple(self.card.blocks)


def copies_of(card: Any) -> tuple[int | None, ...]:
    """One entry per printed copy: the card's printed numbers, else as many unnumbered copies as
    its ``copies`` field says (the count the world engine deals), else one."""
    number = card.fields.get("number")
    if isinstance(number, list | tuple) and number:
        return tuple(int(n) for n in number)
    if isinstance(number, int) and not isinstance(number, bool):
        return (number,)
    copies = card.fields.get("copies")  # the world engine deals that many (dsl/world/game.py)
    if isinstance(copies, int) and not isinstance(copies, bool) and copies > 1:
        return (None,) * copies
    return (None,)


def select(
    compiled: Any,
    *,
    kinds: Sequence[str] = (),
    only: Sequence[str] = (),
    changed: set[tuple[str, str]] | None = None,
) -> list[PrintedCard]:
    """The cards to print, in the ruleset's order; unknown kinds and names are errors."""
    known = list(compiled.vocabulary.card_kinds)
    wanted_kinds = set()
    for kind in kinds:
        match = next((k for k in known if k.casefold() == kind.casefold()), None)
        if match is None:
            raise UsageError(f"unknown card kind '{kind}' (kinds: {', '.join(known)})")
        wanted_kinds.add(match)
    wanted_names = set()
    for name in only:
        # Every card of that name (an obstacle and an event may share one) in the kinds asked.
        found = {
            (c.kind, c.name)
            for c in compiled.all_cards
            if c.name.casefold() == name.casefold() and (not wanted_kinds or c.kind in wanted_kinds)
        }
        if not found:
            card = compiled.card(name)  # a ChroniclerError naming the near names
            asked = ", ".join(sorted(wanted_kinds))
            raise UsageError(f'"{card.name}" is of kind {card.kind}, not of --kind {asked}')
        wanted_names |= found
    cards = []
    for card in compiled.all_cards:
        if wanted_kinds and card.kind not in wanted_kinds:
            continue
        if wanted_names and (card.kind, card.name) not in wanted_names:
            continue
        if changed is not None and (card.kind, card.name) not in changed:
            continue
        cards.append(PrintedCard(card, copies_of(card)))
    return cards


def _git(folder: Path, *args: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ChroniclerError(f"--changed-since needs git: {error}") from error
    if done.returncode != 0:
        message = (done.stderr.strip().splitlines() or ["git failed"])[-1]
        raise ChroniclerError(f"--changed-since: {message}")
    return done.stdout


def _signature(card: Any) -> Any:
    from dsl.commands import card_record

    record = card_record(card)
    for side in [record, *record["sides"].values()]:
        side.pop("file", None)
        side.pop("line", None)
    return record


def changed_since(compiled: Any, folder: Path, revision: str) -> set[tuple[str, str]]:
    """(kind, name) of every card whose printed face may differ from the one at ``revision``."""
    from dsl.diagnostics import CheckFailed
    from dsl.loader import Source, compile_sources

    if revision.startswith("-"):
        raise UsageError(f"--changed-since {revision!r} is not a git revision")
    _git(folder, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    listed = _git(folder, "ls-tree", "-r", "--name-only", revision, "--", ".").splitlines()
    sources = [
        Source(str(folder / name), _git(folder, "show", f"{revision}:./{name}"))
        for name in listed
        if name.endswith(".rules") and "/" not in name
    ]
    everything = {(c.kind, c.name) for c in compiled.all_cards}
    if not sources:
        return everything  # the ruleset did not exist then: every card is new
    try:
        before = compile_sources(sources, str(folder))
    except CheckFailed:
        return everything  # the old text did not compile: nothing to compare with
    old = {(c.kind, c.name): _signature(c) for c in before.all_cards}
    changed = {
        (c.kind, c.name) for c in compiled.all_cards if old.get((c.kind, c.name)) != _signature(c)
    }
    # A changed layout reprints its kind; a change to shared parts reprints every card.
    faces = _git(folder, "diff", "--name-only", "--relative", revision, "--", "faces")
    faces += _git(folder, "ls-files", "--others", "--exclude-standard", "--", "faces")
    kinds = _kinds_touched(faces.splitlines(), {c.kind for c in compiled.all_cards})
    return changed | {(c.kind, c.name) for c in compiled.all_cards if c.kind in kinds}


def _kinds_touched(paths: Iterable[str], kinds: set[str]) -> set[str]:
    touched: set[str] = set()
    for path in paths:
        name = Path(path).name
        kind = name.removesuffix(".svg.j2")
        if kind in kinds:
            touched.add(kind)
        elif name != "ATTRIBUTION.md" and name:
            return set(kinds)  # faces.toml, a shared part, an icon: all kinds
    return touched
