"""No input, however broken, makes the language raise: only diagnostics come back.

Two sources of input: strings generated from the grammar itself (hypothesis ``from_lark``, with
explicit spacing for the terminals), and real card files broken by random edits. The default
run is a few hundred examples; set CHRONICLER_FUZZ_EXAMPLES=20000 (and ``-m slow``) for the long
run described in benchmarks/bench_dsl.py.
"""

from __future__ import annotations

import os

import pytest
from dsl_testing import ROOT, TOY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from dsl.diagnostics import Diagnostics
from dsl.formatter import format_text
from dsl.loader import Source, check_sources
from dsl.parser import GRAMMAR_PATH, parse_text

EXAMPLES = int(os.environ.get("CHRONICLER_FUZZ_EXAMPLES", "150"))
LONG = int(os.environ.get("CHRONICLER_FUZZ_EXAMPLES", "0")) >= 5000

WORDS = [
    "place",
    "roll",
    "and",
    "a",
    "an",
    "any",
    "all",
    "every",
    "each",
    "this",
    "it",
    "at",
    "on",
    "in",
    "to",
    "from",
    "for",
    "with",
    "of",
    "value",
    "same",
    "or",
    "location",
    "monster",
    "relic",
    "tale",
    "ember",
    "frost",
    "moss",
    "Beast",
    "Spirit",
    "Forest",
    "Town",
    "progress",
    "threat",
    "nerve",
    "lantern",
    "AP",
    "play",
    "Gain",
    "lose",
    "spend",
    "total",
    "else",
    "number",
    "tags",
    "recipe",
    "skill",
    "points",
    "starting",
    "flipped",
    "stress",
    "Wren",
]


def spaced(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return strategy.map(lambda s: f" {s} ")


EXPLICIT = {
    "WORD": spaced(st.sampled_from(WORDS)),
    "NUMBER": spaced(st.integers(0, 12).map(str)),
    "STRING": spaced(st.sampled_from(['"Bog Wight"', '"Lost Map"', '"Night Watch"', '"x"'])),
    "RANGE": spaced(st.sampled_from(["1-2", "3-6", "5-2"])),
    "INT_RANGE": spaced(st.sampled_from(["1..", "0..5"])),
    "OPEN_RANGE": spaced(st.just("10+")),
    "_NL": st.sampled_from(["\n", "\n  ", "\n    ", "\n\n", "\n  # note\n  "]),
    "_EFFECT": st.just(""),
    "TRIGGER_LABEL": spaced(st.sampled_from(["Exhaust", "Play", "Dusk end", "Spend 2 AP"])),
    "WHEN_LABEL": spaced(st.just("When this enters play")),
    "OPTION_LABEL": spaced(st.sampled_from(['"Keep"', '"Burn"'])),
    "CHOOSE_ONE": spaced(st.just("Choose one:")),
    "INSTEAD_OF": spaced(st.just("Instead of")),
    "MAY_NOT": spaced(st.just("May not")),
    "COMMA_OR": st.just(", or "),
    "DOT_SEP": st.just(" · "),
}


def _grammar() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(), parser="lalr", lexer="contextual")


TOY_SOURCES = [Source(f"toy/{p.name}", p.read_text()) for p in sorted(TOY.glob("*.rules"))]
CORPUS = TOY_SOURCES + [
    Source(str(p.relative_to(ROOT)), p.read_text()) for p in sorted(ROOT.glob("rules/*/*.rules"))
]


def survives(text: str) -> None:
    """Parse, check (with the toy vocabulary) and format: diagnostics only, never an exception."""
    _, diagnostics = parse_text(text, "fuzz.rules")
    assert all(d.span.line >= 1 and d.span.column >= 1 for d in diagnostics)
    d = Diagnostics()
    check_sources([*TOY_SOURCES, Source("fuzz.rules", text)], str(TOY), d)
    d.render()
    format_text(text, "fuzz.rules")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(from_lark(_grammar(), explicit=EXPLICIT))
def test_text_shaped_by_the_grammar_never_raises(text: str) -> None:
    survives(text)


@st.composite
def broken_card_file(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(CORPUS)).text
    for _ in range(draw(st.integers(1, 4))):
        if not source:
            break
        at = draw(st.integers(0, len(source) - 1))
        edit = draw(st.sampled_from(["delete", "insert", "duplicate", "swap"]))
        if edit == "delete":
            source = source[:at] + source[at + draw(st.integers(1, 40)) :]
        elif edit == "insert":
            junk = draw(
                st.sampled_from(
                    [
                        '"',
                        "{",
                        "}",
                        ":",
                        ".",
                        ",",
                        "·",
                        "\n",
                        "  ",
                        "#",
                        "\t",
                        "é",
                        "\x00",
                        " or ",
                        " to ",
                        " Then ",
                    ]
                )
            )
            source = source[:at] + junk + source[at:]
        elif edit == "duplicate":
            end = source.find("\n", at)
            line = source[source.rfind("\n", 0, at) + 1 : end if end >= 0 else len(source)]
            source = source[:at] + line + "\n" + source[at:]
        else:
            words = source.split(" ")
            i = draw(st.integers(0, len(words) - 1))
            j = draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
            source = " ".join(words)
    return source


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_card_file())
def test_real_card_files_broken_at_random_never_raise(text: str) -> None:
    survives(text)


@pytest.mark.slow
@pytest.mark.skipif(not LONG, reason="set CHRONICLER_FUZZ_EXAMPLES=20000 for the long run")
@settings(max_examples=max(EXAMPLES, 1), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet=st.sampled_from(list('asset "X" {}\n:.,·#0123456789ab')), max_size=300))
def test_arbitrary_text_never_raises(text: str) -> None:
    survives(text)
