"""Fixing a mistake at the table: amend or delete a scene, reopen a year. Every change is kept
in the ledger's history, and the bundle export carries it."""

from __future__ import annotations

import json

import pytest
from test_table_refusals import AMBER, SCROLL, _refused, _scene

from journal.db import open_journal
from journal.six_winters import ledger

SPORES = ("Find the Source of the Gasping Spores", "Giant's Gate")
PLAIN = "Parin completes Decipher Gelshah's Scroll on skill matches alone."


@pytest.fixture
def two_scenes(real_cards, cli):  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    assert cli(
        "year", "start", "--campaign", "Brightdune", "--year", "1",
        "--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun",
    ).code == 0  # fmt: skip
    assert _scene(cli, *AMBER, "--played", "Wound Paste", "--text", "The wine.").code == 0
    assert _scene(cli, *SCROLL).code == 0
    return cli


def _year(journal_path, year: int = 1):  # type: ignore[no-untyped-def]
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        session = ledger.get_session(s, campaign, year)
        return session.result, [
            (sc.number, sc.scene, [p.card for p in ledger.plays_of(s, sc)], sc.narration)
            for sc in ledger.scenes_of(s, session)
        ]


def _sheet(journal_path, name: str):  # type: ignore[no-untyped-def]
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        character = next(c for c in ledger.characters(s, campaign) if c.name == name)
        found = ledger.sheet(s, character, 1)
        return dict(found.skills), dict(found.advances)


def test_a_deleted_scene_leaves_the_year_and_its_advance_the_sheet(
    two_scenes, journal_path
) -> None:  # type: ignore[no-untyped-def]
    with_both = _sheet(journal_path, "Parin")
    ran = two_scenes("scene", "delete", "--campaign", "Brightdune", "--year", "1", "--number", "1")
    assert ran.code == 0, ran.err
    assert _year(journal_path) == (None, [(1, SCROLL[0], [], PLAIN)])
    skills, marks = _sheet(journal_path, "Parin")
    assert (skills, marks) != with_both  # the steel advance of the deleted scene is gone
    # and the asset it spent can be spent again
    assert _scene(two_scenes, *SPORES, "--played", "Wound Paste", "--choice", "Stay").code == 0


def test_an_amended_scene_is_checked_by_the_rules_again(two_scenes, journal_path) -> None:  # type: ignore[no-untyped-def]
    amend = ("scene", "amend", "--campaign", "Brightdune", "--year", "1", "--number")
    ran = two_scenes(*amend, "2", "--played", "Pox Face")
    _refused(ran, "the campaign has no 'Pox Face' to play")
    assert _year(journal_path)[1][1] == (2, SCROLL[0], [], PLAIN)  # nothing changed
    ran = two_scenes(*amend, "2", "--played", "Whisper Drip")
    assert ran.code == 0, ran.err
    assert _year(journal_path)[1] == [
        (1, AMBER[0], ["Wound Paste"], "The wine."),
        (2, SCROLL[0], ["Whisper Drip"], PLAIN),
    ]
    # the first scene now spending what the second spends is refused
    _refused(two_scenes(*amend, "1", "--played", "Whisper Drip"), "already spent")


def test_a_reopened_year_is_in_play_with_its_scenes_and_ends_again(
    two_scenes, journal_path
) -> None:  # type: ignore[no-untyped-def]
    end = ("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost")
    assert two_scenes(*end).code == 0
    reopen = ("year", "reopen", "--campaign", "Brightdune", "--year", "1")
    ran = two_scenes(*reopen)
    assert ran.code == 0, ran.err
    result, scenes = _year(journal_path)
    assert result is None and [s[1] for s in scenes] == [AMBER[0], SCROLL[0]]
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        assert ledger.latest_state(s, campaign).year == 1  # year end's state is gone
    assert two_scenes(*end).code == 0
    _refused(two_scenes("scene", "delete", "--campaign", "Brightdune", "--year", "1",
                        "--number", "1"), "has ended", "year reopen")  # fmt: skip


def test_every_change_is_kept_and_the_bundle_carries_it(two_scenes, journal_path, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert (
        two_scenes(
            "scene", "delete", "--campaign", "Brightdune", "--year", "1", "--number", "1"
        ).code
        == 0
    )
    listed = two_scenes("history", "--campaign", "Brightdune")
    assert listed.code == 0
    verbs = [line.split(" ", 2)[2].split(":")[0] for line in listed.out.splitlines()]
    assert verbs == ["year start", "scene record", "scene record", "scene delete"]
    out = tmp_path / "b.json"
    assert two_scenes("export", "--campaign", "Brightdune", "--out", str(out)).code == 0
    bundle = json.loads(out.read_text())
    deleted = bundle["history"][-1]["before"]["campaign"]["own"]["years"][0]["scenes"][0]
    assert deleted["scene"] == AMBER[0] and deleted["narration"] == "The wine."  # not lost
    other = tmp_path / "other.db"
    assert two_scenes("import", str(out), db=other).code == 0
    again = tmp_path / "again.json"
    ran = two_scenes("export", "--campaign", "Brightdune", "--out", str(again), db=other)
    assert ran.code == 0 and again.read_text() == out.read_text()


def test_a_bundle_whose_history_is_not_a_campaign_is_refused(two_scenes, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "b.json"
    assert two_scenes("export", "--campaign", "Brightdune", "--out", str(out)).code == 0
    bundle = json.loads(out.read_text())
    bundle["history"][0]["before"]["campaign"]["sessions"] = "<script>"
    out.write_text(json.dumps(bundle))
    ran = two_scenes("import", str(out), db=tmp_path / "other.db")
    assert ran.code == 1 and "history[0].before.campaign.sessions" in ran.err
    assert not (tmp_path / "other.db").exists() or "Brightdune" not in ran.out


@pytest.mark.parametrize(
    ("extra", "code", "said"),
    [
        (("--number", "2", "--participants", " , "), 2, "a scene needs its participants"),
        (("--number", "2"), 2, "say what to amend"),
        (("--number", "9", "--choice", "Stay"), 1, "has no scene 9; its scenes: 1, 2"),
        (("--number", "2", "--played", "Whisper Drip@\x00"), 1, "who is not in the scene"),
        (("--number", "2", "--location", "Giants Gate"), 1, 'did you mean "Giant\'s Gate"'),
        (("--number", "0", "--choice", "Stay"), 2, "--number"),
    ],
)
def test_a_bad_amend_changes_nothing(two_scenes, journal_path, extra, code, said) -> None:  # type: ignore[no-untyped-def]
    before = _year(journal_path)
    ran = two_scenes("scene", "amend", "--campaign", "Brightdune", "--year", "1", *extra)
    assert ran.code == code and said in ran.err and "Traceback" not in ran.err, ran.err
    assert _year(journal_path) == before


def test_only_the_last_year_reopens(two_scenes) -> None:  # type: ignore[no-untyped-def]
    reopen = ("year", "reopen", "--campaign", "Brightdune", "--year", "1")
    _refused(two_scenes(*reopen), "is in play already")
    end = ("year", "end", "--campaign", "Brightdune", "--result", "lost")
    assert two_scenes(*end, "--year", "1").code == 0
    assert two_scenes(
        "year", "start", "--campaign", "Brightdune", "--year", "2",
        "--scheme", "Mobilize War Machines", "--characters", "Parin,Kanun",
    ).code == 0  # fmt: skip
    _refused(two_scenes(*reopen), "year 2 of 'Brightdune' came after year 1")
