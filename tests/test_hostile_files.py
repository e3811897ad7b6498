"""A name may lead anywhere: every file a command reads is a regular file of a bounded size.

A link to a device, a named pipe, or a file too large to be card text is an error at that file
(its name, line 1), told at once: never a hang, never the memory of the machine, never a
traceback. The commands run as a user runs them (a process of their own, with a time limit a
hang would overrun).
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.files import TEXT_FILE_LIMIT

TOY = Path(__file__).parent / "dsl" / "fixtures" / "toy"
SIX_WINTERS = Path(__file__).parent.parent / "rules" / "six_winters"
FIXTURES = Path(__file__).parent / "rules" / "six_winters" / "fixtures"
TOO_LARGE = "cannot read file: it is larger than a .rules file, fixture or sheet may be"
PIPE = "cannot read file: it is a named pipe, not a regular file"


def _bounded() -> None:
    # reading /dev/zero to its end would take all the memory there is: a few GB is enough
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def chronicler(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,  # a read that waits for a writer never returns
        check=False,
        preexec_fn=_bounded,
    )


def told_once(done: subprocess.CompletedProcess[str], line: str) -> None:
    assert "Traceback" not in done.stderr + done.stdout
    assert line in done.stderr, done.stderr


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(TOY, tmp_path / "toy"))


@pytest.fixture
def fixtures(tmp_path: Path) -> Path:
    folder = tmp_path / "fixtures"
    folder.mkdir()
    shutil.copy(FIXTURES / "placement.fixture", folder)
    return folder


def test_a_named_pipe_called_rules_is_an_error_not_a_wait(toy: Path) -> None:
    os.mkfifo(toy / "pipe.rules")
    done = chronicler("check", toy)
    assert done.returncode == 1
    told_once(done, f"{toy / 'pipe.rules'}:1:1: error: {PIPE}")


def test_a_rules_file_larger_than_card_text_is_refused_unread(toy: Path) -> None:
    huge = 'relic "Jar" {\n  number 30\n  tags "' + "x" * (10 * TEXT_FILE_LIMIT) + '"\n}\n'
    (toy / "huge.rules").write_text(huge, encoding="utf-8")
    done = chronicler("check", toy)
    assert done.returncode == 1
    told_once(done, f"{toy / 'huge.rules'}:1:1: error: {TOO_LARGE}")


def test_fmt_refuses_a_named_pipe_in_one_line(toy: Path) -> None:
    os.mkfifo(toy / "pipe.rules")
    done = chronicler("fmt", "--check", toy)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == f"error: cannot read {toy / 'pipe.rules'}: " + (
        "it is a named pipe, not a regular file"
    )


def test_a_fixture_linked_to_a_device_is_an_error_not_endless_reading(fixtures: Path) -> None:
    (fixtures / "zero.fixture").symlink_to("/dev/zero")
    done = chronicler("test", fixtures)
    assert done.returncode == 1
    told_once(
        done, f"{fixtures / 'zero.fixture'}:1:1: error: cannot read file: it is a device, not a"
    )
    assert "1 file not run" in done.stderr  # and the good file's fixtures still ran
    assert "0 failed" in done.stderr


def test_a_named_pipe_called_fixture_is_an_error_not_a_wait(fixtures: Path) -> None:
    os.mkfifo(fixtures / "pipe.fixture")
    done = chronicler("test", fixtures)
    assert done.returncode == 1
    told_once(done, f"{fixtures / 'pipe.fixture'}:1:1: error: {PIPE}")


def test_a_fixture_of_ten_megabytes_on_one_line_is_refused_unread(fixtures: Path) -> None:
    (fixtures / "long.fixture").write_text("x" * (10 * TEXT_FILE_LIMIT), encoding="utf-8")
    done = chronicler("test", fixtures)
    assert done.returncode == 1
    told_once(done, f"{fixtures / 'long.fixture'}:1:1: error: {TOO_LARGE}")


def test_a_file_of_only_a_byte_order_mark_holds_no_fixture(tmp_path: Path) -> None:
    (tmp_path / "empty.fixture").write_bytes(b"\xef\xbb\xbf")
    done = chronicler("test", tmp_path / "empty.fixture")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "ran 0 fixtures in 1 file: 0 passed, 0 failed"


def test_a_fixture_file_that_cannot_be_read_counts_no_fixture_as_passed(tmp_path: Path) -> None:
    (tmp_path / "broken.fixture").write_text('map "Not a fixture" {\n}\n', encoding="utf-8")
    done = chronicler("test", tmp_path / "broken.fixture")
    assert done.returncode == 1
    told_once(done, "ran 0 fixtures in 1 file: 0 passed, 0 failed; 1 file not run")


def test_a_rules_file_given_to_test_is_a_usage_error(toy: Path) -> None:
    done = chronicler("test", toy / "cards.rules")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"error: {toy / 'cards.rules'} is not a .fixture file (see 'chronicler test --help')"
    )


def test_a_named_pipe_given_as_a_bundle_is_refused_and_nothing_imported(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    done = chronicler("import", tmp_path / "pipe.json", "--db", tmp_path / "chronicle.db")
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"error: {tmp_path / 'pipe.json'}: it is a named pipe, not a regular file"
    )
    assert not (tmp_path / "chronicle.db").exists()


def test_a_narration_file_linked_to_a_device_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "chronicle.db"
    assert chronicler("campaign", "start", "Brightdune", "--db", db).returncode == 0
    (tmp_path / "story.md").symlink_to("/dev/zero")
    done = chronicler(
        "chronicle", "--campaign", "Brightdune", "--year", "1", "--character", "Parin",
        "--file", tmp_path / "story.md", "--db", db,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"error: --file {tmp_path / 'story.md'}: it is a device, not a regular file"
    )


NUL_CARD = (
    'asset "Jar\x00Lid" {\n  number 98\n  tags Companion\n  skill lore · points 1\n'
    "  recipe any\n}\n"
)


@pytest.mark.parametrize("verb", [["check"], ["print", "--format", "png", "--out"]])
def test_a_control_character_in_card_text_is_refused_at_its_place(
    tmp_path: Path, verb: list[str]
) -> None:
    copy = Path(shutil.copytree(SIX_WINTERS, tmp_path / "my_winters"))
    (copy / "nul.rules").write_text(NUL_CARD, encoding="utf-8")
    out = [tmp_path / "cards"] if verb[0] == "print" else []
    done = chronicler(verb[0], copy, *verb[1:], *out)
    assert done.returncode == 1
    told_once(
        done,
        f"{copy / 'nul.rules'}:1:11: error: cannot read file: control character U+0000 at line "
        "1, column 11",
    )
    assert not (tmp_path / "cards").exists()
