"""Recording a campaign at a real table through the command line."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest
from sqlmodel import select

from journal.db import open_journal
from journal.six_winters import ledger
from journal.six_winters.models import TIERS, ChronicleEntry

pytestmark = pytest.mark.usefixtures("cards")


@pytest.fixture
def started(cli):  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    ran = cli(
        "year", "start", "--campaign", "Brightdune", "--year", "1",
        "--scheme", "Sow Discord", "--characters", "Parin,Kanun",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    return cli


def record(cli, *extra: str):  # type: ignore[no-untyped-def]
    choice = () if "--choice" in extra else ("--choice", "Stay")
    match = () if "--skill-match" in extra else ("--skill-match", "1")  # 4 + 1 of the 5 points
    return cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Chart the Old Rift", "--location", "Boar's Rift",
        "--participants", "Parin,Kanun", "--played", "Old Map,Marsh Wraith", *choice, *match,
        *extra,
    )  # fmt: skip


def scenes(journal_path: Path, year: int = 1):  # type: ignore[no-untyped-def]
    with open_journal(journal_path) as journal, journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Brightdune"), year)
        return [(sc, ledger.plays_of(s, sc)) for sc in ledger.scenes_of(s, session)]


def test_a_scene_is_recorded_with_its_cards_points_and_narration(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    ran = record(started, "--choice", "Stay", "--text", "We *follow* the rift.", "--tier", "master")
    assert ran.code == 0, ran.err
    ((scene, plays),) = scenes(journal_path)
    assert [(p.card, p.kind, p.points) for p in plays] == [
        ("Old Map", "asset", 3),
        ("Marsh Wraith", "obstacle", 1),
    ]
    assert scene.narration == "We *follow* the rift."
    assert scene.tier == TIERS[2] and scene.epilogue_choice == "Stay"
    assert scene.skill == "lore" and scene.points_needed == 5
    assert {a["character"] for a in scene.advances} == {"Parin", "Kanun"}


def test_without_words_the_scene_gets_the_plain_sentence(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert record(started, "--text", "").code == 0
    ((scene, _),) = scenes(journal_path)
    assert scene.tier == TIERS[0]
    assert scene.narration == (
        "Parin and Kanun play Old Map and Marsh Wraith to complete Chart the Old Rift."
    )


def test_narration_from_a_file(started, journal_path, tmp_path) -> None:  # type: ignore[no-untyped-def]
    story = tmp_path / "story.md"
    story.write_text("The songs we wrote last winter opened the gate.\n")
    assert record(started, "--file", str(story), "--tier", "apprentice").code == 0
    ((scene, _),) = scenes(journal_path)
    assert scene.narration.startswith("The songs we wrote")
    assert scene.tier == TIERS[1]


def test_narration_from_the_editor(started, journal_path, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import sys\n"
        "path = sys.argv[-1]\n"
        "old = open(path).read()\n"
        "open(path, 'w').write('Kanun rides ahead.\\n' + old)\n"
    )
    editor.chmod(editor.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {editor}")
    assert record(started).code == 0
    ((scene, _),) = scenes(journal_path)
    assert scene.narration == "Kanun rides ahead."


def test_an_unknown_scene_names_the_near_ones(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    ran = started(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Chart the Old Rfit", "--location", "Boar's Rift", "--participants", "Parin",
    )  # fmt: skip
    assert ran.code == 1
    assert "unknown scene 'Chart the Old Rfit'" in ran.err
    assert '"Chart the Old Rift"' in ran.err
    assert scenes(journal_path) == []


def test_an_unknown_card_names_the_near_ones_and_nothing_is_recorded(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    ran = started(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Chart the Old Rift", "--location", "Boar's Rift", "--choice", "Stay",
        "--participants", "Parin", "--played", "Old Mop",
    )  # fmt: skip
    assert ran.code == 1 and '"Old Map"' in ran.err
    assert "Traceback" not in ran.err
    assert scenes(journal_path) == []


def test_a_character_not_playing_this_year_is_refused(started) -> None:  # type: ignore[no-untyped-def]
    ran = started(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Chart the Old Rift", "--location", "Boar's Rift", "--participants", "Fuscus",
        "--choice", "Stay",
    )  # fmt: skip
    assert ran.code == 1 and "'Fuscus' is not playing in year 1" in ran.err


def test_an_unknown_tier_is_a_usage_error(started) -> None:  # type: ignore[no-untyped-def]
    ran = record(started, "--text", "x", "--tier", "grandmaster")
    assert ran.code == 2 and "plain, apprentice or master" in ran.err


def test_a_whole_table_year_and_the_next_setup(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    for n in range(3):  # the same scene three times: --again says it is no retry
        assert record(started, "--text", "", *(["--again"] if n else [])).code == 0
    ran = started(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "won",
        "--threat-left", "3", "--threat", "Eastkeep=2", "--obstacle", "Boar's Rift=Marsh Wraith",
        "--develop", "Giant's Gate",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    setup = started("setup", "--campaign", "Brightdune")
    assert setup.code == 0
    assert "Setup for year 2 of Brightdune" in setup.out
    assert "Eastkeep at 1,0 (the Empire, base side): threats 2" in setup.out
    assert "Boar's Rift at -1,-1" in setup.out and "obstacles Marsh Wraith" in setup.out
    assert "Giant's Gate at -1,0 (Brightdune, developed side)" in setup.out
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        lines = {
            c.name: s.exec(select(ChronicleEntry).where(ChronicleEntry.character_id == c.id)).one()
            for c in ledger.characters(s, campaign)
        }
        assert {n: (e.year, e.scheme, e.result, e.downtime) for n, e in lines.items()} == {
            "Parin": (1, "Sow Discord", "won", False),
            "Kanun": (1, "Sow Discord", "won", False),
        }
        assert lines["Parin"].advances == ["lore", "lore", "lore"]
        session = ledger.get_session(s, campaign, 1)
        assert (session.result, session.threat_left, session.scenes_completed) == ("won", 3, 3)
    again = record(started, "--text", "")
    assert again.code == 1 and "has ended" in again.err


def test_year_six_ends_the_campaign_with_fate_and_score(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    cli = started
    for year in range(1, 7):
        if year > 1:
            assert cli(
                "year", "start", "--campaign", "Brightdune", "--year", str(year),
                "--scheme", "Sow Discord", "--characters", "Parin,Kanun",
            ).code == 0  # fmt: skip
        for number in range(3 if year < 6 else 5):
            scene = "Hold the Last Gate" if year == 6 and number < 4 else "Chart the Old Rift"
            ran = cli(
                "scene", "record", "--campaign", "Brightdune", "--year", str(year),
                "--scene", scene, "--location", "Boar's Rift", "--choice", "stay",
                "--participants", "Parin", "--played", "Old Map", "--text", "",
                *(["--again"] if number else []),  # the same scene again, on purpose
            )  # fmt: skip
            assert ran.code == 0, ran.err
        ran = cli("year", "end", "--campaign", "Brightdune", "--year", str(year), "--result", "won")
        assert ran.code == 0, ran.err
    # 20 scenes of 5 points; +10 per won year 1-5; +3 per finale scene (4 of year 6's 5).
    assert "Brightdune Transformed" in ran.out
    assert "Campaign score: 162 (Champion of Brightdune)" in ran.out
    shown = cli("campaign", "show", "Brightdune", "--year", "2")
    assert "Year 2:" in shown.out and "Year 3:" not in shown.out


def test_starting_a_year_twice_or_out_of_order_is_refused(started) -> None:  # type: ignore[no-untyped-def]
    again = started(
        "year", "start", "--campaign", "Brightdune", "--year", "1",
        "--scheme", "Sow Discord", "--characters", "Parin",
    )  # fmt: skip
    assert again.code == 1 and "already recorded" in again.err
    early = started(
        "year", "start", "--campaign", "Brightdune", "--year", "2",
        "--scheme", "Sow Discord", "--characters", "Parin",
    )  # fmt: skip
    assert early.code == 1 and "year 1 of 'Brightdune' has not ended" in early.err


def test_campaign_list_and_unknown_campaign(started) -> None:  # type: ignore[no-untyped-def]
    listed = started("campaign", "list")
    assert listed.code == 0 and "Brightdune" in listed.out
    missing = started("campaign", "show", "Brightdun")
    assert missing.code == 1 and '"Brightdune"' in missing.err


def test_a_player_writes_their_characters_chronicle_after_the_year(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    early = started(
        "chronicle", "--campaign", "Brightdune", "--character", "Parin", "--year", "1",
        "--text", "Too soon.",
    )  # fmt: skip
    assert early.code == 1 and "has not ended" in early.err
    assert (
        started("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost").code
        == 0
    )
    ran = started(
        "chronicle", "--campaign", "Brightdune", "--character", "Parin", "--year", "1",
        "--text", "Parin kept the peace at the *Lantern Market*.",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        (parin,) = [c for c in ledger.characters(s, campaign) if c.name == "Parin"]
        entry = s.exec(select(ChronicleEntry).where(ChronicleEntry.character_id == parin.id)).one()
        assert entry.text == "Parin kept the peace at the *Lantern Market*."
        assert (entry.scheme, entry.result) == ("Sow Discord", "lost")
    wrong = started(
        "chronicle", "--campaign", "Brightdune", "--character", "Parn", "--year", "1", "--text", "x"
    )
    assert wrong.code == 1 and '"Parin"' in wrong.err


def test_an_epilogue_that_asks_to_choose_needs_the_choice(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    missing = started(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Chart the Old Rift", "--location", "Boar's Rift", "--participants", "Parin",
        "--text", "",
    )  # fmt: skip
    assert missing.code == 2 and "choose one: Stay or Abandon; give --choice" in missing.err
    wrong = record(started, "--choice", "Abandn", "--text", "")
    assert wrong.code == 1 and '"Abandon"' in wrong.err
    assert scenes(journal_path) == []
    assert record(started, "--choice", "abandon", "--text", "").code == 0
    ((scene, _),) = scenes(journal_path)
    assert scene.epilogue_choice == "Abandon"  # as the card prints it


def test_conditions_taken_go_on_the_sheet_and_in_the_chronicle(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    wrong = started(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost",
        "--condition", "Fuscus=Twisted Knee",
    )  # fmt: skip
    assert wrong.code == 1 and "'Fuscus' did not play in year 1" in wrong.err
    ran = started(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost",
        "--condition", "Parin=Twisted Knee",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        (parin,) = [c for c in ledger.characters(s, campaign) if c.name == "Parin"]
        sheet = ledger.sheet(s, parin, 1)
        assert sheet is not None and sheet.conditions == ["Twisted Knee"]
        entry = s.exec(select(ChronicleEntry).where(ChronicleEntry.character_id == parin.id)).one()
        assert entry.conditions == ["Twisted Knee"]
    setup = started("setup", "--campaign", "Brightdune")
    assert "Parin:" in setup.out and "Twisted Knee" in setup.out


def test_who_sat_last_year_out_trains_and_rests(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    cli = started
    assert cli("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost",
               "--condition", "Kanun=Twisted Knee").code == 0  # fmt: skip
    assert cli("year", "start", "--campaign", "Brightdune", "--year", "2", "--scheme",
               "Raise the Levy", "--characters", "Parin,Fuscus").code == 0  # fmt: skip
    assert (
        cli("year", "end", "--campaign", "Brightdune", "--year", "2", "--result", "lost").code == 0
    )
    year3 = ["year", "start", "--campaign", "Brightdune", "--year", "3", "--scheme",
             "Poison the Wells", "--characters", "Parin,Kanun"]  # fmt: skip
    played = cli(*year3, "--downtime", "Parin=lore,lore")
    assert played.code == 1 and "'Parin' played in year 2, so takes no downtime" in played.err
    unknown = cli(*year3, "--downtime", "Kanun=lore,lroe")
    assert unknown.code == 1 and "unknown skill 'lroe'" in unknown.err
    one = cli(*year3, "--downtime", "Kanun=lore")
    assert one.code == 2 and "two advances" in one.err
    ran = cli(*year3, "--downtime", "Kanun=lore,lore", "--recover", "Kanun=Twisted Knee")
    assert ran.code == 0, ran.err
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        (kanun,) = [c for c in ledger.characters(s, campaign) if c.name == "Kanun"]
        sheet = ledger.sheet(s, kanun, 3)
        assert sheet is not None and sheet.year == 3
        assert sheet.skills["lore"] == 2 and sheet.advances["lore"] == 0
        assert sheet.conditions == []
        assert ledger.sheet(s, kanun, 1).conditions == ["Twisted Knee"]  # type: ignore[union-attr]
        line = s.exec(
            select(ChronicleEntry).where(
                ChronicleEntry.character_id == kanun.id, ChronicleEntry.year == 2
            )
        ).one()
        assert line.downtime and line.advances == ["lore", "lore"]
        assert line.recovered == ["Twisted Knee"]


def test_a_scenes_story_can_be_rewritten_after_the_year(started, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert record(started, "--text", "").code == 0
    assert (
        started("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "won").code
        == 0
    )
    ran = started(
        "scene", "narrate", "--campaign", "Brightdune", "--year", "1", "--number", "1",
        "--text", "The rift sang back to us.", "--tier", "master", "--narrator", "Ana",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    ((scene, plays),) = scenes(journal_path)
    assert (scene.narration, scene.tier, scene.narrator) == (
        "The rift sang back to us.",
        TIERS[2],
        "Ana",
    )
    assert [p.card for p in plays] == ["Old Map", "Marsh Wraith"]  # the game facts stay
    missing = started(
        "scene", "narrate", "--campaign", "Brightdune", "--year", "1", "--number", "4",
        "--text", "x",
    )  # fmt: skip
    assert missing.code == 1 and "has no scene 4; its scenes: 1" in missing.err
