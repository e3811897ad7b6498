"""Recording sessions from the engine's events."""

from __future__ import annotations

from fakes import Event, play_campaign
from sqlmodel import col, select

from journal.catalogue import Catalogue
from journal.db import Journal
from journal.six_winters import ledger
from journal.six_winters.models import TIER_PLAIN, ChronicleEntry, EventRecord
from journal.six_winters.recording import Recorder, plain_narration


def test_a_session_is_recorded_as_its_events_arrive(journal: Journal, cards: Catalogue) -> None:
    recorder = Recorder(journal, "Live", catalogue=cards)
    recorder.on_event(
        Event(
            "session_started",
            {"year": 1, "scheme": "Sow Discord", "characters": ["Parin", "Kanun"], "seed": 7},
        )
    )
    with journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Live"), 1)
        assert session.result is None and session.source == "engine" and session.seed == 7
    recorder.on_event(Event("turn_started", {"season": "spring", "turn": 1}))
    recorder.on_event(
        Event(
            "scene_completed",
            {
                "scene": "Chart the Old Rift",
                "location": "Boar's Rift",
                "participants": ["Parin"],
                "cards_played": [
                    {"card": "Old Map", "kind": "asset", "points": 3, "character": "Parin"}
                ],
                "skill_match_points": 2,
                "points_needed": 5,
                "epilogue_choice": "Abandon",
                "skill": "lore",
                "advances": [{"character": "Parin", "skill": "lore", "new_rank": 2}],
            },
        )
    )
    with journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Live"), 1)
        (scene,) = ledger.scenes_of(s, session)
        assert (scene.scene, scene.location, scene.epilogue_choice) == (
            "Chart the Old Rift",
            "Boar's Rift",
            "Abandon",
        )
        assert [(p.card, p.points) for p in ledger.plays_of(s, scene)] == [("Old Map", 3)]
        assert scene.skill_match_points == 2 and scene.points_needed == 5
        assert scene.tier == TIER_PLAIN
        assert scene.narration == "Parin plays Old Map to complete Chart the Old Rift."
        kinds = [e.kind for e in s.exec(select(EventRecord).order_by(col(EventRecord.number)))]
        assert kinds == ["session_started", "turn_started", "scene_completed"]
    recorder.on_event(
        Event(
            "session_ended",
            {"result": "lost", "reason": "time ran out", "scenes_completed": 1, "threat_left": 2},
        )
    )
    with journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Live"), 1)
        assert (session.result, session.reason, session.threat_left) == ("lost", "time ran out", 2)


def test_bot_narration_names_every_card_played() -> None:
    sentence = plain_narration("Hold the Pass", ["Parin", "Kanun"], ["Rope", "Lamp", "Old Map"])
    assert sentence == "Parin and Kanun play Rope, Lamp and Old Map to complete Hold the Pass."


def test_a_whole_campaign_gives_six_years_map_sheets_chronicle_and_fate(recorded: Journal) -> None:
    years = list(play_campaign(seed=5))
    with recorded.reading() as s:
        campaign = ledger.get_campaign(s, "Demo")
        sessions = ledger.sessions(s, campaign)
        assert [x.year for x in sessions] == [1, 2, 3, 4, 5, 6]
        for (state, fake), session in zip(years, sessions, strict=True):
            ended = next(e for e in fake.events if e.kind == "session_ended").data
            assert session.result == ended["result"]
            assert len(ledger.scenes_of(s, session)) == ended["scenes_completed"]
            assert len(ledger.map_as_of(s, campaign, session.year)) == len(state["map"])
        finale = years[-1][0]["finale_scenes_completed"]
        end = ledger.campaign_end(s, campaign)
        assert end.finale_scenes_completed == finale
        assert end.fate is not None and end.score is not None
        # Every character has one chronicle line a year once they are in the campaign.
        for character in ledger.characters(s, campaign):
            sheet = ledger.sheet(s, character, 6)
            assert sheet is not None
            assert sheet.skills == years[-1][0]["sheets"][character.name]["skills"]


def test_the_eastkeep_development_shows_in_the_year_it_happened(recorded: Journal) -> None:
    with recorded.reading() as s:
        campaign = ledger.get_campaign(s, "Demo")
        developed = {
            year: {loc.name for loc in ledger.map_as_of(s, campaign, year) if loc.developed}
            for year in range(1, 7)
        }
    assert developed[2] == set() and developed[3] == {"Eastkeep"}


