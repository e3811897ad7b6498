"""Every form of the card language has a behaviour fixture (issue 14, point 3).

``docs/language.md`` lists the forms in its tables (abilities and rules, sentences, noun
phrases, amounts read from the state ...); each fixture names the forms it shows in its
``forms:`` line. A documented form no fixture shows fails here, and so does a fixture naming a
form the reference does not document (a misspelt form would otherwise cover nothing).
"""

from __future__ import annotations

import re
from pathlib import Path

from dsl.behaviour import fixture_files, parse_fixtures

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).parent / "fixtures"
# The tables of docs/language.md whose rows are forms a card writes (first column: the form).
FORM_TABLES = (
    "## Abilities and rules",
    "## Sentences",
    "### Noun phrases",
    "### Placement specs",
    "### Standing changes",
)


def documented_forms() -> set[str]:
    forms: set[str] = set()
    text = (ROOT / "docs" / "language.md").read_text()
    for section in re.split(r"\n(?=#{2,3} )", text):
        if not section.startswith(FORM_TABLES):
            continue
        for line in section.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            header = cells[0] in ("form", "part") or set(cells[0]) <= {"-", " "}
            if line.startswith("| ") and not header:
                forms.add(cells[0])
    return forms


def fixture_forms() -> dict[str, list[str]]:
    shown: dict[str, list[str]] = {}
    for path in fixture_files([FIXTURES]):
        _, fixtures, problems = parse_fixtures(path.read_text(), str(path))
        assert problems == []
        for fixture in fixtures:
            for form in fixture.forms:
                shown.setdefault(form, []).append(fixture.name)
    return shown


def test_the_reference_documents_the_forms_of_cards() -> None:
    forms = documented_forms()
    assert {"action", "condition", "quantity", "cost label", "superlative"} <= forms


def test_every_documented_form_has_a_behaviour_fixture() -> None:
    missing = sorted(documented_forms() - set(fixture_forms()))
    assert missing == [], f"forms of docs/language.md with no fixture: {missing}"


def test_every_form_a_fixture_names_is_documented() -> None:
    unknown = sorted(set(fixture_forms()) - documented_forms())
    assert unknown == [], f"fixtures name forms docs/language.md does not list: {unknown}"
