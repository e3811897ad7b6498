"""Recording a campaign played at a real table: what the verbs of ``journal.commands`` do.

People tell the journal what happened (the scheme, the scenes, the cards, the result, the map);
the journal checks names against the ruleset's cards, writes the ledger rows, and keeps the
campaign state in the engine's JSON shape (docs/design/engine-api.md) so that the engine's own
campaign API can take over applying epilogues and session end once it offers a way to apply them
to a session played on cardboard.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlmodel import Session, select

from dsl.compiler import CompiledCard
from dsl.contract import CampaignTable
from dsl.diagnostics import counted as counted_noun
from dsl.errors import ChroniclerError, UsageError
from journal import campaign as campaign_state
from journal import focus, ledger, recovery, table_rules
from journal import history as ledger_history
from journal.catalogue import (
    Catalogue,
    epilogue_choices,
    is_finale,
    location_words,
    near_names,
    placement_words,
    points_of,
    region_of,
    skill_of,
)
from journal.ledger import MapPlace, Play
from journal.models import (
    TIER_PLAIN,
    TIERS,
    Campaign,
    ChronicleEntry,
    DrawnScheme,
    SceneRecord,
    YearSession,
)
from journal.recording import plain_narration, write_chronicle_year
from journal.table_rules import TableRules
from journal.words import counted, region_name

TIER_WORDS = {
    "plain": TIERS[0],
    "none": TIERS[0],
    "i can't think of anything": TIERS[0],
    "apprentice": TIERS[1],
    "apprentice storyteller": TIERS[1],
    "master": TIERS[2],
    "master chronicler": TIERS[2],
}


def parse_tier(value: str | None) -> str | None:
    if value is None:
        return None
    found = TIER_WORDS.get(value.strip().lower().replace("’", "'"))
    if found is None:
        raise UsageError(
            f"unknown storytelling tier {value!r}; use plain, apprentice or master "
            f"({'; '.join(TIERS)})"
        )
    return found


def split_names(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def _checked(catalogue: Catalogue | None, name: str, kind: str) -> str:
    """The card's own spelling of ``name`` if the ruleset knows the kind, else ``name``."""
    if catalogue is None or not catalogue.names(kind):
        return name
    return catalogue.require(name, kind).name


def _engine_campaign(
    s: Session, campaign: Campaign, catalogue: Catalogue | None
) -> tuple[CampaignTable, dict[str, Any]] | None:
    """The ruleset's table and the campaign's stored engine state, when both are at hand.

    With them the ruleset applies epilogues, the scheme's result and session end through the
    card text (its table's ``apply_session``); without them (a ruleset the engine does not
    run, a state in another shape) the journal records what the table reports.
    """
    table = table_rules.table_of(catalogue)
    game = table_rules.game_of(catalogue)
    row = ledger.latest_state(s, campaign)
    if table is None or game is None or game.campaign is None or row is None:
        return None
    if not row.state.get("decks"):
        return None
    try:
        game.campaign.campaign_from_json(json.dumps(row.state))
    except Exception:  # a state the engine cannot read: record by hand as before
        return None
    return table, dict(row.state)


def _table_scenes(s: Session, session: YearSession) -> list[dict[str, Any]]:
    """The year's recorded scenes as ``apply_table_year`` reads them."""
    return [
        {
            "scene": sc.scene,
            "location": sc.location,
            "participants": list(sc.participants),
            "cards_played": [
                {"card": p.card, "kind": p.kind, "character": p.character}
                for p in ledger.plays_of(s, sc)
            ],
            "epilogue_choice": sc.epilogue_choice,
            "skill_match_points": sc.skill_match_points,
        }
        for sc in ledger.scenes_of(s, session)
    ]


def _year_record(s: Session, session: YearSession) -> dict[str, Any]:
    return {
        "year": session.year,
        "scheme": session.scheme,
        "characters": list(session.characters),
        "result": session.result,
        "reason": session.reason,
        "threat_left": session.threat_left,
        "seed": session.seed,
        "scenes": _table_scenes(s, session),
    }


def new_campaign_state(catalogue: Catalogue | None) -> dict[str, Any]:
    """The engine's starting campaign state, or the same shape built from the ruleset's facts."""
    game = table_rules.game_of(catalogue)
    if game is not None and game.campaign is not None and table_rules.table_of(catalogue):
        try:
            return campaign_state.state_json(game.campaign.new_campaign())
        except Exception:  # the engine is still being written: fall back to the facts we have
            pass
    places = campaign_state.starting_places(catalogue)
    return {
        "year": 1,
        "map": [_place_json(p) for p in places],
        "decks": {},
        "archive": [],
        "reserve": [],
        "sheets": {},
        "history": [],
    }


def _place_json(place: MapPlace) -> dict[str, Any]:
    """A map location in the engine's CampaignState shape (regions come from the cards)."""
    return {
        "name": place.name,
        "x": place.x,
        "y": place.y,
        "developed": place.developed,
        "threats": place.threats,
        "obstacles": [{"name": o, "progress": 0, "hindrance": 0} for o in place.obstacles],
    }


def start_campaign(
    s: Session,
    name: str,
    catalogue: Catalogue | None,
    *,
    ruleset: str | None = None,
    version: str | None = None,
) -> Campaign:
    """A campaign of the catalogue's game, as its text sets it up; ``ruleset`` and
    ``version``: what it plays, when not the default ruleset (a designer's copy)."""
    if ruleset:
        campaign = ledger.create_campaign(s, name, ruleset=ruleset, ruleset_version=version or "")
    else:
        campaign = ledger.create_campaign(s, name)
    state = new_campaign_state(catalogue)
    ledger.write_state(s, campaign, 1, state)
    places = campaign_state.map_places(state, catalogue)
    if places:
        ledger.write_map(s, campaign, 0, places)
    unlocked = state.get("unlocked_characters")
    for name, sheet in campaign_state.sheets(state).items():
        if unlocked is not None and name not in unlocked:
            continue
        title = catalogue.title_of(name) if catalogue else None
        character = ledger.ensure_character(s, campaign, name, title=title)
        ledger.write_sheet(
            s,
            character,
            0,
            skills=sheet["skills"],
            advances=sheet["advances"],
            conditions=sheet["conditions"],
        )
    return campaign


