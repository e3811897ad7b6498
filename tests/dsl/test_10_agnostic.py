"""The language is game-agnostic: no word of the flagship game appears in dsl/ code."""

from __future__ import annotations

import re

from dsl_testing import ROOT

from dsl.loader import check_ruleset

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
    vocabulary = check_ruleset(ROOT / "rules" / "six_winters").vocabulary
    words = {w.casefold() for w in [*vocabulary.resources, *vocabulary.skills, *vocabulary.regions]}
    words |= {w.casefold() for w in vocabulary.stress} | DISTINCTIVE
    words -= {"edge", "lore", "command", "steel", "body", "charm", "shadow"}  # plain English too
    found = []
    for path in sorted((ROOT / "dsl").rglob("*.py")) + sorted((ROOT / "dsl").glob("*.lark")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for word in re.findall(r"[A-Za-z]+", line):
                if word.casefold().rstrip("s") in words or word.casefold() in words:
                    found.append(f"{path.name}:{number}: {word}")
    assert found == []


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
