"""A campaign of Six Winters v19.7 in the journal, session after session: 'chronicler play
six-winters-v19 --campaign NAME' played twice plays years 1 and 2 of one campaign, the second
starting from what the first left (the tracks, the burnt progress cards, the year, the
characters' numbers); each session's result entry is no ranking of seats (the game is
cooperative) and keeps what it leaves; once the last year is played the result is the text's
victory and score, and the campaign plays no more; the published campaign shows each number
of the game over the years, a table with a row a number and a column a game, escaped. The
engine part is game-agnostic (``dsl/world/together.py``); the text says what carries by what it
does not reset."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from site_checks import broken_links, runnable

from journal.db import open_journal
from journal.website.publish import publish

ROOT = Path(__file__).resolve().parents[2]
V19 = ROOT / "rules" / "six_winters_v19"
MARKER = "PWNED"
PAYLOAD = "<img src=x onerror=\"alert('PWNED')\">"


def games(cli: Any, name: str) -> list[dict[str, Any]]:
    ran = cli("campaign", "show", name, "--json")
    assert ran.code == 0, ran.err
    return list(json.loads(ran.out)["games"])


def test_two_plays_are_two_years_of_one_campaign(cli: Any) -> None:
    first = cli("play", "six-winters-v19", "--seed", "1", "--campaign", "Red Bank")
    assert first.code == 0, first.err
    assert "Session over: year now 2, the campaign goes on" in first.out
    second = cli("play", "six-winters-v19", "--seed", "2", "--campaign", "Red Bank")
    assert second.code == 0, second.err
    assert "Session over: year now 3, the campaign goes on" in second.out
    assert "Recorded game 2 into campaign Red Bank" in second.out
    one, two = (g["result"] for g in games(cli, "Red Bank"))
    for result in (one, two):  # cooperative: no ranking, no winner, no tie of 0 scores
        assert result["ranking"] == [] and result["winners"] == [] and result["scores"] == {}
        assert result["result"] == "" and result["score"] is None
    assert one["carried"]["numbers"][""]["year"] == 2
    assert two["carried"]["numbers"][""]["year"] == 3
    # year 1 burnt 2 progress cards and a location a region, year 2 four and three more: the
    # first ones stay burnt; the locations that took the burnt ones' places are carried
    burnt_one, burnt_two = one["carried"]["burnt"], two["carried"]["burnt"]
    assert len(burnt_one) == 2 + 3 and burnt_two[:5] == burnt_one and len(burnt_two) == 5 + 4 + 3
    assert len(one["carried"]["spaces"]) == 3
    assert set(one["carried"]["spaces"].values()) & set(burnt_two) <= set(burnt_two[5:])


def test_undoing_a_year_plays_it_again_from_the_year_before(cli: Any) -> None:
    assert cli("play", "six-winters-v19", "--seed", "1", "--campaign", "C").code == 0
    assert cli("play", "six-winters-v19", "--seed", "2", "--campaign", "C").code == 0
    assert cli("undo", "--campaign", "C").code == 0
    again = cli("play", "six-winters-v19", "--seed", "2", "--campaign", "C")
    assert again.code == 0 and "year now 3" in again.out


def test_the_last_year_records_the_victory_and_the_campaign_plays_no_more(
    cli: Any, tmp_path: Path
) -> None:
    copy = tmp_path / "winters"
    shutil.copytree(V19, copy)
    ruleset = copy / "ruleset.rules"
    text = ruleset.read_text(encoding="utf-8")
    assert "value years = 6 in 1..\n" in text
    ruleset.write_text(text.replace("value years = 6 in 1..\n", "value years = 1 in 1..\n"))
    last = cli("play", str(copy), "--seed", "1", "--campaign", "Short")
    assert last.code == 0, last.err
    assert "Defeat for the table, score 0: no seat wins" in last.out
    (game,) = games(cli, "Short")
    result = game["result"]
    assert result["result"] == "Defeat" and result["score"] == 0
    assert result["carried"]["numbers"][""]["year"] == 2  # the state the campaign ended in
    assert result["winners"] == [] and result["ranking"] == []
    again = cli("play", str(copy), "--seed", "2", "--campaign", "Short")
    assert again.code == 1 and "Traceback" not in again.err
    assert again.err.strip() == (
        "error: campaign 'Short' is over (Defeat, score 0); start another campaign to play again"
    )
    assert len(games(cli, "Short")) == 1  # nothing recorded is lost


def test_the_published_campaign_shows_the_tracks_over_the_years(
    cli: Any, journal_path: Path, tmp_path: Path
) -> None:
    for seed in ("1", "2"):
        assert cli("play", "six-winters-v19", "--seed", seed, "--campaign", "Site").code == 0
    with open_journal(journal_path) as journal:
        publish(journal, "Site", tmp_path / "out")
    home = (tmp_path / "out" / "site" / "index.html").read_text(encoding="utf-8")
    table = home[home.index('<table class="years">') :]
    table = table[: table.index("</table>")]
    assert "<caption>Each number of the game as each game of the campaign left it.</caption>" in (
        table
    )
    assert '<th scope="col">Game 1</th><th scope="col">Game 2</th>' in table
    assert '<tr><th scope="row">year</th><td>2</td><td>3</td></tr>' in table
    for resource in ("stability", "diplomacy", "sorcery"):
        assert f'<th scope="row">{resource} threat</th>' in table
    assert "Standings" not in home  # played together: no seat is ranked
    assert "the session ends; the campaign goes on" in home
    assert broken_links(tmp_path / "out" / "site") == []


def test_hostile_words_in_a_campaigns_state_reach_the_page_as_text(
    cli: Any, journal_path: Path, tmp_path: Path
) -> None:
    assert cli("play", "six-winters-v19", "--seed", "1", "--campaign", "Safe").code == 0
    bundle = tmp_path / "safe.json"
    assert cli("export", "--campaign", "Safe", "--out", str(bundle)).code == 0
    data = json.loads(bundle.read_text(encoding="utf-8"))
    for entry in data["entries"]:
        if entry["kind"] == "result":  # a bundle from elsewhere: a number named by a payload
            entry["payload"]["carried"]["numbers"][""][PAYLOAD] = 1
            entry["payload"]["result"] = PAYLOAD
    bundle.write_text(json.dumps(data), encoding="utf-8")
    hostile = tmp_path / "hostile.db"
    assert cli("import", str(bundle), db=hostile).code == 0
    with open_journal(hostile) as journal:
        publish(journal, "Safe", tmp_path / "hostile")
    for page in (tmp_path / "hostile" / "site").rglob("*.html"):
        assert runnable(page, MARKER) == [], page
    home = (tmp_path / "hostile" / "site" / "index.html").read_text(encoding="utf-8")
    assert "&lt;" in home and PAYLOAD not in home
