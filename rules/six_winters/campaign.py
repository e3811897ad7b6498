"""Between sessions: session end, the six-year campaign, Brightdune's fate and the score."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import Any

from dsl.errors import ChroniclerError
from dsl.kernel.dispatch import Part, piece
from dsl.kernel.machine import play
from dsl.runtime import Decision

from .basics import Section
from .cards import Ruleset
from .contracts import DecisionKind, EventKind
from .operations import Operations
from .session import Session, new_session
from .state import (
    AssetInProgress,
    CampaignState,
    CharacterState,
    LocationState,
    MapLocation,
    ObstacleInPlay,
    Sheet,
)

FINAL_YEAR = 6  # when a ruleset declares no ``finale year``


def campaign_score(
    history: Sequence[dict[str, Any]],
    success_points: int = 10,
    finale_points: int = 3,
    finale_year: int = FINAL_YEAR,
) -> int:
    """Scene points of the whole campaign, +10 per successful year before the finale, +3 per
    finale scene (the declared ``session success points``, ``finale scene points`` and
    ``finale year``)."""
    total = 0
    for year in history:
        total += sum(s["points"] for s in year["scenes"])
        if year["year"] < finale_year and year["result"] == "won":
            total += success_points
        total += finale_points * sum(1 for s in year["scenes"] if s.get("finale"))
    return total


def end_session(campaign: CampaignState, session: Session) -> CampaignState:
    """Session end (the steps the table does not decide) applied to the campaign.

    The scheme's result and the reduction of location danger were played at the table as the
    session's first steps; here the rest of the "Session End" phase of ``procedure.rules`` is
    walked in its order (the map is recorded, assets and obstacles are stored, the chronicle is
    written, the game is stored), and after the last year the "Campaign" phase's teardown (the
    campaign end: the fate and the score). A step the text leaves out is not done: the campaign
    keeps what it had.
    """
    if not session.is_over():
        raise ValueError("the session is not over")
    storing = Storing(session, campaign, copy.deepcopy(campaign))
    _walk_outside_play(session.ruleset, "Session End", storing)
    if session.state.year >= session.ruleset.value("years", FINAL_YEAR):
        _walk_outside_play(session.ruleset, "Campaign", storing, teardown=True)
    return storing.after


def _whole_archive(session: Session, archive: list[str]) -> list[str]:
    """The archive as the rules have it ("All obstacles start the campaign in The Archive";
    burned ones go back there): every printed copy of an obstacle that has come into the
    campaign and is not in play. A session takes a copy from the archive or, with none listed
    there, a printed copy never brought in; the two are the same card in the same box, so
    which one a year took is not kept (a table cannot tell them apart)."""
    st = session.state
    obstacles = session.ruleset.obstacles
    in_play = [*st.obstacle_deck, *st.obstacle_discard]
    in_play += [name for c in st.characters for name in c.obstacles]
    in_play += [o.name for loc in st.locations for o in loc.obstacles]
    kept = list(archive)
    # only obstacles of several copies: one of a single copy is in play or in the archive
    for name in dict.fromkeys(n for n in [*in_play, *archive] if n in obstacles):
        if obstacles[name].copies < 2:
            continue
        out_of_play = max(0, obstacles[name].copies - in_play.count(name))
        while kept.count(name) > out_of_play:
            kept.remove(name)
        kept += [name] * (out_of_play - kept.count(name))
    return kept


def _walk_outside_play(ruleset: Ruleset, phase: str, on: Any, teardown: bool = False) -> None:
    """Do a phase's steps done outside play (``Words.step(..., outside_play=True)``), in the
    text's order."""
    for step in ruleset.procedure.phase(phase).steps:
        if teardown and step.title.casefold() != "teardown":
            continue
        if step.call is not None and step.outside_play:
            step.call(on)


