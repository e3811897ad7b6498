"""Every year of a bot's campaign, told as a table would tell it, gives the campaign the bot's
year gives (issue 11, "Exact"): years 2 to 6 as well as year 1.

A bot plays the six years. For each year, what the group at a table would say of it goes
through ``apply_table_year`` from the campaign as it stood before the year: the downtime
choices on the sheets, the scenes (in the season they were completed), the map at the end of
the winter turn, what the group sees off the map (copies of an obstacle gathered into the
obstacle deck, the face-up staging area and asset discard, the assets being crafted), the
cards burned in play, and the answers at session end (where a threat surged, which card a
failure archived, what was removed at each location). The two campaign states must be equal;
decks and piles are compared as collections (a session shuffles every deck at setup)."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from six_winters_table import watch_winter_end

from dsl.errors import ChroniclerError
from rules.six_winters import engine
from rules.six_winters.bots import make_bot
from rules.six_winters.campaign import apply_table_year, choose_characters, end_session
from rules.six_winters.cards import Ruleset
from rules.six_winters.session import Session
from rules.six_winters.state import CampaignState, ObstacleInPlay

REDUCE = "Reduce danger at "
BURNED = ("card_burned", "card_archived")


class _Told:
    """What a table tells of the year a bot plays (``record``), gathered as it is played."""

    def __init__(self, ruleset: Ruleset, campaign: CampaignState, session: Session) -> None:
        self.ruleset, self.campaign, self.session = ruleset, campaign, session
        self.winter_end: dict[str, Any] = {}
        self.reduce: dict[str, str] = {}
        self.downtime: dict[str, list[str]] = {}
        self.picks: list[str] = []

    def at_winter_end(self, session: Session) -> None:
        """Session end's first run sees play's map (``watch_winter_end``)."""
        self.winter_end.update(self._seen_at_winter_end())

    def _seen_at_winter_end(self) -> dict[str, Any]:
        st, ruleset, campaign = self.session.state, self.ruleset, self.campaign
        off_map = [*st.obstacle_deck, *st.obstacle_discard]
        off_map += [name for c in st.characters for name in c.obstacles]
        handled = set(off_map) | set(st.archive) | set(campaign.archive)
        handled |= set(campaign.decks.get("obstacle", []))
        handled |= {o.name for m in campaign.map for o in m.obstacles}
        return {
            "map": {
                "threats": {loc.name: loc.threats for loc in st.locations},
                "obstacles": {loc.name: [o.name for o in loc.obstacles] for loc in st.locations},
                "developed": [loc.name for loc in st.locations if loc.developed],
                "undeveloped": [loc.name for loc in st.locations if not loc.developed],
                "added": [
                    [loc.name, loc.x, loc.y]
                    for loc in st.locations
                    if loc.name not in {m.name for m in campaign.map}
                ],
            },
            # an event shares its name with an obstacle: the deck cannot count it apart
            "in_deck": {
                name: off_map.count(name)
                for name in ruleset.obstacles
                if name in handled and name not in ruleset.events
            },
            "staging": list(st.asset_staging),
            "asset_discard": list(st.asset_discard),
            "in_progress": [a.name for c in st.characters for a in c.in_progress],
            "archived": [e.data["card"] for e in self.session.events if e.kind in BURNED],
        }

    def answer(self, decision: Any, answer: Any) -> None:
        if decision.prompt.startswith(REDUCE):
            where = decision.prompt[len(REDUCE) :].rsplit(":", 1)[0]
            self.reduce[where] = str(answer).split(":", 1)[-1]
        elif self.winter_end:  # the scheme's result: where a threat surged, what it chose
            named = answer.get("name") if isinstance(answer, dict) else answer
            self.picks.append(str(named))
        if decision.prompt.startswith("Downtime:"):
            self.downtime.setdefault(decision.who, []).append(str(answer))

    def record(self) -> dict[str, Any]:
        st, events = self.session.state, self.session.events
        seasons = [name for name, _turns in self.ruleset.seasons]
        ended, season_of = 0, []
        for e in events:
            ended += e.kind == "season_ended"
            if e.kind == "scene_completed":
                season_of.append(seasons[min(ended, len(seasons) - 1)])
        burned = [e.data["card"] for e in events if e.kind in BURNED]
        seen = self.winter_end
        result = st.result or {}
        self.picks += [n for n in burned[len(seen["archived"]) :] if n not in self.picks]
        return {
            "year": st.year,
            "scheme": st.scheme,
            "characters": [c.name for c in st.characters],
            "result": result["result"],
            "reason": result["reason"],
            "threat_left": result["threat_left"],
            "seed": st.seed,
            "scenes": [
                {**scene, "season": season_of[i]} for i, scene in enumerate(st.scenes_completed)
            ],
            "reserve": [n for c in st.characters for n in c.assets],
            "conditions": {c.name: list(c.conditions) for c in st.characters},
            "seasons_ended": sum(1 for e in events if e.kind == "season_ended"),
            "downtime": self.downtime,
            **seen,
        }


def _as_kept(campaign: CampaignState) -> dict[str, Any]:
    kept = dataclasses.asdict(campaign)
    kept["decks"] = {kind: sorted(cards) for kind, cards in kept["decks"].items()}
    kept["archive"] = sorted(kept["archive"])
    kept["reserve"] = sorted(kept["reserve"])
    return kept


def _campaign_years(
    ruleset: Ruleset, bot_name: str, seed: int
) -> Iterator[tuple[CampaignState, dict[str, Any], _Told, CampaignState]]:
    """Each year of a bot's campaign: the campaign before it, the table's record of it, what
    the table answered, and the campaign after the bot's year."""
    rng = random.Random(seed)
    bot = make_bot(bot_name, seed)
    campaign = engine.new_campaign(ruleset)
    for _ in range(ruleset.value("years", 6)):
        chosen = choose_characters(bot, campaign, ruleset)
        session = engine.new_session(ruleset, campaign, rng.randrange(2**31), chosen)
        told = _Told(ruleset, campaign, session)
        session = told.session = watch_winter_end(session, told.at_winter_end)
        while (decision := session.pending()) is not None:
            seen = session.observation(decision.who) if bot.uses_observation else None
            answer = bot.choose(seen, decision)
            told.answer(decision, answer)
            session.apply(answer)
        played = end_session(campaign, session)
        yield campaign, told.record(), told, played
        campaign = played


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_every_year_of_a_campaign_entered_at_the_table_gives_the_played_campaign(
    ruleset, bot_name, seed
):
    years = 0
    for before, record, told, played in _campaign_years(ruleset, bot_name, seed):
        places = {name: f"{x},{y}" for name, x, y in record["map"]["added"]}
        at_the_table, _lines = apply_table_year(
            ruleset, before, record, reduce=told.reduce, places=places, picks=told.picks
        )
        assert _as_kept(at_the_table) == _as_kept(played), f"year {record['year']}"
        years += 1
    assert years == 6


