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
    for path in sorted((ROOT / "dsl").glob("*.py")) + sorted((ROOT / "dsl").glob("*.lark")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for word in re.findall(r"[A-Za-z]+", line):
                if word.casefold().rstrip("s") in words or word.casefold() in words:
                    found.append(f"{path.name}:{number}: {word}")
    assert found == []
