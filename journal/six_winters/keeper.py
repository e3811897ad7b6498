"""Six Winters' part of the journal (``KEEPER``, named by its contract's
``JournalPart.keeper``): the tables it keeps of its own beside the one ledger
(``models.py``) and their part of a bundle, how a campaign reads in ``campaign list`` and
``campaign show`` (its years, Brightdune's fate and the score), and its Markdown export. It
keeps no entries in the log: a year's scenes are its own rows, fixed by its own verbs
(``scene amend``, ``scene delete``, ``year reopen``), each keeping the whole campaign before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from sqlmodel import Session, col, delete, select

from dsl.contract import Ruleset
from dsl.errors import ChroniclerError
from journal.catalogue import Catalogue, near_names
from journal.keepers import Draft
from journal.models import Campaign, Entry, LedgerChange
from journal.six_winters import ledger
from journal.six_winters.bundle_schema import SixWintersPart
from journal.six_winters.models import (
    CampaignEnd,
    CampaignState,
    CardPlay,
    ChronicleEntry,
    EventRecord,
    MapLocation,
    MapSnapshot,
    SceneRecord,
    SheetYear,
    YearSession,
)
from journal.words import counted

_SKIP = {"id", "campaign_id", "character_id", "session_id", "scene_id", "snapshot_id"}


def _row(row: Any) -> dict[str, Any]:
    return {k: v for k, v in row.model_dump().items() if k not in _SKIP}


def _key(row: Any) -> int:
    assert row.id is not None, "row not flushed"
    return int(row.id)


@dataclass(frozen=True)
class SixWinters:
    name: str = ledger.RULESET
    own: type[BaseModel] | None = SixWintersPart

    @property
    def entry_models(self) -> Mapping[str, type[BaseModel]]:
        return {}

    def start(self, s: Session, name: str, game: Ruleset) -> Campaign:
        from journal.catalogue import load_catalogue
        from journal.six_winters import table

        return table.start_campaign(s, name, load_catalogue())

    def standing(self, s: Session, campaign: Campaign) -> str:
        years = ledger.sessions(s, campaign)
        end = ledger.campaign_end(s, campaign)
        played = len([y for y in years if y.result])
        if end.fate:
            return f"{played} of six years played; Brightdune's fate: {end.fate}; score {end.score}"
        return f"{played} of six years played"

    def shown(self, s: Session, campaign: Campaign, upto: int | None) -> list[str]:
        return campaign_lines(s, campaign, upto)

    def listed(self, s: Session, campaign: Campaign) -> dict[str, Any]:
        end = ledger.campaign_end(s, campaign)
        played = len([y for y in ledger.sessions(s, campaign) if y.result])
        return {"years_played": played, "fate": end.fate, "score": end.score}

    def shown_json(self, s: Session, campaign: Campaign, upto: int | None) -> dict[str, Any]:
        return campaign_json(s, campaign, upto)

    # it keeps no entries: its scenes are its own rows
    def empty(self, s: Session, campaign: Campaign) -> None:
        return None

    def after(self, state: Any, entry: Entry) -> Any:
        raise ChroniclerError(f"Six Winters keeps no entries of kind {entry.kind!r}")

    def again(self, s: Session, campaign: Campaign, state: Any, entry: Entry) -> Draft:
        raise ChroniclerError(f"Six Winters keeps no entries of kind {entry.kind!r}")

    def check_undo(self, s: Session, campaign: Campaign, change: LedgerChange) -> None:
        """A year the engine played after a change (``play --campaign``) keeps no history of
        its own at the table: undoing the change would take it away too."""
        later = [
            y.year
            for y in ledger.sessions(s, campaign)
            if y.source == "engine" and y.started_at >= change.at
        ]
        if later:
            raise ChroniclerError(
                f"year {later[0]} of {campaign.name!r} was played by the engine after change "
                f"{change.number} ({change.verb}); undo takes back only what the table recorded "
                "since (play the year again with 'chronicler campaign rollback' first)"
            )

    # --- its part of a bundle ------------------------------------------------------------------

    def export_own(self, s: Session, campaign: Campaign) -> dict[str, Any] | None:
        return export_part(s, campaign)

    def import_own(self, s: Session, campaign: Campaign, part: Any) -> None:
        import_part(s, campaign, part)

    def remove_own(self, s: Session, campaign: Campaign) -> None:
        remove_part(s, campaign)

    def check_names(self, data: Any, part: Any, catalogue: Catalogue | None) -> None:
        check_names(data, part, catalogue)

    def markdown(self, s: Session, campaign: Campaign) -> list[str]:
        return markdown(s, campaign)


def export_part(s: Session, campaign: Campaign) -> dict[str, Any]:
    """Six Winters' rows of the campaign, as its part of a bundle (``SixWintersPart``)."""
    end = ledger.campaign_end(s, campaign)
    part: dict[str, Any] = {
        "campaign": {
            "seed": end.seed,
            "fate": end.fate,
            "finale_scenes_completed": end.finale_scenes_completed,
            "score": end.score,
            "score_title": end.score_title,
        },
        "characters": [],
        "years": [],
        "maps": [],
        "states": [],
    }
    for character in ledger.characters(s, campaign):
        part["characters"].append(
            {
                "name": character.name,
                "sheets": [
                    _row(r)
                    for r in s.exec(
                        select(SheetYear)
                        .where(SheetYear.character_id == character.id)
                        .order_by(col(SheetYear.year))
                    )
                ],
                "chronicle": [
                    _row(r)
                    for r in s.exec(
                        select(ChronicleEntry)
                        .where(ChronicleEntry.character_id == character.id)
                        .order_by(col(ChronicleEntry.year))
                    )
                ],
            }
        )
    for session in ledger.sessions(s, campaign):
        entry = _row(session)
        entry["scenes"] = []
        for scene in ledger.scenes_of(s, session):
            scene_entry = _row(scene)
            scene_entry["plays"] = [_row(p) for p in ledger.plays_of(s, scene)]
            entry["scenes"].append(scene_entry)
        entry["events"] = [
            _row(e)
            for e in s.exec(
                select(EventRecord)
                .where(EventRecord.session_id == session.id)
                .order_by(col(EventRecord.number), col(EventRecord.id))
            )
        ]
        part["years"].append(entry)
    for snapshot in s.exec(
        select(MapSnapshot)
        .where(MapSnapshot.campaign_id == campaign.id)
        .order_by(col(MapSnapshot.year))
    ):
        locations = s.exec(
            select(MapLocation)
            .where(MapLocation.snapshot_id == snapshot.id)
            .order_by(col(MapLocation.id))
        )
        part["maps"].append({"year": snapshot.year, "locations": [_row(r) for r in locations]})
    for state in s.exec(
        select(CampaignState)
        .where(CampaignState.campaign_id == campaign.id)
        .order_by(col(CampaignState.year))
    ):
        part["states"].append(_row(state))
    return part