@dataclasses.dataclass
class Storing:
    """A year being stored into the campaign: the session, the campaign as it was, and the
    campaign after (``after``: each storing step changes its part)."""

    session: Session
    before: CampaignState
    after: CampaignState

    def update_the_campaign_map(self) -> None:
        st = self.session.state
        keep_tokens = bool(self.session.ruleset.value("map obstacles keep tokens", 0))
        self.after.map = [
            MapLocation(
                loc.name,
                loc.x,
                loc.y,
                developed=loc.developed,
                threats=loc.threats,
                obstacles=[
                    ObstacleInPlay(o.name, o.progress, o.hindrance)
                    if keep_tokens
                    else ObstacleInPlay(o.name)
                    for o in loc.obstacles
                ],
            )
            for loc in st.locations
        ]

    def store_the_assets(self) -> None:
        """The asset deck gets every asset not held (in progress ones too); the completed ones
        the characters hold go to the reserve."""
        st = self.session.state
        chars = st.characters
        assets = list(st.asset_deck) + list(st.asset_staging) + list(st.asset_discard)
        assets += [a.name for c in chars for a in c.in_progress]
        self.after.decks = {**self.after.decks, "asset": assets}
        self.after.reserve = [name for c in chars for name in c.assets]

    def store_the_obstacles(self) -> None:
        st = self.session.state
        obstacles = list(st.obstacle_deck) + list(st.obstacle_discard) + list(st.events_out)
        obstacles += [name for c in st.characters for name in c.obstacles]
        self.after.decks = {**self.after.decks, "obstacle": obstacles}

    def update_the_chronicle(self) -> None:
        """The sheets as the characters end the year, a line of their chronicle, and the
        year's line of the campaign's history."""
        st = self.session.state
        result = st.result or {}
        sheets = {name: _copy_sheet(sheet) for name, sheet in st.sheets.items()}
        names = [c.name for c in st.characters]
        for c in st.characters:
            line = {"year": st.year, "scheme": st.scheme, "result": result.get("result")}
            kept = sheets[c.name].chronicle if c.name in sheets else []
            sheets[c.name] = Sheet(
                c.name, dict(c.skills), dict(c.advances), list(c.conditions), [*kept, line]
            )
        # downtime this year: the unlocked characters not taken (``idle_characters`` are those
        # who sat out last year, whose downtime was at this session's setup)
        for name in st.campaign_characters:
            if name not in names:
                rested = {"year": st.year, "downtime": True}
                sheets[name] = dataclasses.replace(
                    sheets[name], chronicle=[*sheets[name].chronicle, rested]
                )
        self.after.sheets = sheets
        self.after.history = [
            *self.before.history,
            {
                "year": st.year,
                "scheme": st.scheme,
                "result": result.get("result"),
                "reason": result.get("reason"),
                "scenes": [dict(s) for s in st.scenes_completed],
                "characters": names,
                "seed": st.seed,
            },
        ]
        self.after.finale_scenes_completed = self.before.finale_scenes_completed + sum(
            1 for s in st.scenes_completed if s.get("finale")
        )
        self.after.last_characters = names

    def store_the_game(self) -> None:
        """The scenes, the archive, what is unlocked, and the year on (not past the last)."""
        st = self.session.state
        final = self.session.ruleset.value("years", FINAL_YEAR)
        self.after.year = st.year + 1 if st.year < final else st.year
        self.after.decks = {**self.after.decks, "scene": list(st.scene_deck) + list(st.scenes)}
        self.after.archive = _whole_archive(self.session, list(st.archive))
        self.after.unlocked_characters = list(st.campaign_characters)
        self.after.unlocked_abilities = list(st.unlocked_abilities)

    def end_the_campaign(self) -> None:
        """Campaign end: Brightdune's fate by the finale scenes completed, and the score."""
        st, rs = self.session.state, self.session.ruleset
        finale = sum(1 for s in st.scenes_completed if s.get("finale"))
        self.after.fate = rs.by_count("completed finale scenes", finale)
        self.after.score = campaign_score(
            self.after.history,
            rs.value("session success points", 10),
            rs.value("finale scene points", 3),
            rs.value("finale year", FINAL_YEAR),
        )


def _copy_sheet(sheet: Sheet) -> Sheet:
    return Sheet(
        sheet.name,
        dict(sheet.skills),
        dict(sheet.advances),
        list(sheet.conditions),
        [dict(e) for e in sheet.chronicle],
    )


def campaign_observation(campaign: Any, ruleset: Any = None) -> dict[str, Any]:
    """What the players see between two years (a ``CampaignState``): the year, every
    unlocked character's sheet (skills, conditions) and the map (threats, obstacles, with
    their skill when the ``ruleset`` is given). The observation a bot answers Choose
    Characters with."""
    return {
        "year": campaign.year,
        "sheets": {
            name: {
                "skills": dict(campaign.sheets[name].skills),
                "conditions": list(campaign.sheets[name].conditions),
            }
            for name in campaign.unlocked_characters
            if name in campaign.sheets
        },
        "last_characters": list(campaign.last_characters),
        "map": [
            {
                "name": loc.name,
                "threats": loc.threats,
                "obstacles": [
                    {
                        "name": o.name,
                        "progress": o.progress,
                        "hindrance": o.hindrance,
                        "skill": ruleset.obstacles[o.name].skill if ruleset else None,
                    }
                    for o in loc.obstacles
                ],
            }
            for loc in campaign.map
        ],
    }


def choose_characters(
    bot: Any, campaign: Any, ruleset: Any = None, count: int | None = None
) -> list[str]:
    """Choose Characters (session setup, step 6) for the campaign's next year: a
    ``choose_characters`` decision (``count`` of the unlocked characters) asked of ``bot``
    over ``campaign_observation``, outside any session (the session starts with them)."""
    from .session import characters_a_year

    if count is None:
        count = characters_a_year(ruleset) if ruleset is not None else 2
    options = tuple(sorted(campaign.unlocked_characters))
    decision = Decision(
        kind=DecisionKind.CHOOSE_CHARACTERS,
        who=None,
        prompt=f"Choose Characters: who plays year {campaign.year}?",
        options=options,
        min_choices=count,
        max_choices=count,
    )
    seen = getattr(bot, "uses_observation", False)
    obs = campaign_observation(campaign, ruleset) if seen else None
    return sorted(bot.choose(obs, decision))


