"""Stage 2: the checker binds every word and reference, and reports what it cannot bind."""

from __future__ import annotations

from pathlib import Path

import pytest
from dsl_testing import FIXTURES, TOY, check_with_toy

from dsl.diagnostics import Diagnostics
from dsl.loader import Source, check_ruleset, check_sources
from dsl.selectors import Filter, Place, Quantity

ERROR_FIXTURES = sorted((FIXTURES / "errors").glob("*.rules"))


def test_the_toy_ruleset_checks_clean() -> None:
    checked = check_ruleset(TOY)
    assert checked.diagnostics.items == []
    assert {c.name for c in checked.cards} >= {"Glow Jar", "Bog Wight", "Lost Map"}


@pytest.mark.parametrize("path", ERROR_FIXTURES, ids=lambda p: p.stem)
def test_error_snapshot(path: Path) -> None:
    """Each bad file gives exactly the diagnostics in its .expected file."""
    expected = path.with_suffix(".expected").read_text()
    assert check_with_toy(path.read_text(), f"errors/{path.name}") + "\n" == expected


def test_unknown_card_reference_suggests_the_near_name() -> None:
    out = check_with_toy(
        'tale "T" {\n  years 1-1\n  at north\n  Epilogue: Add tale "Old Dept".\n}\n'
    )
    assert 'snippet.rules:4:22: error: unknown tale "Old Dept"; did you mean "Old Debt"?' in out


def test_a_role_the_primitive_does_not_take_is_an_error() -> None:
    out = check_with_toy(
        'tale "T" {\n  years 1-1\n  at north\n  Epilogue: Gain 1 lantern at this location.\n}\n'
    )
    assert "snippet.rules:4:28: error: verb 'gain' (gain) takes no 'at' (it takes: object)" in out


def test_a_role_without_default_left_out_is_an_error() -> None:
    out = check_with_toy('tale "T" {\n  years 1-1\n  at north\n  Epilogue: Give 1 lantern.\n}\n')
    assert "verb 'give' needs 'to'" in out


def test_field_ranges_die_faces_and_recipe_slots_are_checked() -> None:
    out = check_with_toy(
        'relic "R" {\n  number 5\n  tags Beast\n  points 1\n  recipe ember 0, fire 6, any 9\n}\n'
    )
    assert "a die face is 1 to 6, not 0" in out
    assert "a die face is 1 to 6, not 9" not in out  # one error per field: the first slot


def test_a_card_defined_twice_is_an_error() -> None:
    out = check_with_toy('hero "Wren" {\n  title "Again"\n  skills lore 1\n}\n')
    assert 'snippet.rules:1:6: error: hero "Wren" is defined twice' in out


def test_a_card_that_can_never_do_anything_is_a_warning() -> None:
    out = check_with_toy('hero "Ghost" {\n}\n')
    assert 'warning: hero "Ghost" has no fields and no text: it can never do anything' in out


def test_selectors_bind_quantity_filters_and_place() -> None:
    checked = check_ruleset(TOY)
    horn = next(c for c in checked.cards if c.name == "Watch Horn")
    clause = horn.effects[0].parts[0].alternatives[0]  # type: ignore[union-attr]
    target = clause.role("on")
    assert target.noun == "monster"
    assert target.filters == (Filter("card tag", "Beast", "tags"),)
    assert target.place == Place("this place")
    assert target.quantity == Quantity("exact", 1)


def test_alias_and_plural_words_bind_to_the_declared_word() -> None:
    checked = check_ruleset(TOY)
    cloak = next(c for c in checked.cards if c.name == "Pilgrim Cloak")
    assert cloak.fields["recipe"][0]["die"] == "ember"  # written "fire"
    play = cloak.effects[1].parts[0]
    clause = play.alternatives[0]  # type: ignore[union-attr]
    assert clause.role("object").noun == "moss" and clause.role("object").quantity.count == 2


