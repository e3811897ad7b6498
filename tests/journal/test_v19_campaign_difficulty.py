"""A campaign's difficulty at the command line: 'chronicler play six-winters-v19 --campaign X
--choose difficulty=tragedy' starts the campaign at Tragedy Incarnate (every threat marker on
the ninth space), and the campaign's next session keeps it; a new campaign at a terminal is
asked (the bots' Standard offered), with no terminal Standard stands; a difficulty the text
does not name, a choice it does not declare or choosing again later is refused in one line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import journal.play
from journal import ledger
from journal.db import open_journal
from journal.world.recording import games_of

RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def left(cli: Any, name: str) -> dict[str, int]:
    """The numbers of the game the campaign's last session left."""
    ran = cli("campaign", "show", name, "--json")
    assert ran.code == 0, ran.err
    return dict(json.loads(ran.out)["games"][-1]["result"]["carried"]["numbers"][""])


def test_the_difficulty_chosen_is_the_campaigns_and_the_next_session_keeps_it(cli: Any) -> None:
    first = cli(
        "play", "six-winters-v19", "--seed", "1", "--campaign", "Hard", "--choose",
        "difficulty=tragedy", "--json",
    )  # fmt: skip
    assert first.code == 0, first.err
    events = [json.loads(line) for line in first.out.splitlines()]
    set_up = [
        e for e in events if e["kind"] == "value_changed" and e["property"].endswith(" threat")
    ]
    assert {e["after"] for e in set_up[:6]} == {9}  # Set Initial Threat Levels: the ninth space
    assert left(cli, "Hard")["difficulty"] == 4  # the fourth member
    second = cli("play", "six-winters-v19", "--seed", "2", "--campaign", "Hard")
    assert second.code == 0, second.err
    assert left(cli, "Hard")["difficulty"] == 4
    again = cli(
        "play", "six-winters-v19", "--seed", "3", "--campaign", "Hard", "--choose",
        "difficulty=cakewalk",
    )  # fmt: skip
    assert again.code == 2 and "Traceback" not in again.err
    assert "chose its difficulty when it started (tragedy), and keeps it" in again.err


def test_with_no_terminal_the_bots_play_standard(cli: Any) -> None:
    ran = cli("play", "six-winters-v19", "--seed", "1", "--campaign", "Bots")
    assert ran.code == 0, ran.err
    assert left(cli, "Bots")["difficulty"] == 2  # standard, the second member


def test_a_new_campaign_at_a_terminal_is_asked(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal.play, "_at_terminal", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("Cakewalk\n"))
    ran = cli("play", "six-winters-v19", "--seed", "1", "--campaign", "Asked")
    assert ran.code == 0, ran.err
    assert (
        "The campaign's difficulty: cakewalk, standard, difficult, tragedy (Tragedy Incarnate)"
        in ran.out
    )
    assert "[standard]" in ran.out
    assert left(cli, "Asked")["difficulty"] == 1


@pytest.mark.parametrize(
    ("choose", "said"),
    [
        (
            "difficulty=hard",
            "--choose difficulty=hard: no difficulty 'hard': choose cakewalk, standard, "
            "difficult or tragedy",
        ),
        (
            "weather=fair",
            "--choose weather: six-winters-v19 has no such choice (its choices: difficulty)",
        ),
        ("tragedy", "--choose 'tragedy': write NAME=MEMBER, as in difficulty=standard"),
    ],
)
def test_a_wrong_choice_is_refused_in_one_line(cli: Any, choose: str, said: str) -> None:
    ran = cli("play", "six-winters-v19", "--campaign", "Wrong", "--choose", choose)
    assert ran.code == 2 and "Traceback" not in ran.err
    assert said in ran.err
    assert len([line for line in ran.err.splitlines() if line.strip()]) == 1
    listed = cli("campaign", "show", "Wrong", "--json")
    assert listed.code != 0 or json.loads(listed.out)["games"] == []  # nothing recorded


def engine_year(seed: int, options: dict[str, str]) -> dict[str, Any]:
    """What the engine's first year leaves, the last option taken at every question."""
    from dsl.contract import GameSetup
    from rules import registry

    v19 = registry.find("six-winters-v19")
    assert v19.engine is not None and v19.bots is not None
    game = v19.engine.new_game(
        GameSetup(seed=seed, seats=1, options=options), v19.bots.make("random", seed)
    )
    while (decision := game.pending()) is not None:
        game.apply(decision.options[-1])
    return dict(v19.engine.outcome(game).carried)


def test_at_the_table_the_choice_is_recorded_and_a_resumed_game_keeps_it(
    cli: Any, journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_v19_campaign_at_table import LastOption

    monkeypatch.setattr("sys.stdin", LastOption(left=5))  # the input closes mid-year
    stopped = cli(
        "play", "six-winters-v19", "--players", "1", "--people", "1", "--seed", "4",
        "--campaign", "Table", "--choose", "difficulty=cakewalk",
    )  # fmt: skip
    assert "Recorded game 1" not in stopped.out
    with open_journal(journal_path) as journal, journal.reading() as s:
        (game,) = games_of(s, ledger.get_campaign(s, "Table"))
    assert game["game"]["chosen"] == {"difficulty": "cakewalk"}  # with the game's first entry
    again = cli(
        "play",
        "six-winters-v19",
        "--campaign",
        "Table",
        "--resume",
        "--choose",
        "difficulty=cakewalk",
    )
    assert (
        again.code == 2
        and "--resume plays on with the choices the game was begun with" in again.err
    )
    monkeypatch.setattr("sys.stdin", LastOption())
    resumed = cli("play", "six-winters-v19", "--campaign", "Table", "--resume")
    assert resumed.code == 0, resumed.err
    # the same answers to the engine's game set up at Cakewalk leave the same state (a game
    # resumed without the choice would start its threats on Standard's space, not the second)
    year = engine_year(4, {"difficulty": "cakewalk"})
    assert left(cli, "Table") == year["numbers"][""]
    assert year != engine_year(4, {})
    assert year["numbers"][""]["difficulty"] == 1
