"""Completion: what may be written where the cursor is, from the ruleset's own declarations.

In a quoted name: the ruleset's card names (of the kind the words before name, when they name
one), or its phases after ``play``. At the start of an item in a card: the fields of the card's
kind and its triggers. In a procedure: the step forms and, after ``do``, ``offer``, ``for each``,
``until`` or ``only if``, the primitives module's step functions. At the top level: the
grammar's keywords and the card kinds. Elsewhere: every declared word (with what it is) and
verb. Everything is read from the checked ``Vocabulary``, nothing named here.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from journal.editor.positions import units
from journal.editor.scan import Place, grammar_keywords, place

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis

LIMIT = 400  # items sent at most; the editor filters them as the word is typed
_KIND = types.CompletionItemKind

# The step forms of a procedure (dsl/grammar.lark, "procedure"); a test parses each one.
STEP_FORMS = (
    ('play "${1:Phase}"', "play a phase"),
    ('play "${1:Phase}" until ${2:condition}', "play a phase until a condition holds"),
    ('play "${1:Phase}" ${2:2} times', "play a phase a number of times"),
    ("players act in any order until all pass", "players act until all pass"),
    ("do ${1:step}", "call a step primitive"),
    ("offer ${1:step} only if ${2:condition}, or ${3:step}, again until done", "an offer"),
    ("for each ${1:thing} in order, do ${2:step}", "a step done for each thing"),
    ("for each ${1:thing} in turn order, do ${2:step}", "a step for each, in turn order"),
    ("note ${1:a line of the rulebook}", "a note printed with the phase"),
)
# The words after which a procedure names words the ruleset registers with their Python, and
# the use they are registered for (dsl/procedure.py: ``ProcedureWords``).
PRIMITIVE_AFTER = {
    ("do",): "step",
    ("offer",): "step",
    ("or",): "step",
    ("for", "each"): "each",
    ("until",): "until",
    ("only", "if"): "if",
}


def complete(
    analysis: Analysis, lines: list[str], line: int, column: int, encoding: str
) -> types.CompletionList:
    """The completions at a 1-based ``line``/``column`` (characters) of ``lines``."""
    where = place(lines, line - 1, column - 1)
    vocab = analysis.vocabulary
    if where.string >= 0:
        items = list(_names(analysis, where, lines[line - 1], column - 1, line - 1, encoding))
    elif where.form == "procedure" and where.depth >= 1:
        items = list(_procedure(analysis, where))
    elif where.depth >= 1 and _is_card(where, vocab):
        items = list(_in_card(analysis, where))
    elif where.depth == 0 and where.item_start and column - 1 <= _word_end(where):
        items = list(_top_level(vocab))
    else:
        items = list(_words(vocab))
    unique: dict[str, types.CompletionItem] = {}
    for item in items:
        unique.setdefault(item.label, item)  # a field before the declared word it shares
    items = list(unique.values())
    typed = _typed(where, column - 1)
    if typed:
        folded = typed.casefold()
        items = [i for i in items if (i.filter_text or i.label).casefold().startswith(folded)] or [
            i for i in items if folded in (i.filter_text or i.label).casefold()
        ]
    return types.CompletionList(is_incomplete=len(items) > LIMIT, items=items[:LIMIT])


def _typed(where: Place, column: int) -> str:
    """The word being typed (empty after a blank); in a quoted name, what follows the quote."""
    if not where.before:
        return ""
    last = where.before[-1]
    if where.string >= 0:
        return last.text[1:].rstrip('"') if last.start == where.string else ""
    if last.end == column and last.type == "word":
        return last.text
    return ""


def _word_end(where: Place) -> int:
    words = [t for t in where.before if t.type == "word"]
    return words[0].end if len(words) == 1 else 0 if not words else -1


def _is_card(where: Place, vocab: Any) -> bool:
    return where.form in {k.casefold() for k in _kinds(vocab)}


def _kinds(vocab: Any) -> list[str]:
    return list(getattr(vocab, "card_kinds", None) or getattr(vocab, "kinds", {}))


def _item(
    label: str,
    kind: types.CompletionItemKind,
    detail: str = "",
    insert: str | None = None,
    snippet: bool = False,
) -> types.CompletionItem:
    return types.CompletionItem(
        label=label,
        kind=kind,
        detail=detail or None,
        insert_text=insert,
        insert_text_format=types.InsertTextFormat.Snippet if snippet else None,
    )


def _words(vocab: Any) -> Iterable[types.CompletionItem]:
    """Every declared word, with what it is, then the verbs and the triggers."""
    categories: dict[str, set[str]] = {}
    for meanings in getattr(vocab, "lexicon", {}).values():
        for meaning in meanings:
            if not meaning.plural:
                categories.setdefault(meaning.word, set()).add(meaning.category)
    for word, found in sorted(categories.items(), key=lambda pair: pair[0].casefold()):
        yield _item(word, _KIND.EnumMember, ", ".join(sorted(found)))
    for words, info in getattr(vocab, "verbs", {}).items():
        yield _item(" ".join(words), _KIND.Function, f"verb → {info.function}()")
    yield from _triggers(vocab)
    for name, number in getattr(vocab, "values", {}).items():
        yield _item(name, _KIND.Constant, f"value = {number}")


def _triggers(vocab: Any) -> Iterable[types.CompletionItem]:
    for info in getattr(vocab, "triggers", {}).values():
        label = str(info.label)
        yield _item(label, _KIND.Event, f"trigger ({info.usage})", label + ": ")


def _top_level(vocab: Any) -> Iterable[types.CompletionItem]:
    for kind in _kinds(vocab):
        yield _item(kind, _KIND.Class, "card kind", f'{kind} "${{1:Name}}" {{\n  $0\n}}', True)
    for word in sorted(grammar_keywords()):
        yield _item(word, _KIND.Keyword, "keyword")


def _in_card(analysis: Analysis, where: Place) -> Iterable[types.CompletionItem]:
    vocab = analysis.vocabulary
    if not where.item_start:
        yield from _words(vocab)
        return
    kind = next((k for k in _kinds(vocab) if k.casefold() == where.form), where.form)
    schema = getattr(vocab, "kinds", {}).get(kind)
    if schema is not None:
        for name, fs in schema.fields.items():
            detail = (
                f"{fs.type}{' list' if fs.is_list else ''}{' (optional)' if fs.optional else ''}"
            )
            if fs.type == "side":
                yield _item(name, _KIND.Module, "side", f"{name} {{\n  $0\n}}", True)
            else:
                yield _item(name, _KIND.Field, detail, name + " ")
    yield from _triggers(vocab)
    yield from _words(vocab)


def _procedure(analysis: Analysis, where: Place) -> Iterable[types.CompletionItem]:
    words = where.words_before
    for after, use in PRIMITIVE_AFTER.items():
        if tuple(words[-len(after) :]) == after or (
            len(words) > len(after) and tuple(words[-len(after) - 1 : -1]) == after
        ):
            yield from _primitives(analysis, use)
            return
    for snippet, detail in STEP_FORMS:
        label = snippet.split("$", 1)[0].rstrip(' "') or snippet
        yield _item(label, _KIND.Snippet, detail, snippet, True)
    for word in ("setup", "teardown"):
        yield _item(word, _KIND.Keyword, "the step before or after the numbered ones", word + ": ")


def _primitives(analysis: Analysis, use: str) -> Iterable[types.CompletionItem]:
    """The words the ruleset's procedure words know for ``use``, each with its function."""
    from dsl.loader import primitives_module
    from dsl.world.words import procedure_words

    folder = analysis.folder
    words = procedure_words(primitives_module(Path(folder)) if folder else None)
    for text in sorted(words.known(use), key=str.casefold):
        fn = words.find(use, text)
        item = _item(text, _KIND.Function, f"{getattr(fn, '__name__', text)}()")
        doc = inspect.getdoc(fn) if fn is not None else None
        if doc:
            item.documentation = doc
        yield item


