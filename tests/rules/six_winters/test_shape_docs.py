"""The walk-through in docs/shape.md works as written: its edits, applied in order to a copy of
Six Winters, give the ``chronicler check`` output it shows, and the game changes as it says."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from journal.cli import main
from rules.six_winters import engine
from rules.six_winters.bots import make_bot

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "shape.md").read_text()
BLOCKS = re.findall(r"```text\n(.*?)```", PAGE, flags=re.S)


def _steps() -> list[tuple[str, str, str]]:
    """Each block in order: ("edit", file, (old, new)) or ("check", expected output, "")."""
    steps = []
    for block in BLOCKS:
        first, _, rest = block.partition("\n")
        if first.startswith("# edit: "):
            old, _, new = rest.partition("# becomes:\n")
            steps.append(("edit", first.removeprefix("# edit: ").strip(), (old, new)))
        elif first == "$ chronicler check my_winters":
            steps.append(("check", rest, ""))
    return steps


def _diagnostic_lines(text: str) -> list[str]:
    """The lines that say something: diagnostics and the summary (not the quoted source)."""
    return [line for line in text.splitlines() if re.match(r"^(\S+:\d+:\d+: |checked )", line)]


def test_every_edit_applies_and_every_check_prints_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "my_winters"
    folder.mkdir()
    for path in engine.RULES_DIR.glob("*.rules"):
        shutil.copy(path, folder)
    steps = _steps()
    assert [kind for kind, _, _ in steps].count("edit") == 5
    assert [kind for kind, _, _ in steps].count("check") == 3
    for kind, what, change in steps:
        if kind == "edit":
            old, new = change
            text = (folder / what).read_text()
            assert text.count(old) >= 1, f"{old!r} is not in {what}"
            (folder / what).write_text(text.replace(old, new, 1))
            continue
        capsys.readouterr()
        main(["check", "my_winters"])
        captured = capsys.readouterr()
        assert _diagnostic_lines(captured.err + captured.out) == _diagnostic_lines(what)


def test_the_page_shows_the_turn_as_cards_kind_procedure_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown = next(b for b in BLOCKS if b.startswith("Turn\n")).strip()
    assert main(["cards", "six-winters", "--kind", "procedure"]) == 0
    assert shown in capsys.readouterr().out


def test_the_first_two_edits_give_eight_turns_a_year_and_a_rally_each_turn(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "my_winters"
    folder.mkdir()
    for path in engine.RULES_DIR.glob("*.rules"):
        shutil.copy(path, folder)
    for kind, what, change in _steps()[:2]:
        assert kind == "edit"
        old, new = change
        (folder / what).write_text((folder / what).read_text().replace(old, new, 1))
    ruleset = engine.load_ruleset(folder)
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 5, ("Parin", "Kanun"))
    engine.play(session, make_bot("heuristic", 5))
    turns = [e for e in session.events if e.kind == "turn_started"]
    rallies = [e for e in session.events if e.kind == "effect" and e.data["card"] == "Turn: Rally"]
    assert 0 < len(turns) <= 8 and len(rallies) == len(turns)
    if session.state.lost is None:
        assert len(turns) == 8