def play_campaign(
    ruleset: Ruleset,
    seed: int,
    bot: Any,
    characters_per_year: Sequence[Sequence[str]] | None = None,
    *,
    solo: bool = False,
    campaign: CampaignState | None = None,
) -> Iterator[tuple[CampaignState, Session]]:
    """Play the six years with a bot; yields (the campaign after the year, its session). The
    bot chooses each year's characters unless ``characters_per_year`` gives them."""
    from .session import new_campaign

    rng = random.Random(seed)
    campaign = campaign or new_campaign(ruleset)
    years = _years_step(ruleset)
    played = 0
    while True:
        year = campaign.year
        if characters_per_year is not None:
            chosen = list(characters_per_year[(year - 1) % len(characters_per_year)])
        else:
            chosen = choose_characters(bot, campaign, ruleset)
        session = new_session(ruleset, campaign, rng.randrange(2**31), chosen, solo=solo)
        if hasattr(bot, "bind"):  # a bot that reads the session's cards or searches its copies
            bot.bind(session)
        play(session, bot)
        campaign = end_session(campaign, session)
        yield campaign, session
        played += 1
        if years.times is not None and played >= years.times:
            return
        if years.until is not None and years.until(BetweenYears(ruleset, campaign, year)):
            return
        if years.times is None and years.until is None:
            return  # played once


@dataclasses.dataclass(frozen=True)
class BetweenYears:
    """The campaign between two years, as the Campaign phase's condition reads it ("until the
    campaign ends"): the ruleset, the campaign after the year, the year just played."""

    ruleset: Ruleset
    campaign: CampaignState
    year_played: int


def _years_step(ruleset: Ruleset) -> Any:
    """The Campaign phase's step that plays the sessions (``procedure.rules``)."""
    try:
        phase = ruleset.procedure.phase("Campaign")
    except KeyError as missing:
        raise ChroniclerError(f"{missing.args[0]}: a campaign needs one") from None
    found = [s for s in phase.steps if s.target is not None and s.target.casefold() == "session"]
    if not found:
        raise ChroniclerError('the procedure\'s "Campaign" phase never plays "Session"')
    return found[0]


# ---------------------------------------------------------------------- a year played at a table

# What a table tells about a year it played on cardboard (``apply_table_year``'s ``record``):
#   year, scheme, characters, result ("won"/"lost"), reason, threat_left (or None), seed;
#   scenes: [{scene, location, participants, cards_played: [{card, kind, character}],
#             epilogue_choice, skill_match_points}], in the order completed;
#   map: {threats: {location: count}, obstacles: {location: [obstacle]}, developed: [location],
#         added: [[location, x, y]], undeveloped: [location]} - the map at the end of the winter
#         turn, as the table saw it (the locations it names; the others as the year began);
#   reserve: [asset] - completed assets kept in reserve for the next session;
#   optionally, what the table's character sheets say: downtime: {character: [condition
#   removed (if any), skill, skill]} for the characters back from a year's rest (the setup step;
#   left out, it is not run here), and conditions: {character: [condition]} at year end;
#   archived: [card] - cards burned or archived in play, not in a scene (an event paid off);
#   seasons_ended: how many season ends the year reached (all of them unless the threat pool
#   emptied earlier; a loss in a season's last turn still reaches its end);
#   what the group sees at the end of the winter turn besides the map (each optional):
#   a scene's season: the season it was completed in (its season end runs after it; scenes
#   with none come after every season end); in_deck: {obstacle: copies off the map, in the
#   obstacle deck, its discard or characters' hands}; staging, asset_discard: [asset] the
#   face-up piles; in_progress: [asset] being crafted on the boards.
# Decisions the cards ask are answered from ``places`` ({location: "x,y"}: where a new location
# joins the map), ``reduce`` ({location: "threat" | obstacle name | "nothing"}: session end's
# reduce location danger) and ``picks`` (any other answer, matched against the options'
# words); otherwise a deterministic default that follows the rules, told in the notes.


