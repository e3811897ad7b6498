"""The language is game-agnostic: it speaks shapes, and a ruleset declares its words.

No word of the flagship game appears in dsl/ code; no grammar keyword, field type or noun the
binder special-cases is a category word of a seed game; and dsl/ names no category of a shipped
ruleset in its code (its names and its strings), only through what a ruleset declares.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

from dsl_testing import ROOT

from dsl import binder, checker, vocabulary
from dsl.loader import check_ruleset
from dsl.parser import _parser

DISTINCTIVE = {
    "obstacle",
    "asset",
    "scheme",
    "scene",
    "initiative",
    "staging",
    "crafting",
    "autarch",
}


def test_no_six_winters_word_in_the_language_code() -> None:
    vocab = check_ruleset(ROOT / "rules" / "six_winters").vocabulary
    names = ("resources", "skills", "regions", "stress")
    words = {w.casefold() for name in names for w in vocab.members(name)} | DISTINCTIVE
    words -= {"edge", "lore", "command", "steel", "body", "charm", "shadow"}  # plain English too
    found = []
    for path in sorted((ROOT / "dsl").rglob("*.py")) + sorted((ROOT / "dsl").glob("*.lark")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for word in re.findall(r"[A-Za-z]+", line):
                if word.casefold().rstrip("s") in words or word.casefold() in words:
                    found.append(f"{path.name}:{number}: {word}")
    assert found == []


# ---- the shapes of one game ---------------------------------------------------------------------

# Category words of the seed games (../shared/seeds): what one game calls its things. A shape is
# the language's; these are a game's.
SEED_WORDS = {
    "resource",  # Six Winters: dice of six types
    "region",
    "season",
    "stress",
    "location",
    "obstacle",
    "scene",
    "scheme",
    "asset",
    "threat",
    "trade",
    "recipe",
    "skill",
    "counter",
    "tile",  # the competitive seasonal game: units on tiles, a happiness track
    "unit",
    "happiness",
    "monster",
    "bandit",
    "plague",
    "momentum",  # the dungeon expedition: momentum and threat pools, characteristics
    "peril",
    "favour",
    "characteristic",
}

# Words that are the language's own though a ruleset names a category or kind so: the shapes,
# and a few words of plain English the language uses in another sense.
LANGUAGE_WORDS = {
    *vocabulary.SHAPES,
    "kind",
    "card",
    "tag",
    "event",  # an event the engine tells ("on season end"); Six Winters has event cards
    "ability",  # the text of a card; Six Winters has ability cards
    "condition",  # "If ...": a sentence's condition; Six Winters has condition cards
    "character",  # a letter of text ("unexpected character"); Six Winters has characters
    "token",  # a token of the lexer (Lark); a ruleset's pieces may be called tokens
    "stat",  # os.stat; Tags and Tracks' stats are reservoirs
    "unit",  # a unit of time ("each roll taking 1 hour"); the competitive game's units are pieces
}


@cache
def category_words() -> frozenset[str]:
    """Every category word of a shipped ruleset (its categories' names, relations and card
    kinds) and of the other seed games, less the language's own words."""
    words = set(SEED_WORDS)
    for folder in ("six_winters", "tags_and_tracks"):
        vocab = check_ruleset(ROOT / "rules" / folder).vocabulary
        assert vocab.categories, f"{folder} declares no category"
        for category in vocab.categories.values():
            words.update(category.singular.casefold().split())
            words.update(category.plural.casefold().split())
        words.update(name.casefold() for name in vocab.relations)
        words.update(kind.casefold() for kind in vocab.card_kinds)
    return frozenset(
        w for w in words if w not in LANGUAGE_WORDS and singular(w) not in LANGUAGE_WORDS
    )


def singular(word: str) -> str:
    return vocabulary.singular_of(word)


def is_category_word(word: str) -> bool:
    folded = word.casefold()
    return folded in category_words() or singular(folded) in category_words()


def test_the_seed_games_category_words_are_known() -> None:
    words = category_words()
    assert {"resource", "region", "season", "stress", "location", "skill", "trade"} <= words
    assert not words & {"card", "die", "zone", "tag", "kind", "place"}


