"""The check form (``check "Name" { ... }``) and the ladder: what the parser reads, what the
checker refuses (positioned, with a suggestion), and what the compiled check holds."""

from __future__ import annotations

import pytest

from dsl import ast
from dsl.diagnostics import CheckFailed
from dsl.loader import Source, check_sources, load_text
from dsl.parser import parse_text

HEADER = 'ruleset "Dice" version "1"\nvalue hit on = 4\n'


def diagnostics(text: str) -> list[str]:
    checked = check_sources([Source("dice.rules", HEADER + text)])
    return [d.headline() for d in checked.diagnostics.items]


def compiled(text: str):
    return load_text(HEADER + text, "dice.rules").checks


def test_a_check_is_read_clause_by_clause_with_positions():
    tree, problems = parse_text(
        'check "Pool" {\n  inputs level 1..6\n  roll level d6\n  count hits: dice at hit on or '
        "more\n}\n",
        "p.rules",
    )
    assert problems == []
    (check,) = tree.forms
    assert isinstance(check, ast.CheckDecl)
    _inputs, roll, count = check.clauses
    assert isinstance(roll, ast.CheckRoll) and roll.sides == 6
    assert roll.count.terms[0].name == "level"
    assert (roll.span.line, roll.span.column) == (3, 3)
    assert isinstance(count, ast.CheckCount) and count.test.value.terms[0].name == "hit on"


def test_the_check_words_stay_free_words_in_card_text():
    # "roll", "die", "score" and "the" are keywords only inside a check block
    _tree, problems = parse_text('relic "Die" {\n  Exhaust: Roll the die and score the dice.\n}\n')
    assert problems == []


def test_a_syntax_error_in_a_check_names_what_was_expected():
    _, problems = parse_text('check "Pool" {\n  roll 2 d6\n  score the best die\n}\n', "p.rules")
    (problem,) = problems
    assert problem.span.line == 3
    assert "expected" in problem.message


def test_an_unknown_name_is_told_where_it_stands_with_the_near_name():
    out = diagnostics(
        'check "Pool" {\n  inputs level 1..6\n  roll levle d6\n  score the sum of the dice\n}\n'
    )
    assert out == [
        "dice.rules:5:8: error: unknown input or declared value 'levle'; did you mean 'level'?"
    ]


def test_an_outcome_may_read_a_count_and_a_modifier_may_not_read_the_dice():
    out = diagnostics(
        'check "Pool" {\n'
        "  inputs level 1..6\n"
        "  roll level d6\n"
        "  when hits is above 1: roll 1 more die\n"
        "  score the highest die\n"
        "  count hits: dice at hit on or more\n"
        "  outcome good if hit is at least 2\n"
        "}\n"
    )
    assert any(
        line.startswith("dice.rules:6:8: error: unknown input or declared value 'hits'")
        for line in out
    )
    assert (
        "dice.rules:9:19: error: unknown input, count or declared value 'hit'; did you mean "
        "'hits'?" in out
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("  score the highest die\n", 'check "Pool" rolls no dice; say how many: roll 2 d6'),
        ("  roll 2 d6\n", 'check "Pool" does not say its score'),
        ("  roll 2 d6\n  score the points\n", "the points come from die rules"),
        (
            "  roll 2 d6\n  score the highest die\n  outcome low otherwise\n  outcome high if the "
            "score is 6\n",
            "outcome 'high' comes after 'outcome low otherwise', so it never holds",
        ),
        (
            "  roll 2 d6\n  each bonus die showing 6: +1\n",
            "no die rolls a bonus die",
        ),
        (
            "  roll 2 d6\n  score the highest die\n  repeat until an outcome holds\n",
            "a repeated check ends at an outcome",
        ),
        (
            '  roll 2 d6\n  score the highest die\n  outcomes from table "reslt"\n',
            'unknown table "reslt"',
        ),
        ("  inputs n 3..1\n  roll n d6\n  score the highest die\n", "n 3..1 runs backwards"),
        ("  inputs n 1..3 usually 5\n  roll n d6\n  score the highest die\n", "outside its range"),
        ("  roll 2 d1\n  score the highest die\n", "a die has 2 sides or more"),
        (
            "  inputs n 1..3\n  roll n d6\n  past the last die, each cut takes 1 pips off it\n"
            "  score the highest die\n",
            "this check cuts no die",
        ),
        (
            '  inputs n 1..3\n  roll n d6\n  difficulty changes n by ladder "hardness"\n'
            "  score the highest die\n",
            'unknown ladder "hardness"',
        ),
    ],
)
def test_a_check_that_does_not_hold_together_is_refused(body, message):
    out = diagnostics(f'check "Pool" {{\n{body}}}\n')
    assert any(message in line for line in out), out
    assert all(line.startswith("dice.rules:") for line in out)