_LINKS = {"sheets", "chronicle", "scenes", "events", "plays"}


def _fields(part: Any) -> dict[str, Any]:
    return part.model_dump(exclude=_LINKS)


def import_part(s: Session, campaign: Campaign, part: SixWintersPart) -> None:
    """Write Six Winters' rows of a checked bundle into ``campaign`` (its characters written)."""
    s.add(CampaignEnd(campaign_id=_key(campaign), **part.campaign.model_dump()))
    characters = {c.name: c for c in ledger.characters(s, campaign)}
    for entry in part.characters:
        character = characters.get(entry.name) or ledger.ensure_character(s, campaign, entry.name)
        for sheet in entry.sheets:
            s.add(SheetYear(**_fields(sheet), character_id=_key(character)))
        for line in entry.chronicle:
            s.add(ChronicleEntry(**_fields(line), character_id=_key(character)))
    for year in part.years:
        session = YearSession(**_fields(year), campaign_id=_key(campaign))
        s.add(session)
        s.flush()
        for scene_entry in year.scenes:
            scene = SceneRecord(**_fields(scene_entry), session_id=_key(session))
            s.add(scene)
            s.flush()
            for play in scene_entry.plays:
                s.add(CardPlay(**_fields(play), scene_id=_key(scene)))
        for event in year.events:
            s.add(EventRecord(**_fields(event), session_id=_key(session)))
    for snapshot_entry in part.maps:
        snapshot = MapSnapshot(campaign_id=_key(campaign), year=snapshot_entry.year)
        s.add(snapshot)
        s.flush()
        for location in snapshot_entry.locations:
            s.add(MapLocation(**_fields(location), snapshot_id=_key(snapshot)))
    for state in part.states:
        s.add(CampaignState(**_fields(state), campaign_id=_key(campaign)))
    s.flush()


