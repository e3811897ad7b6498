"""docs/rulesets/tags-and-tracks-table.md runs as written: in an empty folder, Brick's sheet
as the page gives it, then each command with the answers typed after its prompts; every line
shown is printed."""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

from journal.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulesets" / "tags-and-tracks-table.md"
PROMPT = re.compile(
    r"^(Your choice \[[0-9/]+\]|Name the level \d+ skill building on [^:]+"
    r"|Numbers, separated by commas \(0: none\)): (.+)$"
)


def _blocks(kind: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return [block.split("```", 1)[0] for block in text.split(f"```{kind}\n")[1:]]


def _steps() -> list[tuple[list[str], list[str], list[str]]]:
    """(the words after 'chronicler', the answers typed, the lines shown), per command."""
    steps: list[tuple[list[str], list[str], list[str]]] = []
    for block in _blocks("console"):
        for line in block.splitlines():
            if line.startswith("$ chronicler "):
                steps.append((shlex.split(line[2:])[1:], [], []))
                continue
            typed = PROMPT.match(line)
            if typed:
                steps[-1][1].append(typed.group(2))
                steps[-1][2].append(typed.group(1) + ": ")
            else:
                steps[-1][2].append(line)
    return steps


def test_the_walk_through_has_the_session_the_issue_asks_for() -> None:
    verbs = [" ".join(words[:2]) for words, _, _ in _steps()]
    for verb in ("campaign start", "character add", "roll --character", "hit Brick",
                 "track add", "track tick", "publish --out"):  # fmt: skip
        assert verb in verbs


def test_the_session_at_the_table_runs_as_written(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CHRONICLER_DB", raising=False)
    sheet = next(b for b in _blocks("text") if b.startswith("Brick - "))
    (tmp_path / "brick.character").write_text(sheet, encoding="utf-8")
    for words, answers, shown in _steps():
        typed = "".join(a + "\n" for a in answers).encode("utf-8")
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(typed), encoding="utf-8"))
        capsys.readouterr()
        code = main(words)
        out = capsys.readouterr()
        said = out.out + out.err
        assert code == 0, (words, said)
        for line in shown:
            assert line in said, (words, line, said)
    site = tmp_path / "salt-roads-site" / "site"
    assert (site / "sessions" / "session-1.html").exists()
    assert "A guard wants a bribe <em>Brick</em> will not pay." in (
        site / "sessions" / "session-1.html"
    ).read_text("utf-8")