# --- each cause, alone ---------------------------------------------------------------------


def _year_two(ruleset, scheme: str, **told: Any) -> dict[str, Any]:
    return {
        "year": 2,
        "scheme": scheme,
        "characters": ["Fuscus", "Parin"],
        "result": "lost",
        "reason": "too few scenes by the end of winter",
        "threat_left": 6,
        "scenes": [],
        **told,
    }


def _campaign_in_year_two(ruleset) -> CampaignState:
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    return campaign


def test_a_drawn_event_whose_text_fails_part_way_stays_in_the_campaign(ruleset):
    # Alone Against the Empire draws Discord in Brightdune; "Pay" finds too little stability
    # and the texts fail: the card drawn is still a card of the campaign, out for the year
    from six_winters_table import table

    from rules.six_winters.state import Frame

    session = table(ruleset)
    session.state.obstacle_deck = ["Alone Against the Empire", "Discord in Brightdune"]
    session.state.frames = [Frame("actions", {})]
    session.push_run("draw_obstacle_step")
    while (decision := session.pending()) is not None and decision.kind != "choose_action":
        session.apply("Pay")
    assert "effect_failed" in [e.kind for e in session.events]
    assert session.ops.copies_in_game("Discord in Brightdune") == 1


def test_the_archive_keeps_every_copy_of_an_obstacle_not_in_play(ruleset):
    # Mobilize War Machines brought War Machines in; one copy is in the obstacle deck at the
    # end: the other two printed copies are in the archive, whichever way they went there
    campaign = _campaign_in_year_two(ruleset)
    record = _year_two(ruleset, "Mobilize War Machines", map={}, in_deck={"War Machines": 1})
    after, _told = apply_table_year(ruleset, campaign, record)
    assert after.decks["obstacle"].count("War Machines") == 1
    assert after.archive.count("War Machines") == 2


def test_the_copies_a_table_counts_off_the_map_go_to_the_obstacle_deck(ruleset):
    campaign = _campaign_in_year_two(ruleset)
    record = _year_two(
        ruleset,
        "Mobilize War Machines",
        map={"obstacles": {"Eastkeep": ["War Machines"]}},
        in_deck={"War Machines": 2},
    )
    kept = {"Eastkeep": "nothing"}
    after, _told = apply_table_year(ruleset, campaign, record, reduce=kept)
    assert after.decks["obstacle"].count("War Machines") == 2
    eastkeep = next(loc for loc in after.map if loc.name == "Eastkeep")
    assert [o.name for o in eastkeep.obstacles] == ["War Machines"]
    assert "War Machines" not in after.archive  # all three printed copies are in play