def remove_part(s: Session, campaign: Campaign) -> None:
    """Every Six Winters row of the campaign (the ledger's own rows stay)."""
    for session in ledger.sessions(s, campaign):
        for scene in ledger.scenes_of(s, session):
            s.exec(delete(CardPlay).where(col(CardPlay.scene_id) == scene.id))
        s.exec(delete(SceneRecord).where(col(SceneRecord.session_id) == session.id))
        s.exec(delete(EventRecord).where(col(EventRecord.session_id) == session.id))
    s.exec(delete(YearSession).where(col(YearSession.campaign_id) == campaign.id))
    for character in ledger.characters(s, campaign):
        s.exec(delete(SheetYear).where(col(SheetYear.character_id) == character.id))
        s.exec(delete(ChronicleEntry).where(col(ChronicleEntry.character_id) == character.id))
    for snap in s.exec(select(MapSnapshot).where(MapSnapshot.campaign_id == campaign.id)):
        s.exec(delete(MapLocation).where(col(MapLocation.snapshot_id) == snap.id))
    s.exec(delete(MapSnapshot).where(col(MapSnapshot.campaign_id) == campaign.id))
    s.exec(delete(CampaignState).where(col(CampaignState.campaign_id) == campaign.id))
    s.exec(delete(CampaignEnd).where(col(CampaignEnd.campaign_id) == campaign.id))
    s.flush()


def check_names(data: Any, part: SixWintersPart, catalogue: Catalogue | None) -> None:
    """Every name refers to a character of the bundle or (with a ruleset) to one of its cards."""
    known = [c.name for c in data.characters]

    def character(name: str | None, where: str) -> None:
        if name is not None and name not in known:
            raise ChroniclerError(
                f"the bundle is refused: {where} names character {name!r}, who is not among "
                f"its characters{near_names(name, known)}"
            )

    def card(name: str | None, where: str, *kinds: str) -> None:
        if catalogue is None or not catalogue.cards or name is None:
            return
        if catalogue.get(name, *kinds) is None:
            what = " or ".join(kinds) if kinds else "card"
            raise ChroniclerError(
                f"the bundle is refused: {where} names unknown {what} {name!r}"
                f"{near_names(name, catalogue.names(*kinds))}"
            )

    for c in data.characters:
        card(c.name, f"characters: {c.name!r}", "character")
    for c in part.characters:
        character(c.name, "own.characters")
    for x in part.years:
        where = f"own.years[year {x.year}]"
        card(x.scheme, where, "scheme")
        for name in x.characters:
            character(name, where)
        for scene in x.scenes:
            at = f"{where}.scenes[{scene.number}]"
            card(scene.scene, at, "scene")
            for name in scene.participants:
                character(name, at)
            for play in scene.plays:
                card(play.card, at)
                character(play.character, at)
            for advance in scene.advances:
                character(advance.character, at)


# --- campaign show, Markdown ------------------------------------------------------------------


def campaign_lines(s: Session, campaign: Campaign, year: int | None) -> list[str]:
    """``campaign show``: its years, scenes and characters, optionally as of a year (Rich
    markup in the first line only)."""
    from rich.markup import escape

    upto = 6 if year is None else year
    lines = [f"[bold]{escape(campaign.name)}[/]" + (f" as of year {year}" if year else "")]
    end = ledger.campaign_end(s, campaign)
    if end.fate and year is None:
        lines.append(
            escape(
                f"Brightdune's fate: {end.fate} ({end.finale_scenes_completed} finale scenes); "
                f"score {end.score} ({end.score_title})"
            )
        )
    for session in ledger.sessions(s, campaign):
        if session.year > upto:
            continue
        count = session.scenes_completed
        lines.append(
            escape(
                f"Year {session.year}: {session.scheme}: {session.result or 'in play'}; "
                f"{', '.join(session.characters)}; {count} scene{'' if count == 1 else 's'}"
            )
        )
        for scene in ledger.scenes_of(s, session):
            cards = (
                ", ".join(
                    p.card + (f" by {p.character}" if p.character else "")
                    for p in ledger.plays_of(s, scene)
                )
                or "no cards"
            )
            lines.append(escape(f"  {scene.number}. {scene.scene} at {scene.location} ({cards})"))
    places = ledger.map_as_of(s, campaign, upto)
    if places:
        lines.append(
            escape(
                "Map: "
                + "; ".join(
                    f"{p.name} ({p.x},{p.y}"
                    + (", developed" if p.developed else "")
                    + (f", threats {p.threats}" if p.threats else "")
                    + (f", {', '.join(p.obstacles)}" if p.obstacles else "")
                    + ")"
                    for p in places
                )
            )
        )
    for character in ledger.characters(s, campaign):
        sheet = ledger.sheet(s, character, upto)
        if sheet is not None:
            skills = ", ".join(f"{k} {v}" for k, v in sheet.skills.items())
            lines.append(escape(f"{character.name} (year {sheet.year} sheet): {skills}"))
    return lines


