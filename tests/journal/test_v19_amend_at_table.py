"""A year of Six Winters v19.7 played at the table, an answer amended (issue 26): 'chronicler
entry amend N answer TYPED' plays the year again from its seed with the new answer and every
later one, and the year then leaves the campaign the state the engine's year leaves from the
same answers; a move of an earlier year whose later answers no longer fit is refused in one
line, with nothing written."""

from __future__ import annotations

import io
import re
import sys
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

V19 = registry.find("six-winters-v19")


class LastOption(io.StringIO):
    """The person at the terminal: the last option of every menu (an action phase's "pass"),
    Enter at a hand-over screen."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        shown = sys.stdout.getvalue().rstrip().rpartition("\n")[2]  # type: ignore[attr-defined]
        asked = re.search(r"a number, 1 to (\d+)", shown)
        return f"{asked.group(1)}\n" if asked else "\n"


def _games(journal_path: Path) -> list[dict[str, Any]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        return games_of(s, ledger.get_campaign(s, "Table"))


def _numbers(journal_path: Path) -> list[tuple[int, str, str]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        rows = ledger.entries(s, ledger.get_campaign(s, "Table"))
        return [(e.number, e.kind, e.summary) for e in rows]


def _engine_year(seed: int, answers: list[Any], carried: dict[str, Any]) -> dict[str, Any]:
    assert V19.engine is not None and V19.bots is not None
    game = V19.engine.new_game(
        GameSetup(seed=seed, seats=1, carried=carried), V19.bots.make("random", seed)
    )
    for answer in answers:
        game.apply(answer)
    assert game.pending() is None
    return dict(V19.engine.outcome(game).carried)


def _year(cli: Callable[..., Ran], seed: int) -> None:
    ran = cli(
        "play", "six-winters-v19", "--players", "1", "--people", "1", "--seed", str(seed),
        "--campaign", "Table",
    )  # fmt: skip
    assert ran.code == 0, ran.err


def _first_move(journal_path: Path, game: int) -> int:
    """The first action of game ``game`` (after the mission each player takes at setup)."""
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Table")
        session = ledger.sessions_of(s, campaign)[game - 1]
        return next(
            e.number
            for e in ledger.entries(s, campaign)
            if e.session_id == session.id and e.kind == "move" and "what do you do" in e.summary
        )


def _last_move(journal_path: Path) -> int:
    return max(n for n, kind, _ in _numbers(journal_path) if kind == "move")


def test_an_answer_amended_leaves_the_state_the_engine_leaves_from_the_same_answers(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", LastOption())
    _year(cli, 4)
    (before,) = _games(journal_path)
    # the year's last answer, a pass, becomes the first option of its question (an action, which
    # may ask more: the year is then left stopped, and played on with --resume)
    ran = cli("entry", "amend", str(_last_move(journal_path)), "answer", "1", "--campaign", "Table")
    assert ran.code == 0, ran.err
    (year,) = _games(journal_path)
    if year["result"] is None:
        ran = cli("play", "six-winters-v19", "--campaign", "Table", "--resume")
        assert ran.code == 0, ran.err
        (year,) = _games(journal_path)
    answers = [m["answer"] for m in year["moves"]]
    kept = len(before["moves"]) - 1
    assert answers[:kept] == [m["answer"] for m in before["moves"]][:kept]
    assert answers[kept] != before["moves"][-1]["answer"]
    assert year["result"]["carried"] == _engine_year(4, answers, {})
    assert "entry amend" in cli("history", "--campaign", "Table").out


def test_a_move_of_an_earlier_year_its_later_answers_no_longer_fit_writes_nothing(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an earlier year is played again with every later year after it
    # (tests/journal/test_world_amend_earlier_game.py); here its next pass no longer fits
    monkeypatch.setattr("sys.stdin", LastOption())
    _year(cli, 4)
    _year(cli, 5)
    kept = _numbers(journal_path)
    move = _first_move(journal_path, 1)
    ran = cli("entry", "amend", str(move), "answer", "1", "--campaign", "Table")
    assert ran.code == 1
    assert f"entry amend {move}: game 1 played again leaves entry {move + 1}" in ran.err
    assert _numbers(journal_path) == kept