def test_a_check_declared_twice_and_a_rolls_like_of_nothing():
    out = diagnostics(
        'check "A" {\n  roll 1 d6\n  score the highest die\n}\n'
        'check "A" {\n  roll 2 d6\n  score the highest die\n}\n'
        'check "B" {\n  rolls like "Basic"\n}\n'
        'check "Basics" {\n  roll 1 d6\n  score the highest die\n}\n'
    )
    assert any('check "A" is declared twice' in line for line in out)
    assert any('unknown check "Basic"; did you mean "Basics"?' in line for line in out)


def test_rolls_like_takes_the_dice_and_scoring_of_the_other_check():
    checks = compiled(
        'check "One" {\n  inputs n 1..3, target 1..9\n  roll n d6\n  each die at 5 or more: +1\n}\n'
        'check "Long" {\n  rolls like "One"\n  outcome done if the total is at least the target\n'
        "  repeat until an outcome holds, each roll taking 10 minutes\n}\n"
    )
    long = checks["Long"]
    assert [i.name for i in long.inputs] == ["n", "target"]
    assert long.score == "points" and long.repeat is not None and long.repeat.unit == "minutes"


def test_the_compiled_check_keeps_its_printed_wording_and_the_values_it_reads():
    checks = compiled(
        'check "Pool" {\n  note Hits on 4+\n  inputs n 1..6\n  roll n d6\n'
        "  count hits: dice at the hit on or more\n  score the sum of the dice\n}\n"
    )
    pool = checks["Pool"]
    assert pool.values == {"hit on": 4}
    assert pool.notes == ("Hits on 4+",)
    assert pool.printed[-1] == "score the sum of the dice"


def test_a_ladder_changes_its_input_and_stays_in_its_range():
    checks = compiled(
        'ladder "Difficulty" {\n  easy: +1\n  normal: 0\n  hard: -2\n}\n'
        'check "Pool" {\n  inputs n 1..6\n  difficulty changes n by ladder "Difficulty"\n'
        "  roll n d6\n  score the highest die\n}\n"
    )
    pool = checks["Pool"]
    assert pool.setting(n=3).dice == 3  # usually "normal", the step that changes nothing
    assert pool.setting(n=3, difficulty="easy").dice == 4
    assert pool.setting(n=2, difficulty="hard").dice == 1  # never below the input's range


def test_a_broken_check_does_not_compile():
    with pytest.raises(CheckFailed):
        compiled('check "Pool" {\n  roll 2 d6\n}\n')


def test_a_printed_check_reads_back_as_the_same_check():
    from pathlib import Path

    from dsl.printer import check_lines

    path = Path(__file__).parent / "fixtures" / "checks" / "dungeon.rules"
    text = path.read_text(encoding="utf-8")
    checks = load_text(text, str(path)).checks
    printed = "\n".join(line for c in checks.values() for line in check_lines(c)) + "\n"
    header = text.split('check "Basic"')[0]  # the values and the ladder the checks read
    again = load_text(header + printed, "printed.rules").checks
    for name, check in checks.items():
        assert again[name].printed == check.printed
    complex_odds = checks["Complex"].odds(reference=2, obstacle=3)
    assert again["Complex"].odds(reference=2, obstacle=3).outcomes == complex_odds.outcomes


def test_the_checks_of_the_language_reference_compile_and_read_canonically():
    import re
    from pathlib import Path

    from dsl.formatter import format_text

    docs = Path(__file__).parents[2] / "docs" / "language.md"
    section = docs.read_text(encoding="utf-8").split("## Checks and dice")[1].split("\n## ")[0]
    blocks = re.findall(r"```text\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 3  # Tags and Tracks' roll, a complex check, and the table's forms
    for block in blocks:
        assert format_text(block)[0] == block  # written as the formatter writes it
    # the table's forms compile in the world of their fixture (its cards, fields and numbers)
    fixture = Path(__file__).parent / "fixtures" / "sheet_checks" / "forms.rules"
    world = fixture.read_text(encoding="utf-8").split('ladder "difficulty"')[0]
    assert set(load_text(world + blocks[2], "docs.rules").checks) == {"Pool", "Order", "Ritual"}
    blocks = blocks[:2]
    header = (
        'ruleset "Docs" version "1"\nvalue hit on = 4\nvalue pips per cut on last die = 1\n'
        "value cuts per consequence level = 1\nvalue raise die cost = 1\nvalue extra die cost = 2\n"
        "value complex target = 4\nvalue boon margin = 3\n"
        'table "result" roll d6 {\n  1-3: "fail"\n  4-6: "success"\n}\n'
    )
    checks = load_text(header + "".join(blocks), "docs.rules").checks
    assert set(checks) == {"Roll", "Complex"}
