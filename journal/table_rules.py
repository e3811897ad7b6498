"""What the rules forbid at the table, read from the campaign's compiled ruleset.

The table verbs (``journal.table``) ask here before they write anything. Every number and list
comes from the ruleset's text and data: how many players and characters per player
(``value players``, ``value characters per player``), which years a scheme is for (its
``years``), which characters the campaign has unlocked, which scenes are in the scene deck and
which cards the campaign holds (the campaign state, with this year's scheme texts and the
earlier scenes' epilogues applied by the ruleset's own ``campaign.table_session``), and which
locations are on the map. With no ruleset the engine runs (names recorded unchecked), only the
ledger's own order of years is checked.

Each refusal is one line naming what was given, what the rules allow and the near names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from sqlmodel import Session

from dsl.contract import CampaignTable, Ruleset
from dsl.diagnostics import counted
from dsl.errors import ChroniclerError
from journal import ledger
from journal.catalogue import Catalogue, near_names
from journal.models import Campaign, SceneRecord, YearSession

# The ruleset a campaign is kept in when the catalogue names none.
DEFAULT_RULESET = "six-winters"


def find_game(name: str = DEFAULT_RULESET) -> Ruleset:
    """The ruleset ``name`` as the registry knows it (``rules/registry.py``: its contract),
    never imported by its package name."""
    from rules import registry

    return registry.find(name.replace("_", "-"))


def game_of(catalogue: Catalogue | None) -> Ruleset | None:
    """The registry's ruleset behind ``catalogue``, or None when the catalogue comes from no
    ruleset the engine runs."""
    if catalogue is None or catalogue.ruleset is None:
        return None
    return catalogue.game if catalogue.game is not None else find_game()


def table_of(catalogue: Catalogue | None) -> CampaignTable | None:
    """The ruleset's table part (``dsl.contract.CampaignTable``), when the catalogue is that
    ruleset's own reading of its text (not a test's made-up cards)."""
    game = game_of(catalogue)
    if game is None or game.table is None or catalogue is None:
        return None
    return game.table if game.table.reads(catalogue.ruleset) else None


@runtime_checkable
class TableRuleset(Protocol):
    """What the table verbs read of the engine's ruleset: its declared values and its cards of
    the kinds they check (each card's reading: ``years``, ``copies``, its sides)."""

    def value(self, name: str, default: int | None = None) -> int: ...

    @property
    def schemes(self) -> Mapping[str, Any]: ...

    @property
    def obstacles(self) -> Mapping[str, Any]: ...

    @property
    def locations(self) -> Mapping[str, Any]: ...


@runtime_checkable
class YearState(Protocol):
    """What the table verbs read of a year rebuilt by the ruleset (its session's state)."""

    scenes: list[str]
    scene_deck: list[str]
    scenes_completed: list[Any]
    archive: list[str]
    flags: dict[str, Any]
    locations: list[Any]
    characters: list[Any]
    asset_deck: list[str]
    asset_staging: list[str]
    asset_discard: list[str]
    obstacle_deck: list[str]
    obstacle_discard: list[str]


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"


def check_year_order(s: Session, campaign: Campaign, year: int) -> None:
    """One year in play at a time, and the years in order: year N starts after N-1 ended."""
    years = ledger.sessions(s, campaign)
    for other in years:
        if other.year != year and other.result is None:
            raise ChroniclerError(
                f"year {other.year} of {campaign.name!r} has not ended; one year is played "
                f"at a time: end it first ('chronicler year end --year {other.year} ...')"
            )
    ended = [y.year for y in years if y.result is not None]
    following = max(ended) + 1 if ended else 1
    if year > following:
        raise ChroniclerError(
            f"year {year} of {campaign.name!r} cannot start before year {following}: "
            f"the next year to start is {following}"
        )


@dataclass(frozen=True)
class TableRules:
    """The ruleset's rules the table verbs check, for one campaign."""

    ruleset: TableRuleset
    table: CampaignTable | None

    @classmethod
    def of(cls, catalogue: Catalogue | None) -> TableRules | None:
        """The rules behind ``catalogue``, when it comes from a ruleset the engine runs."""
        if catalogue is None or not isinstance(catalogue.ruleset, TableRuleset):
            return None
        return cls(catalogue.ruleset, table_of(catalogue))

    # --- year start -----------------------------------------------------------------------

    def characters_per_year(self) -> int:
        """How many characters play a year: players times characters per player."""
        players = self.ruleset.value("players")
        return int(players) * int(self.ruleset.value("characters per player"))

    def check_scheme(self, scheme: str, year: int) -> None:
        """A scheme is drawn only in the years its card lists."""
        card = self.ruleset.schemes.get(scheme)
        if card is None:
            return
        first, last = card.years
        if first <= year <= last:
            return
        this_year = self.schemes_for(year)
        span = f"year {first}" if first == last else f"years {first}-{last}"
        raise ChroniclerError(
            f"{scheme!r} is a scheme for {span}, not year {year}"
            + (near_names(scheme, this_year) or "")
            + f"; year {year} draws from: {_listed(this_year)}"
        )

    def schemes_for(self, year: int) -> list[str]:
        """The schemes whose card lists ``year``, in the ruleset's order."""
        return [n for n, c in self.ruleset.schemes.items() if c.years[0] <= year <= c.years[1]]

    def check_characters(self, names: Sequence[str], state: Mapping[str, Any]) -> None:
        """Each character once, the ruleset's count of them, all unlocked in the campaign."""
        twice = [name for name, n in Counter(names).items() if n > 1]
        if twice:
            raise ChroniclerError(
                f"{twice[0]!r} is named twice in --characters; a character plays once in a year"
            )
        wanted = self.characters_per_year()
        if len(names) != wanted:
            players = self.ruleset.value("players")
            each = self.ruleset.value("characters per player")
            raise ChroniclerError(
                f"a year is played by {counted(wanted, 'character')} "
                f"({counted(players, 'player')}, {each} each), "
                f"not {len(names)}: --characters names {_listed(list(names))}"
            )
        unlocked = state.get("unlocked_characters")
        if not isinstance(unlocked, list) or not unlocked:
            return
        for name in names:
            if name not in unlocked:
                raise ChroniclerError(
                    f"{name!r} is locked in this campaign (a card's text unlocks it)"
                    + near_names(name, unlocked)
                    + f"; unlocked characters: {_listed(sorted(unlocked))}"
                )

    # --- scene record ---------------------------------------------------------------------

    def year_so_far(self, state: Mapping[str, Any], record: Mapping[str, Any]) -> YearState:
        """The year's session as the ruleset rebuilds it from the campaign state: the scheme's
        texts run and the earlier recorded scenes applied (its table's ``session_so_far``)."""
        if self.table is None:
            raise ChroniclerError("the ruleset rebuilds no year from the table's record")
        st = self.table.session_so_far(state, record)
        if not isinstance(st, YearState):
            raise ChroniclerError("the ruleset's year is not one the table verbs can read")
        return st

    def check_scene(
        self,
        st: YearState,
        scene: str,
        location: str,
        cards: Sequence[tuple[str, str | None]],
        spent_this_year: Sequence[str],
    ) -> None:
        """The scene is in play or in the scene deck, its location on the map, and the cards
        played ones the campaign holds (an asset is spent once: it goes to the discard)."""
        available = [*st.scenes, *st.scene_deck]
        if scene in st.archive and st.flags.get(f"added this year:{scene}"):
            available.append(scene)  # completed, and a season end of the year adds it back
        if scene not in available:
            where = "is in the archive" if scene in st.archive else "is not in the scene deck"
            raise ChroniclerError(
                f"{scene!r} {where} this year, so it cannot be completed"
                + near_names(scene, available)
                + f"; scenes in the deck: {_listed(sorted(set(available)))}"
            )
        on_map = [loc.name for loc in st.locations]
        if location not in on_map:
            raise ChroniclerError(
                f"{location!r} is not on the campaign's map"
                + near_names(location, on_map)
                + f"; the map: {_listed(on_map)}"
            )
        held_assets = Counter(
            [*st.asset_deck, *st.asset_staging, *st.asset_discard]
            + [a for c in st.characters for a in getattr(c, "assets", [])]
        )
        held_assets.subtract(Counter(spent_this_year))
        obstacles = Counter(
            [*st.obstacle_deck, *st.obstacle_discard]
            + [o.name for loc in st.locations for o in loc.obstacles]
        )
        brought = brought_into_play(self.ruleset)
        for name in {n for n, kind in cards if kind == "obstacle"}:
            if st.flags.get(f"put into play:{name}") and name in self.ruleset.obstacles:
                # the scheme's season ends put copies into play: how many, and where they
                # went, the table tells at year end; any printed copy may be burned
                obstacles[name] = max(obstacles[name], self.ruleset.obstacles[name].copies)
            elif any(
                obstacles[card] > 0 or st.flags.get(f"put into play:{card}")
                for card in brought.get(name, ())
            ):
                # an obstacle in play this year whose text puts this one into play ("Threat:
                # Put obstacle ... into play"): whether it did, the table's scenes tell
                obstacles[name] = max(obstacles[name], self.ruleset.obstacles[name].copies)
        for name, kind in cards:
            if kind == "obstacle":
                if obstacles[name] <= 0:
                    raise ChroniclerError(
                        f"the campaign has no {name!r} to burn this year: it is not in the "
                        "obstacle deck, the obstacle discard or on the map"
                        + near_names(name, [n for n, k in obstacles.items() if k > 0])
                    )
                obstacles[name] -= 1
            elif kind == "asset":
                if held_assets[name] <= 0:
                    spent = name in spent_this_year
                    raise ChroniclerError(
                        f"{name!r} was already spent in an earlier scene this year (a played "
                        "asset goes to the discard until session end)"
                        if spent
                        else f"the campaign has no {name!r} to play this year: it is not in "
                        "the asset deck or the reserve"
                        + near_names(name, [n for n, k in held_assets.items() if k > 0])
                    )
                held_assets[name] -= 1


def brought_into_play(ruleset: TableRuleset) -> dict[str, list[str]]:
    """Which obstacles' texts put which obstacles into play (Hall of Faces: "Threat: Put obstacle
    "Wrath of the Autarch" into play ..."), read from the compiled sentences: obstacle put into
    play -> the obstacles whose text does it."""
    from dsl.bound import BoundEffect, sentences_of

    found: dict[str, list[str]] = {}
    for name, card in ruleset.obstacles.items():
        for ability in card.compiled.abilities:
            if not isinstance(ability.meaning, BoundEffect):
                continue
            for _sentence, clause in sentences_of(ability.meaning.parts):
                named = getattr(clause.role("object"), "name", None)
                if clause.function == "put_into_play" and isinstance(named, str):
                    found.setdefault(named, []).append(name)
    return found


def spent_assets(s: Session, session: YearSession, before: int | None = None) -> list[str]:
    """The assets played in the year's recorded scenes (before scene number ``before``)."""
    out = []
    for scene in ledger.scenes_of(s, session):
        if before is not None and scene.number >= before:
            continue
        out += [p.card for p in ledger.plays_of(s, scene) if p.kind == "asset"]
    return out


def recorded_already(
    scenes: Sequence[SceneRecord],
    scene: str,
    year: int,
    skip: int | None = None,
    again: int = 0,
) -> None:
    """A scene card is completed once: it goes to the archive (unless a text of the year
    adds it back: ``again`` times more)."""
    earlier_ones = [x for x in scenes if x.scene == scene and x.number != skip]
    if len(earlier_ones) > again:
        earlier = earlier_ones[-1]
        raise ChroniclerError(
            f"{scene!r} is already recorded as scene {earlier.number} of year {year}; a "
            "completed scene goes to the archive (fix it with 'chronicler scene amend "
            f"--number {earlier.number}')"
        )
