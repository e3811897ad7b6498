"""``chronicler check``, ``fmt`` and ``cards`` as a designer runs them."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from dsl_testing import TOY

from journal.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_a_clean_ruleset_exits_0_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(TOY))
    assert code == 0
    assert "checked 2 files in 1 ruleset: 0 errors, 0 warnings" in err


def test_check_reports_every_error_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(TOY, tmp_path / "toy")
    bad = tmp_path / "toy" / "bad.rules"
    bad.write_text('relic "Odd" {\n  number 0\n  tags Beest\n  points 1\n  recipe ember\n}\n')
    code, _, err = run(capsys, "check", str(tmp_path / "toy"))
    assert code == 1
    assert f"{bad}:2:10: error: 'number' must be positive, not 0" in err
    assert f"{bad}:3:8: error: unknown card tag 'Beest'; did you mean 'Beast'?" in err
    assert "    tags Beest\n         ^^^^^" in err
    assert "2 errors, 0 warnings" in err


def test_check_of_a_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "no/such/ruleset")
    assert code == 2 and "no ruleset or path named 'no/such/ruleset'" in err
    assert "Traceback" not in err


def test_fmt_check_lists_files_that_would_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    messy = tmp_path / "m.rules"
    messy.write_text('relic "A" {\n  number 1   · starting\n}\n')
    code, _, err = run(capsys, "fmt", "--check", str(messy))
    assert code == 1 and f"would reformat {messy}" in err
    assert messy.read_text() == 'relic "A" {\n  number 1   · starting\n}\n'
    code, _, _ = run(capsys, "fmt", str(messy))
    assert code == 0 and messy.read_text() == 'relic "A" {\n  number 1 · starting\n}\n'
    code, _, err = run(capsys, "fmt", "--check", str(messy))
    assert code == 0 and "already formatted" in err


def test_cards_json_lists_fields_and_printed_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", str(TOY), "--format", "json", "--kind", "relic")
    assert code == 0
    cards = json.loads(out)
    assert [c["name"] for c in cards][:2] == ["Glow Jar", "Trader's Scale"]
    assert cards[0]["fields"]["points"] == 2
    assert cards[0]["text"] == ["Exhaust: Roll and place an ember at this location."]


def test_cards_csv_has_one_flat_row_per_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", str(TOY), "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    by_name = {r["name"]: r for r in rows}
    assert len(rows) == 12
    assert by_name["Glow Jar"]["recipe"] == "ember, frost 5, any 4, any"
    assert by_name["Glow Jar"]["text 1"].startswith("Exhaust: Roll and place")
    assert by_name["Mossy Gate"]["flipped produces"] == "moss, moss"
    assert by_name["Glow Jar"]["starting"] == "yes"


def test_cards_csv_columns_are_stable_and_names_unquoted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A print tool maps columns once: fields first, then the text, then each side's."""
    code, out, _ = run(capsys, "cards", str(TOY), "--format", "csv")
    assert code == 0
    header = next(csv.reader(io.StringIO(out)))
    assert header[:2] == ["kind", "name"]
    assert header.index("text") < header.index("text 1") < header.index("flipped produces")
    assert len(header) == len(set(header))
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(out))}
    assert rows["Toll Keeper"]["enters"] == "Ember Town"  # a lone quoted name, unquoted


def test_cards_of_an_unknown_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", str(TOY), "--kind", "dragon")
    assert code == 2 and "unknown card kind 'dragon'" in err


@pytest.mark.parametrize("verb", ["check", "fmt", "cards"])
def test_every_verb_has_an_example_in_its_help(
    verb: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, verb, "--help")
    assert code == 0 and f"Example: chronicler {verb}" in out


def test_a_file_that_is_not_text_is_a_diagnostic_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(TOY, tmp_path / "toy")
    (tmp_path / "toy" / "binary.rules").write_bytes(b"\xff\xfe\x00card")
    code, _, err = run(capsys, "check", str(tmp_path / "toy"))
    assert code == 1
    assert "binary.rules:1:1: error: cannot read file: not UTF-8 text" in err
    assert "Traceback" not in err


def test_a_file_that_is_not_utf8_is_told_with_the_byte_and_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(TOY, tmp_path / "toy")
    bad = tmp_path / "toy" / "latin1.rules"
    bad.write_bytes('relic "Jar" {\n  number 30\n  tags Café\n}\n'.encode("latin-1"))
    code, _, err = run(capsys, "check", str(tmp_path / "toy"))
    assert code == 1
    assert (
        f"{bad}:3:11: error: cannot read file: not UTF-8 text (byte 0xE9 at byte 36, line 3, "
        "column 11); save the file as UTF-8"
    ) in err
    assert "Traceback" not in err


def test_counts_agree_with_their_nouns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(TOY, tmp_path / "toy")
    (tmp_path / "toy" / "bad.rules").write_text(
        'relic "Odd" {\n  number 40\n  tags Beest\n  points 1\n  recipe ember\n}\n'
    )
    code, _, err = run(capsys, "check", str(tmp_path / "toy"))
    assert code == 1
    assert "checked 3 files in 1 ruleset: 1 error, 0 warnings" in err
    code, out, err = run(capsys, "fmt", "--check", str(tmp_path / "toy" / "bad.rules"))
    assert "1 file already formatted" in out + err


def test_cards_kind_procedure_of_a_ruleset_with_none_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "cards", str(TOY), "--kind", "procedure")
    assert code == 2 and "writes no procedure" in err
