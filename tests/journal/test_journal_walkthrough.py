"""docs/journal.md's table walk-through ("Recording at a table", "Fixing a mistake") runs as
written: its commands, in an empty folder, each exit as shown and print the lines shown."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from journal.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "journal.md"
SECTIONS = ("## Recording at a table", "## Fixing a mistake")


def _console_blocks(section: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    body = text[text.index(section) + len(section) :]
    body = body[: body.find("\n## ")]
    blocks = body.split("```console\n")[1:]
    return [block.split("```", 1)[0] for block in blocks]


def _steps(block: str) -> list[tuple[list[str], list[str]]]:
    """(the command's words after 'chronicler', the output lines shown under it)."""
    steps: list[tuple[list[str], list[str]]] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.startswith("$ chronicler "):
            steps[-1][1].append(line)
            continue
        command = line[2:]
        while command.endswith("\\"):
            command = command[:-1] + lines[i].strip()
            i += 1
        steps.append((shlex.split(command)[1:], []))
    return steps


WALK = [
    step for section in SECTIONS for block in _console_blocks(section) for step in _steps(block)
]


def test_the_walk_through_has_its_commands() -> None:
    verbs = [" ".join(words[:2]) for words, _ in WALK]
    for verb in ("campaign start", "year start", "scene record", "year end", "year reopen",
                 "scene amend", "scene delete"):  # fmt: skip
        assert verb in verbs


def test_the_table_walk_through_runs_as_written(real_cards, tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CHRONICLER_DB", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    for words, shown in WALK:
        capsys.readouterr()
        code = main(words)
        out = capsys.readouterr()
        said = out.out + out.err
        refused = any(line.startswith("error:") for line in shown)
        assert code == (1 if refused else 0), (words, said)
        for line in shown:
            if line.strip() != "...":
                assert line in said, (words, line, said)
    assert (tmp_path / "chronicle.db").exists()


@pytest.mark.parametrize("section", SECTIONS)
def test_each_section_has_a_console_block(section: str) -> None:
    assert _console_blocks(section)
