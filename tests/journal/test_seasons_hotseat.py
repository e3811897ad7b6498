"""People at one terminal (issue 35, item 3): 'chronicler play seasons --people 1,2' asks each
person at a hand-over screen, clears the screen between people, and never shows one person's
face-down order on another's screen; a game played by people is recorded with the narration
they add (journal/hotseat.py)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from journal_testing import Ran
from rich.console import Console

from dsl.contract import GameSetup
from journal import ledger
from journal.db import open_journal
from journal.hotseat import CLEAR, HotSeat, Terminal
from journal.world.recording import games_of
from rules import registry

SEASONS = registry.find("seasons")


class Table:
    """Two people reading their screen and typing: ``answer(screen, prompt)`` picks a line."""

    def __init__(self, answer: Callable[[str, str], str]) -> None:
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=100, highlight=False, soft_wrap=True)
        self.answer = answer
        self.screens_answered: list[str] = []
        self.answered_at: list[int] = []  # where in the whole output each answer was typed

    def screen(self) -> str:
        """What the terminal shows now: everything since it was last cleared."""
        return self.out.getvalue().rpartition(CLEAR)[2]

    def read(self) -> str:
        shown = self.screen()
        prompt = shown.rstrip("\n").rpartition("\n")[2]
        if "press Enter" in prompt:
            return "\n"
        self.screens_answered.append(shown)
        self.answered_at.append(len(self.out.getvalue()))
        return self.answer(shown, prompt) + "\n"


def seated(table: Table, people: tuple[str, ...]) -> HotSeat:
    assert SEASONS.engine is not None and SEASONS.bots is not None
    bot = SEASONS.bots.make("heuristic", 3)
    game = SEASONS.engine.new_game(GameSetup(seed=3, seats=2), bot)
    names = dict(game.state.names)  # type: ignore[attr-defined]
    return HotSeat(
        game,
        bot,
        people,
        Terminal(table.console, table.read),
        names,
        SEASONS.journal.account.narrate,
    )


def option(screen: str, wanted: str) -> str | None:
    """The number of the option listed on the screen that reads ``wanted``."""
    for line in screen.splitlines():
        number, _, said = line.strip().partition(") ")
        if said == wanted and number.isdigit():
            return number
    return None


def test_player_1s_face_down_order_is_never_on_player_2s_screen() -> None:
    def answer(screen: str, prompt: str) -> str:
        if "Your view, Player 1" in screen:  # player 1 seals Steal on Spring face down
            return option(screen, "Steal on Spring, face down") or "1"
        return "1"

    table = Table(answer)
    seat = seated(table, ("p1", "p2"))
    game = seat.game
    while game.state.round < 2 and (decision := game.pending()) is not None:  # type: ignore[attr-defined]
        game.apply(seat.choose(game.observation(decision.who), decision))

    shown = table.out.getvalue()
    sealed_at = shown.index("p1 commits a choice face down")  # told to all: only that
    revealed = shown.index("p1 reveals the order on Spring: Steal")
    answered = list(zip(table.answered_at, table.screens_answered, strict=True))
    p1 = [s for _, s in answered if "Your view, Player 1" in s]
    p2 = [s for _, s in answered if "Your view, Player 2" in s]
    assert p1 and p2
    assert all("Player 2 holds the terminal" not in s for s in p1)  # one person a screen
    assert all("Player 1 holds the terminal" not in s for s in p2)
    # a person's view: their numbers, the market, the map with their own units marked
    assert "yours: gold 10" in p1[0] and "market: Sun Disc" in p1[0]
    assert "at North Capital: Town Hall, 1 peasant (yours), 1 warrior (yours)" in p1[0]
    assert "at North Capital: Town Hall, 1 peasant (Player 1)" in p2[0]
    sealed = [s for s in p1 if "order of you on Spring: Steal (face down)" in s]
    assert sealed, "player 1 sees their own face-down order"
    handed = [s for at, s in answered if "Your view, Player 2" in s and sealed_at < at < revealed]
    assert handed, "player 2 took the terminal while player 1's order was face down"
    for screen in handed:
        assert "order of Player 1 on Spring: face down" in screen
        assert "Steal (face down)" not in screen and "order of you on Spring: Steal" not in screen
    # between player 1's last answer and player 2's next view: the screen was cleared and
    # handed over
    last_p1 = shown.index("order of you on Spring: Steal (face down)")
    next_p2 = shown.index("Your view, Player 2", last_p1)
    assert CLEAR in shown[last_p1:next_p2]
    assert "Pass the terminal to Player 2." in shown[last_p1:next_p2]


def test_a_game_played_by_a_person_and_a_bot_is_recorded_with_their_notes(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = "\n" + "note The north feasts at dawn\n" + "1\n" * 3000
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--campaign", "Hearth", "--note", "Played at the kitchen table",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert "Pass the terminal to Player 1." in ran.out
    assert "Game over" in ran.out and "Recorded game 1 into campaign Hearth" in ran.out
    with open_journal(journal_path) as journal, journal.reading() as s:
        (game,) = games_of(s, ledger.get_campaign(s, "Hearth"))
    assert game["game"]["bots"] == ["person", "heuristic"]  # who played each seat
    assert [n["text"] for n in game["notes"]] == [
        "Played at the kitchen table",
        "The north feasts at dawn",
    ]
    assert {m["round"] for m in game["moves"]} == {1, 2}  # each in the round it was asked in
    asked = {m["player"] for m in game["moves"]}
    assert asked == {"p1", "p2"}  # every question answered, the person's and the bot's
    assert any("reveals" in line for m in game["moves"] for line in m["happened"])
    assert [r["title"] for r in game["rounds"]][:2] == ["Setup", "Round 1"]
    assert game["result"]["winners"] and game["stopped"] is None


def test_when_the_people_stop_answering_the_game_ends_in_one_line(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n"))
    ran = cli("play", "seasons", "--players", "2", "--people", "1,2", "--seed", "3")
    assert ran.code == 2
    assert "no answer was given to" in ran.err and "Traceback" not in ran.err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--people", "5"), "'5' is not a seat of this game (1 to 2)"),
        (("--people", "1", "--json"), "--json: a game played at the table"),
        (("--note", "hello"), "--note: the narration is kept with a game played by seats"),
        (("--resume",), "--resume: name the campaign whose stopped game to play on"),
    ],
)
def test_hot_seat_refusals_name_the_option(
    cli: Callable[..., Ran], args: tuple[str, ...], said: str
) -> None:
    ran = cli("play", "seasons", "--players", "2", *args)
    assert ran.code == 2 and said in ran.err, ran.err


def _game(journal_path: Path, name: str) -> dict[str, Any]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        games = games_of(s, ledger.get_campaign(s, name))
    return dict(games[-1])


def test_a_game_stopped_at_the_table_is_kept_up_to_there_and_says_so(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" + "1\n" * 6 + "note a storm ends it\n"))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1,2", "--seed", "3",
        "--campaign", "Storm",
    )  # fmt: skip
    assert ran.code == 2
    assert "what was played is recorded up to there" in ran.err and "Traceback" not in ran.err
    game = _game(journal_path, "Storm")
    assert game["result"] is None
    assert game["stopped"]["why"].startswith("no answer was given to")
    assert len(game["moves"]) == 3  # three answers typed (the other lines: hand-overs)
    assert [n["text"] for n in game["notes"]] == ["a storm ends it"]

    listed = cli("entry", "list", "--campaign", "Storm")
    assert listed.code == 0 and "Stopped in round" in listed.out
    # the last change (the stop) is taken back by undo, a note by entry delete
    undone = cli("undo", "--campaign", "Storm")
    assert undone.code == 0, undone.err
    assert _game(journal_path, "Storm")["stopped"] is None
    note = next(line for line in listed.out.splitlines() if "Note: a storm ends it" in line)
    deleted = cli("entry", "delete", note.split(".")[0], "--campaign", "Storm")
    assert deleted.code == 0, deleted.err
    assert _game(journal_path, "Storm")["notes"] == []


def test_a_game_played_at_the_table_is_published_with_its_notes_and_chart(
    cli: Callable[..., Ran], journal_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = "\n" + "1\n" * 20 + "note <b>Hostile</b> & brave\n" + "1\n" * 3000
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "2", "--seed", "4",
        "--campaign", "Published",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    monkeypatch.undo()  # the standard input as pytest left it (the site builder reads it)
    out = tmp_path / "site"
    published = cli("publish", "--campaign", "Published", "--out", str(out))
    assert published.code == 0, published.err
    page = next(out.rglob("game-1.html")).read_text(encoding="utf-8")
    assert "&lt;b&gt;Hostile&lt;/b&gt; &amp; brave" in page and "<b>Hostile" not in page
    assert "questions answered at the table this round" in page
    assert "played by heuristic, person" in page
    assert "<polyline" in page  # the tracks drawn as a chart (SVG, no script)


def test_a_stopped_game_is_played_on_from_its_recorded_answers(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" + "1\n" * 30))
    first = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "4", "--campaign", "On",
    )  # fmt: skip
    assert first.code == 2
    stopped = _game(journal_path, "On")
    assert stopped["stopped"] is not None and stopped["result"] is None
    answered = len(stopped["moves"])

    monkeypatch.setattr("sys.stdin", io.StringIO("\n" + "1\n" * 3000))
    ran = cli("play", "seasons", "--campaign", "On", "--resume")
    assert ran.code == 0, ran.err
    assert f"Playing game 1 of On on from round 1, after its {answered} answers." in ran.out
    game = _game(journal_path, "On")
    assert game["stopped"] is None and game["result"]["winners"]  # the stop taken out, ended
    assert [r["title"] for r in game["rounds"]] == ["Setup", "Round 1", "Round 2"]  # once each
    assert game["moves"][:answered] == stopped["moves"]
    assert len(game["moves"]) > answered

    again = cli("play", "seasons", "--campaign", "On", "--resume")
    assert again.code == 1 and "game 1 of 'On' is over: nothing to resume" in again.err


def test_a_card_drawn_into_a_hand_is_told_to_the_table_without_its_name() -> None:
    table = Table(lambda screen, prompt: "1")
    seat = seated(table, ("p1", "p2"))
    game: Any = seat.game
    drawn = game.state.zones["blessing deck"][0]
    name = game.state.cards[drawn]["name"]
    game.ops.move_card(drawn, zone="hand", owner="p1", why="a blessing")
    seat._tell_public()  # what whoever holds the terminal is told
    told = table.out.getvalue()
    assert "a card: blessing deck -> hand@p1 (a blessing)" in told
    assert name not in told
    seat._show_private("p1")  # its owner sees it in their own view
    assert f"your hand: {name}" in table.out.getvalue()


class CtrlC:
    """A terminal whose person presses Ctrl-C once the lines typed run out."""

    def __init__(self, typed: str) -> None:
        self.lines = io.StringIO(typed)

    def readline(self) -> str:
        line = self.lines.readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_at_the_table_keeps_what_was_played(
    cli: Callable[..., Ran], journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", CtrlC("\n" + "1\n" * 10))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "2", "--campaign", "Cut",
    )  # fmt: skip
    assert ran.code == 1 and "Traceback" not in ran.err
    assert "stopped at the table before its end; what was played is recorded up to there" in (
        ran.err
    )
    game = _game(journal_path, "Cut")
    assert game["stopped"]["why"] == "stopped at the table (Ctrl-C)"
    assert sum(m["player"] == "p1" for m in game["moves"]) == 10  # every answer typed, kept
