"""Card text in colour outside the server: the TextMate grammar, read by the tokenizer VS Code
uses (``vscode-textmate`` on ``vscode-oniguruma``, from npm), and the Pygments lexer the docs
site uses, both on every shipped rules file.

The npm packages live in ``.build/npm`` (``.ci/run`` installs them); without them the TextMate
test is skipped, unless ``CHRONICLER_REQUIRE_EDITOR=1`` (set in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, String

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GRAMMAR = ROOT / "journal" / "editor" / "rules.tmLanguage.json"
MODULES = ROOT / ".build" / "npm" / "node_modules"
# every ruleset's files and the libraries' (rules/library/<name>/)
SHIPPED = sorted((ROOT / "rules").glob("*/*.rules")) + sorted(
    (ROOT / "rules" / "library").glob("*/*.rules")
)
REQUIRED = os.environ.get("CHRONICLER_REQUIRE_EDITOR", "") not in ("", "0")


def textmate_tokens() -> dict[str, list[tuple[int, int, int, str, list[str]]]]:
    node = shutil.which("node")
    ready = node is not None and (MODULES / "vscode-textmate").is_dir()
    if not ready:
        if REQUIRED:
            pytest.fail(f"node and {MODULES}/vscode-textmate are needed (.ci/run installs them)")
        pytest.skip(
            "node or the npm packages vscode-textmate, vscode-oniguruma are missing "
            f"(npm install --prefix {MODULES.parent} vscode-textmate vscode-oniguruma)"
        )
    done = subprocess.run(
        [
            str(node),
            str(HERE / "textmate_tokens.mjs"),
            str(MODULES),
            str(GRAMMAR),
            *map(str, SHIPPED),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return {Path(k).name + ":" + Path(k).parent.name: v for k, v in json.loads(done.stdout).items()}


@pytest.fixture(scope="module")
def scopes() -> dict[str, list[tuple[int, int, int, str, list[str]]]]:
    return textmate_tokens()


def scoped(tokens: list, scope: str) -> list[str]:
    return [t[3] for t in tokens if any(s.startswith(scope) for s in t[4])]


def test_every_shipped_file_is_tokenized(scopes: dict) -> None:
    assert len(scopes) == len(SHIPPED) >= 12
    for name, tokens in scopes.items():
        assert tokens, name


def test_cards_their_triggers_and_comments_get_their_scopes(scopes: dict) -> None:
    assets = scopes["assets.rules:six_winters"]
    assert "asset" in scoped(assets, "storage.type.kind")
    assert '"Whisper Drip"' in scoped(assets, "entity.name.type.card")
    assert "Exhaust" in scoped(assets, "entity.name.function.trigger")
    comments = scoped(assets, "comment.line")
    assert comments[0].startswith("# Assets of the v25 sheet.")
    # a quoted name inside a comment is part of the comment, not a name
    assert not any(t.startswith("#") for t in scoped(assets, "string"))


def test_the_procedure_its_phases_and_step_words(scopes: dict) -> None:
    procedure = scopes["procedure.rules:six_winters"]
    assert '"Turn"' in scoped(procedure, "entity.name.namespace.phase")
    keywords = {t.casefold() for t in scoped(procedure, "keyword.control.procedure")}
    assert {
        "play",
        "do",
        "until",
        "for each",
        "players act in any order until all pass",
    } <= keywords
    assert any(
        t.strip().startswith("note ") for t in scoped(procedure, "comment.block.documentation")
    )


def test_values_and_declarations(scopes: dict) -> None:
    ruleset = scopes["ruleset.rules:six_winters"]
    assert "threat pool" in scoped(ruleset, "variable.other.constant")
    declarations = scoped(ruleset, "keyword.other.declaration")
    assert {"ruleset", "library", "relation", "kind", "value", "tags"} <= set(declarations)
    assert "library" not in scoped(ruleset, "storage.type.kind")  # not a card's header


def test_the_pygments_lexer_is_found_by_name_and_by_file() -> None:
    assert type(get_lexer_by_name("rules")).__name__ == "RulesLexer"
    assert type(get_lexer_for_filename("assets.rules")).__name__ == "RulesLexer"


def test_the_pygments_lexer_reads_every_shipped_file_without_an_error_token() -> None:
    lexer = get_lexer_by_name("rules")
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        found = list(lexer.get_tokens(text))
        assert "".join(value for _, value in found) == text if text.endswith("\n") else True
        assert not [value for kind, value in found if kind in Error], path


def test_the_pygments_lexer_colours_a_card() -> None:
    lexer = get_lexer_by_name("rules")
    text = (ROOT / "rules" / "six_winters" / "events.rules").read_text(encoding="utf-8")
    found = [(kind, value) for kind, value in lexer.get_tokens(text) if value.strip()]
    assert (Keyword.Type, "event") in found
    assert (Name.Class, '"Discord in Brightdune"') in found
    assert (Name.Function, "When this enters play") in found
    assert (String.Symbol, '"Pay"') in found
    assert (Keyword, "choose one") in found
