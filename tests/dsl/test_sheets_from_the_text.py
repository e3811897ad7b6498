"""Which files are sheets comes from the text alone: ``chronicler check FOLDER x.keeper`` reads
``x.keeper`` as the ``sheet`` block of FOLDER's text whose ``files`` clause names ``.keeper``.
The ruleset is made up and has no Python file (``fixtures/lamplighters``); a sheet given with no
folder is checked against the shipped rulesets' text, which declare no ``.keeper``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.files import TEXT_FILE_LIMIT

LAMPLIGHTERS = Path(__file__).resolve().parent / "fixtures" / "lamplighters"
ADA = LAMPLIGHTERS / "ada.keeper"


def check(*paths: Path | str, json_out: bool = False) -> subprocess.CompletedProcess[str]:
    flags = ["--json"] if json_out else []
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", "check", *flags, *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_made_up_ruleset_is_text_alone() -> None:
    assert sorted(p.name for p in LAMPLIGHTERS.iterdir()) == ["ada.keeper", "lamplighters.rules"]


def test_a_good_sheet_checks_clean_against_the_folder_given() -> None:
    done = check(LAMPLIGHTERS, ADA)
    assert done.returncode == 0, done.stderr
    assert "checked 1 file in 1 ruleset and 1 sheet: 0 errors" in done.stderr


def test_a_bad_sheet_gets_each_problem_at_its_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bo.keeper"
    bad.write_text("Bo\nmake do 1\ntrim wicks 3\n3/2 GR\n2/2 grit\n", encoding="utf-8")
    done = check(LAMPLIGHTERS, bad, json_out=True)
    assert done.returncode == 1
    found = json.loads(done.stdout)
    assert found["sheets"] == 1 and found["rulesets"] == 1
    at = {(d["line"], d["column"]): d["message"] for d in found["diagnostics"]}
    assert "does not build on a lower craft" in at[(3, 1)]
    assert at[(4, 1)] == "GR holds 3 points but its level is 2: at most 2"
    assert all(d["file"] == str(bad) for d in found["diagnostics"])


def test_an_ending_the_folder_does_not_declare_is_refused_in_one_line(tmp_path: Path) -> None:
    other = tmp_path / "ada.hero"
    other.write_text(ADA.read_text(encoding="utf-8"), encoding="utf-8")
    done = check(LAMPLIGHTERS, other)
    assert done.returncode == 2
    assert done.stderr.strip().endswith(
        f"error: {other} is not a .rules file, nor a sheet the rulesets given read (.keeper) "
        "(see 'chronicler check --help')"
    )
    assert "Traceback" not in done.stderr


def test_without_the_folder_no_shipped_ruleset_reads_the_ending() -> None:
    done = check(ADA)
    assert done.returncode == 2
    assert "nor a sheet a ruleset reads (.character)" in done.stderr


@pytest.mark.parametrize(
    "hostile, said",
    [
        ("huge", "it is larger than a .rules file, fixture or sheet may be"),
        ("device", "it is a device, not a regular file"),
        ("missing", "cannot read file"),
        ("not utf-8", "not UTF-8 text"),
    ],
)
def test_a_hostile_sheet_path_is_refused_in_one_line(tmp_path: Path, hostile: str, said: str):
    sheet = tmp_path / "x.keeper"
    if hostile == "huge":
        sheet.write_text("Ada\n" + "make do 1\n" * (TEXT_FILE_LIMIT // 10 + 1), encoding="utf-8")
    elif hostile == "device":
        sheet.symlink_to("/dev/zero")  # a path leading outside any file a person wrote
    elif hostile == "not utf-8":
        sheet.write_bytes(b"Ada\n\xff\xfe\n")
    done = check(LAMPLIGHTERS, sheet)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2, done.stderr  # the refusal, then the summary
    assert lines[0].startswith(f"{sheet}:") and "error: cannot read file: " in lines[0]
    assert said in lines[0]
    assert "Traceback" not in done.stderr


def test_a_sheet_is_not_checked_against_a_text_with_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    text = (LAMPLIGHTERS / "lamplighters.rules").read_text(encoding="utf-8")
    (broken / "lamp.rules").write_text(text.replace('files ".keeper"', "files keeper"), "utf-8")
    done = check(broken, ADA)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert lines[0].endswith('error: write the files\' ending quoted: files ".hero"')
    assert lines[-1] == f"error: {ADA}: not checked, the text given has errors"
