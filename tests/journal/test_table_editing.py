"""Writing a scene's story in ``$EDITOR``: it opens with the text as it stands, and an editor
that fails or an empty save keeps that text (and says so), never a traceback."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest
from test_table import record, scenes

pytestmark = pytest.mark.usefixtures("cards")

STORY = "The rift sang back to us."


def _editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    """$EDITOR is a Python script: ``old`` is the file's text when opened, ``path`` the file;
    what it saw is kept in seen.txt next to it."""
    script = tmp_path / "editor.py"
    seen = tmp_path / "seen.txt"
    script.write_text(
        "import sys\n"
        "path = sys.argv[-1]\n"
        "old = open(path, encoding='utf-8').read()\n"
        f"open({str(seen)!r}, 'w', encoding='utf-8').write(old)\n" + body
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    return seen


@pytest.fixture
def told(cli):  # type: ignore[no-untyped-def]
    """A year-1 scene with a story."""
    assert cli("campaign", "start", "Brightdune").code == 0
    assert cli(
        "year", "start", "--campaign", "Brightdune", "--year", "1",
        "--scheme", "Sow Discord", "--characters", "Parin,Kanun",
    ).code == 0  # fmt: skip
    assert record(cli, "--text", STORY).code == 0
    return cli


def _narrate(cli):  # type: ignore[no-untyped-def]
    return cli("scene", "narrate", "--campaign", "Brightdune", "--year", "1", "--number", "1")


def test_the_editor_opens_with_the_scenes_story(told, journal_path, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen = _editor(
        tmp_path, monkeypatch, "open(path, 'w').write(old.replace('us.', 'us, twice.'))\n"
    )
    ran = _narrate(told)
    assert ran.code == 0, ran.err
    assert seen.read_text().startswith(STORY + "\n")
    ((scene, _),) = scenes(journal_path)
    assert scene.narration == "The rift sang back to us, twice."


def test_an_empty_save_keeps_the_story_and_says_so(
    told, journal_path, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    _editor(tmp_path, monkeypatch, "open(path, 'w').write('')\n")
    ran = _narrate(told)
    assert ran.code == 0 and "the editor's text was empty; the narration is kept" in ran.err
    ((scene, _),) = scenes(journal_path)
    assert scene.narration == STORY


def test_an_editor_that_fails_keeps_the_story(told, journal_path, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _editor(tmp_path, monkeypatch, "open(path, 'w').write('half a th')\nsys.exit(3)\n")
    ran = _narrate(told)
    assert ran.code == 1 and "Traceback" not in ran.err
    assert "Editing failed; the narration is kept as it was" in ran.err
    ((scene, _),) = scenes(journal_path)
    assert scene.narration == STORY


def test_an_editor_that_fails_records_no_scene(told, journal_path, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _editor(tmp_path, monkeypatch, "sys.exit(1)\n")
    ran = record(told, "--skill-match", "2")
    assert ran.code == 1 and ran.err.count("\n") == 1 and "Traceback" not in ran.err
    assert len(scenes(journal_path)) == 1


def test_a_nul_written_in_the_editor_is_refused_and_the_story_kept(
    told, journal_path, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    _editor(tmp_path, monkeypatch, "open(path, 'w').write('bad\\x00story')\n")
    ran = _narrate(told)
    assert ran.code == 1 and "holds a NUL character" in ran.err
    ((scene, _),) = scenes(journal_path)
    assert scene.narration == STORY


def test_a_markdown_heading_written_in_the_editor_is_kept(
    told, journal_path, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    _editor(tmp_path, monkeypatch, "open(path, 'w').write('# The Rift\\n' + old)\n")
    assert _narrate(told).code == 0
    ((scene, _),) = scenes(journal_path)
    assert scene.narration == "# The Rift\n" + STORY
