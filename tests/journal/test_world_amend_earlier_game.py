"""Fixing an answer of an earlier game of a campaign played by seats (issues 26 and 29):
'chronicler entry amend N answer TYPED' on a move of Six Winters v19.7's year 1 plays year 1
again with the new answer, then year 2 again from what year 1 now leaves, with its own seed and
recorded answers, then year 3, played by bots, again by the same bots from its seed; each year
then leaves what the engine's year leaves from the same answers and the same year before. A
later answer no longer offered, a year before the last left asking more, or a year before the
last now ending the campaign refuses the fix in one line with nothing written; 'undo' puts every
year back as exported before; the published site shows the new tracks over the years; a last
year that no longer ends the campaign leaves it open. Seasons, whose games carry nothing from
one to the next, plays its later game again as it was."""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from journal_testing import Ran

from dsl.contract import GameSetup
from journal import ledger
from journal.db import open_journal
from journal.website.publish import publish
from journal.world.recording import games_of
from rules import registry

V19 = registry.find("six-winters-v19")
V19_TEXT = Path(__file__).resolve().parents[2] / "rules" / "six_winters_v19"
YEAR_ONE, YEAR_TWO, YEAR_THREE = 8, 1, 2  # the seeds of the three years
FIXED = 3  # year 1's fourth question (the first is the mission taken), answered "pass"
CREATE_AN_ASSET = "Take: Create a Military Asset"  # an answer that question offers
MOVE_TO_THE_EMPIRE = "Take: Move to the Empire"  # a move, which asks where next
PASS = "pass"
LAST = ""  # in a script: the menu's last option, as a person passing through
MENU_LINE = re.compile(r"^\s+(\d+)\) (.*)$")


class Scripted(io.StringIO):
    """The person at the terminal: the options named in ``script`` in turn, each typed as its
    number in the menu shown, then the last option of every menu (an action phase's "pass");
    Enter at a hand-over screen and at any question that is not a menu."""

    def __init__(self, *script: str) -> None:
        super().__init__()
        self.script = list(script)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        shown = sys.stdout.getvalue().rstrip().split("\n")  # type: ignore[attr-defined]
        asked = re.search(r"a number, 1 to (\d+)", shown[-1])
        if asked is None:
            return "\n"
        if not self.script:
            return f"{asked.group(1)}\n"
        wanted = self.script.pop(0)
        if wanted == LAST:
            return f"{asked.group(1)}\n"
        menu = {}
        for line in reversed(shown[:-1]):
            found = MENU_LINE.match(line)
            if found is None:
                break
            menu[found.group(2)] = found.group(1)
        assert wanted in menu, f"{wanted!r} is not offered: {sorted(menu)}"
        return f"{menu[wanted]}\n"


def typed_for(cli: Callable[..., Ran], entry: int, option: str) -> str:
    """The number 'entry amend' takes for ``option`` at entry ``entry``'s question, read from
    the options it lists when given a number it does not offer (refused, nothing written)."""
    ran = cli("entry", "amend", str(entry), "answer", "0", "--campaign", "Winters")
    assert ran.code == 2, ran.err
    listed = dict(
        (label, number)
        for number, label in re.findall(r"(\d+)\) (.+?)(?=; \d+\) | \(see '|$)", ran.err.strip())
    )
    assert option in listed, ran.err
    return listed[option]


def at_table(
    cli: Callable[..., Ran], mp: pytest.MonkeyPatch, seed: int, *script: str, text: str = ""
) -> None:
    mp.setattr("sys.stdin", Scripted(*script))
    ran = cli(
        "play", text or "six-winters-v19", "--players", "1", "--people", "1", "--seed", str(seed),
        "--campaign", "Winters",
    )  # fmt: skip
    assert ran.code == 0, ran.err