def test_more_copies_than_printed_are_refused(ruleset):
    campaign = _campaign_in_year_two(ruleset)
    record = _year_two(ruleset, "Mobilize War Machines", in_deck={"War Machines": 4})
    with pytest.raises(ChroniclerError, match="War Machines has 3 printed copies"):
        apply_table_year(ruleset, campaign, record)


def test_an_obstacle_reported_at_another_location_moved_there(ruleset):
    campaign = _campaign_in_year_two(ruleset)
    rift = next(loc for loc in campaign.map if loc.name == "Boar's Rift")
    rift.obstacles = [ObstacleInPlay("The Old Wounds")]
    moved = {"Giant's Gate": ["The Old Wounds"], "Boar's Rift": []}  # the new place first
    record = _year_two(ruleset, "Mobilize War Machines", map={"obstacles": moved})
    kept = {"Giant's Gate": "nothing"}
    after, _told = apply_table_year(ruleset, campaign, record, reduce=kept)
    gate = next(loc for loc in after.map if loc.name == "Giant's Gate")
    assert [o.name for o in gate.obstacles] == ["The Old Wounds"]
    assert "The Old Wounds" not in after.archive + after.decks["obstacle"]


def test_a_discarded_asset_that_shares_an_obstacles_name_goes_to_the_asset_discard(ruleset):
    # "Dragon of the Frozen Voice" is an asset and an obstacle: the scene discards the asset
    assert "Dragon of the Frozen Voice" in ruleset.obstacles
    campaign = _campaign_in_year_two(ruleset)
    campaign.decks["asset"].append("Dragon of the Frozen Voice")
    scene = {
        "scene": "Take Second at the Amber Wine Drinking Game",
        "location": "Giant's Gate",
        "participants": ["Parin"],
        "cards_played": [{"card": "Dragon of the Frozen Voice", "kind": "asset"}],
        "skill_match_points": 3,
    }
    record = _year_two(ruleset, "Mobilize War Machines", scenes=[scene])
    after, _told = apply_table_year(ruleset, campaign, record)
    assert "Dragon of the Frozen Voice" in after.decks["asset"]
    assert "Dragon of the Frozen Voice" not in after.archive


def test_a_scene_completed_before_the_season_end_that_adds_it_is_back_in_the_scene_deck(
    ruleset,
):
    # Unravel the Weave of Fates: "Fall end: Add scene Create a Pact with the Weaver"; the
    # scene was completed in summer, so the fall end brings it back from the archive
    campaign = _campaign_in_year_two(ruleset)
    campaign.decks["scene"].append("Create a Pact with the Weaver")
    scene = {
        "scene": "Create a Pact with the Weaver",
        "location": "Yearly Field",
        "participants": ["Parin"],
        "cards_played": [],
        "skill_match_points": 7,
        "season": "summer",
    }
    record = _year_two(ruleset, "Unravel the Weave of Fates", scenes=[scene])
    after, _told = apply_table_year(ruleset, campaign, record)
    assert "Create a Pact with the Weaver" in after.decks["scene"]
    assert "Create a Pact with the Weaver" not in after.archive
    in_winter = apply_table_year(
        ruleset, campaign, {**record, "scenes": [{**scene, "season": "winter"}]}
    )[0]
    assert "Create a Pact with the Weaver" in in_winter.archive  # completed after the fall end


def test_a_scene_in_a_season_the_rules_do_not_have_is_refused(ruleset):
    campaign = _campaign_in_year_two(ruleset)
    scene = {
        "scene": "Take Second at the Amber Wine Drinking Game",
        "location": "Giant's Gate",
        "participants": ["Parin"],
        "season": "sumer",
    }
    record = _year_two(ruleset, "Mobilize War Machines", scenes=[scene])
    with pytest.raises(ChroniclerError, match=r"no season 'sumer'.*summer"):
        apply_table_year(ruleset, campaign, record)


def test_a_failure_archives_a_diplomat_from_the_asset_deck_not_the_staging_area(ruleset):
    # Isolate Brightdune's Allies: "Failure: Archive a Diplomat asset from the asset deck."
    campaign = _campaign_in_year_two(ruleset)
    campaign.decks["asset"] += ["Hogel"]
    record = _year_two(ruleset, "Isolate Brightdune's Allies")
    in_the_deck = apply_table_year(ruleset, campaign, record)[0]
    assert "Hogel" in in_the_deck.archive
    face_up = apply_table_year(ruleset, campaign, {**record, "staging": ["Hogel"]})[0]
    assert "Hogel" not in face_up.archive and "Hogel" in face_up.decks["asset"]
    crafted = apply_table_year(ruleset, campaign, {**record, "in_progress": ["Hogel"]})[0]
    assert "Hogel" not in crafted.archive and "Hogel" in crafted.decks["asset"]