def start_year(
    s: Session,
    catalogue: Catalogue | None,
    campaign_name: str,
    year: int,
    scheme: str,
    characters: Sequence[str],
    seed: int | None,
    downtime: Sequence[tuple[str, list[str]]] = (),
    recover: Sequence[tuple[str, str]] = (),
) -> YearSession:
    campaign = ledger.get_campaign(s, campaign_name)
    scheme = _checked(catalogue, scheme, "scheme")
    names = [_checked(catalogue, c, "character") for c in characters]
    found = ledger.find_session(s, campaign, year)
    retried = found is not None and found.source == "table" and found.result is None
    if retried and found is not None and (found.scheme, found.characters) == (scheme, names):
        return found  # the same command again (a retry): the year stands as it was started
    table_rules.check_year_order(s, campaign, year)
    ledger_history.keep(s, campaign.name, "year start", year, f"started year {year}: {scheme}")
    rules = TableRules.of(catalogue)
    if rules is not None:
        rules.check_scheme(scheme, year)
        row = ledger.latest_state(s, campaign)
        rules.check_characters(names, row.state if row is not None else {})
    session = ledger.start_year(s, campaign, year, scheme, names, seed=seed)
    focus.follow_year(s, campaign.name, year)
    for name in names:
        _sheet_before(s, campaign, catalogue, name, year)
    _downtime(s, campaign, catalogue, year, downtime, recover)
    return session


def parse_downtime(items: Sequence[str]) -> list[tuple[str, list[str]]]:
    out = []
    for item in items:
        name, sep, skills = item.partition("=")
        if not sep or len(split_names(skills)) != 2:
            raise UsageError(f"--downtime takes CHARACTER=SKILL,SKILL (two advances), not {item!r}")
        out.append((name.strip(), split_names(skills)))
    return out


def _downtime(
    s: Session,
    campaign: Campaign,
    catalogue: Catalogue | None,
    year: int,
    downtime: Sequence[tuple[str, list[str]]],
    recover: Sequence[tuple[str, str]],
) -> None:
    """Session setup's downtime: who sat last year out trains (two advances) and rests."""
    if not downtime and not recover:
        return
    last = ledger.find_session(s, campaign, year - 1)
    resting = [
        c.name
        for c in ledger.characters(s, campaign)
        if last is None or c.name not in last.characters
    ]
    if year == 1 or last is None:
        raise ChroniclerError("downtime is taken from year 2 on, by who sat the last year out")
    skills_known = set(catalogue.skills) if catalogue and catalogue.skills else set()
    for name in {n for n, _ in downtime} | {n for n, _ in recover}:
        if name not in resting:
            raise ChroniclerError(
                f"{name!r} played in year {year - 1}, so takes no downtime"
                if name in last.characters
                else f"no character {name!r} in {campaign.name!r}"
                + near_names(name, [c.name for c in ledger.characters(s, campaign)])
            )
    for name, skills in downtime:
        current, marks, held = _sheet_before(s, campaign, catalogue, name, year)
        for skill in skills:
            if skills_known and skill not in skills_known:
                raise ChroniclerError(f"unknown skill {skill!r}{near_names(skill, skills_known)}")
            ledger.apply_advance(current, marks, skill)
        character = ledger.ensure_character(s, campaign, name)
        ledger.write_sheet(s, character, year, skills=current, advances=marks, conditions=held)
        ledger.note_downtime(s, character, year - 1, advances=skills)
    for name, condition in recover:
        current, marks, held = _sheet_before(s, campaign, catalogue, name, year)
        if condition not in held:
            raise ChroniclerError(
                f"{name} has no condition {condition!r}"
                + (f"; conditions: {', '.join(held)}" if held else "; no conditions")
            )
        held.remove(condition)
        character = ledger.ensure_character(s, campaign, name)
        ledger.write_sheet(s, character, year, skills=current, advances=marks, conditions=held)
        ledger.note_downtime(s, character, year - 1, recovered=[condition])


def _sheet_before(
    s: Session, campaign: Campaign, catalogue: Catalogue | None, name: str, year: int
) -> tuple[dict[str, int], dict[str, int], list[str]]:
    title = catalogue.title_of(name) if catalogue else None
    character = ledger.ensure_character(s, campaign, name, year=year, title=title)
    sheet = ledger.sheet(s, character, year)
    if sheet is not None:
        return dict(sheet.skills), dict(sheet.advances), list(sheet.conditions)
    start = dict(catalogue.character_skills.get(name, {})) if catalogue else {}
    if start and ledger.sheet(s, character, 0) is None:
        ledger.write_sheet(s, character, 0, skills=start, advances={}, conditions=[])
    return start, {}, []


@dataclass(frozen=True)
class SceneInput:
    scene: str
    location: str
    participants: list[str]
    played: list[str]
    choice: str | None = None
    narration: str = ""
    tier: str | None = None
    skill_match_points: int = 0
    answers: tuple[str, ...] = ()
    narrator: str | None = None


def _play(catalogue: Catalogue | None, item: str) -> Play:
    """``Card``, ``Card:points``, either with ``@Character`` (who played it), and an
    ``asset:`` or ``obstacle:`` in front for a name an asset and an obstacle share; points
    come from the card when the ruleset knows it."""
    card_text, at, who = item.rpartition("@") if "@" in item else (item, "", "")
    who = who.strip()
    if at and not who:
        raise UsageError(
            f"--played takes CARD[:POINTS][@CHARACTER] (asset:CARD or obstacle:CARD for a "
            f"name an asset and an obstacle share), not {item!r}"
        )
    said_kind, colon, rest = card_text.strip().partition(":")
    kinds: tuple[str, ...] = ("asset", "obstacle")
    if colon and said_kind.strip().lower() in kinds:
        kinds, card_text = (said_kind.strip().lower(),), rest
    name, _, points_text = card_text.partition(":")
    name = name.strip()
    points: int | None = None
    if points_text.strip():
        try:
            points = int(points_text)
        except ValueError:
            raise UsageError(f"points of {name!r} must be a number, not {points_text!r}") from None
        if not 0 <= points <= 1000:  # as a bundle takes them (journal.bundle_schema.Points)
            raise UsageError(f"points of {name!r} must be between 0 and 1000, not {points}")
    kind = None
    if catalogue is not None and catalogue.names("asset", "obstacle"):
        both = catalogue.kinds_of(name, *kinds)
        if len(both) > 1:
            raise UsageError(
                f"{name!r} is an asset and an obstacle: say which was played, "
                f"'asset:{name}' or 'obstacle:{name}'"
            )
        card = catalogue.require(name, *kinds)
        name, kind = card.name, card.kind
        if points is None:
            points = points_of(card)
    return Play(card=name, points=points or 0, kind=kind, character=who or None)


def skill_matches(
    catalogue: Catalogue | None, scene: str, played: Sequence[str], holding: Sequence[str]
) -> tuple[int, list[str]]:
    """Narrate Scene's skill-match points: the ruleset's ``skill match bonus`` for each card
    played or held whose skill is the scene's. Returns the points and the matching cards."""
    rules = TableRules.of(catalogue)
    card = catalogue.get(scene, "scene") if catalogue is not None else None
    if rules is None or catalogue is None or card is None or not skill_of(card):
        return 0, []
    matching = []
    for item in [*played, *holding]:
        name = item.rpartition("@")[0] if "@" in item else item
        facts = catalogue.require(name.partition(":")[0].strip(), "asset", "obstacle")
        if skill_of(facts) == skill_of(card):
            matching.append(facts.name)
    return len(matching) * int(rules.ruleset.value("skill match bonus")), matching


