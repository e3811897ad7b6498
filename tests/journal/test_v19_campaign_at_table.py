"""A year of Six Winters v19.7 played at the table gives the campaign the state a year played by
the engine gives (the shape of v25.1's tests/rules/six_winters/test_table_year.py): a person at
the terminal ('chronicler play six-winters-v19 --people 1 --campaign NAME') answers every
question (here: the last option, an action phase's "pass"); the same answers given to the
engine's game from the same seed leave the same
campaign state (every number carried, every card burnt). The next year, played by bots, goes on
from the year the table recorded, and a year the table stopped is played on (--resume) from the
campaign's state too; a year undone is played again from the year before it."""

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
    """The person at the terminal: at every question, the last option of its menu (an action
    phase's "pass"; the table reads the screen, here what was printed last); Enter at a
    hand-over screen. ``left``: how many answers before the input closes."""

    def __init__(self, left: int = 100_000) -> None:
        super().__init__()
        self.left = left

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.left <= 0:
            return ""
        self.left -= 1
        shown = sys.stdout.getvalue().rstrip().rpartition("\n")[2]  # type: ignore[attr-defined]
        asked = re.search(r"a number, 1 to (\d+)", shown)
        return f"{asked.group(1)}\n" if asked else "\n"


def results(journal_path: Path, name: str) -> list[dict[str, Any]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        return [g["result"] for g in games_of(s, ledger.get_campaign(s, name))]


def engine_year(seed: int, carried: dict[str, Any]) -> dict[str, Any]:
    """What the engine's game leaves, the last option taken at every question."""
    assert V19.engine is not None and V19.bots is not None
    game = V19.engine.new_game(
        GameSetup(seed=seed, seats=1, carried=carried), V19.bots.make("random", seed)
    )
    while (decision := game.pending()) is not None:
        game.apply(decision.options[-1])
    return dict(V19.engine.outcome(game).carried)


def at_table(cli: Callable[..., Ran], name: str, seed: int, *more: str) -> Ran:
    return cli(
        "play", "six-winters-v19", "--players", "1", "--people", "1", "--seed", str(seed),
        "--campaign", name, *more,
    )  # fmt: skip


def test_a_year_at_the_table_leaves_the_state_the_engine_leaves(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", LastOption())
    ran = at_table(cli, "Table", 4)
    assert ran.code == 0, ran.err
    assert "Recorded game 1 into campaign Table" in ran.out
    (year_one,) = results(journal_path, "Table")
    assert year_one["carried"] == engine_year(4, {})
    assert year_one["carried"]["numbers"][""]["year"] == 2
    # year 2 at the table goes on from it, as the engine's year 2 from the engine's year 1
    monkeypatch.setattr("sys.stdin", LastOption())
    assert at_table(cli, "Table", 5).code == 0
    year_two = results(journal_path, "Table")[-1]
    assert year_two["carried"] == engine_year(5, engine_year(4, {}))
    assert year_two["carried"]["numbers"][""]["year"] == 3


def test_bots_play_on_from_the_tables_year_and_again_after_an_undo(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", LastOption())
    assert at_table(cli, "Mixed", 4).code == 0
    by_bots = cli("play", "six-winters-v19", "--seed", "2", "--campaign", "Mixed")
    assert by_bots.code == 0 and "year now 3" in by_bots.out
    table_year, bot_year = results(journal_path, "Mixed")
    first = table_year["carried"]["burnt"]  # progress cards and the locations burnt
    assert bot_year["carried"]["burnt"][: len(first)] == first
    assert cli("undo", "--campaign", "Mixed").code == 0  # the bots' year taken back
    assert results(journal_path, "Mixed") == [table_year]
    again = cli("play", "six-winters-v19", "--seed", "2", "--campaign", "Mixed")
    assert again.code == 0 and "year now 3" in again.out  # from the table's year again
    assert results(journal_path, "Mixed") == [table_year, bot_year]


def test_a_year_stopped_at_the_table_is_played_on_from_the_campaigns_state(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli("play", "six-winters-v19", "--seed", "1", "--campaign", "Paused").code == 0
    monkeypatch.setattr("sys.stdin", LastOption(left=5))  # the input closes mid-year
    stopped = at_table(cli, "Paused", 4)
    assert "Recorded game 1" not in stopped.out
    monkeypatch.setattr("sys.stdin", LastOption())
    resumed = cli("play", "six-winters-v19", "--campaign", "Paused", "--resume")
    assert resumed.code == 0, resumed.err
    first, second = results(journal_path, "Paused")
    assert second["carried"] == engine_year(4, first["carried"])
    assert second["carried"]["numbers"][""]["year"] == 3