def games(journal_path: Path) -> list[dict[str, Any]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        return games_of(s, ledger.get_campaign(s, "Winters"))


def moves(journal_path: Path, game: int) -> list[int]:
    """The entry numbers of game ``game``'s moves."""
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Winters")
        session = ledger.sessions_of(s, campaign)[game - 1]
        rows = ledger.entries(s, campaign)
        return [e.number for e in rows if e.session_id == session.id and e.kind == "move"]


def exported(cli: Callable[..., Ran], tmp_path: Path) -> dict[str, Any]:
    """The campaign as 'chronicler export' writes it, its history apart."""
    out = tmp_path / "winters.json"
    ran = cli("export", "--campaign", "Winters", "--out", str(out))
    assert ran.code == 0, ran.err
    data = dict(json.loads(out.read_text(encoding="utf-8")))
    data.pop("history", None)
    return data


def history(cli: Callable[..., Ran]) -> str:
    return cli("history", "--campaign", "Winters").out


def engine_year(seed: int, answers: list[Any], carried: dict[str, Any]) -> dict[str, Any]:
    """What the engine's year leaves from ``carried`` with the same answers."""
    assert V19.engine is not None and V19.bots is not None
    game = V19.engine.new_game(
        GameSetup(seed=seed, seats=1, carried=carried), V19.bots.make("random", seed)
    )
    for answer in answers:
        game.apply(answer)
    assert game.pending() is None
    return dict(V19.engine.outcome(game).carried)


def bots_year(seed: int, carried: dict[str, Any]) -> dict[str, Any]:
    """What the default bots' year leaves from ``carried`` ('chronicler play' with no people)."""
    assert V19.engine is not None and V19.bots is not None
    bot = V19.bots.make(V19.bots.default, seed)
    game = V19.engine.new_game(GameSetup(seed=seed, carried=carried), bot)
    while (decision := game.pending()) is not None:
        obs = game.observation(decision.who) if bot.uses_observation else None
        game.apply(bot.choose(obs, decision))
    return dict(V19.engine.outcome(game).carried)


@pytest.fixture
def three_years(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[dict[str, Any]]]:
    """Years 1 and 2 at the table (every answer the menu's last: a pass), year 3 by bots."""
    at_table(cli, monkeypatch, YEAR_ONE)
    at_table(cli, monkeypatch, YEAR_TWO)
    ran = cli("play", "six-winters-v19", "--seed", str(YEAR_THREE), "--campaign", "Winters")
    assert ran.code == 0, ran.err
    yield games(journal_path)


def test_an_answer_of_year_one_fixed_plays_every_later_year_again_from_it(
    three_years: list[dict[str, Any]], cli: Callable[..., Ran], journal_path: Path
) -> None:
    one, two, three = three_years
    second = moves(journal_path, 1)[FIXED]
    typed = typed_for(cli, second, CREATE_AN_ASSET)
    ran = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert ran.code == 0, ran.err
    assert "'Take: Create a Military Asset' in place of 'pass'" in ran.out
    again = len(two["moves"])
    said = f"game 2 played again with its {again} answers; game 3 played again by its bots"
    assert said in ran.out

    fixed = games(journal_path)
    assert [g["number"] for g in fixed] == [1, 2, 3]
    assert [g["title"] for g in fixed] == [g["title"] for g in three_years]
    answers = [m["answer"] for m in fixed[0]["moves"]]
    was = [m["answer"] for m in one["moves"]]
    assert answers == [*was[:FIXED], CREATE_AN_ASSET, *was[FIXED + 1 :]] and was[FIXED] == PASS
    left = [g["result"]["carried"] for g in fixed]
    # year 1 leaves what the engine's year leaves from the new answer: the asset held threat
    assert left[0] == engine_year(YEAR_ONE, answers, {})
    assert left[0]["numbers"][""]["sorcery threat"] == 4
    assert one["result"]["carried"]["numbers"][""]["sorcery threat"] == 5
    # year 2, its own answers again from what year 1 now leaves; year 3 by its bots from year 2
    assert [m["answer"] for m in fixed[1]["moves"]] == [m["answer"] for m in two["moves"]]
    assert left[1] == engine_year(YEAR_TWO, [m["answer"] for m in two["moves"]], left[0])
    assert left[1] != two["result"]["carried"]
    assert left[2] == bots_year(YEAR_THREE, left[1]) and left[2] != three["result"]["carried"]
    assert fixed[2]["moves"] == [] and fixed[2]["game"] == three["game"]
    assert [n["numbers"][""]["year"] for n in left] == [2, 3, 4]
    # one change of the history
    assert history(cli).count("entry amend") == 1


def test_undo_puts_every_year_back_as_it_was_exported(
    three_years: list[dict[str, Any]], cli: Callable[..., Ran], journal_path: Path, tmp_path: Path
) -> None:
    before = exported(cli, tmp_path)
    second = moves(journal_path, 1)[FIXED]
    typed = typed_for(cli, second, CREATE_AN_ASSET)
    ran = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert ran.code == 0, ran.err
    assert exported(cli, tmp_path) != before
    undone = cli("undo", "--campaign", "Winters")
    assert undone.code == 0, undone.err
    assert exported(cli, tmp_path) == before


def test_a_deleted_answer_of_year_one_plays_the_later_years_again_or_is_refused(
    three_years: list[dict[str, Any]], cli: Callable[..., Ran], journal_path: Path, tmp_path: Path
) -> None:
    before, kept = exported(cli, tmp_path), history(cli)
    # year 1's last pass taken out: year 1 asks one more question, and year 2 went on from it
    last = moves(journal_path, 1)[-1]
    ran = cli("entry", "delete", str(last), "--campaign", "Winters")
    assert ran.code == 1 and ran.err.strip().count("\n") == 0
    assert (
        f"entry delete {last}: game 1 played again asks more than was answered, and games 2 "
        "to 3 went on from its end; nothing changed"
    ) in ran.err
    assert exported(cli, tmp_path) == before and history(cli) == kept


def test_a_later_answer_no_longer_offered_refuses_the_fix_and_writes_nothing(
    three_years: list[dict[str, Any]], cli: Callable[..., Ran], journal_path: Path, tmp_path: Path
) -> None:
    before, kept = exported(cli, tmp_path), history(cli)
    first, second = moves(journal_path, 1)[1:3]  # the first action and the one after it
    typed = typed_for(cli, first, MOVE_TO_THE_EMPIRE)
    ran = cli("entry", "amend", str(first), "answer", typed, "--campaign", "Winters")
    assert ran.code == 1 and "Traceback" not in ran.err
    assert ran.err.strip().count("\n") == 0
    assert f"entry amend {first}: game 1 played again leaves entry {second} (" in ran.err
    assert "its answer 'pass' is no longer offered; nothing changed" in ran.err
    assert exported(cli, tmp_path) == before and history(cli) == kept


def test_an_answer_of_a_later_year_no_longer_offered_names_that_year_and_entry(
    three_years: list[dict[str, Any]], cli: Callable[..., Ran], journal_path: Path, tmp_path: Path
) -> None:
    """A journal whose year 2 keeps an answer its question never offers (written by another
    chronicler, say): year 2 played again refuses the fix at that entry."""
    year_two = moves(journal_path, 2)[0]

    def unoffered(s: Any) -> None:
        entry = ledger.entry_numbered(s, ledger.get_campaign(s, "Winters"), year_two)
        entry.payload = {**entry.payload, "answer": "Take: Sail to the Moon"}
        s.add(entry)

    with open_journal(journal_path) as journal:
        journal.write(unoffered)
    before, kept = exported(cli, tmp_path), history(cli)
    second = moves(journal_path, 1)[FIXED]
    typed = typed_for(cli, second, CREATE_AN_ASSET)
    ran = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert ran.code == 1 and ran.err.strip().count("\n") == 0
    assert f"entry amend {second}: game 2 played again leaves entry {year_two} (" in ran.err
    assert "'Take: Sail to the Moon' is no longer offered; nothing changed" in ran.err
    assert exported(cli, tmp_path) == before and history(cli) == kept


def test_the_published_site_shows_the_fixed_tracks_over_the_years(
    three_years: list[dict[str, Any]],
    cli: Callable[..., Ran],
    journal_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()  # the terminal as it was: the site's builder reads no scripted input
    second = moves(journal_path, 1)[FIXED]
    typed = typed_for(cli, second, CREATE_AN_ASSET)
    fixed = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert fixed.code == 0, fixed.err
    left = [g["result"]["carried"]["numbers"][""] for g in games(journal_path)]
    with open_journal(journal_path) as journal:
        publish(journal, "Winters", tmp_path / "out")
    home = (tmp_path / "out" / "site" / "index.html").read_text(encoding="utf-8")
    table = home[home.index('<table class="years">') :]
    table = table[: table.index("</table>")]
    for track in ("sorcery threat", "stability threat", "year"):
        cells = "".join(f"<td>{year[track]}</td>" for year in left)
        assert f'<tr><th scope="row">{track}</th>{cells}</tr>' in table
    assert '<tr><th scope="row">sorcery threat</th><td>4</td>' in table  # was 5


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("0", "'0' is not a number, 1 to "),
        ("99", "'99' is not a number, 1 to "),
        ("1,5", "'1,5' is not a number, 1 to "),
        ("²", "'²' is not a number, 1 to "),
        ("٣", "'٣' is not a number, 1 to "),
        ("9" * 5000, "is not a number, 1 to "),
        ("<script>alert(1)</script>", "'<script>alert(1)</script>' is not a number"),
        ("1\n2", r"'1\n2' is not a number, 1 to "),
    ],
)
def test_a_hostile_answer_is_refused_in_one_line(
    three_years: list[dict[str, Any]],
    cli: Callable[..., Ran],
    journal_path: Path,
    tmp_path: Path,
    typed: str,
    says: str,
) -> None:
    before, kept = exported(cli, tmp_path), history(cli)
    second = moves(journal_path, 1)[FIXED]
    ran = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert ran.code == 2 and "Traceback" not in ran.err
    assert ran.err.strip().count("\n") == 0 and says in ran.err, ran.err[:300]
    assert exported(cli, tmp_path) == before and history(cli) == kept


