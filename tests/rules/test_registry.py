"""The ruleset registry: the command line finds a ruleset by its name or by the folder of its
text, and plays a designer's own copy as its text says."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dsl.errors import UsageError
from journal.cli import main
from rules import registry

SIX_WINTERS = Path(registry.__file__).parent / "six_winters"


def _play(capsys, game, *argv):
    code = main(["play", str(game), "--seed", "4", "--bot", "random", "--json", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _copy(tmp_path: Path, edit: tuple[str, str] | None = None) -> Path:
    folder = tmp_path / "my_winters"
    folder.mkdir()
    for source in SIX_WINTERS.glob("*.rules"):
        shutil.copy(source, folder / source.name)
    if edit:
        header = folder / "ruleset.rules"
        text = header.read_text()
        assert edit[0] in text
        header.write_text(text.replace(edit[0], edit[1]))
    return folder


def test_a_ruleset_is_found_by_its_name_with_dashes_or_underscores():
    assert registry.find("six-winters").folder == SIX_WINTERS
    assert registry.find("six_winters").package == "rules.six_winters"
    assert "six-winters" in registry.games()


def test_a_misspelt_name_suggests_the_near_one():
    with pytest.raises(UsageError, match="did you mean six-winters"):
        registry.find("six-wintrs")


def test_a_folder_without_rules_text_is_refused(tmp_path):
    with pytest.raises(UsageError, match=r"holds no \.rules files"):
        registry.find(tmp_path)


def test_a_copy_that_calls_primitives_of_no_ruleset_is_refused(tmp_path):
    folder = _copy(tmp_path, ('primitives "rules.six_winters.primitives"', 'primitives "os"'))
    with pytest.raises(UsageError, match="not those of a ruleset Chronicler has"):
        registry.find(folder)


def test_a_designers_copy_of_the_text_plays_as_the_shipped_ruleset(tmp_path, capsys):
    folder = _copy(tmp_path)
    assert registry.find(folder).package == "rules.six_winters"
    shipped = _play(capsys, "six-winters")
    copied = _play(capsys, folder)
    assert shipped[0] == copied[0] == 0
    assert shipped[1] == copied[1]


def test_a_designers_copy_plays_its_own_values(tmp_path, capsys):
    folder = _copy(tmp_path, ("value threat pool = 6", "value threat pool = 3"))
    code, out, _ = _play(capsys, folder)
    assert code == 0
    started = json.loads(out.splitlines()[0])
    assert started["kind"] == "session_started" and started["threat_pool"] == 3


def test_an_unknown_ruleset_is_a_one_line_error(capsys):
    code, out, err = _play(capsys, "no-such-game")
    assert code != 0
    assert "no ruleset named or kept in 'no-such-game'" in err
    assert "Traceback" not in err + out