def already_recorded(
    s: Session, catalogue: Catalogue | None, campaign_name: str, year: int, entry: SceneInput
) -> SceneRecord | None:
    """The year's last scene when ``entry`` is that same scene again (a retried command),
    else None: recording it again would count it twice."""
    campaign = ledger.get_campaign(s, campaign_name)
    session = ledger.find_session(s, campaign, year)
    if session is None or session.result is not None:
        return None
    scenes = ledger.scenes_of(s, session)
    if not scenes:
        return None
    scene_name, choice = entry.scene, entry.choice
    card = catalogue.get(entry.scene, "scene") if catalogue is not None else None
    try:
        if card is not None:
            scene_name, choice = card.name, _checked_choice(card, choice)
        location = _checked(catalogue, entry.location, "location")
        plays = [_play(catalogue, item) for item in entry.played]
    except ChroniclerError:  # not a scene that could have been recorded: not a retry
        return None
    last = scenes[-1]
    same = recovery.same_scene(
        last,
        ledger.plays_of(s, last),
        scene=scene_name,
        location=location,
        participants=list(entry.participants),
        cards=[(p.card, p.points) for p in plays],
        choice=choice,
        answers=list(entry.answers),
        skill_match_points=entry.skill_match_points,
        narration=entry.narration if entry.narration.strip() else None,
    )
    return last if same else None


def record_scene(
    s: Session,
    catalogue: Catalogue | None,
    campaign_name: str,
    year: int,
    entry: SceneInput,
    *,
    kept: bool = True,
) -> SceneRecord:
    """Record a completed scene (``kept``: first keep the campaign in the ledger's history)."""
    campaign = ledger.get_campaign(s, campaign_name)
    session = ledger.get_session(s, campaign, year)
    if kept and session.result is None:
        ledger_history.keep(s, campaign.name, "scene record", year, f"recorded {entry.scene}")
    skill = None
    points_needed = None
    scene_name = entry.scene
    choice = entry.choice
    if catalogue is not None and catalogue.names("scene"):
        card = catalogue.require(entry.scene, "scene")
        scene_name, skill, points_needed = card.name, skill_of(card), points_of(card)
        choice = _checked_choice(card, choice)
    location = _checked(catalogue, entry.location, "location")
    if catalogue is not None and catalogue.names("scene"):
        _check_scene_location(catalogue, scene_name, location)
    participants = list(entry.participants)
    for name in participants:
        if name not in session.characters:
            raise ChroniclerError(
                f"{name!r} is not playing in year {year}{near_names(name, session.characters)}"
                f"; this year's characters: {', '.join(session.characters)}"
            )
    if not participants:
        raise UsageError("a scene needs its participants (--participants Parin,Kanun)")
    plays = [_play(catalogue, item) for item in entry.played]
    for play in plays:
        if play.character is not None and play.character not in participants:
            raise ChroniclerError(
                f"{play.card!r} was played by {play.character!r}, who is not in the scene"
                + near_names(play.character, participants)
                + f"; its participants: {', '.join(participants)}"
            )
    _check_scene_rules(s, catalogue, campaign, session, scene_name, location, plays)
    advances = []
    if skill:
        for name in participants:
            skills, marks, conditions = _sheet_before(s, campaign, catalogue, name, year)
            rank = ledger.apply_advance(skills, marks, skill)
            character = ledger.ensure_character(s, campaign, name)
            ledger.write_sheet(
                s, character, year, skills=skills, advances=marks, conditions=conditions
            )
            advances.append({"character": name, "skill": skill, "new_rank": rank})
    tier = entry.tier or TIER_PLAIN
    narration = entry.narration
    if not narration.strip() and tier == TIER_PLAIN:
        narration = plain_narration(scene_name, participants, [p.card for p in plays])
    return ledger.record_scene(
        s,
        session,
        scene=scene_name,
        location=location,
        participants=participants,
        plays=plays,
        skill=skill,
        points_needed=points_needed,
        skill_match_points=entry.skill_match_points,
        epilogue_choice=choice,
        challenge_answers=entry.answers,
        advances=advances,
        narration=narration,
        tier=tier,
        narrator=entry.narrator,
    )


def _check_scene_rules(
    s: Session,
    catalogue: Catalogue | None,
    campaign: Campaign,
    session: YearSession,
    scene: str,
    location: str,
    plays: Sequence[Play],
    number: int | None = None,
) -> None:
    """What the rules forbid of a scene recorded as scene ``number`` (a new one: None): the
    same scene twice, a scene not in the deck, a location off the map, cards not held."""
    rules = TableRules.of(catalogue)
    if rules is None:
        return  # no ruleset to read the rules from: the table's word stands
    scenes = ledger.scenes_of(s, session)
    row = ledger.latest_state(s, campaign)
    if row is None or not row.state.get("decks"):
        table_rules.recorded_already(scenes, scene, session.year, skip=number)
        return
    record = _year_record(s, session)
    if number is not None:  # the scenes before it: the year as it stood when it was completed
        record["scenes"] = [
            x for x, sc in zip(record["scenes"], scenes, strict=True) if sc.number < number
        ]
    try:
        st = rules.year_so_far(row.state, record)
    except ChroniclerError:
        raise
    except Exception:  # a state the ruleset cannot rebuild: the table's word stands
        table_rules.recorded_already(scenes, scene, session.year, skip=number)
        return
    # a scene the scheme's season ends add back may be completed once more each time
    again = int(st.flags.get(f"added this year:{scene}", 0))
    table_rules.recorded_already(scenes, scene, session.year, skip=number, again=again)
    rules.check_scene(
        st,
        scene,
        location,
        [(p.card, p.kind) for p in plays],
        table_rules.spent_assets(s, session, before=number),
    )


def points_short(s: Session, record: SceneRecord) -> str | None:
    """A warning when the points recorded fall short of what the scene card needs: the table
    may have left out a card (--played) or its skill matches (--skill-match). The scene is
    recorded as given; the table's word stands."""
    cards = sum(p.points for p in ledger.plays_of(s, record))
    if record.points_needed is None or cards + record.skill_match_points >= record.points_needed:
        return None
    return (
        f"warning: {record.scene} needs {counted_noun(record.points_needed, 'point')}; the "
        "cards recorded give "
        f"{cards} and the skill matches {record.skill_match_points} (--skill-match)"
    )


