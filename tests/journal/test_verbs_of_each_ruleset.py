"""Each ruleset's table verbs on the command line: a verb of one ruleset's table used on a
campaign of another is refused in one line naming the verb that does the same there, with
nothing written; and a verb that takes a ruleset, given none, takes the current campaign's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal.cli import main


@pytest.fixture
def two_campaigns(sqlite_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A journal holding 'Bright' (Six Winters) and 'Salt Roads' (Tags and Tracks)."""
    monkeypatch.setenv("CHRONICLER_DB", str(sqlite_path))
    assert main(["campaign", "start", "Bright"]) == 0
    assert main(["campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks"]) == 0
    return sqlite_path


def said(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("verb", "campaign", "says"),
    [
        (
            ["year", "start", "--scheme", "Sow Discord in Brightdune", "--characters", "A,B"],
            "Salt Roads",
            "'year start' is a verb of the Six Winters table; 'Salt Roads' plays "
            "tags-and-tracks: to start a session there, use 'chronicler session start'",
        ),
        (
            ["scene", "narrate", "--number", "1", "--text", "Rain."],
            "Salt Roads",
            "to tell the story there, use 'chronicler narrate'",
        ),
        (
            ["session", "start", "The Market", "--text", "Rain."],
            "Bright",
            "'session start' is a verb of the Tags and Tracks table; 'Bright' plays "
            "six-winters: to start a session there, use 'chronicler year start'",
        ),
        (
            ["track", "add", "Guards", "--clock", "4"],
            "Bright",
            "'track add' is a verb of the Tags and Tracks table; 'Bright' plays six-winters: "
            "its table verbs are setup, year, scene, chronicle",
        ),
    ],
)
def test_a_verb_of_another_rulesets_table_is_refused_naming_the_right_one(
    two_campaigns: Path,
    capsys: pytest.CaptureFixture[str],
    verb: list[str],
    campaign: str,
    says: str,
) -> None:
    code, out, err = said(capsys, *verb, "--campaign", campaign)
    assert code == 2
    assert says in err and err.count("\n") == 1 and "Traceback" not in out + err
    _, shown, _ = said(capsys, "history", "--campaign", campaign)
    assert "No changes kept" in shown  # nothing was written


def test_the_current_campaigns_verb_is_refused_the_same_way(
    two_campaigns: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert said(capsys, "use", "Salt Roads")[0] == 0
    code, _, err = said(capsys, "year", "end", "--result", "won")
    assert code == 2 and "'year end' is a verb of the Six Winters table" in err


def test_a_roll_for_a_campaign_of_another_ruleset_is_refused(
    two_campaigns: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = said(
        capsys, "roll", "--character", "Brick", "--skill", "bash", "--campaign", "Bright"
    )
    assert code == 2
    assert "'roll' is a verb of the Tags and Tracks table; 'Bright' plays six-winters" in err


def test_a_verb_given_no_ruleset_takes_the_current_campaigns(
    two_campaigns: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert said(capsys, "use", "Salt Roads")[0] == 0
    assert said(capsys, "odds", "--level", "2") == said(
        capsys, "odds", "tags-and-tracks", "--level", "2"
    )
    assert said(capsys, "use", "Bright")[0] == 0
    inferred = said(capsys, "cards", "--kind", "scheme", "--format", "json")
    assert inferred == said(capsys, "cards", "six-winters", "--kind", "scheme", "--format", "json")
    assert len(json.loads(inferred[1])) > 5
    played = said(capsys, "play", "--seed", "2", "--bot", "random", "--json")
    assert played == said(capsys, "play", "six-winters", "--seed", "2", "--bot", "random", "--json")
    assert played[0] == 0


def test_with_no_ruleset_and_no_current_campaign_the_verb_says_what_to_give(
    sqlite_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CHRONICLER_DB", str(sqlite_path))
    code, _, err = said(capsys, "odds")
    assert code == 2
    assert "no ruleset given, and no current campaign to take it from" in err
    assert "chronicler use NAME" in err