class TableOperations(Operations):
    """The operations of a year rebuilt from a table's report: while the season-end texts run
    (``reporting``), where an obstacle went on the map is the table's to report."""

    reporting = False  # while the season-end texts run: the table reports the map

    def put_into_play(self, ctx: Any, name: str, at: str | None = None) -> None:
        """An obstacle the scheme puts into play comes into the game as in a played year, but
        where it went on the map is the table's to report: it waits in the obstacle discard,
        where the map report takes it from if it is still in play (and where a played year's
        copy goes once it activates)."""
        if not self.reporting:
            super().put_into_play(ctx, name, at=at)
        elif self.take_obstacle_copy(name):
            self.state.obstacle_discard.append(name)
            # which of its printed copies the year put into play the table tells at year end
            # (``in_deck``); until then any of them may be the one a scene burns
            self.state.flags[f"put into play:{name}"] = 1

    def draw_obstacle(self, ctx: Any) -> None:
        if not self.reporting:  # the same for the obstacles a season end draws
            super().draw_obstacle(ctx)

    def table_decks(self, decks: dict[str, list[str]]) -> None:
        """The table keeps its own decks: the campaign's order, nothing dealt to the staging
        area; last year's reserve was shared out, and what was not kept is back in the asset
        deck. Nothing is told yet, and nothing waits to be run."""
        st = self.state
        st.asset_deck = list(decks.get("asset", []))
        st.scene_deck = list(decks.get("scene", []))
        st.obstacle_deck = list(decks.get("obstacle", []))
        st.asset_discard = list(st.reserve)
        st.asset_staging, st.reserve, st.scenes = [], [], []
        st.frames, st.events = [], []

    def set_over(self, over: bool) -> None:
        """The year is over (its session end has run), or not yet (the frames ran out)."""
        self.state.over = over

    def spend_reported_card(self, item: dict[str, Any]) -> tuple[str, bool]:
        """A card the table played into a scene leaves: an obstacle (from the deck, its
        discard, or where it stood on the map) is burned, an asset discarded; its name, and
        whether it was an overcome obstacle (scored as itself, not an asset of its name)."""
        st = self.state
        name = str(item["card"])
        kind = item.get("kind")  # an asset and an obstacle may share a name
        overcome = kind == "obstacle" or (not kind and name in self.ruleset.obstacles)
        if overcome:
            if not _take_from(name, st.obstacle_deck, st.obstacle_discard):
                for loc in st.locations:  # overcome where it stood on the map
                    here = next((o for o in loc.obstacles if o.name == name), None)
                    if here is not None:
                        loc.obstacles.remove(here)
                        break
            st.archive.append(name)  # overcome obstacles are burned
        else:
            _take_from(name, st.asset_deck, st.asset_staging, st.asset_discard)
            st.asset_discard.append(name)
        return name, overcome

    def archive_reported_scene(self, scene: str) -> None:
        """A scene the table narrated goes to the archive (from the drawn scenes, the deck, or
        the archive where a season end put it)."""
        st = self.state
        if not _take_from(scene, st.scenes, st.scene_deck):
            _take_from(scene, st.archive)
        st.archive.append(scene)

    def keep_map(self) -> tuple[dict[str, LocationState], int, int, str | None]:
        """The map as it is (copies), the threat pool, the box, and the loss: what the season
        end texts change and ``put_back_map`` puts back."""
        st = self.state
        kept = {loc.name: copy.deepcopy(loc) for loc in st.locations}
        return kept, st.threat_pool, st.threat_box, st.lost

    def put_back_map(self, kept: tuple[dict[str, LocationState], int, int, str | None]) -> None:
        """The map as ``keep_map`` kept it: an obstacle that entered play goes to the
        obstacle discard, the dice placed go back to the supply and those taken come back."""
        st = self.state
        locations, pool, box, lost = kept
        for loc in st.locations:
            before = locations.get(loc.name)
            if before is None:
                continue
            uids = {o.uid for o in before.obstacles}
            st.obstacle_discard += [o.name for o in loc.obstacles if o.uid not in uids]
            for die in loc.dice:
                self.return_die(die)
            for die in before.dice:
                st.supply[die.resource] -= 1
            loc.threats, loc.developed = before.threats, before.developed
            loc.obstacles, loc.dice = before.obstacles, before.dice
        st.threat_pool, st.threat_box, st.lost = pool, box, lost

    def report_map(self, report: dict[str, Any], threat_left: int | None, lost: str | None) -> None:
        """The map at the end of the winter turn as the table reports it; the threat pool."""
        st = self.state
        known = {loc.name: loc for loc in st.locations}

        def place(name: str) -> Any:
            if name not in known:
                raise ChroniclerError(f"no location {name!r} on the map{_near(name, list(known))}")
            return known[name]

        for name, x, y in report.get("added", []):
            if name not in known:
                _take_from(name, st.archive)
                loc = _location(name, int(x), int(y))
                st.locations.append(loc)
                known[name] = loc
                self.game.emit(EventKind.LOCATION_ADDED, location=name, x=int(x), y=int(y))
        for name in report.get("developed", []):
            place(name)
            self.develop(name)
        for name in report.get("undeveloped", []):  # flipped back (the finale's fall end)
            place(name).developed = False
        for name, count in report.get("threats", {}).items():
            place(name).threats = int(count)
        reported = report.get("obstacles", {})
        for name in reported:
            loc = place(name)
            # the obstacles the table no longer sees there were overcome or discarded: to the
            # discard (back into the obstacle deck at session end), as a played year has it;
            # all of them first, so that one seen elsewhere now moved there
            st.obstacle_discard += [o.name for o in loc.obstacles]
            loc.obstacles = []
        for name, obstacles in reported.items():
            loc = place(name)
            for obstacle in obstacles:
                self.take_obstacle_copy(obstacle)  # the deck, its discard, or the archive
                loc.obstacles.append(self.new_obstacle(obstacle))
        total = self.ruleset.value("threat tokens", 12)
        on_map = sum(loc.threats for loc in st.locations)
        pool = st.threat_pool if threat_left is None else threat_left
        st.threat_pool = max(0, min(pool, total - on_map))
        st.threat_box = max(0, total - on_map - st.threat_pool)
        st.lost = lost

    def season_ends_told(self, told: int) -> None:
        """After season ends run for the table: a scene they added may be completed again this
        year (counted), and the lines that would tell their changes to the map are dropped
        (the table reports the map itself)."""
        st = self.state
        for e in st.events[told:]:
            if e.kind == "card_added" and e.data.get("card_kind") == "scene":
                key = f"added this year:{e.data['card']}"
                st.flags[key] = st.flags.get(key, 0) + 1
        st.events = st.events[:told] + [e for e in st.events[told:] if e.kind not in _MAP_EVENTS]

    def reserve_reported(self, name: str) -> None:
        """An asset the table kept in the reserve (held by the first character until stored)."""
        st = self.state
        _take_from(name, st.asset_deck, st.asset_discard, st.asset_staging)
        st.characters[0].assets.append(name)

    def archive_reported(self, name: str, *, a_copy_left: bool) -> None:
        """A card the table burned or archived in play, not in a scene (from a deck or a
        discard, or a copy put into play and archived from the map)."""
        st = self.state
        piles = (st.obstacle_deck, st.obstacle_discard, st.asset_deck, st.asset_discard)
        if _take_from(name, *piles) or a_copy_left:
            st.archive.append(name)

    def conditions_reported(self, c: CharacterState, conditions: list[str]) -> None:
        """The conditions on a character's sheet at year end, as the table gives them."""
        c.conditions = list(conditions)

    def assets_reported(self, unheld: list[str], piles: dict[str, list[str]]) -> None:
        """The asset deck, the staging area, the asset discard and the assets being crafted
        (on the first character's board: stored with the asset deck at session end) as the
        table sees them."""
        st = self.state
        if st.characters:
            st.characters[0].in_progress += [AssetInProgress(n) for n in piles["in_progress"]]
        st.asset_deck, st.asset_staging, st.asset_discard = (
            unheld,
            piles["staging"],
            piles["asset_discard"],
        )

    def copies_reported(self, name: str, more: int) -> None:
        """``more`` copies of an obstacle into play from the archive (or the box), or fewer
        (``more`` below 0) back to the archive."""
        st = self.state
        for _ in range(more):
            _take_from(name, st.archive)
            st.obstacle_discard.append(name)
        for _ in range(-more):
            _take_from(name, st.obstacle_discard, st.obstacle_deck)
            st.archive.append(name)