def test_a_campaign_played_by_the_engine_is_recorded_event_for_event(journal: Journal) -> None:
    from journal.demo import engine_play_campaign
    from journal.six_winters.recording import record_campaign

    years = list(engine_play_campaign()(11))
    record_campaign(journal, "Engine", iter(years), seed=11)
    with journal.reading() as s:
        campaign = ledger.get_campaign(s, "Engine")
        sessions = ledger.sessions(s, campaign)
        assert len(sessions) == len(years) == 6
        for (_state, session), row in zip(years, sessions, strict=True):
            logged = s.exec(
                select(EventRecord)
                .where(EventRecord.session_id == row.id)
                .order_by(col(EventRecord.number))
            ).all()
            assert [e.kind for e in logged] == [e.kind for e in session.events]
            scenes = [e for e in session.events if e.kind == "scene_completed"]
            assert len(ledger.scenes_of(s, row)) == len(scenes)
        assert ledger.campaign_end(s, campaign).fate == years[-1][0].fate


def test_downtime_taken_at_setup_goes_on_the_line_of_the_year_sat_out(journal: Journal) -> None:
    # Session setup, step 8: who did not play last year trains (two advances) and rests (one
    # condition); the chronicle line of the year they sat out says what it gave.
    from journal.demo import engine_play_campaign
    from journal.six_winters.recording import record_campaign

    years = list(engine_play_campaign()(11))
    record_campaign(journal, "Engine", iter(years), seed=11)
    given: dict[tuple[str, int], tuple[list[str], list[str]]] = {}
    for _state, session in years:
        year = session.state.year
        for e in session.events:
            key = (e.data.get("character"), year - 1)
            trained, rested = given.setdefault(key, ([], []))
            if e.kind == "downtime":
                trained.append(e.data["skill"])
            elif e.kind == "condition_removed" and e.data.get("by") == "downtime":
                rested.append(e.data["condition"])
    given = {k: v for k, v in given.items() if v != ([], [])}
    assert given, "seed 11 has someone sit a year out"
    with journal.reading() as s:
        campaign = ledger.get_campaign(s, "Engine")
        lines = {
            (c.name, e.year): (e.advances, e.recovered)
            for c in ledger.characters(s, campaign)
            for e in s.exec(select(ChronicleEntry).where(ChronicleEntry.character_id == c.id))
            if e.downtime and e.year < 6
        }
    assert lines == given
    assert all(len(trained) == 2 for trained, _ in lines.values())


def test_an_unlocked_character_who_sat_the_year_out_has_downtime(
    journal: Journal, cards: Catalogue
) -> None:
    recorder = Recorder(journal, "Live", catalogue=cards)
    recorder.on_event(
        Event("session_started", {"year": 1, "scheme": "Sow Discord", "characters": ["Parin"]})
    )
    recorder.on_event(Event("session_ended", {"result": "lost", "scenes_completed": 0}))
    recorder.end_session(
        {
            "year": 2,
            "unlocked_characters": ["Parin", "Fuscus"],
            "sheets": {
                "Parin": {"skills": {"lore": 2}},
                "Fuscus": {"skills": {"charm": 3}},
                "Keel": {"skills": {"edge": 3}},  # not unlocked yet: no sheet on the table
            },
        }
    )
    with journal.reading() as s:
        campaign = ledger.get_campaign(s, "Live")
        lines = {
            c.name: (e.downtime, e.scheme)
            for c in ledger.characters(s, campaign)
            for e in s.exec(select(ChronicleEntry).where(ChronicleEntry.character_id == c.id))
        }
    assert lines == {"Parin": (False, "Sow Discord"), "Fuscus": (True, None)}


def test_campaign_show_as_of_a_year(recorded: Journal, cli) -> None:  # type: ignore[no-untyped-def]

    shown = cli("campaign", "show", "Demo", "--year", "2")
    assert shown.code == 0, shown.err
    assert "Year 2:" in shown.out and "Year 3:" not in shown.out
    assert "Map: " in shown.out and "Eastkeep (1,0" in shown.out
    assert "Eastkeep (1,0, developed" not in shown.out  # developed after year 2
    later = cli("campaign", "show", "Demo", "--year", "3")
    assert "Eastkeep (1,0, developed" in later.out