def epilogue_notes(
    s: Session, catalogue: Catalogue | None, campaign_name: str, year: int
) -> list[str]:
    """What the epilogue of the year's last recorded scene does, through the card text.

    Runs the year's scenes on the campaign state (a check: an epilogue the cards cannot carry
    out raises, and the scene is not recorded); the state itself changes at ``year end``."""
    campaign = ledger.get_campaign(s, campaign_name)
    engine = _engine_campaign(s, campaign, catalogue)
    if engine is None:
        return []
    table, state = engine
    year_record = _year_record(s, ledger.get_session(s, campaign, year))
    earlier = {**year_record, "scenes": year_record["scenes"][:-1]}
    try:
        before = table.preview(state, earlier) if earlier["scenes"] else []
        after = table.preview(state, year_record)
    except ChroniclerError:
        raise
    except Exception as error:  # an engine fault: the scene is still recorded
        return [f"(the cards could not be applied: {type(error).__name__}: {error})"]
    return after[len(before) :] if after[: len(before)] == before else after


def _check_scene_location(catalogue: Catalogue, scene: str, location: str) -> None:
    """A scene is completed at its listed location, or one with the listed tag or region."""
    card = catalogue.get(scene, "scene")
    wanted = placement_words(card, "at") if card is not None else []
    place = catalogue.get(location, "location")
    if not wanted or place is None:
        return  # the cards do not say enough to check
    if not {w.casefold() for w in wanted} & location_words(place):
        raise ChroniclerError(
            f"{scene!r} is completed at {' or '.join(wanted)}, not at {location!r}"
        )


def _checked_choice(card: CompiledCard, choice: str | None) -> str | None:
    """The epilogue option taken, spelt as the card prints it; required when the card asks."""
    options = epilogue_choices(card)
    if not options:
        return choice
    if choice is None:
        raise UsageError(
            f"the epilogue of {card.name!r} asks to choose one: "
            f"{' or '.join(options)}; give --choice"
        )
    for option in options:
        if option.casefold() == choice.strip().casefold():
            return option
    raise ChroniclerError(
        f"{card.name!r} has no epilogue choice {choice!r}"
        + (near_names(choice, options) or f"; its choices: {', '.join(options)}")
    )


@dataclass(frozen=True)
class MapChanges:
    threats: dict[str, int]
    obstacles: dict[str, list[str]]
    developed: list[str]
    added: list[tuple[str, int, int, str | None]]


def parse_map_changes(
    threats: Sequence[str],
    obstacles: Sequence[str],
    developed: Sequence[str],
    added: Sequence[str],
) -> MapChanges:
    threat_counts: dict[str, int] = {}
    for item in threats:
        name, sep, count = item.rpartition("=")
        if not sep or not count.strip().isdigit():
            raise UsageError(f"--threat takes LOCATION=COUNT, not {item!r}")
        threat_counts[name.strip()] = int(count)
    obstacle_lists: dict[str, list[str]] = {}
    for item in obstacles:
        name, sep, obstacle = item.partition("=")
        if not sep:
            raise UsageError(f"--obstacle takes LOCATION=OBSTACLE, not {item!r}")
        obstacle_lists.setdefault(name.strip(), []).extend(split_names(obstacle))
    new_places = []
    for item in added:
        name, sep, where = item.rpartition("@")
        coords = where.split(",")
        if not sep or len(coords) not in (2, 3):
            raise UsageError(f"--add-location takes NAME@X,Y[,REGION], not {item!r}")
        try:
            x, y = int(coords[0]), int(coords[1])
        except ValueError:
            raise UsageError(f"--add-location takes NAME@X,Y[,REGION], not {item!r}") from None
        region = coords[2].strip() if len(coords) == 3 else None
        new_places.append((name.strip(), x, y, region))
    return MapChanges(threat_counts, obstacle_lists, list(developed), new_places)


def computed_threat_left(
    s: Session, catalogue: Catalogue | None, campaign_name: str, year: int, changes: MapChanges
) -> tuple[int, int, int] | None:
    """The threat pool at the end of the winter turn, counted: the ruleset's ``threat pool``
    less the threats the map gained this year (threats only leave the pool for the map in
    play; session end removes them after). Returns (left, pool, placed), or None without the
    ruleset or the year's starting map."""
    rules = TableRules.of(catalogue)
    if rules is None:
        return None
    campaign = ledger.get_campaign(s, campaign_name)
    before = {p.name: p.threats for p in ledger.map_as_of(s, campaign, year - 1)}
    if not before:
        return None
    after = dict(before)
    known = {name.casefold(): name for name in before}
    for name, count in changes.threats.items():
        after[known.get(name.casefold(), name)] = count
    placed = max(0, sum(after.values()) - sum(before.values()))
    pool = int(rules.ruleset.value("threat pool"))
    return max(0, pool - placed), pool, placed


def already_ended(
    s: Session, campaign_name: str, year: int, result: str, threat_left: int | None
) -> bool:
    """Has the year ended exactly so already (the same 'year end' run again)?"""
    campaign = ledger.get_campaign(s, campaign_name)
    session = ledger.find_session(s, campaign, year)
    return (
        session is not None
        and session.source == "table"
        and session.result == result
        and session.threat_left == threat_left
    )


def end_year(
    s: Session,
    catalogue: Catalogue | None,
    campaign_name: str,
    year: int,
    *,
    result: str,
    reason: str | None,
    threat_left: int | None,
    changes: MapChanges,
    finale_scenes: int | None,
    conditions: Sequence[tuple[str, str]] = (),
    decisions: TableDecisions | None = None,
) -> tuple[YearSession, list[str]]:
    """Session end of a year played at a table; returns the session and what the cards did.

    With the engine's ruleset and state at hand, the ruleset applies the year (epilogues, the
    map the table reports at the end of winter, the scheme's success or failure, session end);
    otherwise the map changes given are the map as it stands after session end."""
    campaign = ledger.get_campaign(s, campaign_name)
    session = ledger.get_session(s, campaign, year)
    if session.result is None:
        ledger_history.keep(s, campaign.name, "year end", year, f"ended year {year}: {result}")
    engine = _engine_campaign(s, campaign, catalogue)
    ledger.end_year(s, campaign, session, result=result, reason=reason, threat_left=threat_left)
    taken = _take_conditions(s, campaign, catalogue, session, conditions)
    write_chronicle_year(s, campaign, session, taken, _advances_of(s, session))
    if engine is not None:
        notes = _end_year_by_the_cards(
            s, catalogue, campaign, session, engine, changes, decisions or TableDecisions()
        )
        if year == 6 and finale_scenes is not None:
            campaign_state.end_campaign(s, campaign, finale_scenes=finale_scenes)
        return session, notes
    places = _new_map(s, campaign, catalogue, year, changes)
    ledger.write_map(s, campaign, year, places)
    state_row = ledger.latest_state(s, campaign)
    state = dict(state_row.state) if state_row else {}
    state["year"] = year + 1
    state["map"] = [_place_json(p) for p in places]
    history = list(state.get("history") or [])
    history.append(
        {
            "year": year,
            "scheme": session.scheme,
            "result": result,
            "reason": reason,
            "scenes": [_scene_record(s, catalogue, sc) for sc in ledger.scenes_of(s, session)],
            "characters": list(session.characters),
            "seed": session.seed,
        }
    )
    state["history"] = history
    sheets = dict(state.get("sheets") or {})
    for character in ledger.characters(s, campaign):
        sheet = ledger.sheet(s, character, year)
        if sheet is not None:
            sheets[character.name] = {
                "skills": dict(sheet.skills),
                "advances": dict(sheet.advances),
                "conditions": list(sheet.conditions),
            }
    state["sheets"] = sheets
    if year == 6:
        finale = (
            finale_scenes if finale_scenes is not None else _finale_scenes(s, catalogue, session)
        )
        campaign_state.end_campaign(s, campaign, finale_scenes=finale)
        state.update(finale_scenes_completed=finale, fate=campaign.fate, score=campaign.score)
    ledger.write_state(s, campaign, year + 1, state)
    return session, []


