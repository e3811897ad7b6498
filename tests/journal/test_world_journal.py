"""A game the world engine plays, in the journal: 'chronicler play RULESET --campaign NAME'
records it as a session of the campaign (its rounds, each player's tracks, the result by
category), 'undo' takes the game back, a bundle round-trips it (checked against the entries'
models), and 'chronicler publish' shows each game and the standings, every recorded word as
text that cannot run. On Seasons (seed 003) and on Lantern Road (docs/first-card.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from site_checks import broken_links, runnable

from journal.db import open_journal
from journal.website.publish import publish

ROOT = Path(__file__).resolve().parents[2]
LANTERN = ROOT / "tests/dsl/fixtures/world/lantern"
HERE = Path(__file__).resolve().parent
PAYLOADS = [
    line
    for line in (HERE / "xss_payloads.txt").read_text(encoding="utf-8").splitlines()
    if line.strip()
]
MARKER = "PWNED"


def _shown(cli, name: str) -> dict:  # type: ignore[no-untyped-def]
    ran = cli("campaign", "show", name, "--json")
    assert ran.code == 0, ran.err
    return dict(json.loads(ran.out))


def test_a_game_of_seasons_is_recorded_as_a_session_with_its_result(cli) -> None:  # type: ignore[no-untyped-def]
    ran = cli("play", "seasons", "--players", "3", "--seed", "2", "--campaign", "League")
    assert ran.code == 0, ran.err
    assert "Recorded game 1 into campaign League" in ran.out
    shown = _shown(cli, "League")
    (game,) = shown["games"]
    result = game["result"]
    assert sorted(result["scores"]) == ["p1", "p2", "p3"]
    # the ranking follows the scores, and the winner is first
    ranked = [result["scores"][p] for p in result["ranking"]]
    assert ranked == sorted(ranked, reverse=True)
    assert result["winners"] == [result["ranking"][0]]
    # each player's score is the sum of its categories, the penalty taken away
    for player, by in result["categories"].items():
        penalty = by.get("artifact penalty", 0)
        assert sum(by.values()) - 2 * penalty == result["scores"][player]
    assert game["rounds"] == 3  # the setup and the two years


def test_each_round_keeps_what_was_revealed_and_the_players_tracks(cli, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert cli("play", "seasons", "--players", "3", "--seed", "2", "--campaign", "L").code == 0
    from journal import ledger

    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "L")
        rows = ledger.entries(s, campaign)
        (session,) = ledger.sessions_of(s, campaign)
        scenes = [x.title for x in ledger.scenes_in(s, session)]
    assert [r.kind for r in rows] == ["game", "round", "round", "round", "result"]
    assert scenes == ["Setup", "Round 1", "Round 2"]
    first = rows[2].payload
    assert first["round"] == 1
    assert {x["player"] for x in first["revealed"]} == {"p1", "p2", "p3"}
    assert all(0 <= first["tracks"][p]["happiness"] <= 10 for p in ("p1", "p2", "p3"))
    assert rows[1].payload["tracks"]["p1"]["happiness"] == 5  # happiness starts at 5


def test_a_second_game_is_the_next_session_and_undo_takes_it_back(cli) -> None:  # type: ignore[no-untyped-def]
    for seed in ("2", "3"):
        assert cli("play", "seasons", "--players", "3", "--seed", seed, "--campaign", "L").code == 0
    assert len(_shown(cli, "L")["games"]) == 2
    standings = {row["player"]: row for row in _shown(cli, "L")["standings"]}
    assert all(row["games"] == 2 for row in standings.values())
    assert sum(row["wins"] for row in standings.values()) <= 2
    ran = cli("undo", "--campaign", "L")
    assert ran.code == 0, ran.err
    assert "play: game 2" in ran.out
    assert len(_shown(cli, "L")["games"]) == 1
    history = cli("history", "--campaign", "L")
    assert "undo: took back 2. play: game 2" in history.out


def test_a_campaign_plays_one_ruleset(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("play", "seasons", "--players", "2", "--seed", "1", "--campaign", "L").code == 0
    ran = cli("play", str(LANTERN), "--players", "2", "--seed", "1", "--campaign", "L")
    assert ran.code == 1
    assert "plays seasons" in ran.err
    assert len(_shown(cli, "L")["games"]) == 1


def test_a_bundle_round_trips_a_lantern_road_campaign(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for seed in ("1", "2"):
        ran = cli("play", str(LANTERN), "--players", "2", "--seed", seed, "--campaign", "Road")
        assert ran.code == 0, ran.err
    out = tmp_path / "road.json"
    assert cli("export", "--campaign", "Road", "--out", str(out)).code == 0
    other = tmp_path / "other.db"
    assert cli("import", str(out), db=other).code == 0
    again = tmp_path / "again.json"
    assert cli("export", "--campaign", "Road", "--out", str(again), db=other).code == 0
    first, second = json.loads(out.read_text()), json.loads(again.read_text())
    assert first["entries"] == second["entries"]
    assert first["sessions"] == second["sessions"]
    assert [e["kind"] for e in first["entries"]].count("result") == 2


def test_a_bundle_with_a_damaged_result_is_refused(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("play", str(LANTERN), "--players", "2", "--campaign", "Road").code == 0
    out = tmp_path / "road.json"
    assert cli("export", "--campaign", "Road", "--out", str(out)).code == 0
    data = json.loads(out.read_text())
    result = next(e for e in data["entries"] if e["kind"] == "result")
    result["payload"]["scores"] = {"p1": "many"}
    out.write_text(json.dumps(data))
    ran = cli("import", str(out), db=tmp_path / "other.db")
    assert ran.code != 0
    assert "Traceback" not in ran.err
    assert "scores" in ran.err


@pytest.fixture(scope="module")
def league_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Seasons campaign of two games, then a hostile answer in a round (as a bundle from
    elsewhere could bring), published."""
    from journal.cli import main

    folder = tmp_path_factory.mktemp("league")
    db = folder / "j.db"
    for seed in ("2", "3"):
        words = ["play", "seasons", "--players", "3", "--seed", seed, "--campaign", "League"]
        assert main([*words, "--db", str(db)]) == 0
    bundle = folder / "league.json"
    assert main(["export", "--campaign", "League", "--out", str(bundle), "--db", str(db)]) == 0
    data = json.loads(bundle.read_text())
    data["campaign"]["name"] = PAYLOADS[0]
    for entry in data["entries"]:
        if entry["kind"] == "round" and entry["payload"]["revealed"]:
            for k, x in enumerate(entry["payload"]["revealed"]):
                x["answer"] = PAYLOADS[k % len(PAYLOADS)]
            entry["payload"]["happened"] += PAYLOADS
        if entry["kind"] == "round":  # a track named by a payload, drawn on its chart
            entry["payload"]["tracks"]["p1"][PAYLOADS[2]] = entry["payload"]["round"]
    bundle.write_text(json.dumps(data))
    hostile = folder / "hostile.db"
    assert main(["import", str(bundle), "--db", str(hostile)]) == 0
    with open_journal(db) as journal:
        publish(journal, "League", folder / "out")
    with open_journal(hostile) as journal:
        publish(journal, PAYLOADS[0], folder / "hostile")
    return folder


