"""A mistyped roll, hit, consequence, track change or XP change of a Tags and Tracks campaign
is fixed as a Six Winters scene is: 'entry amend N VERB ...' records it again in its place,
'entry delete N' takes it out, 'undo' puts back what stood before the last change, and
'history' lists every change, undos included. All through the command line."""

from __future__ import annotations

from typing import Any

import pytest
from gm_table import refused

from journal import ledger, log
from journal.db import open_journal


def table_now(journal_path: Any) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The sheets and tracks as the campaign's entries leave them, and the log's lines."""
    with open_journal(journal_path, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Salt Roads")
        now = log.state_now(s, campaign)
        lines = log.listing(s, campaign)
    sheets = {name: sheet.model_dump(mode="json") for name, sheet in now.sheets.items()}
    tracks = {name: state.model_dump(mode="json") for name, state in now.tracks.items()}
    return sheets, tracks, lines


def ok(done: Any) -> str:
    assert done.code == 0, done.err
    return str(done.out)


# (what is recorded, the words that record it, the words that record it right, what each
# leaves on the table)
KINDS = {
    "roll": (
        ("roll", "--character", "Brick", "--skill", "fight", "--dice", "4,5"),
        ("roll", "--character", "Brick", "--skill", "fight", "--dice", "1,2"),
        lambda sheets, tracks, lines: lines[2:],  # what the dice came to
    ),
    "hit": (
        ("hit", "Brick", "--stat", "STR", "--hits", "1"),
        ("hit", "Brick", "--stat", "STR", "--hits", "3", "--what", "broken arm"),
        lambda sheets, tracks, lines: (
            sheets["Brick"]["stats"][0],
            sheets["Brick"]["consequences"],
        ),
    ),
    "consequence": (
        ("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprain"),
        ("consequence", "take", "Brick", "--stat", "DEX", "--hits", "2", "--what", "cut"),
        lambda sheets, tracks, lines: sheets["Brick"]["consequences"],
    ),
    "track": (
        ("track", "tick", "Guards", "--by", "3"),
        ("track", "tick", "Guards", "--by", "1"),
        lambda sheets, tracks, lines: tracks["Guards"]["value"],
    ),
    "xp": (
        ("xp", "gain", "Brick", "2", "--why", "a good scene"),
        ("xp", "gain", "Brick", "3", "--why", "a better scene"),
        lambda sheets, tracks, lines: sheets["Brick"]["xp"],
    ),
}


@pytest.fixture
def guarded(table):  # type: ignore[no-untyped-def]
    """The table with a clock (entry 2), so that every kind has something to change."""
    ok(table("track", "add", "Guards", "--clock", "6"))
    return table


@pytest.mark.parametrize("kind", KINDS)
def test_an_entry_is_amended_and_the_amendment_undone(guarded, journal_path, kind) -> None:  # type: ignore[no-untyped-def]
    wrong, right, seen = KINDS[kind]
    before = table_now(journal_path)
    told = ok(guarded(*wrong))
    assert told.splitlines()[-1].startswith("3. ") or "as entry 3" in told
    mistaken = table_now(journal_path)
    assert seen(*mistaken) != seen(*before)

    amended = ok(guarded("entry", "amend", "3", *right))
    fixed = table_now(journal_path)
    assert seen(*fixed) != seen(*mistaken)
    assert len(fixed[2]) == len(mistaken[2])  # in its place, not after it
    assert "3. " in amended or "entry 3" in amended

    ok(guarded("undo"))
    assert table_now(journal_path) == mistaken
    history = ok(guarded("history")).splitlines()
    assert "entry amend (" in history[-2] and ": entry 3: " in history[-2]
    assert "undo: took back" in history[-1]


@pytest.mark.parametrize("kind", KINDS)
def test_an_entry_is_deleted_and_the_deletion_undone(guarded, journal_path, kind) -> None:  # type: ignore[no-untyped-def]
    wrong, _, _ = KINDS[kind]
    before = table_now(journal_path)
    ok(guarded(*wrong))
    recorded = table_now(journal_path)

    gone = ok(guarded("entry", "delete", "3"))
    assert "Deleted entry 3" in gone and "kept in the history" in gone
    assert table_now(journal_path)[:2] == before[:2]
    assert not any(line.startswith("3. ") for line in table_now(journal_path)[2])

    ok(guarded("undo"))
    assert table_now(journal_path) == recorded
    history = ok(guarded("history")).splitlines()
    assert "entry delete: entry 3" in history[-2]
    assert "undo: took back" in history[-1]


def test_undo_goes_back_change_by_change_to_the_recording_itself(guarded, journal_path) -> None:  # type: ignore[no-untyped-def]
    before = table_now(journal_path)
    ok(guarded("xp", "gain", "Brick", "2", "--why", "a good scene"))
    ok(guarded("entry", "amend", "3", "xp", "gain", "Brick", "3", "--why", "a better one"))
    assert table_now(journal_path)[0]["Brick"]["xp"] == 3
    ok(guarded("undo"))  # the amendment
    assert table_now(journal_path)[0]["Brick"]["xp"] == 2
    ok(guarded("undo"))  # the gain itself
    assert table_now(journal_path) == before
    history = ok(guarded("history")).splitlines()
    verbs = [line.split(" ", 2)[2].split(":")[0] for line in history[-4:]]
    assert verbs == ["xp gain", "entry amend (xp gain)", "undo", "undo"]


def test_taking_out_an_entry_runs_the_later_ones_again_through_the_rules(
    table, journal_path
) -> None:  # type: ignore[no-untyped-def]
    # a second -1 on strength is promoted to -2; with the first taken out it is a -1 again
    ok(table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "sprain"))
    ok(table("consequence", "take", "Brick", "--stat", "STR", "--hits", "1", "--what", "bruise"))
    assert [c["level"] for c in table_now(journal_path)[0]["Brick"]["consequences"]] == [1, 2]
    ok(table("entry", "delete", "2"))
    assert table_now(journal_path)[0]["Brick"]["consequences"] == [
        {"name": "bruise", "stat": "strength", "level": 1}
    ]
    ok(table("undo"))
    assert [c["level"] for c in table_now(journal_path)[0]["Brick"]["consequences"]] == [1, 2]


def test_a_fix_the_later_entries_cannot_follow_is_refused_and_nothing_changes(
    table, journal_path
) -> None:  # type: ignore[no-untyped-def]
    ok(table("xp", "gain", "Brick", "3", "--why", "a good scene"))
    ok(table("xp", "spend", "Brick", "--flashback", "The cook had hidden a knife."))
    before = table_now(journal_path)
    line = refused(table("entry", "delete", "2"))  # the flashback's XP would be gone
    assert "entry 3" in line and "nothing changed" in line
    assert table_now(journal_path) == before


def test_an_entry_that_is_not_there_is_refused_in_one_line(table) -> None:  # type: ignore[no-untyped-def]
    assert "entry 9" in refused(table("entry", "delete", "9"))
    assert "entry 9" in refused(table("entry", "amend", "9", "xp", "gain", "Brick", "1"))
