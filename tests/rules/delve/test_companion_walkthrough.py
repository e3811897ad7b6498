"""docs/rulesets/delve.md, "At the table: an encounter", runs as written: in an empty folder,
each command of the page, and every line it prints (an error line for a refusal, which exits 1)."""

from __future__ import annotations

import shlex
from pathlib import Path

from journal.cli import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "rulesets" / "delve.md"
SECTION = "## At the table: an encounter"


def _steps() -> list[tuple[list[str], list[str]]]:
    """(the words after 'chronicler', the lines shown), per command of the section."""
    text = DOC.read_text(encoding="utf-8").split(SECTION, 1)[1].split("\n## ", 1)[0]
    steps: list[tuple[list[str], list[str]]] = []
    for block in text.split("```console\n")[1:]:
        for line in block.split("```", 1)[0].splitlines():
            if line.startswith("$ chronicler "):
                steps.append((shlex.split(line[2:])[1:], []))
            else:
                steps[-1][1].append(line)
    return steps


def test_the_walk_through_runs_an_encounter_from_its_start_to_its_end() -> None:
    verbs = [" ".join(words[:3]) for words, _ in _steps()]
    for verb in ("delve encounter start", "delve encounter show", "delve encounter condition",
                 "delve encounter momentum", "delve encounter act", "delve encounter next",
                 "delve encounter rout", "delve expedition start",
                 "publish --out barrow-site"):  # fmt: skip
        assert verb in verbs
    assert any(words[:2] == ["delve", "amend"] for words, _ in _steps())


def test_the_encounter_at_the_table_runs_as_written(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CHRONICLER_DB", raising=False)
    for words, shown in _steps():
        capsys.readouterr()
        code = main(words)
        out, err = capsys.readouterr()
        printed = (out + err).splitlines()
        refused = any(line.startswith("error:") for line in shown)
        assert code == (1 if refused else 0), (words, out, err)
        assert printed == shown, words
    assert (tmp_path / "barrow-site" / "site" / "encounters" / "encounter-1.html").is_file()
