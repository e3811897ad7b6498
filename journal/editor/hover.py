"""Hover: what the text under the cursor means, in the language's own words.

On a card's name (where it is made or named): the card as printed (``dsl.printer.render_card``).
On a sentence: what the checker bound it to (each verb's primitive and its roles, the condition)
and the sentence as the renderer prints it (``dsl.printer.sentence_text``). On a declared value:
its number, its comment and where the ruleset's Python reads it. On a phase: its steps as printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from dsl import ast
from dsl.bound import BoundClause, BoundSentence, CheckedCard
from dsl.meaning import clause_words, condition_words, selector_words, value_words
from dsl.printer import effect_text, render_card, sentence_text
from journal.editor.positions import to_range

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis
    from journal.editor.index import Index, Occurrence


@dataclass
class PrintedCard:
    """A checked card as ``render_card`` reads it (a compiled card's printed parts)."""

    kind: str
    name: str
    field_text: tuple[tuple[str, str], ...]
    printed: tuple[str, ...]
    blocks: dict[str, PrintedCard] = field(default_factory=dict)


def printed_card(card: CheckedCard, vocab: Any) -> PrintedCard:
    return PrintedCard(
        card.kind,
        card.name,
        card.field_text,
        tuple(effect_text(e, vocab) for e in card.effects),
        {name: printed_card(side, vocab) for name, side in card.blocks},
    )


def card_summary(card: CheckedCard, vocab: Any) -> str:
    aliases = dict(getattr(vocab, "aliases", {}) or {})
    return render_card(printed_card(card, vocab), aliases)


def hover(
    analysis: Analysis, path: str, lines: list[str], line: int, column: int, encoding: str
) -> types.Hover | None:
    index = analysis.index()
    occurrence = index.at(path, line, column)
    if occurrence is not None:
        text = _name_hover(analysis, index, occurrence)
        if text:
            return _markdown(text, to_range(occurrence.span, lines, encoding))
    found = index.sentence_at(path, line, column)
    if found is not None:
        text = _sentence_hover(found.sentence, analysis.vocabulary, found.owner)
        return _markdown(text, to_range(found.sentence.span, lines, encoding))
    return None


def _markdown(text: str, where: types.Range) -> types.Hover:
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text), range=where
    )


def _name_hover(analysis: Analysis, index: Index, occurrence: Occurrence) -> str:
    if occurrence.what == "card":
        parts = []
        for written, checked in index.cards.get(occurrence.key, []):
            where = f"{Path(written.span.file).name}:{written.span.line}"
            if checked is None:
                parts.append(f'{written.kind.text} "{written.name.text}" ({where}): has errors')
            else:
                summary = card_summary(checked, analysis.vocabulary)
                parts.append(f"```text\n{summary}\n```\n{where}")
        return "\n\n".join(parts)
    if occurrence.what == "value":
        info = index.values.get(occurrence.key)
        if info is None:
            return ""
        lines = [f"**value {info.name} = {info.value}**"]
        if info.comment:
            lines += ["", info.comment]
        reads = index.reads.get(info.name, [])
        lines += ["", "Read by the game at:" if reads else "Not read by the ruleset's Python."]
        lines += [f"- `{Path(file).name}:{number}`" for file, number, _, _ in reads]
        return "\n".join(lines)
    decl = index.phases.get(occurrence.key)
    if decl is None:
        return ""
    steps = [f"procedure **{decl.name.text}**", ""]
    number = 0
    for item in decl.items:
        if not isinstance(item, ast.Step):
            continue
        title = item.title.text
        fixed = title.casefold() in ("setup", "teardown")  # the grammar's unnumbered steps
        number += 0 if fixed else 1
        steps.append(f"- {title}" if fixed else f"- {number}. {title}")
    return "\n".join(steps)


def _clause(clause: BoundClause, vocab: Any) -> list[str]:
    roles = ", ".join(f"{role}={value_words(value, vocab)}" for role, value in clause.roles)
    out = [f"- `{clause.verb}` → `{clause.function}({roles})`"]
    if clause.subject is not None:
        out.append(f"  - who: {selector_words(clause.subject, vocab)}")
    if clause.per is not None:
        out.append(f"  - for each: {selector_words(clause.per, vocab)}")
    if clause.cost is not None:
        out.append(f"  - paid first: {clause_words(clause.cost, vocab)}")
    if clause.optional:
        out.append("  - optional")
    if clause.negated:
        out.append("  - negated")
    return out


def _sentence_hover(sentence: BoundSentence, vocab: Any, owner: str) -> str:
    lines = [f"**Sentence of {owner}** ({sentence.mode})", ""]
    if sentence.condition is not None:
        lines.append(f"- if: {condition_words(sentence.condition, vocab)}")
    if sentence.replaced is not None:
        lines.append(f"- instead of: {clause_words(sentence.replaced, vocab)}")
    for clause in sentence.alternatives:
        lines += _clause(clause, vocab)
    lines += ["", "Printed:", "", f"> {sentence_text(sentence, vocab)}"]
    return "\n".join(lines)