class TableYearRules(Section):
    """A year played at a table, as its report tells it (``session.table``): the engine's own
    steps, not its turns."""

    def __init__(self, game: Session) -> None:
        super().__init__(game)
        ops = game.ops
        assert isinstance(ops, TableOperations)
        self.table_ops = ops

    @piece("table_scene")
    def table_scene(
        self,
        ctx: Any,
        scene: str,
        location: str,
        participants: list[str],
        cards_played: list[dict[str, Any]],
        skill_match_points: int = 0,
    ) -> None:
        """Narrate Scene steps 4, 6 and 7 as the table played them: the cards played leave,
        the scene goes to the archive, its epilogue runs, each participant marks an advance."""
        played = []
        for item in cards_played:
            name, overcome = self.table_ops.spend_reported_card(item)
            played.append({**item, "points": self.game.scenes.card_points(name, overcome)})
        self.table_ops.archive_reported_scene(scene)
        self.game.scenes.complete_scene(
            ctx, scene, location, list(participants), played, skill_match_points
        )

    @piece("table_seasons")
    def table_seasons(
        self, ctx: Any, seasons_ended: int | None = None, first: int = 0, setup: bool = True
    ) -> None:
        """The scheme's setup text and season-end texts of the year, as a played year runs
        them: the ends of the seasons ``first`` to ``seasons_ended`` (all of them unless the
        threat pool emptied earlier), after the scenes completed in them (scenes recorded
        with no season come after every season end, so a scene the texts add can be the one
        completed). What they do to the map (threats, obstacles, dice, developed sides) is
        the table's to report at year end: those changes are put back, and an obstacle they
        put into play goes to the obstacle discard. The rest stays: the cards they add to
        the decks, what they unlock or archive."""
        st = self.state
        kept = self.table_ops.keep_map()
        self.table_ops.reporting = True
        try:
            if setup:
                scheme = self.ruleset.schemes[st.scheme]
                self.game.run_effects(ctx, scheme.effects, "setup", card=st.scheme)
            for season, _turns in self.ruleset.seasons[first:seasons_ended]:
                self.game.turn.season_end(ctx, season)
        finally:
            self.table_ops.reporting = False
        self.table_ops.put_back_map(kept)

    @piece("table_map")
    def table_map(
        self, ctx: Any, report: dict[str, Any], threat_left: int | None, lost: str | None
    ) -> None:
        """The map at the end of the winter turn as the table reports it; the threat pool."""
        self.table_ops.report_map(report, threat_left, lost)


class TableSession(Session):
    """A session rebuilt from a table's report: the engine's own steps, not its turns."""

    ops = Part(TableOperations)
    table = Part(TableYearRules)


def _take_from(name: str, *piles: list[str]) -> bool:
    for pile in piles:
        if name in pile:
            pile.remove(name)
            return True
    return False


def _location(name: str, x: int, y: int) -> LocationState:
    return LocationState(name, x, y)


def _near(name: str, names: Sequence[str]) -> str:
    from .session import near_names

    return near_names(name, names)


