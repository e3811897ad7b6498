"""Bots and simulate for Six Winters v19.7 (issue 29, item 3): a heuristic bot that reads only its
observation and overcomes more obstacles than the random bot on the same seeds, and
``chronicler simulate six-winters-v19`` reporting the text's playtest questions, each a mean a
session with the sessions behind it and an interval. The figures rest on the procedure as it
is: obstacles come onto the map and leave it (overcome, or cleared at session end)."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import random
from typing import Any

import pytest
from edition_session import WHERE, facing, play_as, session

from journal.cli import main
from journal.playtest.intervals import mean_difference
from rules.six_winters_v19.bots import HeuristicBot, make
from rules.six_winters_v19.playtest import overcome
from rules.text.playtest import play_game

PAIRED_SEEDS = 12


def _overcome(game: Any) -> float:
    """Obstacles the players overcame in one session: each completed by an Overcome."""
    return float(len(overcome(game)))


def test_the_heuristic_bot_answers_from_its_observation_alone(winters: Any) -> None:
    """Dealt again what the seat cannot see (the decks' order), the same observation gets the
    same answer from the same bot."""
    game = session(winters, players=2, seed=4)
    bot = HeuristicBot(4)
    assert bot.uses_observation
    for _ in range(12):
        decision = game.pending()
        assert decision is not None
        seen = game.observation(decision.who)
        other = game.determinize(decision.who, random.Random(9))
        assert other.observation(decision.who)["on map"] == seen["on map"]
        answer = HeuristicBot(7).choose(other.observation(decision.who), decision)
        assert answer == HeuristicBot(7).choose(seen, decision)
        game.apply(bot.choose(seen, decision))


def test_the_heuristic_bot_overcomes_more_obstacles_than_random_on_the_same_seeds(
    winters: Any,
) -> None:
    pairs = []
    for seed in range(PAIRED_SEEDS):
        games = {name: session(winters, players=2, seed=seed) for name in ("random", "heuristic")}
        for name, game in games.items():
            play_game(game, make(name, seed))
        pairs.append((_overcome(games["random"]), _overcome(games["heuristic"])))
    estimate = mean_difference([h - r for r, h in pairs])
    assert estimate is not None
    _mean, low, _high = estimate
    assert low > 0, pairs


RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def test_the_heuristic_bot_completes_more_progress_cards_than_random_on_the_same_seeds(
    winters: Any,
) -> None:
    """Progress: the spaces the six progress tracks rose in the session, each a completed
    progress card's reward (Fill Progress). Solo, 30 seeds: a card is completed in few sessions,
    so twelve two-player seeds show too little (benchmarks/bench_v19_bots.py has the figures)."""
    pairs = []
    for seed in range(30):
        risen = []
        for name in ("random", "heuristic"):
            game = session(winters, players=1, seed=seed)
            play_game(game, make(name, seed))
            held = game.state.values[""]
            risen.append(float(sum(held[f"{r} progress"] - 1 for r in RESOURCES)))
        pairs.append((risen[0], risen[1]))
    estimate = mean_difference([h - r for r, h in pairs])
    assert estimate is not None
    _mean, low, _high = estimate
    assert low > 0, pairs


def test_the_heuristic_bot_never_rests_and_passes_before_an_action_it_does_not_know(
    winters: Any,
) -> None:
    game = session(winters, players=1, seed=2)
    decision = game.pending()
    assert decision is not None and "Take: Rest" in decision.options
    bot = HeuristicBot(2)
    obs = game.observation(decision.who)
    assert bot.worth(obs, decision.prompt, "Take: Rest") < bot.worth(obs, decision.prompt, "pass")
    assert bot.worth(obs, decision.prompt, "Take: Sing") < bot.worth(obs, decision.prompt, "pass")


def test_every_obstacle_put_on_the_map_is_overcome_or_cleared_at_session_end(
    winters: Any,
) -> None:
    for seed in range(3):
        facts = play_game(session(winters, players=2, seed=seed), make("heuristic", seed))
        by: dict[str, dict[str, float]] = {}
        for subject, kind, measure, n in facts["counts"]:
            if kind == "obstacle":
                by.setdefault(subject, {})[measure] = n
        assert by
        for name, counted in by.items():
            off = counted.get("taken off by a player", 0) + counted.get("taken off by the rules", 0)
            assert counted.get("put on the map", 0) == off, name


def test_the_heuristic_bot_turns_a_spare_die_into_a_face_an_obstacle_here_lacks(
    winters: Any,
) -> None:
    # Fuscus turns a 3 into a 4 (Fuscus base 2). Poison asks 1, 2, 3: his 3 is needed there
    game = facing(winters, "Poison", [1, 2, 3], [])
    play_as(game, "p1", "Fuscus")
    bot = HeuristicBot(1)
    decision = game.clone().pending()
    assert decision is not None and "Use: Fuscus base 2" in decision.options
    obs = game.clone().observation("p1")
    assert bot.worth(obs, decision.prompt, "Use: Fuscus base 2") < 0
    # Radia asks a 4 alone: the 3 is spare and the 4 it makes is what Radia lacks
    game.ops.move_card("Poison", zone="obstacle deck")
    game.ops.move_card("Radia", at=WHERE)
    obs = game.clone().observation("p1")
    use = bot.worth(obs, decision.prompt, "Use: Fuscus base 2")
    assert use > bot.worth(obs, decision.prompt, "Take: Overcome") and use > 0
    # an ability it does not weigh (Subtract One) it leaves
    assert bot.worth(obs, decision.prompt, "Use: Fuscus base 3") < 0
    # the die to turn: an action die (which overcome lays) before an asset here
    action_die = bot.worth(obs, "Which die?", "a 3 of red dice")
    assert action_die > bot.worth(obs, "Which die?", "a 3 of diplomacy assets of Eastkeep")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("sim")
    args = ["simulate", "six-winters-v19", "--games", "6", "--workers", "1"]
    args += ["--store", str(folder / "sim.duckdb"), "--quiet", "--json"]
    args += ["--csv", str(folder / "csv")]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(args)
    assert code == 0
    data: dict[str, Any] = json.loads(buffer.getvalue())
    with (folder / "csv" / "questions.csv").open(encoding="utf-8", newline="") as f:
        data["questions.csv"] = list(csv.DictReader(f))
    return data


def _table(report: dict[str, Any], key: str) -> dict[str, Any]:
    return next(t for t in report["tables"] if t["key"] == key)


def test_simulate_answers_the_texts_questions_with_their_sessions_and_intervals(
    report: dict[str, Any],
) -> None:
    rows = {row[0]: row for row in _table(report, "questions")["rows"]}
    for question in (
        "obstacles put on the map",
        "obstacles overcome",
        "obstacles left at the end",
        "stability threat track: rise over the session",
        "character abilities used",
    ):
        _name, sessions, mean = rows[question]
        assert sessions == 6 == mean["n"]
        assert mean["low"] <= mean["mean"] <= mean["high"]
    put = rows["obstacles put on the map"][2]["mean"]
    overcome = rows["obstacles overcome"][2]["mean"]
    left = rows["obstacles left at the end"][2]["mean"]
    otherwise = rows["obstacles taken off by a player, not overcome"][2]["mean"]
    assert put == pytest.approx(overcome + otherwise + left)
    assert overcome > 0
    by_skill = [r for name, r in rows.items() if name.startswith("obstacles overcome needing ")]
    assert sum(r[2]["mean"] for r in by_skill) == pytest.approx(overcome)
    at_skill = [r for name, r in rows.items() if name.startswith("obstacles overcome at a ")]
    assert sum(r[2]["mean"] for r in at_skill) == pytest.approx(overcome)


def test_simulate_counts_abilities_and_each_characters_session(report: dict[str, Any]) -> None:
    rows = {row[0]: row[2] for row in _table(report, "questions")["rows"]}
    per_ability = [m["mean"] for name, m in rows.items() if name.startswith("abilities used: ")]
    per_character = [m["mean"] for name, m in rows.items() if name.endswith(": abilities used")]
    used = rows["character abilities used"]["mean"]
    assert sum(per_ability) == pytest.approx(used) == pytest.approx(sum(per_character))
    played = {name.split(":")[0]: m for name, m in rows.items() if name.endswith(": played")}
    assert sum(m["mean"] for m in played.values()) == pytest.approx(1.0)  # one player a session
    for character in played:
        for measure in ("obstacles overcome", "stress taken"):
            mean = rows[f"{character}: {measure}"]
            assert mean["n"] == 6 and mean["low"] <= mean["mean"] <= mean["high"]
    by_character = sum(rows[f"{c}: obstacles overcome"]["mean"] for c in played)
    assert 0 < by_character == pytest.approx(rows["obstacles overcome"]["mean"])


def test_simulate_counts_each_card_and_event_kind(report: dict[str, Any]) -> None:
    rows = _table(report, "counts")["rows"]
    kinds = {row[1] for row in rows}
    assert {"obstacle", "action", "event", "number"} <= kinds
    overcome = [r for r in rows if r[0] == "Overcome" and r[1] == "action"]
    assert overcome and overcome[0][4]["mean"] > 0
    assert all(r[4]["low"] >= 0 for r in rows if r[1] != "number")


def test_the_questions_csv_gives_each_mean_its_interval_and_sessions(
    report: dict[str, Any],
) -> None:
    shown = {row[0]: row[2] for row in _table(report, "questions")["rows"]}
    rows = report["questions.csv"]
    assert {r["question"] for r in rows} == set(shown)
    for row in rows:
        mean = shown[row["question"]]
        assert float(row["a session"]) == pytest.approx(mean["mean"], rel=1e-5)
        assert float(row["a session low"]) == pytest.approx(mean["low"], rel=1e-5, abs=1e-9)
        assert int(row["a session n"]) == 6
