"""People at the table type their dice (issue 35, item 6): 'chronicler play seasons --people 1
--dice table' asks the terminal for the face of every die the game rolls (which die, for whom,
its faces), refuses a face the die does not have without losing the game, and records each
typed roll as a move, so --resume plays on from it and the published game says so."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from journal_testing import Ran

from journal import ledger
from journal.db import open_journal
from journal.world.recording import games_of

# the setup's invasion, typed: a bad face, then two monsters (5) on face 6 (South Mine), then
# one monster (1) on face 9 (East Mine); every later question: its first option, every die 1
SETUP_DICE = "9\n5\n6\n1\n0\n9\n"


def _game(journal_path: Path, name: str) -> dict[str, Any]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        games = games_of(s, ledger.get_campaign(s, name))
    return dict(games[-1])


def _rolls(game: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(m["asked"], m["answer"]) for m in game["moves"] if m["player"] == ""]


def test_the_dice_typed_at_the_table_decide_the_game_and_are_recorded(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(SETUP_DICE + "1\n" * 4000))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    out = ran.out
    assert "The table rolls. Roll the Monster die (a d6): the face the die shows" in out
    assert "9: not a face of this die (1 to 6)" in out  # refused, asked again
    assert "0: not a face of this die (1 to 12)" in out
    # the faces typed chose how many monsters and where
    assert "2 monster placed on South Mine (2 there)" in out
    assert "1 monster placed on East Mine (1 there)" in out
    assert "Game over" in out and "Recorded game 1 into campaign Dice" in out

    game = _game(journal_path, "Dice")
    assert game["game"]["dice"] == "table"
    rolls = _rolls(game)
    assert rolls[:4] == [
        ("Roll the Monster die (a d6): the face the die shows", 5),
        ("Roll the location die (a d12): the face the die shows", 6),
        ("Roll the Monster die (a d6): the face the die shows", 1),
        ("Roll the location die (a d12): the face the die shows", 9),
    ]
    assert all(face == 1 for _, face in rolls[4:])  # every later die: the 1 typed
    told = [line for m in game["moves"] for line in m["happened"] if "rolled" in line]
    assert len(told) == len(rolls)  # each typed roll told with its move, as the rules read it
    assert game["result"]["winners"]

    listed = cli("entry", "list", "--campaign", "Dice")
    assert "the table: Roll the Monster die (a d6): the face the die shows: 5" in listed.out


def test_a_game_with_the_tables_dice_stopped_is_played_on_with_the_faces_typed(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("5\n6\n"))  # the input closes at the 3rd die
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    assert ran.code == 2 and "recorded up to there" in ran.err
    assert _rolls(_game(journal_path, "Dice")) == [
        ("Roll the Monster die (a d6): the face the die shows", 5),
        ("Roll the location die (a d12): the face the die shows", 6),
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n9\n" + "1\n" * 4000))
    ran = cli("play", "seasons", "--campaign", "Dice", "--resume")
    assert ran.code == 0, ran.err
    assert "after its 2 answers" in ran.out
    assert "The table rolls. Roll the Monster die" in ran.out  # still the table's dice
    game = _game(journal_path, "Dice")
    assert [face for _, face in _rolls(game)][:4] == [5, 6, 1, 9]
    assert game["result"]["winners"] and game["stopped"] is None


def test_the_game_page_says_the_dice_were_typed_at_the_table(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from journal.world.site import build, game_page, read_games

    monkeypatch.setattr("sys.stdin", io.StringIO(SETUP_DICE + "1\n" * 4000))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    with open_journal(journal_path) as journal, journal.reading() as s:
        page = build(read_games(s, "Dice")).pages[game_page(1)]
    assert "seed 5; played by person, heuristic; the dice typed at the table." in page
    assert "Monster die rolled 5: 2 monsters" in page  # each typed face on the game's page


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--dice", "table"), "--dice table: the dice are typed by people at the table"),
        (("--people", "1", "--dice", "loaded"), "--dice 'loaded': generator or table"),
    ],
)
def test_table_dice_refusals_name_the_option(
    cli: Callable[..., Ran], args: tuple[str, ...], said: str
) -> None:
    ran = cli("play", "seasons", "--players", "2", *args)
    assert ran.code == 2 and said in ran.err, ran.err


def test_undo_takes_a_typed_roll_back_and_the_table_rolls_it_again(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("5\n6\n"))  # the input closes at the 3rd die
    cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    for _ in range(2):  # the stop, then the location die's 6
        undone = cli("undo", "--campaign", "Dice")
        assert undone.code == 0, undone.err
    assert _rolls(_game(journal_path, "Dice")) == [
        ("Roll the Monster die (a d6): the face the die shows", 5)
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n1\n9\n" + "1\n" * 4000))
    ran = cli("play", "seasons", "--campaign", "Dice", "--resume")
    assert ran.code == 0, ran.err
    assert "after its 1 answers" in ran.out
    assert "2 monster placed on North Farm (2 there)" in ran.out  # the face typed again: 2
    assert [face for _, face in _rolls(_game(journal_path, "Dice"))][:4] == [5, 2, 1, 9]