def campaign_json(s: Session, campaign: Campaign, year: int | None) -> dict[str, Any]:
    """``campaign show --json``: what ``campaign_lines`` shows, as data."""
    upto = 6 if year is None else year
    years = []
    for session in ledger.sessions(s, campaign):
        if session.year > upto:
            continue
        scenes = [
            {
                "number": scene.number,
                "scene": scene.scene,
                "location": scene.location,
                "played": [
                    {"card": p.card, "character": p.character} for p in ledger.plays_of(s, scene)
                ],
            }
            for scene in ledger.scenes_of(s, session)
        ]
        years.append(
            {
                "year": session.year,
                "scheme": session.scheme,
                "result": session.result,
                "characters": list(session.characters),
                "scenes_completed": session.scenes_completed,
                "scenes": scenes,
            }
        )
    places = [
        {
            "name": p.name,
            "x": p.x,
            "y": p.y,
            "developed": p.developed,
            "threats": p.threats,
            "obstacles": list(p.obstacles),
        }
        for p in ledger.map_as_of(s, campaign, upto)
    ]
    sheets = []
    for character in ledger.characters(s, campaign):
        sheet = ledger.sheet(s, character, upto)
        if sheet is not None:
            sheets.append(
                {
                    "name": character.name,
                    "year": sheet.year,
                    "skills": dict(sheet.skills),
                    "advances": dict(sheet.advances),
                    "conditions": list(sheet.conditions),
                }
            )
    end = ledger.campaign_end(s, campaign)
    ended = year is None and bool(end.fate)
    return {
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "as_of_year": year,
        "fate": end.fate if ended else None,
        "finale_scenes_completed": end.finale_scenes_completed if ended else None,
        "score": end.score if ended else None,
        "score_title": end.score_title if ended else None,
        "years": years,
        "map": places,
        "characters": sheets,
    }


def markdown(s: Session, campaign: Campaign) -> list[str]:
    """The campaign as one readable Markdown document: the fate and score, each year with its
    scenes, cards and narration, and each character's chronicle."""
    from journal.bundle import cell, started_line

    lines = [f"# {campaign.name}", ""]
    end = ledger.campaign_end(s, campaign)
    if end.fate:
        lines += [
            f"**Brightdune's fate:** {end.fate} ({end.finale_scenes_completed} finale scenes)  ",
            f"**Score:** {end.score} ({end.score_title})",
            "",
        ]
    lines += [started_line(campaign), ""]
    for session in ledger.sessions(s, campaign):
        result = session.result or "in play"
        lines += [f"## Year {session.year}: {session.scheme}", ""]
        lines += [
            f"- Characters: {', '.join(session.characters)}",
            f"- Result: {result}" + (f" ({session.reason})" if session.reason else ""),
            f"- Scenes completed: {session.scenes_completed}",
        ]
        if session.threat_left is not None:
            lines.append(f"- Threat left in the pool: {session.threat_left}")
        lines.append("")
        for scene in ledger.scenes_of(s, session):
            lines += [f"### Scene {scene.number}: {scene.scene}", ""]
            lines.append(
                f"At {scene.location}; {', '.join(scene.participants)}; "
                f"skill-match points {scene.skill_match_points}"
                + (f"; epilogue: {scene.epilogue_choice}" if scene.epilogue_choice else "")
                + "."
            )
            lines.append("")
            plays = ledger.plays_of(s, scene)
            if plays:
                lines += ["| card | kind | points | played by |", "| --- | --- | --- | --- |"]
                lines += [
                    f"| {cell(p.card)} | {cell(p.kind)} | {p.points} | {cell(p.character)} |"
                    for p in plays
                ]
                lines.append("")
            lines += [f"*{scene.tier}*", "", scene.narration.strip(), ""]
            for answer in scene.challenge_answers:
                lines += [f"> {answer}", ""]
    lines += ["## Characters", ""]
    for character in ledger.characters(s, campaign):
        lines += [f"### {character.name}", ""]
        rows = s.exec(
            select(ChronicleEntry)
            .where(ChronicleEntry.character_id == character.id)
            .order_by(col(ChronicleEntry.year))
        ).all()
        if rows:
            lines += ["| year | chronicle | conditions | advances |", "| --- | --- | --- | --- |"]
            for row in rows:
                what = "Downtime" if row.downtime else f"{row.scheme} ({row.result})"
                if row.recovered:
                    what += f" (rested away {counted(row.recovered)})"
                lines.append(
                    f"| {row.year} | {cell(what)} | {cell(counted(row.conditions))} | "
                    f"{cell(counted(row.advances))} |"
                )
            lines.append("")
    return lines


KEEPER = SixWinters()
