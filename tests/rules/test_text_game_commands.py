"""A game written wholly in text, from the command line: ``chronicler check``, ``cards``,
``play``, ``print`` and ``simulate`` take a folder with no primitives and no Python (the world
engine plays it, ``rules/text``). The fixture is *Ember Race* (``tests/dsl/fixtures/world``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest
from pypdf import PdfReader

from dsl.kernel import play
from dsl.loader import load_ruleset
from dsl.world.bots import RandomBot
from dsl.world.events import EVENTS, WorldEvent
from dsl.world.game import new_game
from journal.cli import main

EMBER = Path(__file__).resolve().parents[1] / "dsl" / "fixtures" / "world" / "ember"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_and_cards_read_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(EMBER))
    assert code == 0 and "checked 1 file in 1 ruleset: 0 errors" in err
    code, out, _ = run(capsys, "cards", str(EMBER), "--format", "json")
    assert code == 0
    assert [card["name"] for card in json.loads(out)] == ["Spark", "Bonfire", "Kindling"]


def test_the_random_bot_plays_a_game_and_its_account_tells_each_event(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, logged, _ = run(capsys, "play", str(EMBER), "--seed", "3", "--json")
    assert code == 0
    events = [json.loads(line) for line in logged.splitlines()]
    code, told, err = run(capsys, "play", str(EMBER), "--seed", "3")
    assert code == 0, err
    lines = told.splitlines()
    world = [e for e in events if e["kind"] in {k.value for k in WorldEvent}]
    assert len(lines) == len(world) + 1  # one line an event, then who won
    assert lines[0] == "Game started: p1, p2 (seed 3)"
    moved = [e for e in world if e["kind"] == "card_moved"]
    assert f"  {moved[0]['name']}: relic deck -> hand@p1 (draw)" in lines
    ended = world[-1]
    assert ended["kind"] == "game_ended"
    scores = ", ".join(f"{p} {ended['scores'][p]}" for p in ended["ranking"])
    winner = f"{ended['winner']} wins" if ended["winner"] else "A tie"
    assert lines[-1].startswith(winner) and lines[-1].endswith(f": {scores}.")


def test_the_same_game_as_the_engine_plays_it_with_the_same_seeds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, logged, _ = run(capsys, "play", str(EMBER), "--seed", "8", "--players", "3", "--json")
    assert code == 0
    engine = play(new_game(load_ruleset(EMBER), seed=8, players=3), RandomBot(8))
    assert [json.loads(line) for line in logged.splitlines()] == [
        {"kind": str(e.kind), **e.data} for e in engine.events
    ]


def test_every_world_event_has_a_line_in_the_account() -> None:
    from rules.text.account import TELLERS

    assert set(TELLERS) == set(EVENTS) == set(WorldEvent)


@pytest.mark.parametrize(
    "until", ["until lifted", "the holder's next end phase", "until the holder's next check"]
)
def test_a_held_card_is_told_with_its_duration_said_once(until: str) -> None:
    from rules.text.account import TELLERS

    line = TELLERS[WorldEvent.EFFECT_STARTED](
        {"effect": "Engaged", "owner": "Wenna", "until": until}
    )
    assert "until until" not in line
    assert line.endswith("until " + until.removeprefix("until "))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--year", "2"], "--year is not an option of a game written in text"),
        (["--characters", "Ann,Bo"], "played by seats (--players)"),
        (["--players", "5"], "--players: Ember Race is for 2 to 4 players, not 5"),
        (["--bot", "heuristic"], "unknown bot 'heuristic'; known: random"),
    ],
)
def test_what_a_game_in_text_does_not_take_is_a_one_line_error(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "play", str(EMBER), *args)
    assert code == 2
    assert says in err and err.count("\n") == 1 and "Traceback" not in err + out


def test_print_makes_a_pdf_of_every_card_through_the_layout_for_any_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "print"
    code, said, err = run(capsys, "print", str(EMBER), "--out", str(out), "--dpi", "60")
    assert code == 0, err
    pdf = PdfReader(out / "ember-race-poker-a4.pdf")
    assert len(pdf.pages) == 2  # three cards on one sheet: its fronts, then its backs
    assert "3 printed copies" in said


def test_every_kind_prints_through_the_one_layout_with_its_name_and_text() -> None:
    from journal.printing.faces import FaceSet
    from rules import registry

    ember = registry.find(EMBER)
    faces = FaceSet(ember.printing.faces, bleed_mm=0)
    for card in ember.compiled().all_cards:
        face = faces.front(card)
        words = re.findall(r">([^<>]+)</t", face.svg)
        assert card.name in words and card.kind in words
        assert " ".join(card.printed).split()[0] in words  # "Play:", the text's first word
        assert face.overflowing == []
    assert ">Relic<" in faces.back("relic").svg  # the back names the kind


def test_simulate_reports_the_win_rate_of_each_seat_over_the_games_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "sim.duckdb"
    code, out, err = run(
        capsys,
        "simulate",
        str(EMBER),
        "--games",
        "20",
        "--workers",
        "1",
        "--quiet",
        "--store",
        str(store),
    )
    assert code == 0, err
    # the same twenty games, played by the engine itself: who won each
    ember = load_ruleset(EMBER)
    wins = {"p1": 0, "p2": 0}
    for seed in range(20):
        game = play(new_game(ember, seed=seed, players=2), RandomBot(seed))
        for seat in game.state.result["tied"]:
            wins[seat] += 1
    assert "Win rate per seat" in out
    assert "year 1" not in out.splitlines()[0]  # a game of one session has no years
    rows = {
        m[1]: m.groups()[1:]
        for line in out.splitlines()
        if (m := re.match(r"\s*(p\d)\s+(\d+)\s+(\d+\.\d%) (\[\d+, \d+\])", line))
    }
    assert set(rows) == set(wins)
    for seat, won in wins.items():
        games, rate, interval = rows[seat]
        assert games == "20"
        assert rate == f"{100 * won / 20:.1f}%"  # its 95% interval beside it, in points
        assert interval.startswith("[")
    con = duckdb.connect(str(store), read_only=True)
    game_id, seed = con.execute("SELECT game_id, seed FROM games ORDER BY seed LIMIT 1").fetchone()
    con.close()
    code, replayed, _ = run(
        capsys, "play", str(EMBER), "--replay", str(game_id), "--store", str(store), "--json"
    )
    code_played, played, _ = run(
        capsys, "play", str(EMBER), "--seed", str(seed), "--bot", "random", "--json"
    )
    assert code == code_played == 0
    assert replayed == played