# --- the same years through the table verbs ------------------------------------------------


def _verbs(record: dict[str, Any], told: _Told, before: CampaignState) -> list[list[str]]:
    """The commands a group types for the year: year start, a scene record per scene, and
    year end with what it saw at the end of the winter turn."""
    year, ruleset = str(record["year"]), told.ruleset
    start = ["year", "start", "--campaign", "C", "--year", year, "--scheme", record["scheme"]]
    start += ["--characters", ",".join(record["characters"]), "--seed", str(record["seed"])]
    for who, answers in record["downtime"].items():
        trained = [a for a in answers if a in ruleset.skills]
        start += ["--downtime", f"{who}={','.join(trained)}"]
        start += [
            x for a in answers if a not in ruleset.skills for x in ("--recover", f"{who}={a}")
        ]
    commands = [start]
    for scene in record["scenes"]:
        played = [f"{c['kind']}:{c['card']}@{c['character']}" for c in scene["cards_played"]]
        command = ["scene", "record", "--campaign", "C", "--year", year, "--text", ""]
        command += ["--scene", scene["scene"], "--location", scene["location"]]
        command += ["--participants", ",".join(scene["participants"])]
        command += ["--played", ",".join(played)]
        command += ["--skill-match", str(scene["skill_match_points"])]
        if scene.get("epilogue_choice"):
            command += ["--choice", scene["epilogue_choice"]]
        commands.append(command)
    end = ["year", "end", "--campaign", "C", "--year", year, "--result", record["result"]]
    end += ["--threat-left", str(record["threat_left"]), "--reason", record["reason"]]
    seen = record["map"]
    end += [x for k, v in seen["threats"].items() for x in ("--threat", f"{k}={v}")]
    end += [x for k, v in seen["obstacles"].items() for x in ("--obstacle", f"{k}={','.join(v)}")]
    end += [x for k in seen["developed"] for x in ("--develop", k)]
    end += [x for k in seen["undeveloped"] for x in ("--undeveloped", k)]
    for name, x, y in seen["added"]:
        end += ["--add-location", f"{name}@{x},{y}", "--place", f"{name}@{x},{y}"]
    end += [x for k, v in told.reduce.items() for x in ("--reduce", f"{k}={v}")]
    end += [x for p in told.picks for x in ("--pick", p)]
    end += ["--reserve", ",".join(record["reserve"])] if record["reserve"] else []
    end += [x for k, v in record["in_deck"].items() for x in ("--in-deck", f"{k}={v}")]
    end += ["--staging", ",".join(record["staging"])]
    end += ["--asset-discard", ",".join(record["asset_discard"])]
    end += ["--crafting", ",".join(record["in_progress"])]
    end += [
        x for i, sc in enumerate(record["scenes"], 1) for x in ("--season", f"{i}={sc['season']}")
    ]
    end += ["--seasons-ended", str(record["seasons_ended"])]
    end += [x for card in record["archived"] for x in ("--burned", card)]
    for who, conditions in record["conditions"].items():
        had = list(before.sheets[who].conditions) if who in before.sheets else []
        had = [c for c in had if c not in record["downtime"].get(who, [])]
        end += [x for c in conditions if c not in had for x in ("--condition", f"{who}={c}")]
    return [*commands, end]


def _journal_state(db: str) -> CampaignState:
    import sqlite3

    with contextlib.closing(sqlite3.connect(db)) as con:
        row = con.execute("select state from campaign_state order by year desc limit 1").fetchone()
    return CampaignState.from_json(row[0])


@pytest.mark.parametrize(
    ("bot_name", "seed"),
    [
        ("random", 0),
        ("heuristic", 3),  # a scene completed in summer, added back at fall's end, done again
        pytest.param("random", 1, marks=pytest.mark.slow),
        pytest.param("random", 2, marks=pytest.mark.slow),
        pytest.param("heuristic", 0, marks=pytest.mark.slow),
        pytest.param("heuristic", 2, marks=pytest.mark.slow),
        pytest.param("heuristic", 4, marks=pytest.mark.slow),
    ],
)
def test_every_year_of_a_campaign_entered_with_the_table_verbs_gives_the_played_campaign(
    ruleset, tmp_path, capsys, bot_name, seed
):
    from journal.cli import main

    db = str(tmp_path / "journal.db")
    assert main(["campaign", "start", "C", "--db", db]) == 0
    for before, record, told, played in _campaign_years(ruleset, bot_name, seed):
        for command in _verbs(record, told, before):
            assert main([*command, "--db", db]) == 0, (command[:2], capsys.readouterr().err)
        assert _as_kept(_journal_state(db)) == _as_kept(played), f"year {record['year']}"