def test_the_site_shows_each_game_and_the_standings(league_site: Path) -> None:
    site = league_site / "out" / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Standings" in home and "Over 2 finished games" in home
    for number in (1, 2):
        assert f'href="games/game-{number}.html"' in home
    game = (site / "games" / "game-1.html").read_text(encoding="utf-8")
    for words in ("Final scores", "building points", "Tracks over the game", "happiness"):
        assert words in game
    assert "Round 1" in game and "Round 2" in game and "Revealed" in game
    # happiness over the game is drawn: a line a player, from the setup to the last round
    chart = game[game.index('aria-label="happiness of each player') :]
    chart = chart[: chart.index("</svg>")]
    assert chart.count("<polyline") == 3
    assert broken_links(site) == []


def test_the_standings_count_the_points_of_every_game(league_site: Path) -> None:
    from journal import ledger
    from journal.world.recording import games_of
    from journal.world.standings import standings

    with open_journal(league_site / "j.db") as journal, journal.reading() as s:
        games = games_of(s, ledger.get_campaign(s, "League"))
    table = standings(games)
    assert table.games == 2
    for row in table.rows:
        assert row.points == sum(g["result"]["scores"][row.player] for g in games)
    home = (league_site / "out" / "site" / "index.html").read_text(encoding="utf-8")
    best = table.rows[0]
    assert f"<td>{best.player}</td><td>2</td><td>{best.wins}</td>" in home


def test_every_recorded_word_reaches_the_pages_as_text(league_site: Path) -> None:
    site = league_site / "hostile" / "site"
    for page in site.rglob("*.html"):
        assert runnable(page, MARKER) == [], page
    game = (site / "games" / "game-1.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in game
    assert "&lt;svg onload=" in game  # the track's name, as text, on its chart and table


def test_a_lantern_road_campaign_is_undone_and_published_under_a_hostile_name(
    cli,  # type: ignore[no-untyped-def]
    journal_path,
    tmp_path: Path,
) -> None:
    name = PAYLOADS[1]
    for seed in ("1", "2", "3"):
        ran = cli("play", str(LANTERN), "--players", "3", "--seed", seed, "--campaign", name)
        assert ran.code == 0, ran.err
    assert cli("undo", "--campaign", name).code == 0
    shown = _shown(cli, name)
    assert [g["number"] for g in shown["games"]] == [1, 2]
    with open_journal(journal_path) as journal:
        publish(journal, name, tmp_path / "out")
    site = tmp_path / "out" / "site"
    assert sorted(p.name for p in (site / "games").glob("*.html")) == ["game-1.html", "game-2.html"]
    game = (site / "games" / "game-1.html").read_text(encoding="utf-8")
    result = shown["games"][0]["result"]
    for player, score in result["scores"].items():
        assert f"<td>{player}</td><td>{score}</td>" in game  # Lantern Road has no categories
    assert "<h3>light</h3>" in game  # its lanterns' light, over the game
    assert "The game" in game  # a game that tells no rounds is one scene
    for page in site.rglob("*.html"):
        assert runnable(page, MARKER) == [], page


def test_a_markdown_export_tells_each_round_and_the_scores(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("play", "seasons", "--players", "2", "--seed", "4", "--campaign", "L").code == 0
    out = tmp_path / "league.md"
    ran = cli("export", "--campaign", "L", "--format", "markdown", "--out", str(out))
    assert ran.code == 0, ran.err
    text = out.read_text(encoding="utf-8")
    result = _shown(cli, "L")["games"][0]["result"]
    assert "## Game 1" in text and "### Round 1" in text and "### Round 2" in text
    for player, score in result["scores"].items():
        assert f"- {player}: {score}" in text