def _ruleset(tmp_path: Path, primitives: str, module: str | None) -> Diagnostics:
    (tmp_path / "r.rules").write_text(
        f'ruleset "R" version "1"\nprimitives "{primitives}"\n'
        "card kinds are kinds of cards: thing\n"
        "verb poke -> poke\nverb prod -> prod\n"
    )
    if module is not None:
        (tmp_path / "mine.py").write_text(module)
    return check_ruleset(tmp_path).diagnostics


def test_a_missing_primitive_function_is_a_diagnostic_on_the_verb(tmp_path: Path) -> None:
    diagnostics = _ruleset(
        tmp_path, "mine", "def poke(ctx, object):\n    pass\n\ndef prad(ctx):\n    pass\n"
    )
    (error,) = diagnostics.errors
    assert error.span.line == 5
    assert error.message == "primitives module 'mine' has no function 'prod'; did you mean 'prad'?"


def test_a_missing_primitives_module_is_a_diagnostic_not_a_crash(tmp_path: Path) -> None:
    diagnostics = _ruleset(tmp_path, "no.such.module", None)
    assert len(diagnostics.errors) == 2
    assert all(
        "cannot import primitives module 'no.such.module'" in e.message for e in diagnostics.errors
    )


def test_a_primitives_module_that_fails_to_import_is_a_diagnostic(tmp_path: Path) -> None:
    diagnostics = _ruleset(tmp_path, "mine", "raise RuntimeError('boom')\n")
    assert all("RuntimeError: boom" in e.message for e in diagnostics.errors)


def test_errors_of_all_files_are_collected_and_sorted() -> None:
    d = Diagnostics()
    check_sources(
        [
            Source("toy/ruleset.rules", (TOY / "ruleset.rules").read_text()),
            Source("b.rules", 'hero "B" {\n  titel "x"\n}\n'),
            Source("a.rules", 'hero "A" {\n  skils lore 1\n}\n'),
        ],
        str(TOY),
        d,
    )
    files = [x.span.file for x in d.sorted()]
    assert files == sorted(files) and {"a.rules", "b.rules"} <= set(files)
    assert "hero has no field 'skils'; did you mean 'skills'?" in d.render()


def test_a_flag_field_is_an_adjective_in_sentences() -> None:
    text = 'tale "T" {\n  years 1-1\n  at north\n  Epilogue: Draw a starting relic.\n}\n'
    assert check_with_toy(text) == ""
    sources = [Source(p.name, p.read_text()) for p in sorted(TOY.glob("*.rules"))]
    checked = check_sources([*sources, Source("t.rules", text)], str(TOY))
    tale = next(c for c in checked.cards if c.name == "T")
    clause = tale.effects[0].parts[0].alternatives[0]  # type: ignore[union-attr]
    assert clause.role("object").filters == (Filter("flag", "starting", "flag"),)


def bound_fixtures() -> list[tuple[str, str]]:
    lines = (FIXTURES / "bound" / "toy_sentences.txt").read_text().splitlines()
    pairs = []
    for k, line in enumerate(lines):
        if line and not line.startswith(("#", " ")):
            pairs.append((line, lines[k + 1].strip()))
    return pairs


@pytest.mark.parametrize(("text", "expected"), bound_fixtures(), ids=lambda v: v[:40])
def test_checker_fixture(text: str, expected: str) -> None:
    """Each sentence of fixtures/bound/ binds to exactly the written structure."""
    from describe import sentence

    card = f'tale "Fixture" {{\n  years 1-1\n  at north\n  Epilogue: {text}\n}}\n'
    if text.startswith("Instead of"):  # asked only where the engine is about to do it
        card = (
            'monster "Fixture" {\n  skill brawl · difficulty 4\n  stress nerve\n'
            f"  enters Forest\n  tags Beast\n  Threat: {text}\n}}\n"
        )
    sources = [Source(p.name, p.read_text()) for p in sorted(TOY.glob("*.rules"))]
    checked = check_sources([*sources, Source("f.rules", card)], str(TOY))
    assert checked.diagnostics.render() == ""
    tale = next(c for c in checked.cards if c.name == "Fixture")
    (part,) = tale.effects[0].parts
    assert sentence(part) == expected  # type: ignore[arg-type]
