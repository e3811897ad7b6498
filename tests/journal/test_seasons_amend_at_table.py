"""Fixing a game played at the table (issue 26): 'chronicler entry amend N answer TYPED' replaces
an answer of the campaign's last game (a die typed, a choice) and plays the game again from its
seed with every later answer as recorded, so what followed changes with it; a later answer the
game no longer offers refuses the fix in one line naming that entry, with nothing written;
'entry delete N' of an answer likewise; 'history' lists the fix and 'undo' takes it back."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from journal_testing import Ran

from dsl.contract import GameSetup
from journal import ledger
from journal.db import open_journal
from journal.world.recording import games_of
from rules import registry

SEASONS = registry.find("seasons")
# the setup's invasion typed (two monsters on face 6, one on face 9), then every question its
# first option and every later die a 1: the game of tests/journal/test_seasons_dice_at_table.py
TYPED = "5\n6\n1\n9\n" + "1\n" * 4000
MONSTER_DIE = 2  # entry 1 is the game begun; entry 2 the first die typed, a 5


@pytest.fixture
def played(cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch) -> Ran:
    monkeypatch.setattr("sys.stdin", io.StringIO(TYPED))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    return ran


def _rows(journal_path: Path) -> list[tuple[int, str, str, dict[str, Any]]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Dice")
        return [(e.number, e.kind, e.summary, dict(e.payload)) for e in ledger.entries(s, campaign)]


def _game(journal_path: Path) -> dict[str, Any]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        return dict(games_of(s, ledger.get_campaign(s, "Dice"))[-1])


def _engine_result(answers: list[Any]) -> dict[str, Any]:
    """The scores the engine's own game gives from the same seed and answers."""
    assert SEASONS.engine is not None and SEASONS.bots is not None
    game = SEASONS.engine.new_game(
        GameSetup(seed=5, seats=2, options={"dice": "table"}), SEASONS.bots.make("heuristic", 5)
    )
    for answer in answers:
        game.apply(answer)
    assert game.pending() is None
    return dict(SEASONS.engine.outcome(game).scores)


def test_an_amended_die_is_played_on_with_every_later_answer(
    played: Ran, cli: Callable[..., Ran], journal_path: Path
) -> None:
    before = _game(journal_path)
    ran = cli("entry", "amend", str(MONSTER_DIE), "answer", "2", "--campaign", "Dice")
    assert ran.code == 0, ran.err
    assert f"Amended entry {MONSTER_DIE}" in ran.out and "the answer '2' in place of '5'" in ran.out

    after = _game(journal_path)
    answers = [m["answer"] for m in after["moves"]]
    assert answers[0] == 2 and answers[1:] == [m["answer"] for m in before["moves"]][1:]
    # what followed the location die is the rules': a Monster die's 2 places one, its 5 two
    assert "1 monster placed on South Mine (1 there)" in after["moves"][1]["happened"]
    assert "2 monster placed on South Mine (2 there)" in before["moves"][1]["happened"]
    # the result is the engine's from the same answers, and it changed with the die
    assert after["result"]["scores"] == _engine_result(answers)
    assert after["result"]["scores"] != before["result"]["scores"]

    listed = cli("history", "--campaign", "Dice")
    assert f"entry amend: entry {MONSTER_DIE}: the table: Roll the Monster die" in listed.out


def test_undo_puts_the_game_back_as_it_was_played(
    played: Ran, cli: Callable[..., Ran], journal_path: Path
) -> None:
    as_played = _rows(journal_path)
    assert cli("entry", "amend", str(MONSTER_DIE), "answer", "2", "--campaign", "Dice").code == 0
    assert _rows(journal_path) != as_played
    undone = cli("undo", "--campaign", "Dice")
    assert undone.code == 0, undone.err
    assert _rows(journal_path) == as_played


def _history(cli: Callable[..., Ran]) -> str:
    return cli("history", "--campaign", "Dice").out


def test_an_amend_a_later_answer_no_longer_fits_is_refused_and_writes_nothing(
    played: Ran, cli: Callable[..., Ran], journal_path: Path
) -> None:
    as_played, kept = _rows(journal_path), _history(cli)
    # p1's first order placed elsewhere: p1's second order, Work on Summer, is no longer free
    ran = cli("entry", "amend", "9", "answer", "2", "--campaign", "Dice")
    assert ran.code == 1
    assert ran.err.strip().count("\n") == 0
    assert "leaves entry 11 (p1: Player 1: place an order" in ran.err
    assert "'Work on Summer, face down' is no longer offered; nothing changed" in ran.err
    assert _rows(journal_path) == as_played and _history(cli) == kept


def test_deleting_an_answer_plays_the_game_on_without_it_or_is_refused(
    played: Ran, cli: Callable[..., Ran], journal_path: Path
) -> None:
    as_played = _rows(journal_path)
    ran = cli("entry", "delete", "12", "--campaign", "Dice")
    assert ran.code == 1 and "leaves entry 13" in ran.err and "nothing changed" in ran.err
    assert _rows(journal_path) == as_played
    # a location die taken out: the die is asked again, and p1's order that follows is no face
    ran = cli("entry", "delete", "8", "--campaign", "Dice")
    assert ran.code == 1 and "leaves entry 9 (p1: Player 1: place an order" in ran.err
    assert _rows(journal_path) == as_played
    # the game's last answer taken out: the game asks for it, so it is left stopped
    last = max(n for n, kind, _, _ in as_played if kind == "move")
    ran = cli("entry", "delete", str(last), "--campaign", "Dice")
    assert ran.code == 0, ran.err
    game = _game(journal_path)
    assert game["result"] is None and "asks more than was answered" in game["stopped"]["why"]
    assert len(game["moves"]) == len([r for r in as_played if r[1] == "move"]) - 1
    assert cli("undo", "--campaign", "Dice").code == 0
    assert _rows(journal_path) == as_played


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["2", "answer", "9"], "'9' is not a face of the die it rolled (1 to 6)"),
        (["2", "hit", "Brick"], "takes its new answer as typed at the table"),
        (["9", "answer", "0"], "'0' is not a number, 1 to"),
    ],
)
def test_a_bad_answer_is_a_usage_error(
    played: Ran, cli: Callable[..., Ran], journal_path: Path, words: list[str], says: str
) -> None:
    as_played = _rows(journal_path)
    ran = cli("entry", "amend", *words, "--campaign", "Dice")
    assert ran.code == 2 and says in ran.err, ran.err
    assert _rows(journal_path) == as_played


def test_a_stopped_game_amended_stays_stopped_and_is_played_on(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n6\n"))  # the input closes at the 3rd die
    cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    assert "1 monster placed on South Mine" in _game(journal_path)["moves"][1]["happened"][1]
    ran = cli("entry", "amend", str(MONSTER_DIE), "answer", "5", "--campaign", "Dice")
    assert ran.code == 0, ran.err
    game = _game(journal_path)
    assert [m["answer"] for m in game["moves"]] == [5, 6]
    assert game["stopped"] is not None and game["result"] is None
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n9\n" + "1\n" * 4000))
    ran = cli("play", "seasons", "--campaign", "Dice", "--resume")
    assert ran.code == 0, ran.err
    assert "after its 2 answers" in ran.out
    assert "2 monster placed on South Mine (2 there)" in _game(journal_path)["moves"][1]["happened"]