def _names(
    analysis: Analysis, where: Place, text: str, column: int, row: int, encoding: str
) -> Iterable[types.CompletionItem]:
    """Card names (or phases after ``play``), replacing the quoted name being typed."""
    index = analysis.index()
    words = where.words_before
    start = where.string
    closing = column < len(text) and text[column] == '"'
    replaced = types.Range(
        types.Position(row, units(text[: start + 1], encoding)),
        types.Position(row, units(text[: column + (1 if closing else 0)], encoding)),
    )
    if words and words[-1] == "play" and where.form == "procedure":
        for phase in index.phases.values():
            name = phase.name.text
            yield _edit(name, _KIND.Module, "phase", name + '"', replaced)
        return
    kinds = {k.casefold(): k for k in _kinds(analysis.vocabulary)}
    wanted = words[-1] if words and words[-1] in kinds else None
    for found in index.cards.values():
        for card, _checked in found:
            kind = card.kind.text
            if wanted is not None and kind.casefold() != wanted:
                continue
            name = card.name.text
            escaped = name.replace("\\", "\\\\").replace('"', '\\"')
            yield _edit(name, _KIND.Class, kind, escaped + '"', replaced)


def _edit(
    label: str, kind: types.CompletionItemKind, detail: str, text: str, where: types.Range
) -> types.CompletionItem:
    return types.CompletionItem(
        label=label,
        kind=kind,
        detail=detail,
        filter_text=label,
        text_edit=types.TextEdit(range=where, new_text=text),
    )