def shell_word(text: str) -> str:
    """``text`` quoted as one shell word for a hint to copy: in single quotes, or in double
    quotes when it holds an apostrophe ("Gelshah's Tower@X,Y"), else as ``shlex`` quotes it."""
    if "'" not in text:
        return f"'{text}'"
    if not any(c in text for c in '"$`\\!'):
        return f'"{text}"'
    import shlex

    return shlex.quote(text)


def _said(option: Any) -> str:
    """An option as the table names it: a card or location a text chose by its name."""
    if isinstance(option, dict) and option.get("name") is not None:
        return str(option["name"])
    return str(option)


def _matches(option: Any, wanted: str) -> bool:
    return _said(option).casefold() == wanted.strip().casefold()


class _TableAnswers:
    """Answers the cards' decisions from the table's options, else by the rules' default."""

    def __init__(
        self,
        places: dict[str, str],
        reduce: dict[str, str],
        picks: Sequence[str],
    ) -> None:
        self.places = dict(places)
        self.reduce = dict(reduce)
        self.picks = list(picks)
        self.choice: str | None = None
        self.notes: list[str] = []

    def __call__(self, decision: Any) -> Any:
        options = list(decision.options)
        prompt = str(decision.prompt)
        multi = decision.kind == "choose_many" or decision.max_choices > 1
        if decision.kind == "choose_position" and prompt.startswith("Where does "):
            name = prompt[len("Where does ") :].rsplit(" join the map", 1)[0]
            given = self.places.pop(name, None)
            if given is not None:
                spot = given.replace(" ", "")
                if spot not in options:
                    raise ChroniclerError(
                        f"{name} cannot join the map at {given}: it goes next to a location of "
                        f"its region, leaving every location a free side; free: "
                        f"{'; '.join(options)}"
                    )
                return spot
            pick = sorted(options, key=_cell_order)[0]
            self.notes.append(
                f"{name} joins the map at {pick} (default; year end's --place "
                f"{shell_word(f'{name}@X,Y')} "
                f"chooses among {'; '.join(sorted(options, key=_cell_order))})"
            )
            return pick
        if prompt.startswith("Reduce danger at "):
            where = prompt[len("Reduce danger at ") :].rsplit(":", 1)[0]
            key = next((k for k in self.reduce if k.casefold() == where.casefold()), where)
            given = self.reduce.pop(key, None)
            if given is not None:
                for option in options:
                    if _matches(option, given) or _matches(option, f"obstacle:{given}"):
                        return option
                raise ChroniclerError(
                    f"at {where} session end may remove "
                    + ", ".join(str(o).removeprefix("obstacle:") for o in options)
                    + f", not {given!r}"
                )
            pick = "threat" if "threat" in options else options[0]
            chooses = f"--reduce {shell_word(f'{where}=nothing|threat|OBSTACLE')} chooses"
            # a threat removed is also an event ("A threat leaves X"): the note starts with
            # that event's line so the year's report tells it once (``_told``)
            self.notes.append(
                f"A threat leaves {where} (session end reduces its danger; default; {chooses})"
                if pick == "threat"
                else f"Session end removes {pick.split(':', 1)[1]} from {where} (default; "
                f"{chooses})"
            )
            return pick
        if self.choice is not None and not multi:
            for option in options:
                if _matches(option, self.choice):
                    self.choice = None
                    return option
        for i, wanted in enumerate(self.picks):
            for option in options:
                if not multi and _matches(option, wanted):
                    del self.picks[i]
                    return option
        if multi:
            pick_many = options[: max(1, decision.min_choices)]
            self.notes.append(f"{prompt}: {', '.join(map(_said, pick_many))} (default)")
            return pick_many
        self.notes.append(
            f"{prompt}: {_said(options[0])} (default; year end's --pick chooses among "
            f"{', '.join(map(_said, options))})"
        )
        return options[0]


def _cell_order(cell: str) -> tuple[int, int]:
    x, y = (int(v) for v in cell.split(","))
    return (-y, x)


def _run(session: TableSession, op: str, answers: _TableAnswers, **args: Any) -> None:
    """Run one of the procedure's pieces, or a phase of ``procedure.rules``, through the
    engine's frames, answering as it asks."""
    if op[:1].isupper():  # a phase of procedure.rules ("Session End")
        session.push_frame("procedure", {"phase": op, "at": 0})
    else:
        data: dict[str, Any] = {"op": op, "args": args, "snap": None, "events": 0, "answers": []}
        session.push_frame("run", data)
    while session.state.frames and not session.state.over:
        decision = session.pending()
        if decision is None:
            break
        session.apply(answers(decision))
    # the frames ran out: the session is not over until its session end (the state now: a
    # piece that asked and was run again from its start has put a new one in place)
    session.ops.set_over(False)


TABLE_EVENTS = {
    "card_added": lambda d: (
        f"{d['card']} goes on top of the "
        + ("obstacle deck (an event)" if d["card_kind"] == "event" else f"{d['card_kind']} deck")
    ),
    "location_added": lambda d: f"{d['location']} joins the map at {d['x']},{d['y']}",
    "location_developed": lambda d: f"{d['location']} is developed",
    "ability_unlocked": lambda d: f"Ability unlocked: {d['ability']}",
    "threat_placed": lambda d: f"A threat goes on {d['location']}",
    "threat_removed": lambda d: f"A threat leaves {d['location']}",
    "obstacle_placed": lambda d: f"{d['obstacle']} enters play at {d['location']}",
}