def test_no_grammar_keyword_is_a_category_word() -> None:
    parser, _layout = _parser()
    found = []
    for terminal in parser.terminals:
        if terminal.name in ("WORD", "STRING", "COMMENT", "NOTE_TEXT", "NOTE_MORE"):
            continue  # what a designer writes, not a keyword
        words = re.findall(r"[A-Za-z]+", terminal.pattern.value)
        found += [f"{terminal.name}: {w}" for w in words if len(w) > 2 and is_category_word(w)]
    assert found == []


def test_no_field_type_is_a_category_word() -> None:
    found = [t for t in checker.FIELD_TYPES for w in t.split() if is_category_word(w)]
    assert found == []


def test_no_noun_the_binder_reads_itself_is_a_category_word() -> None:
    special = [
        *binder.FUNCTION_WORDS,
        *binder.GENERIC_NOUNS,
        *binder.NOUN_OF_SHAPE.values(),
        *binder.NUMBER_WORDS,
        *binder.SUPERLATIVES,
        *vocabulary.SHAPES,
        *(w for option in vocabulary.SHAPE_OPTIONS.values() for o in option for w in o.split()),
    ]
    assert [w for word in special for w in word.split() if is_category_word(w)] == []


# What dsl/ may name though it is a category word of a shipped ruleset, and why.
EXEMPT = {
    # dsl.runtime.Context.location: where the acting card or character is, the runtime's
    # contract every primitive reads (the kernel's helper renames it with the kernel's own)
    "location",
    "ctx.location",
    "spec_from_file_location",  # importlib's
}


# What one module may still name, and why; each a debt the module's owner knows of.
EXEMPT_IN = {
    # the table companion's sheet protocol (a GM-run game's character: stats and skills) names
    # Tags and Tracks' words; to be read from a sheet's declared categories instead. Its "xp"
    # (the sheet's XP, passed to the progression calls) became a declared number of Tags and
    # Tracks when its intrusion's answers did (``xp is a number 0.. of players``)
    "contract.py": {"skill", "skills", "xp"},
}


def _docstrings(tree: ast.AST) -> set[tuple[int, int]]:
    starts = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                starts.add((body[0].lineno, body[0].col_offset))
    return starts


def _named(path: Path, root: Path = ROOT) -> list[str]:
    """The category words ``path`` names in its code: in a name, or in a string that is not
    a docstring (comments and docstrings may give examples in a game's words)."""
    source = path.read_text()
    docstrings = _docstrings(ast.parse(source))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.NAME, tokenize.STRING):
            continue
        if token.type == tokenize.STRING and token.start in docstrings:
            continue
        text = token.string
        if token.type == tokenize.NAME and text in EXEMPT:
            continue
        for exempt in EXEMPT:
            text = text.replace(exempt, "") if "." in exempt or "_" in exempt else text
        for word in re.findall(r"[A-Za-z]+", text.replace("_", " ")):
            if word.casefold() in EXEMPT_IN.get(path.name, ()):
                continue
            if is_category_word(word):
                found.append(f"{path.relative_to(root)}:{token.start[0]}: {word}")
    return found


def test_the_language_code_names_no_category_of_a_shipped_ruleset() -> None:
    found = []
    for path in sorted((ROOT / "dsl").rglob("*.py")):
        found += _named(path)
    assert found == []


def test_the_scan_sees_a_category_word_in_a_name_and_in_a_string(tmp_path: Path) -> None:
    code = tmp_path / "sample.py"
    code.write_text(
        '"""A docstring may say resource."""\n'
        "# and a comment: region\n"
        "def read_season(x):\n"
        '    return x == "stress"\n'
    )
    assert [line.split(": ")[1] for line in _named(code, tmp_path)] == ["season", "stress"]


# The category words of one game: the kernel names none of them (a ruleset calls its places
# locations or rooms, its pools stress or harm; the kernel says places, meters and supplies).
CATEGORY_WORDS = (
    "resource",
    "location",
    "region",
    "stress",
    "season",
    "obstacle",
    "scene",
    "threat",
)


def test_the_kernel_names_no_category_of_one_game() -> None:
    found = []
    for path in sorted((ROOT / "dsl" / "kernel").rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for word in re.findall(r"[A-Za-z]+", line):
                if any(word.casefold().startswith(w) for w in CATEGORY_WORDS):
                    found.append(f"{path.name}:{number}: {word}")
    assert found == []
