"""A campaign of Six Winters v19.7 in the journal, session after session: 'chronicler play
six-winters-v19 --campaign NAME' played twice plays years 1 and 2 of one campaign, the second
starting from what the first left (the tracks, the burnt progress cards, the year, the
characters' numbers); each session's result entry is no ranking of seats (the game is
cooperative) and keeps what it leaves; once the last year is played the result is the text's
victory and score, and the campaign plays no more. The engine part is game-agnostic
(``dsl/world/together.py``); the text says what carries by what it does not reset."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
V19 = ROOT / "rules" / "six_winters_v19"


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
    # year 1 burnt 2 progress cards, year 2 four more: the first two stay burnt
    burnt_one, burnt_two = one["carried"]["burnt"], two["carried"]["burnt"]
    assert len(burnt_one) == 2 and burnt_two[:2] == burnt_one and len(burnt_two) == 6


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
    assert result["result"] == "Defeat" and result["score"] == 0 and result["carried"] is None
    assert result["winners"] == [] and result["ranking"] == []
    again = cli("play", str(copy), "--seed", "2", "--campaign", "Short")
    assert again.code == 1 and "Traceback" not in again.err
    assert again.err.strip() == (
        "error: campaign 'Short' is over (Defeat, score 0); start another campaign to play again"
    )
    assert len(games(cli, "Short")) == 1  # nothing recorded is lost