# What a table reports itself at year end: the season-end texts' changes to these are put back.
_MAP_EVENTS = frozenset(
    {"threat_placed", "threat_removed", "obstacle_placed", "location_developed", "location_added"}
)


def table_session(
    ruleset: Ruleset,
    campaign: CampaignState,
    record: dict[str, Any],
    *,
    places: dict[str, str] | None = None,
    picks: Sequence[str] = (),
    whole_year: bool = False,
) -> tuple[TableSession, _TableAnswers]:
    """The year's session from the campaign state, with the recorded scenes applied in order;
    with ``whole_year``, first the downtime the record gives and the scheme's season-end
    texts (``op_table_seasons``)."""
    from .session import made_session

    chosen = list(record.get("characters") or [])
    unlocked = list(dict.fromkeys([*campaign.unlocked_characters, *chosen]))
    base = dataclasses.replace(campaign, unlocked_characters=unlocked, sheets=dict(campaign.sheets))
    for name in chosen:
        base.sheets.setdefault(name, _starting_sheet(ruleset, name))
    built = made_session(  # the table plays none of it: its own steps are run below
        ruleset, base, int(record.get("seed") or 0), chosen, scheme=record.get("scheme")
    )
    session = TableSession(ruleset, built.state)
    session.ops.table_decks(campaign.decks)
    st = session.state
    answers = _TableAnswers(places or {}, {}, picks)
    if whole_year:
        downtime = record.get("downtime") or {}
        for name in st.idle_characters:
            if name in downtime:  # the sheet's choices, in the order downtime asks them
                _run(session, "downtime", _TableAnswers({}, {}, downtime[name]), name=name)
    scenes = list(record.get("scenes") or [])
    seasons = [name for name, _turns in ruleset.seasons]
    for scene in scenes:
        season = scene.get("season")
        if season is not None and season not in seasons:
            raise ChroniclerError(
                f"{scene['scene']}: no season {season!r}{_near(str(season), seasons)}"
            )
    ended = record.get("seasons_ended")
    ended = len(seasons) if ended is None else int(ended)
    if whole_year:
        _table_seasons(session, ended, 0, setup=True)  # the scheme's setup text
        for at, season in enumerate(seasons):  # a season's scenes, then its end
            for scene in [sc for sc in scenes if sc.get("season") == season]:
                _table_scene(session, answers, scene)
            if at < ended:
                _table_seasons(session, at + 1, at)
    for scene in scenes:
        if not whole_year or scene.get("season") is None:
            _table_scene(session, answers, scene)
    return session, answers


def _table_seasons(session: TableSession, ended: int, first: int, setup: bool = False) -> None:
    """Season ends ``first`` to ``ended`` (``op_table_seasons``) with their own answers: the
    table's picks are for the epilogues, and whatever the texts choose on the map is put back
    (and so are the lines that would tell it)."""
    told = len(session.state.events)
    _run(
        session,
        "table_seasons",
        _TableAnswers({}, {}, ()),
        seasons_ended=first if setup else ended,
        first=first,
        setup=setup,
    )
    session.ops.season_ends_told(told)


def _table_scene(session: TableSession, answers: _TableAnswers, scene: dict[str, Any]) -> None:
    answers.choice = scene.get("epilogue_choice")
    _run(
        session,
        "table_scene",
        answers,
        scene=scene["scene"],
        location=scene["location"],
        participants=list(scene["participants"]),
        cards_played=[dict(c) for c in scene.get("cards_played") or []],
        skill_match_points=int(scene.get("skill_match_points") or 0),
    )


def _starting_sheet(ruleset: Ruleset, name: str) -> Sheet:
    card = ruleset.characters[name]
    return Sheet(name, skills=dict(card.skills), advances={s: 0 for s in dict(card.skills)})


