"""Stage 1: text → AST. Structure, spans, layout, case, and syntax errors as diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark

from dsl import ast
from dsl.parser import GRAMMAR_PATH, _Layout, parse_text

AZADEH = """\
asset "Azadeh" {
  number 13 · starting
  tags Companion, Translator
  skill command · points 1
  recipe diplomacy, diplomacy, stability 5
  Exhaust: Trade a diplomacy at this location for stability of the same value.
}
"""


def only_card(text: str) -> ast.Card:
    tree, diagnostics = parse_text(text, "t.rules")
    assert diagnostics == []
    (card,) = tree.forms
    assert isinstance(card, ast.Card)
    return card


def test_grammar_is_lalr_without_conflicts_or_collisions() -> None:
    pytest.importorskip("interegular")  # lark's strict mode needs it to find collisions
    Lark(
        GRAMMAR_PATH.read_text(),
        parser="lalr",
        lexer="contextual",
        postlex=_Layout(),
        strict=True,
    )


def test_card_fields_and_ability_keep_their_words_and_order() -> None:
    card = only_card(AZADEH)
    assert (card.kind.text, card.name.text) == ("asset", "Azadeh")
    fields = [i for i in card.items if isinstance(i, ast.Field)]
    assert [f.atoms[0].text for f in fields] == [
        "number",
        "starting",
        "tags",
        "skill",
        "points",
        "recipe",
    ]
    (effect,) = [i for i in card.items if isinstance(i, ast.Effect)]
    assert effect.label is not None and effect.label.text == "Exhaust"
    (sentence,) = effect.sentences
    assert isinstance(sentence, ast.Sentence)
    assert sentence.alternatives[0].text == (
        "Trade a diplomacy at this location for stability of the same value"
    )


def test_every_node_has_the_span_of_its_text() -> None:
    card = only_card(AZADEH)
    effect = card.items[-1]
    assert (effect.span.line, effect.span.column) == (6, 3)
    points = [i for i in card.items if isinstance(i, ast.Field)][4]
    assert (points.span.line, points.span.column, points.span.end_column) == (4, 19, 27)
    assert card.span.file == "t.rules" and card.span.end_line == 7


def test_an_indented_line_continues_the_sentence_above() -> None:
    card = only_card(
        'obstacle "Background Checks" {\n'
        "  Threat: Instead of placing a threat, all characters in the Empire lose 2\n"
        "          action points.\n"
        "          This obstacle stays in play.\n"
        "}\n"
    )
    (effect,) = card.items
    assert isinstance(effect, ast.Effect)
    first, second = effect.sentences
    assert isinstance(first, ast.Sentence) and first.mode == "instead"
    assert first.replaced is not None and first.replaced.text == "placing a threat"
    assert first.alternatives[0].text.endswith("lose 2 action points")
    assert isinstance(second, ast.Sentence) and second.alternatives[0].text.startswith("This")


def test_sentence_forms_condition_choice_optional_restriction_then() -> None:
    card = only_card(
        'event "Forms" {\n'
        "  When this enters play, if any Issue obstacles are in play, place a threat on any Fort.\n"
        "  May not trade or muster at this location.\n"
        "  May muster sorcery at this location.\n"
        "  Epilogue: Spend 2 military, or lose 1 body. Then draw an obstacle. Choose one:\n"
        '    "Stay": Add obstacle "Ur-Akti".\n'
        '    "Go": Develop "Giant\'s Gate". Add asset "Amber Wine".\n'
        "}\n"
    )
    when, may_not, may, epilogue = card.items
    assert isinstance(when, ast.Effect) and when.label is not None and when.label.comma
    s = when.sentences[0]
    assert isinstance(s, ast.Sentence) and s.condition is not None
    assert s.condition.text == "any Issue obstacles are in play"
    assert isinstance(may_not, ast.Effect) and may_not.sentences[0].mode == "may not"  # type: ignore[union-attr]
    assert isinstance(may, ast.Effect) and may.sentences[0].mode == "may"  # type: ignore[union-attr]
    assert isinstance(epilogue, ast.Effect)
    spend, then, choice = epilogue.sentences
    assert isinstance(spend, ast.Sentence) and len(spend.alternatives) == 2
    assert isinstance(then, ast.Sentence) and then.then
    assert isinstance(choice, ast.Choice)
    assert [o.label for o in choice.options] == ["Stay", "Go"]
    assert len(choice.options[1].sentences) == 2


def test_keywords_are_case_insensitive() -> None:
    tree, diagnostics = parse_text(
        'RULESET "X" Version "1"\nResources ARE d6 dice: a, b\nCard Tags IS tags of cards\n'
        'Card tags: Foe\nRelation trade: a -> b\nTrigger "Go" ON go\n'
    )
    assert diagnostics == []
    assert [type(f).__name__ for f in tree.forms] == [
        "RulesetDecl",
        "CategoryDecl",
        "CategoryDecl",
        "MembersDecl",
        "RelationDecl",
        "TriggerDecl",
    ]


def test_a_category_is_its_words_a_shape_and_its_members() -> None:
    tree, diagnostics = parse_text(
        'regions are groups of locations: north "the North", south\n'
        "seasons are periods of turns: dusk 2, dawn 2\n"
        'counters are meters of heroes: "action point" (alias AP, pts)\n'
        "locations are places\n"
    )
    assert diagnostics == []
    regions, seasons, counters, places = tree.forms
    assert isinstance(regions, ast.CategoryDecl) and regions.plural
    assert [a.text for a in regions.shape] == ["groups", "of", "locations"]
    assert [(m.name.text, m.title) for m in regions.members] == [
        ("north", "the North"),
        ("south", None),
    ]
    assert isinstance(seasons, ast.CategoryDecl)
    assert [(m.name.text, m.number) for m in seasons.members] == [("dusk", 2), ("dawn", 2)]
    assert isinstance(counters, ast.CategoryDecl)
    assert [a.text for a in counters.members[0].aliases] == ["AP", "pts"]
    assert isinstance(places, ast.CategoryDecl) and places.members == ()


def test_a_field_named_like_a_keyword_parses_first_in_a_block() -> None:
    card = only_card(
        'condition "Bruised Ribs" {\n  stress body\n  Refresh: Lose 1 action point.\n}\n'
    )
    assert isinstance(card.items[0], ast.Field) and card.items[0].atoms[0].text == "stress"


def test_a_syntax_error_names_file_line_column_and_what_was_expected() -> None:
    _, diagnostics = parse_text(
        'asset "A" {\n  number 1\n  Exhaust: Gain 1 action point\n}\n', "a.rules"
    )
    (error,) = diagnostics
    assert error.headline() == 'a.rules:3:31: error: this sentence has no "." at its end'


def test_an_unexpected_token_says_what_was_expected() -> None:
    _, diagnostics = parse_text('ruleset "A" version\n', "a.rules")
    (error,) = diagnostics
    assert error.headline() == "a.rules:1:20: error: unexpected end of line; expected a quoted name"


def test_parsing_goes_on_after_an_error_and_reports_the_next() -> None:
    text = 'asset "A" {\n  number 1 2 {\n}\n\nasset "B" {\n  points\n}\nasset "C" {\n  x: y\n}\n'
    tree, diagnostics = parse_text(text, "b.rules")
    assert len(diagnostics) == 2
    assert [d.span.line for d in diagnostics] == [2, 9]
    assert [f.name.text for f in tree.forms if isinstance(f, ast.Card)] == ["B"]


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "# only a comment\n", '"', "{", "}", "asset", 'asset "x" {', "\x00\xff", "·"],
)
def test_no_input_raises(text: str) -> None:
    tree, diagnostics = parse_text(text, "x.rules")
    assert isinstance(tree, ast.RulesFile)
    assert all(d.severity == "error" for d in diagnostics)


@pytest.mark.parametrize("depth", [50, 3000])
def test_deeply_nested_blocks_give_a_diagnostic_never_a_traceback(depth: int) -> None:
    text = 'relic "Deep" {\n' + "  flipped {\n" * depth + "}\n" * depth + "}\n"
    tree, diagnostics = parse_text(text, "deep.rules")
    if depth > 1000:
        assert [d.message for d in diagnostics] == ["text nested too deeply to read"]
    else:
        assert diagnostics == [] and len(tree.forms) == 1


def test_a_missing_brace_is_told_at_the_card_it_leaves_open() -> None:
    text = 'relic "Open" {\n  number 1\n\nrelic "Next" {\n  number 2\n}\n'
    _, diagnostics = parse_text(text, "open.rules")
    (error,) = diagnostics
    assert (error.span.line, error.span.column) == (1, 1)
    assert error.message == 'relic "Open" has no closing "}": it runs on into line 4'


RULES = Path(__file__).resolve().parents[2] / "rules"


def _damaged_rules_files(count: int) -> list[str]:
    """The shipped card files with lines broken, dropped and stray text put in (seeded)."""
    import random

    files = sorted(RULES.rglob("*.rules"))
    junk = ["bogusfield 1", "}", "{", '"', "When", "  x y z", 'relic "A" {', ",", "  Gain 7."]
    rng = random.Random(14)
    texts = []
    for _ in range(count):
        lines = rng.choice(files).read_text(encoding="utf-8").split("\n")
        for _ in range(rng.randint(1, 12)):
            at = rng.randrange(len(lines))
            roll = rng.random()
            if roll < 0.4:
                lines.insert(at, rng.choice(junk))
            elif roll < 0.7:
                del lines[at]
            else:
                lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
        texts.append("\n".join(lines))
    return texts


@pytest.mark.parametrize("window", [1, 3, None])
def test_after_an_error_reading_a_few_forms_at_a_time_reports_what_reading_on_does(
    monkeypatch: pytest.MonkeyPatch, window: int | None
) -> None:
    # The parser reads a window of forms at a time (so a file with many errors costs about what
    # a clean one does). The window is a shortcut: every error is told as reading the whole file
    # at once tells it, and no form read that way is lost, whatever the window's size (None:
    # the shipped one), in the shipped files and in damaged copies of them.
    import dsl.parser

    shipped = [p.read_text(encoding="utf-8") for p in sorted(RULES.rglob("*.rules"))]
    for text in shipped + _damaged_rules_files(60):
        if window is not None:
            monkeypatch.setattr(dsl.parser, "WINDOW", window)
        windowed, windowed_errors = parse_text(text, "x.rules")
        monkeypatch.setattr(dsl.parser, "WINDOW", 10**9)
        whole, whole_errors = parse_text(text, "x.rules")
        monkeypatch.undo()
        assert windowed_errors == whole_errors
        assert {f.span for f in whole.forms} <= {f.span for f in windowed.forms}
