"""The walk-through in docs/first-card.md works as written: *Lantern Road*, with no Python file,
checks, is played by a bot and prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dsl_testing import ROOT
from pypdf import PdfReader

from journal.cli import main

PAGE = ROOT / "docs" / "first-card.md"


def write_files(into: Path) -> None:
    """Each code block starting with ``# file: NAME`` becomes that file (later blocks win)."""
    for block in re.findall(r"```\w*\n(.*?)```", PAGE.read_text(), flags=re.S):
        first = block.partition("\n")[0]
        if first.startswith("# file: "):
            (into / first.removeprefix("# file: ").strip()).write_text(block)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    game = tmp_path / "lantern_road"
    game.mkdir()
    write_files(game)
    return game


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    said = capsys.readouterr()
    return code, said.out, said.err


def test_the_page_writes_text_and_no_python(folder: Path) -> None:
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["monsters.rules", "relics.rules", "road.rules", "ruleset.rules", "words.rules"]


def test_lantern_road_checks_clean(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(folder))
    assert code == 0
    assert "checked 5 files in 1 ruleset: 0 errors, 0 warnings" in err


def test_the_misspelt_tag_gives_the_documented_error(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monsters = folder / "monsters.rules"
    monsters.write_text(monsters.read_text().replace("tags Beast", "tags Beest"))
    code, _, err = run(capsys, "check", str(folder))
    assert code == 1
    assert "monsters.rules:11:8: error: unknown card tag 'Beest'; did you mean 'Beast'?" in err


def test_a_random_bot_plays_a_whole_game_the_same_for_the_same_seed(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "play", str(folder), "--players", "2", "--seed", "1")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == "Game started: p1, p2 (seed 1)"
    assert re.fullmatch(r"(p\d wins|A tie between .*) \(the procedure ended\): .*\.", lines[-1])
    assert any("(Rest)" in line or "(Glow Jar" in line for line in lines)  # the text ran
    again = run(capsys, "play", str(folder), "--players", "2", "--seed", "1")
    assert again[1] == out


def test_a_lantern_that_goes_out_costs_points(folder: Path) -> None:
    from dsl.loader import load_ruleset
    from dsl.world.game import new_game

    game = new_game(load_ruleset(folder), seed=1, players=2)
    game.pending()
    game.ops.change("p1", "points", 5, why="test")
    game.ops.change("p1", "light", -3, why="a Lurk")  # 3 to 0: "At 0: Lose 2 points."
    assert (game.ops.value("p1", "light"), game.ops.value("p1", "points")) == (0, 3)


def test_the_cards_print_as_a_pdf_and_as_their_wording(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "cards", str(folder))
    assert code == 0, err
    assert "Lamp Oil" in out and "at most 2" in out
    printed = tmp_path / "print"
    code, said, err = run(capsys, "print", str(folder), "--out", str(printed), "--dpi", "60")
    assert code == 0, err
    pdf = PdfReader(printed / "lantern-road-poker-a4.pdf")
    # nine cards, one of them twice (copies 2: the deck holds two), so ten printed copies on
    # two sheets: each sheet's fronts, then its backs
    assert len(pdf.pages) == 4
    assert "9 cards, 10 printed copies" in said