def apply_table_year(
    ruleset: Ruleset,
    campaign: CampaignState,
    record: dict[str, Any],
    *,
    places: dict[str, str] | None = None,
    reduce: dict[str, str] | None = None,
    picks: Sequence[str] = (),
) -> tuple[CampaignState, list[str]]:
    """A year played at a table, applied to the campaign state through the card text.

    The scheme's setup and season-end texts (their changes to the map are the table's to
    report), the epilogue of each recorded scene (with its chosen branch), the map the table
    reports, the scheme's success or failure and the session end steps (reduce location
    danger, store assets and obstacles, the chronicle, downtime for who sat out; after year 6
    the fate and the score) run as the engine runs them for a played session. Returns the
    campaign state for the next year and what happened, one line each (defaults taken said
    so).
    """
    session, answers = table_session(
        ruleset, campaign, record, places=places, picks=picks, whole_year=True
    )
    answers.reduce = dict(reduce or {})
    st = session.state
    needed = ruleset.value("scenes to win", 3)
    won = record.get("result") == "won"
    if won and len(st.scenes_completed) < needed:
        raise ChroniclerError(
            f"year {st.year} records {len(st.scenes_completed)} scenes; a won year needs "
            f"{needed} (record them with 'scene record' first)"
        )
    lost = None
    if not won and (len(st.scenes_completed) >= needed or record.get("threat_left") == 0):
        lost = str(record.get("reason") or "the threat pool is empty")
    _run(
        session,
        "table_map",
        answers,
        report=dict(record.get("map") or {}),
        threat_left=record.get("threat_left"),
        lost=lost,
    )
    ops = session.ops  # (the state is read anew: a piece that asked was run again, a new one)
    for name in record.get("reserve") or []:
        ops.reserve_reported(name)
    for name in record.get("archived") or []:  # burned or archived in play, not in a scene
        ops.archive_reported(name, a_copy_left=_a_copy_left(session, name))
    _copies_in_the_deck(session, record.get("in_deck") or {})
    for c in session.state.characters:  # the conditions on the sheets, if the table gives them
        if c.name in (record.get("conditions") or {}):
            ops.conditions_reported(c, record["conditions"][c.name])
    _face_up_assets(session, record)
    _run(session, "Session End", answers)
    ops.set_over(True)
    unused = [f"--place {k}" for k in answers.places] + [f"--reduce {k}" for k in answers.reduce]
    if unused:
        raise ChroniclerError(f"nothing in year {record.get('year')} asked for {', '.join(unused)}")
    after = end_session(campaign, session)
    return after, _told(session.state.events, answers.notes)


def _a_copy_left(session: TableSession, name: str) -> bool:
    """Is a printed copy of obstacle ``name`` neither in the game nor in the archive?"""
    obstacles = session.ruleset.obstacles
    if name not in obstacles:
        return False
    taken = session.ops.copies_in_game(name) + session.state.archive.count(name)
    return taken < obstacles[name].copies


def _face_up_assets(session: TableSession, record: dict[str, Any]) -> None:
    """The staging area and the asset discard at the end of the winter turn, as the table
    sees them (both lie face up), and the assets being crafted on the characters' boards
    (``in_progress``); every other asset not held is in the asset deck. A text that takes
    "from the asset deck" at session end (a scheme's failure) chooses there."""
    if not any(key in record for key in ("staging", "asset_discard", "in_progress")):
        return
    st = session.state
    unheld = [*st.asset_deck, *st.asset_discard, *st.asset_staging]
    piles: dict[str, list[str]] = {"staging": [], "asset_discard": [], "in_progress": []}
    for key, pile in piles.items():
        for name in record.get(key) or []:
            if not _take_from(name, unheld):
                known = sorted(set(st.asset_deck + st.asset_discard + st.asset_staging))
                raise ChroniclerError(
                    f"--{key.replace('_', '-')}: {name!r} is not an asset in play and not held"
                    f"{_near(name, known)}"
                )
            pile.append(name)
    session.ops.assets_reported(unheld, piles)


def _copies_in_the_deck(session: TableSession, counts: dict[str, Any]) -> None:
    """The copies of an obstacle off the map but in play at the end of the winter turn (the
    obstacle deck, its discard, characters' hands: the obstacle deck after session end), as
    the table counts them. The table does not say when in the year a scheme or an activation
    put a copy into play, nor when a copy was discarded, so the count is the table's: copies
    come from the archive, or go back there."""
    st = session.state
    obstacles = session.ruleset.obstacles
    for name, wanted in counts.items():
        if name not in obstacles:
            raise ChroniclerError(f"--in-deck: no obstacle {name!r}{_near(name, list(obstacles))}")
        if name in session.ruleset.events:
            raise ChroniclerError(
                f"--in-deck: {name} is an event as well as an obstacle, and the obstacle deck "
                f"holds both under the one name: its count cannot be told"
            )
        wanted = int(wanted)
        copies = obstacles[name].copies
        on_map = sum(1 for loc in st.locations for o in loc.obstacles if o.name == name)
        if wanted < 0 or wanted + on_map > copies:
            raise ChroniclerError(
                f"--in-deck {name}={wanted}: {name} has {copies} printed "
                f"{'copy' if copies == 1 else 'copies'} and {on_map} on the map"
            )
        have = st.obstacle_deck.count(name) + st.obstacle_discard.count(name)
        session.ops.copies_reported(name, wanted - have)


def _told(events: Sequence[Any], notes: Sequence[str]) -> list[str]:
    """A line per event the table sees, then the notes; a note that tells an event more fully
    ("... (default; ...)") takes that event's line."""
    notes = list(notes)
    lines = []
    for e in events:
        if e.kind not in TABLE_EVENTS:
            continue
        line = TABLE_EVENTS[e.kind](e.data)
        fuller = next((n for n in notes if n.startswith(line + " (")), None)
        if fuller is not None:
            notes.remove(fuller)
            line = fuller
        lines.append(line)
    return [*lines, *notes]


def preview_table_scenes(
    ruleset: Ruleset,
    campaign: CampaignState,
    record: dict[str, Any],
    *,
    places: dict[str, str] | None = None,
    picks: Sequence[str] = (),
) -> list[str]:
    """What the recorded scenes' epilogues did, so far in the year (a check and a report)."""
    session, answers = table_session(ruleset, campaign, record, places=places, picks=picks)
    return _told(session.state.events, answers.notes)