@dataclass(frozen=True)
class TableDecisions:
    """What the table decided where the cards ask (``year end``'s options); see
    the ruleset's ``campaign.apply_table_year``."""

    places: dict[str, str] = field(default_factory=dict)  # new location -> "x,y"
    reduce: dict[str, str] = field(default_factory=dict)  # location -> threat|OBSTACLE|nothing
    picks: tuple[str, ...] = ()  # any other answer, matched against the options
    reserve: tuple[str, ...] = ()  # completed assets kept in reserve
    # what the group sees at the end of the winter turn, beyond the map (``parse_seen``): the
    # ruleset's ``apply_table_year`` record keys in_deck, staging, asset_discard, in_progress,
    # archived, seasons_ended, and map_undeveloped / scene_seasons ({scene number: season})
    seen: dict[str, Any] = field(default_factory=dict)


def _counts(items: Sequence[str], option: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        name, sep, count = item.rpartition("=")
        if not sep or not count.strip().isdigit() or not name.strip():
            raise UsageError(f"{option} takes NAME=COUNT, not {item!r}")
        counts[name.strip()] = int(count)
    return counts


def parse_seen(
    catalogue: Catalogue | None,
    *,
    in_deck: Sequence[str] = (),
    staging: str | None = None,
    asset_discard: str | None = None,
    crafting: str | None = None,
    undeveloped: Sequence[str] = (),
    seasons: Sequence[str] = (),
    seasons_ended: int | None = None,
    burned: Sequence[str] = (),
) -> dict[str, Any]:
    """``year end``'s options for what the group sees at the end of the winter turn besides
    the map, checked against the ruleset's cards (each left out when not given)."""
    seen: dict[str, Any] = {}
    counts = _counts(in_deck, "--in-deck")
    if counts:
        seen["in_deck"] = {_checked(catalogue, k, "obstacle"): v for k, v in counts.items()}
    for key, value in (("staging", staging), ("asset_discard", asset_discard)):
        if value is not None:
            seen[key] = [_asset(catalogue, n) for n in split_names(value)]
    if crafting is not None:
        seen["in_progress"] = [_asset(catalogue, n) for n in split_names(crafting)]
    if undeveloped:
        seen["map_undeveloped"] = [_checked(catalogue, n, "location") for n in undeveloped]
    scene_seasons: dict[int, str] = {}
    for item in seasons:
        number, sep, season = item.partition("=")
        if not sep or not number.strip().isdigit() or not season.strip():
            raise UsageError(f"--season takes SCENE-NUMBER=SEASON, not {item!r}")
        scene_seasons[int(number)] = season.strip().lower()
    if scene_seasons:
        seen["scene_seasons"] = scene_seasons
    if seasons_ended is not None:
        seen["seasons_ended"] = seasons_ended
    if burned:
        seen["archived"] = [_burned_card(catalogue, n) for n in burned]
    return seen


def _downtime_taken(s: Session, campaign: Campaign, year: int) -> dict[str, list[str]]:
    """The downtime taken at this year's setup ('year start --downtime/--recover'), as the
    ruleset's downtime asks it: the condition rested away, then the skills trained."""
    taken: dict[str, list[str]] = {}
    for character in ledger.characters(s, campaign):
        row = s.exec(
            select(ChronicleEntry).where(
                ChronicleEntry.character_id == character.id,
                ChronicleEntry.year == year - 1,
                ChronicleEntry.downtime == True,  # noqa: E712 (SQL)
            )
        ).first()
        if row is not None and (row.recovered or row.advances):
            taken[character.name] = [*row.recovered, *row.advances]
    return taken


def _asset(catalogue: Catalogue | None, name: str) -> str:
    """An asset's card name."""
    return _checked(catalogue, name, "asset")


def _burned_card(catalogue: Catalogue | None, name: str) -> str:
    """An obstacle, asset or event burned or archived in play (not in a scene), by its card
    name."""
    if catalogue is None:
        return name
    return catalogue.require(name, "obstacle", "asset", "event").name


def parse_decisions(
    catalogue: Catalogue | None,
    places: Sequence[str],
    reduce: Sequence[str],
    picks: Sequence[str],
    reserve: str | None,
) -> TableDecisions:
    where: dict[str, str] = {}
    for item in places:
        name, sep, cell = item.rpartition("@")
        if not sep or len(cell.split(",")) != 2:
            raise UsageError(f"--place takes LOCATION@X,Y, not {item!r}")
        where[_checked(catalogue, name.strip(), "location")] = cell.replace(" ", "")
    removed: dict[str, str] = {}
    for item in reduce:
        name, sep, what = item.partition("=")
        if not sep or not what.strip():
            raise UsageError(f"--reduce takes LOCATION=threat|OBSTACLE|nothing, not {item!r}")
        removed[_checked(catalogue, name.strip(), "location")] = what.strip()
    kept = tuple(_checked(catalogue, n, "asset") for n in split_names(reserve))
    return TableDecisions(where, removed, tuple(picks), kept)


def _end_year_by_the_cards(
    s: Session,
    catalogue: Catalogue | None,
    campaign: Campaign,
    session: YearSession,
    engine: tuple[CampaignTable, dict[str, Any]],
    changes: MapChanges,
    decisions: TableDecisions,
) -> list[str]:
    """The ruleset applies the year to the campaign state; the journal keeps what it gives."""
    table, state_before = engine
    record = _year_record(s, session)
    record["map"] = {
        "threats": {_checked(catalogue, k, "location"): v for k, v in changes.threats.items()},
        "obstacles": {
            _checked(catalogue, k, "location"): [_checked(catalogue, o, "obstacle") for o in v]
            for k, v in changes.obstacles.items()
        },
        "developed": [_checked(catalogue, n, "location") for n in changes.developed],
        "added": [[_checked(catalogue, n, "location"), x, y] for n, x, y, _ in changes.added],
    }
    record["reserve"] = list(decisions.reserve)
    record["downtime"] = _downtime_taken(s, campaign, session.year)
    seen = dict(decisions.seen)
    if "map_undeveloped" in seen:
        record["map"]["undeveloped"] = seen.pop("map_undeveloped")
    for number, season in seen.pop("scene_seasons", {}).items():
        if not 1 <= number <= len(record["scenes"]):
            raise ChroniclerError(
                f"--season {number}={season}: year {session.year} has scenes 1 to "
                f"{len(record['scenes'])}"
            )
        record["scenes"][number - 1]["season"] = season
    record.update(seen)
    try:
        after, notes = table.apply_session(
            state_before,
            record,
            places=decisions.places,
            reduce=decisions.reduce,
            picks=decisions.picks,
        )
    except ChroniclerError:
        raise
    except Exception as error:  # an engine fault: say so in one line, record nothing
        raise ChroniclerError(
            f"the ruleset could not apply year {session.year} of {campaign.name!r}: "
            f"{type(error).__name__}: {error}"
        ) from error
    state = campaign_state.state_json(after)
    sheets = dict(state.get("sheets") or {})
    for character in ledger.characters(s, campaign):  # the table's sheets: downtime, conditions
        sheet = ledger.sheet(s, character, session.year)
        if sheet is not None:
            old = sheets.get(character.name) or {"name": character.name, "chronicle": []}
            sheets[character.name] = {
                **old,
                "skills": dict(sheet.skills),
                "advances": dict(sheet.advances),
                "conditions": list(sheet.conditions),
            }
    state["sheets"] = sheets
    campaign_state.record_state_year(s, campaign, session.year, state, catalogue)
    if state.get("fate"):
        campaign_state.end_campaign(
            s,
            campaign,
            finale_scenes=int(state.get("finale_scenes_completed") or 0),
            fate=state.get("fate"),
            score=state.get("score"),
        )
    return notes


def _finale_scenes(s: Session, catalogue: Catalogue | None, session: YearSession) -> int:
    """Year 6's completed finale scenes: those whose card is a finale scene, if cards are known."""
    scenes = ledger.scenes_of(s, session)
    if catalogue is None or not catalogue.names("scene"):
        return len(scenes)
    finale = 0
    for scene in scenes:
        card = catalogue.get(scene.scene, "scene")
        if card is not None and is_finale(card):
            finale += 1
    return finale


def write_chronicle_text(
    s: Session, campaign_name: str, character_name: str, year: int, text: str
) -> None:
    """Attach what a player wrote to a character's chronicle line for a year."""
    campaign = ledger.get_campaign(s, campaign_name)
    names = [c.name for c in ledger.characters(s, campaign)]
    if character_name not in names:
        hint = near_names(character_name, names)
        raise ChroniclerError(f"no character {character_name!r} in {campaign.name!r}{hint}")
    character = ledger.ensure_character(s, campaign, character_name)
    session = ledger.get_session(s, campaign, year)
    if session.result is None:
        raise ChroniclerError(f"year {year} has not ended; write the chronicle after 'year end'")
    entry = s.exec(
        select(ChronicleEntry).where(
            ChronicleEntry.character_id == character.id, ChronicleEntry.year == year
        )
    ).first()
    if entry is None:
        raise ChroniclerError(f"{character_name} has no chronicle line for year {year}")
    ledger_history.keep(
        s, campaign.name, "chronicle", year, f"wrote {character_name}'s chronicle for year {year}"
    )
    entry.text = text
    s.add(entry)


def _scene_record(s: Session, catalogue: Catalogue | None, scene: SceneRecord) -> dict[str, Any]:
    """A completed scene as the engine keeps it in the campaign's history."""
    card = catalogue.get(scene.scene, "scene") if catalogue else None
    return {
        "scene": scene.scene,
        "location": scene.location,
        "participants": list(scene.participants),
        "cards_played": [
            {"card": p.card, "kind": p.kind, "points": p.points, "character": p.character}
            for p in ledger.plays_of(s, scene)
        ],
        "skill_match_points": scene.skill_match_points,
        "points_needed": scene.points_needed,
        "points": scene.points_needed,
        "epilogue_choice": scene.epilogue_choice,
        "skill": scene.skill,
        "advances": list(scene.advances),
        "finale": is_finale(card) if card else False,
    }


def parse_conditions(items: Sequence[str], option: str = "--condition") -> list[tuple[str, str]]:
    pairs = []
    for item in items:
        name, sep, condition = item.partition("=")
        if not sep or not name.strip() or not condition.strip():
            raise UsageError(f"{option} takes CHARACTER=CONDITION, not {item!r}")
        pairs.append((name.strip(), condition.strip()))
    return pairs


def _take_conditions(
    s: Session,
    campaign: Campaign,
    catalogue: Catalogue | None,
    session: YearSession,
    conditions: Sequence[tuple[str, str]],
) -> dict[str, list[str]]:
    """Conditions taken this year: on the year's sheet and in the chronicle line."""
    taken: dict[str, list[str]] = {}
    for name, condition in conditions:
        if name not in session.characters:
            hint = near_names(name, session.characters)
            raise ChroniclerError(f"{name!r} did not play in year {session.year}{hint}")
        condition = _checked(catalogue, condition, "condition")
        skills, marks, held = _sheet_before(s, campaign, catalogue, name, session.year)
        character = ledger.ensure_character(s, campaign, name)
        ledger.write_sheet(
            s, character, session.year, skills=skills, advances=marks, conditions=[*held, condition]
        )
        taken.setdefault(name, []).append(condition)
    return taken


def _advances_of(s: Session, session: YearSession) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for scene in ledger.scenes_of(s, session):
        for advance in scene.advances:
            out.setdefault(str(advance.get("character")), []).append(str(advance.get("skill")))
    return out


def _new_map(
    s: Session, campaign: Campaign, catalogue: Catalogue | None, year: int, changes: MapChanges
) -> list[MapPlace]:
    before = ledger.map_as_of(s, campaign, year - 1)
    places = {
        loc.name: MapPlace(
            loc.name, loc.x, loc.y, loc.region, loc.developed, loc.threats, tuple(loc.obstacles)
        )
        for loc in before
    }
    for name, x, y, region in changes.added:
        name = _checked(catalogue, name, "location")
        if region is None and catalogue is not None:
            card = catalogue.get(name, "location")
            region = region_of(card) if card else None
        taken = {(p.x, p.y): p.name for p in places.values()}
        if (x, y) in taken:
            raise ChroniclerError(f"{taken[(x, y)]!r} already stands at {x},{y} on the map")
        places[name] = MapPlace(name, x, y, region)
    known = list(places)

    def place(name: str) -> MapPlace:
        if name in places:
            return places[name]
        raise ChroniclerError(f"no location {name!r} on the map{near_names(name, known)}")

    for name, count in changes.threats.items():
        old = place(name)
        places[old.name] = MapPlace(
            old.name, old.x, old.y, old.region, old.developed, count, old.obstacles
        )
    for name, obstacles in changes.obstacles.items():
        old = place(name)
        checked = tuple(_checked(catalogue, o, "obstacle") for o in obstacles)
        places[old.name] = MapPlace(
            old.name, old.x, old.y, old.region, old.developed, old.threats, checked
        )
    for name in changes.developed:
        old = place(name)
        places[old.name] = MapPlace(
            old.name, old.x, old.y, old.region, True, old.threats, old.obstacles
        )
    return list(places.values())


def _setup_by_the_rules(
    rules: TableRules, places: Sequence[Any], year: int, draw_seed: int | None
) -> list[str]:
    """Session setup's numbers, read from the ruleset: the threat pool, the schemes the year
    can draw (one drawn, seeded, when asked) and the resource dice to roll at each location."""
    lines = ["", f"Threat pool: {rules.ruleset.value('threat pool')} threat tokens"]
    schemes = rules.schemes_for(year)
    lines.append(f"Schemes year {year} can draw: {', '.join(schemes) or 'none'}")
    drawn = _drawn(rules, year, draw_seed)
    if drawn is not None:
        lines.append(f"Drawn (seed {draw_seed}): {drawn}")
        lines.append("  ('chronicler year start' takes it: no --scheme needed)")
    lines.append("Resource dice to roll at each location:")
    for loc in sorted(places, key=lambda p: (-p.y, p.x)):
        card = rules.ruleset.locations.get(loc.name)
        dice = list(card.side(loc.developed).produces) if card is not None else []
        lines.append(f"  {loc.name}: {counted(dice) if dice else 'none'}")
    return lines


def _drawn(rules: TableRules, year: int, seed: int | None) -> str | None:
    """The scheme drawn for ``year`` with ``seed`` among those the year can draw."""
    schemes = rules.schemes_for(year)
    if seed is None or not schemes:
        return None
    import random

    return str(random.Random(seed).choice(schemes))


def draw_scheme(
    s: Session, campaign_name: str, catalogue: Catalogue | None, seed: int
) -> DrawnScheme | None:
    """Draw the scheme of the campaign's next year with ``seed`` and keep it for 'year
    start' (replacing an earlier draw for that year); None when the ruleset gives none."""
    campaign = ledger.get_campaign(s, campaign_name)
    if campaign.fate:
        return None
    played = [x for x in ledger.sessions(s, campaign) if x.result]
    year = (played[-1].year + 1) if played else 1
    rules = TableRules.of(catalogue)
    scheme = _drawn(rules, year, seed) if rules is not None else None
    if scheme is None:
        return None
    query = select(DrawnScheme).where(
        DrawnScheme.campaign == campaign.name, DrawnScheme.year == year
    )
    row = s.exec(query).first() or DrawnScheme(
        campaign=campaign.name, year=year, scheme=scheme, seed=seed, drawn_at=ledger.now_iso()
    )
    row.scheme, row.seed, row.drawn_at = scheme, seed, ledger.now_iso()
    s.add(row)
    s.flush()
    return row


def drawn_scheme(s: Session, campaign_name: str, year: int) -> str | None:
    """The scheme 'setup --draw-scheme' drew for the campaign's ``year``, if it drew one."""
    query = select(DrawnScheme).where(
        DrawnScheme.campaign == campaign_name.strip(), DrawnScheme.year == year
    )
    row = s.exec(query).first()
    return row.scheme if row is not None else None


def setup_text(
    s: Session,
    campaign_name: str,
    catalogue: Catalogue | None = None,
    draw_seed: int | None = None,
) -> list[str]:
    """What to put on the table for the campaign's next session (with ``draw_seed``, the
    scheme drawn with that seed)."""
    campaign = ledger.get_campaign(s, campaign_name)
    played = [x for x in ledger.sessions(s, campaign) if x.result]
    next_year = (played[-1].year + 1) if played else 1
    lines = []
    if campaign.fate:
        lines.append(
            f"{campaign.name} has ended: {campaign.fate}, score {campaign.score} "
            f"({campaign.score_title})."
        )
        return lines
    lines.append(f"Setup for year {next_year} of {campaign.name}")
    places = ledger.map_as_of(s, campaign, next_year - 1)
    lines.append("")
    lines.append("Map (x grows east, y grows north):")
    if not places:
        lines.append("  no map recorded yet")
    regions = catalogue.region_names if catalogue else {}
    for loc in sorted(places, key=lambda p: (-p.y, p.x)):
        side = "developed side" if loc.developed else "base side"
        obstacles = ", ".join(loc.obstacles) or "none"
        lines.append(
            f"  {loc.name} at {loc.x},{loc.y} ({region_name(loc.region, regions)}, {side}): "
            f"threats {loc.threats}; obstacles {obstacles}"
        )
    rules = TableRules.of(catalogue)
    if rules is not None:
        lines += _setup_by_the_rules(rules, places, next_year, draw_seed)
    state_row = ledger.latest_state(s, campaign)
    state = state_row.state if state_row else {}
    decks = state.get("decks") or {}
    lines.append("")
    lines.append("Decks:")
    if not decks:
        lines.append("  as the ruleset's campaign start (no deck changes recorded)")
    for deck, cards in decks.items():
        top = ", top first" if len(cards) > 1 else ""
        lines.append(
            f"  {deck}: {counted_noun(len(cards), 'card')}"
            + (f" ({', '.join(cards)}{top})" if cards else "")
        )
    reserve = state.get("reserve") or []
    lines.append("")
    lines.append("Reserve: " + (", ".join(reserve) if reserve else "empty"))
    if "archive" in state:
        archive = state.get("archive") or []
        lines.append("Archive: " + (", ".join(archive) if archive else "empty"))
    abilities = state.get("unlocked_abilities") or []
    if abilities:
        lines.append("Unlocked abilities: " + ", ".join(abilities))
    sheets = state.get("sheets") or {}
    unlocked = state.get("unlocked_characters")
    if unlocked is not None:
        sheets = {name: sheet for name, sheet in sheets.items() if name in unlocked}
    if sheets:
        lines.append("")
        lines.append("Character sheets:")
        for name, sheet in sheets.items():
            marks = sheet.get("advances") or {}
            skills = ", ".join(
                f"{k} {v}" + (f" ({marks[k]} marked)" if marks.get(k) else "")
                for k, v in (sheet.get("skills") or {}).items()
            )
            conditions = counted(list(sheet.get("conditions") or [])) or "no conditions"
            lines.append(f"  {name}: {skills or 'skills not recorded'}; {conditions}")
        last = set(state.get("last_characters") or [])
        resting = [name for name in sheets if last and name not in last]
        if resting and next_year > 1:
            lines.append(
                f"Downtime at the start of year {next_year} for who sat year {next_year - 1} out "
                f"({', '.join(resting)}): two skill advances and one condition rested away, "
                "given with year start's --downtime and --recover."
            )
    return lines


def scene_of(s: Session, campaign_name: str, year: int, number: int) -> SceneRecord:
    """Scene ``number`` of the year, or an error naming the year's scene numbers."""
    campaign = ledger.get_campaign(s, campaign_name)
    session = ledger.get_session(s, campaign, year)
    scenes = ledger.scenes_of(s, session)
    found = next((scene for scene in scenes if scene.number == number), None)
    if found is None:
        numbers = ", ".join(str(sc.number) for sc in scenes)
        raise ChroniclerError(
            f"year {year} of {campaign.name!r} has no scene {number}"
            + (f"; its scenes: {numbers}" if scenes else "; it has no scenes yet")
        )
    return found


def rewrite_narration(
    s: Session,
    campaign_name: str,
    year: int,
    number: int,
    narration: str,
    tier: str | None,
    narrator: str | None,
) -> SceneRecord:
    """Replace a scene's story (the game facts stay): people often write it after the session."""
    found = scene_of(s, campaign_name, year, number)
    ledger_history.keep(
        s, campaign_name, "scene narrate", year, f"rewrote the story of scene {number}"
    )
    found = scene_of(s, campaign_name, year, number)
    found.narration = ledger.checked_text(narration, "the narration")
    if tier is not None:
        found.tier = tier
    if narrator is not None:
        found.narrator = ledger.checked_name(narrator, "the narrator's name")
    s.add(found)
    return found


# --- fixing a mistake ---------------------------------------------------------------------------


def _entry_of(s: Session, scene: SceneRecord) -> SceneInput:
    """A recorded scene as the input that records it again."""
    return SceneInput(
        scene=scene.scene,
        location=scene.location,
        participants=list(scene.participants),
        played=[
            f"{p.card}:{p.points}" + (f"@{p.character}" if p.character else "")
            for p in ledger.plays_of(s, scene)
        ],
        choice=scene.epilogue_choice,
        narration=scene.narration,
        tier=scene.tier,
        skill_match_points=scene.skill_match_points,
        answers=tuple(scene.challenge_answers),
        narrator=scene.narrator,
    )


def _year_in_play(s: Session, campaign_name: str, year: int, verb: str) -> YearSession:
    campaign = ledger.get_campaign(s, campaign_name)
    session = ledger.get_session(s, campaign, year)
    if session.result is not None:
        raise ChroniclerError(
            f"year {year} of {campaign.name!r} has ended; to {verb} one of its scenes, first "
            f"'chronicler year reopen --campaign {campaign.name!r} --year {year}'"
        )
    if session.source != "table":
        raise ChroniclerError(f"year {year} of {campaign.name!r} was played by the engine")
    return session


def _replay(
    s: Session, catalogue: Catalogue | None, campaign_name: str, year: int, scenes: list[SceneInput]
) -> list[SceneRecord]:
    """The year again from its start (downtime taken, no scene), its scenes recorded anew in
    order through ``record_scene``: every check the rules make runs on each."""
    campaign = ledger.get_campaign(s, campaign_name)
    ledger_history.restore(s, campaign.name, ledger_history.year_started(s, campaign, year))
    return [record_scene(s, catalogue, campaign_name, year, e, kept=False) for e in scenes]


def delete_scene(
    s: Session, catalogue: Catalogue | None, campaign_name: str, year: int, number: int
) -> SceneRecord:
    """Take scene ``number`` out of a year in play; the later scenes move up one. What it was
    stays in the ledger's history. Returns the scene taken out (as it was)."""
    session = _year_in_play(s, campaign_name, year, "delete")
    gone = scene_of(s, campaign_name, year, number)
    rest = [_entry_of(s, sc) for sc in ledger.scenes_of(s, session) if sc.number != number]
    ledger_history.keep(
        s, campaign_name, "scene delete", year,
        f"deleted scene {number} of year {year}: {gone.scene} at {gone.location}",
    )  # fmt: skip
    s.expunge(gone)
    _replay(s, catalogue, campaign_name, year, rest)
    return gone


def amend_scene(
    s: Session,
    catalogue: Catalogue | None,
    campaign_name: str,
    year: int,
    number: int,
    **changes: Any,
) -> SceneRecord:
    """Scene ``number`` of a year in play with the fields ``changes`` gives replaced (the
    others as recorded); the year's scenes are recorded again in order, so the rules check
    the amended scene and every later one. The scene as it was stays in the history."""
    session = _year_in_play(s, campaign_name, year, "amend")
    scene_of(s, campaign_name, year, number)
    scenes = ledger.scenes_of(s, session)
    given = {k: v for k, v in changes.items() if v is not None}
    if not given:
        raise UsageError("say what to amend: --scene, --location, --participants, --played...")
    entries = [
        replace(_entry_of(s, sc), **given) if sc.number == number else _entry_of(s, sc)
        for sc in scenes
    ]
    what = ", ".join(sorted(given))
    ledger_history.keep(s, campaign_name, "scene amend", year, f"amended scene {number}: {what}")
    recorded = _replay(s, catalogue, campaign_name, year, entries)
    return recorded[[sc.number for sc in scenes].index(number)]


def reopen_year(s: Session, catalogue: Catalogue | None, campaign_name: str, year: int) -> None:
    """Put the campaign's last ended year back in play, as it stood before 'year end' (its
    scenes kept, their stories as since rewritten); the ended year stays in the history."""
    campaign = ledger.get_campaign(s, campaign_name)
    years = ledger.sessions(s, campaign)
    session = ledger.get_session(s, campaign, year)
    if session.result is None:
        raise ChroniclerError(f"year {year} of {campaign.name!r} is in play already")
    if years[-1].year != year:
        raise ChroniclerError(
            f"year {years[-1].year} of {campaign.name!r} came after year {year}: only the last "
            f"year reopens (reopen year {years[-1].year}"
            + (", or delete its scenes" if years[-1].result is None else "")
            + " first)"
        )
    ended = ledger_history.before_year_end(s, campaign, year)
    stories = {
        (x.year, sc.number): (sc.narration, sc.tier, sc.narrator)
        for x in years
        for sc in ledger.scenes_of(s, x)
    }
    ledger_history.keep(s, campaign.name, "year reopen", year, f"reopened year {year}")
    restored = ledger_history.restore(s, campaign.name, ended.before)
    focus.follow_year(s, campaign.name, year)
    for x in ledger.sessions(s, restored):  # stories rewritten since 'year end' stay
        for sc in ledger.scenes_of(s, x):
            if (x.year, sc.number) in stories:
                sc.narration, sc.tier, sc.narrator = stories[(x.year, sc.number)]
                s.add(sc)
    s.flush()
