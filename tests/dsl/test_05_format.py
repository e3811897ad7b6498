"""The formatter: one canonical layout, idempotent, comments kept, meaning unchanged."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from dsl_testing import FIXTURES, ROOT, TOY

from dsl.formatter import format_text
from dsl.parser import parse_text

IDENTITY = sorted((FIXTURES / "identity").glob("*.rules"))
CORPUS = (
    sorted((ROOT / "rules").glob("*/*.rules"))
    + sorted((ROOT / "rules").glob("library/*/*.rules"))
    + sorted(TOY.glob("*.rules"))
)


def shape(node: Any) -> Any:
    """The AST without positions: what the text means, not where it stands."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (
            type(node).__name__,
            *(
                shape(getattr(node, f.name))
                for f in dataclasses.fields(node)
                if f.name not in ("span", "path")
            ),
        )
    if isinstance(node, tuple):
        return tuple(shape(n) for n in node)
    return node


@pytest.mark.parametrize("path", IDENTITY, ids=lambda p: p.stem)
def test_canonical_text_survives_format_unchanged(path: Path) -> None:
    text = path.read_text()
    formatted, diagnostics = format_text(text, str(path))
    assert diagnostics == []
    assert formatted == text


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_format_is_idempotent_and_keeps_meaning_and_comments(path: Path) -> None:
    text = path.read_text()
    once, diagnostics = format_text(text, str(path))
    assert diagnostics == []
    twice, _ = format_text(once, str(path))
    assert twice == once
    assert shape(parse_text(once, "x")[0]) == shape(parse_text(text, "x")[0])
    assert once.count("#") == text.count("#")


SHIPPED = sorted((ROOT / "rules").glob("*/*.rules")) + sorted(
    (ROOT / "rules").glob("library/*/*.rules")
)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_ruleset_is_in_the_canonical_layout(path: Path) -> None:
    """What `chronicler fmt` writes is how the shipped rulesets read: a designer formatting a
    copy of one sees only their own changes (`chronicler fmt rules/<name>` puts it back)."""
    text = path.read_text()
    formatted, diagnostics = format_text(text, str(path))
    assert diagnostics == []
    assert formatted == text, f"run: chronicler fmt {path.relative_to(ROOT)}"


def test_messy_layout_becomes_canonical() -> None:
    messy = (
        'relic   "Jar"{\n'
        "   number 1   ·starting\n"
        "   tags Spirit  #   why\n"
        "  Exhaust:   Roll and place   an ember\n"
        "     at this location.\n"
        "}\n"
    )
    formatted, _ = format_text(messy)
    assert formatted == (
        'relic "Jar" {\n'
        "  number 1 · starting\n"
        "  tags Spirit  #   why\n"
        "  Exhaust: Roll and place an ember at this location.\n"
        "}\n"
    )


def test_long_sentences_wrap_under_their_label() -> None:
    words = " ".join(["Place a threat on every Ruin."] * 5)
    formatted, _ = format_text(f'tale "T" {{\n  Dusk end: {words}\n}}\n')
    lines = formatted.splitlines()
    assert all(len(line) <= 100 for line in lines)
    assert lines[2].startswith(" " * len("  Dusk end: ")) and not lines[2][12].isspace()


def test_text_with_syntax_errors_is_left_alone() -> None:
    text = 'relic "Jar" {\n  Exhaust: Gain 1 lantern\n}\n'
    formatted, diagnostics = format_text(text)
    assert formatted == text and diagnostics


def test_one_blank_line_is_kept_where_the_source_had_any_but_not_before_a_brace() -> None:
    text = 'relic "A" {\n  number 1\n\n\n  tags B\n\n}\n\n\n\n# one\n\n# two\nrelic "B" {\n}\n'
    formatted, _ = format_text(text)
    assert formatted == 'relic "A" {\n  number 1\n\n  tags B\n}\n\n# one\n\n# two\nrelic "B" {\n}\n'


@pytest.mark.parametrize("pad", range(0, 60, 3))
def test_a_note_wrapped_before_a_quoted_name_reads_back_as_the_same_note(pad: int) -> None:
    """A note's next line cannot start with a quoted name: wherever the width falls, the name
    stays on the line before it and the note reads back whole."""
    words = " ".join(["word"] * (pad // 3 + 12))
    text = (
        'procedure "Round" {\n'
        f'  note Setup: {words} and the elites hold "Off Guard" until their first activation'
        " ends, as the text says\n"
        "}\n"
    )
    once, diagnostics = format_text(text, "x.rules")
    assert diagnostics == []
    assert all(not line.lstrip().startswith('"') for line in once.splitlines())
    assert shape(parse_text(once, "x")[0]) == shape(parse_text(text, "x")[0])


def test_a_long_text_puts_each_sentence_on_a_line_of_its_own() -> None:
    """Sentences that fit on the label's line stay there; a longer text reads as its list of
    sentences, each starting a line under the first, wrapped within the width."""
    short = 'relic "Jar" {\n  Exhaust: Gain 1 ember. Draw a monster.\n}\n'
    assert format_text(short)[0] == short
    sentences = [
        "Spend a total value of 6 ember at any location, or place a threat on every Ruin.",
        "Then draw a monster.",
        "Place a threat on every Ruin of this region and on every Ruin of the region"
        " after this region.",
    ]
    formatted, _ = format_text(f'relic "Jar" {{\n  Exhaust: {" ".join(sentences)}\n}}\n')
    lines = formatted.splitlines()
    assert lines[1] == f"  Exhaust: {sentences[0]}"
    assert lines[2] == f"           {sentences[1]}"
    assert lines[3].startswith(f"           {sentences[2][:30]}") and len(lines) == 6
    assert all(len(line) <= 100 for line in lines)


def test_a_procedure_step_of_several_sentences_and_a_played_name_stay_readable() -> None:
    long_name = "Activation of every model left standing"
    text = (
        'procedure "Round" {\n'
        "  Pool: Set adversary pool to 0. Gain adversary pool equal to the sum of the share of"
        " each adversary model in play.\n"
        "  Activations: for each model in order of initiative score then initiative,"
        f' play "{long_name}"\n'
        "}\n"
    )
    formatted, diagnostics = format_text(text, "x.rules")
    assert diagnostics == []
    lines = formatted.splitlines()
    assert lines[1] == "  Pool: Set adversary pool to 0."
    assert lines[2].startswith("        Gain adversary pool equal to")
    assert any(line.lstrip().startswith(f'play "{long_name}"') for line in lines)
    assert shape(parse_text(formatted, "x")[0]) == shape(parse_text(text, "x")[0])