# --- the campaign's end moved by the fix ----------------------------------------------------


@pytest.fixture
def ends_on_threat(tmp_path: Path) -> str:
    """v19.7's text with the campaign over once the sorcery threat passes 4 (year 1 of passes
    reaches 5; with the military asset it stays at 4), so an answer moves its end."""
    copy = tmp_path / "threatened"
    shutil.copytree(V19_TEXT, copy)
    ruleset = copy / "ruleset.rules"
    text = ruleset.read_text(encoding="utf-8")
    line = "the campaign is over once year is above years\n"
    assert line in text
    ruleset.write_text(text.replace(line, "the campaign is over once sorcery threat is above 4\n"))
    return str(copy)


def test_a_year_before_the_last_that_now_ends_the_campaign_is_refused(
    ends_on_threat: str,
    cli: Callable[..., Ran],
    journal_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    at_table(cli, monkeypatch, YEAR_ONE, *[LAST] * FIXED, CREATE_AN_ASSET, text=ends_on_threat)
    at_table(cli, monkeypatch, YEAR_TWO, text=ends_on_threat)
    one, _ = games(journal_path)
    assert one["result"]["result"] == ""  # year 1 ended a session; year 2 was played after it
    before, kept = exported(cli, tmp_path), history(cli)
    second = moves(journal_path, 1)[FIXED]
    typed = typed_for(cli, second, PASS)
    ran = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert ran.code == 1 and ran.err.strip().count("\n") == 0
    assert f"entry amend {second}: game 1 played again ends the campaign (" in ran.err
    assert "game 2, recorded after it, would be lost" in ran.err
    assert "'chronicler undo'" in ran.err and ran.err.rstrip().endswith("nothing changed")
    assert exported(cli, tmp_path) == before and history(cli) == kept


def test_a_last_year_that_no_longer_ends_the_campaign_leaves_it_open(
    ends_on_threat: str,
    cli: Callable[..., Ran],
    journal_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at_table(cli, monkeypatch, YEAR_ONE, text=ends_on_threat)
    (one,) = games(journal_path)
    assert one["result"]["result"]  # the text's result: the campaign is over
    refused = cli("play", ends_on_threat, "--seed", "5", "--campaign", "Winters")
    assert refused.code == 1 and "is over" in refused.err
    second = moves(journal_path, 1)[FIXED]
    typed = typed_for(cli, second, CREATE_AN_ASSET)
    ran = cli("entry", "amend", str(second), "answer", typed, "--campaign", "Winters")
    assert ran.code == 0, ran.err
    (one,) = games(journal_path)
    assert one["result"]["result"] == "" and one["result"]["carried"]["numbers"][""]["year"] == 2
    again = cli("play", ends_on_threat, "--seed", "5", "--campaign", "Winters")
    assert again.code == 0, again.err  # the campaign goes on from the fixed year
    assert len(games(journal_path)) == 2


# --- Seasons: games that carry nothing ----------------------------------------------------------

SEASONS_TYPED = "5\n6\n1\n9\n" + "1\n" * 4000  # tests/journal/test_seasons_amend_at_table.py


def test_a_seasons_game_fixed_plays_the_next_game_again_as_it_was(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for seed in ("5", "6"):
        monkeypatch.setattr("sys.stdin", io.StringIO(SEASONS_TYPED))
        ran = cli(
            "play", "seasons", "--players", "2", "--people", "1", "--seed", seed,
            "--dice", "table", "--campaign", "Winters",
        )  # fmt: skip
        assert ran.code == 0, ran.err
    one, two = games(journal_path)
    before = exported(cli, tmp_path)
    ran = cli("entry", "amend", "2", "answer", "2", "--campaign", "Winters")  # the monster die
    assert ran.code == 0, ran.err
    assert "game 2 played again with its" in ran.out
    fixed_one, fixed_two = games(journal_path)
    assert fixed_one["result"]["scores"] != one["result"]["scores"]
    # game 2 starts from nothing game 1 leaves: played again, it is what it was
    assert fixed_two["moves"] == two["moves"] and fixed_two["rounds"] == two["rounds"]
    assert fixed_two["result"] == two["result"]
    assert cli("undo", "--campaign", "Winters").code == 0
    assert exported(cli, tmp_path) == before
