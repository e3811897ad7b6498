"""The balance report of a game played by seats (``chronicler simulate seasons``): its figures
are what counting the same seeded games by hand gives, ``--compare`` of two folders that differ
in one value shows that value's effect and nothing else, and bad input is told in one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from dsl.contract import GameSetup
from dsl.world.events import WorldEvent
from journal.cli import main
from rules import registry

SEEDS = range(4)


def simulate(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> dict[str, Any]:
    code = main(
        [
            "simulate",
            "seasons",
            "--games",
            str(len(SEEDS)),
            "--workers",
            "1",
            "--quiet",
            "--json",
            "--store",
            str(tmp_path / "s.duckdb"),
            *args,
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    report: dict[str, Any] = json.loads(out)
    return {t["key"]: t for t in report["tables"]}


def row(table: dict[str, Any], *first: str) -> list[Any]:
    found = [r for r in table["rows"] if tuple(r[: len(first)]) == first]
    assert len(found) == 1, (first, table["rows"])
    return list(found[0])


def played_by_hand(seed: int) -> tuple[Any, list[str]]:
    """The game of ``seed`` as ``--bot heuristic,random`` seats it: the list turned by the seed."""
    seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
    ruleset = registry.find("seasons")
    bot = ruleset.bots.make(",".join(seats), seed)
    game = ruleset.engine.new_game(GameSetup(seed=seed, seats=2), bot)
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(game.observation(decision.who), decision))
    return game, seats


def test_the_figures_are_the_games_counted_by_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tables = simulate(capsys, tmp_path, "--bot", "heuristic,random")
    heuristic_wins = first_wins = 0
    heuristic_in_p1 = 0
    buildings: list[int] = []
    decisions: list[int] = []
    winners = winners_with_market = losers_who_feasted = 0
    for seed in SEEDS:
        game, seats = played_by_hand(seed)
        result = game.state.result
        tied = result["tied"]
        heuristic = f"p{seats.index('heuristic') + 1}"
        heuristic_in_p1 += heuristic == "p1"
        heuristic_wins += heuristic in tied
        first = next(e for e in game.events if e.kind == WorldEvent.TURN_ORDER).data["order"][0]
        first_wins += first in tied
        buildings += [result["categories"][p]["building points"] for p in ("p1", "p2")]
        decisions.append(len(game.state.answers))
        for p in ("p1", "p2"):
            built = any(
                e.kind == WorldEvent.CARD_MOVED
                and e.data["name"] == "Market Hall"
                and e.data["owner"] == p
                and e.data.get("why") == "built"
                for e in game.events
            )
            feasted = any(
                e.kind == WorldEvent.ORDER_RESOLVED
                and e.data["player"] == p
                and e.data["card"] == "Feast"
                for e in game.events
            )
            winners += p in tied
            winners_with_market += p in tied and built
            losers_who_feasted += p not in tied and feasted

    assert heuristic_in_p1 == 2  # each bot sits in each seat as often
    pairing = "heuristic + random"
    bot = row(tables["bots"], pairing, "heuristic", "any seat")
    assert bot[3] == 4 and bot[4]["rate"] == heuristic_wins / 4 and bot[4]["n"] == 4
    assert row(tables["bots"], pairing, "heuristic", "p1")[3] == 2
    first_place = row(tables["places"], 1)
    assert first_place[2]["rate"] == first_wins / 4 and first_place[2]["n"] == 4
    building = row(tables["categories"], "building points")
    assert building[1] == 8 and building[2]["mean"] == pytest.approx(sum(buildings) / 8)
    assert building[2]["low"] <= building[2]["mean"] <= building[2]["high"]
    length = row(tables["length"], "decisions")
    assert length[1] == 4 and length[2]["mean"] == pytest.approx(sum(decisions) / 4)
    market = row(tables["uses"], "building", "Market Hall", "gained")
    assert market[3]["n"] == winners and market[3]["rate"] == winners_with_market / winners
    feast = row(tables["uses"], "action", "Feast", "ordered")
    assert feast[4]["rate"] == losers_who_feasted / (8 - winners)


def test_compare_shows_the_one_value_changed_and_nothing_else(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    other = tmp_path / "seasons-b"
    shutil.copytree(
        registry.find("seasons").folder,
        other,
        ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"),
    )
    rules = other / "ruleset.rules"
    text = rules.read_text()
    assert "value building points each = 5 " in text
    rules.write_text(
        text.replace("value building points each = 5 ", "value building points each = 10 ")
    )
    tables = simulate(capsys, tmp_path, "--bot", "heuristic", "--compare", str(other))
    compared = tables["compare"]
    building = row(compared, "building points")
    a, b, difference, noise = building[2], building[3], building[4], building[5]
    assert building[1] == 8  # four seeds, two seats
    assert b["mean"] == pytest.approx(2 * a["mean"]) and a["mean"] > 0
    assert difference["difference"] == pytest.approx(a["mean"]) and noise == "yes"
    assert row(compared, "score")[5] == "yes"
    for same in ("warrior points", "happiness points", "p1 won", "decisions"):
        unchanged = row(compared, same)
        assert unchanged[4]["difference"] == 0 and unchanged[5] == "no"  # the bot ignores it


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (["--bot", "heuristic,nobody"], "unknown bot 'heuristic,nobody'"),
        (["--compare", "BROKEN"], "ruleset.rules:"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], told: str
) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(
        registry.find("seasons").folder,
        broken,
        ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"),
    )
    rules = broken / "ruleset.rules"
    rules.write_text(rules.read_text().replace("value years = 2", "value years = two"))
    args = [str(broken) if a == "BROKEN" else a for a in args]
    code = main(
        ["simulate", "seasons", "--games", "2", "--store", str(tmp_path / "s.duckdb"), *args]
    )
    _out, err = capsys.readouterr()
    assert code == 2
    assert told in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
