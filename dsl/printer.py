"""The printed wording of a card, from its compiled (checked) text: what goes on the card face.

Sentences are written back from the bound words: one space between words, declared spellings
(an alias such as ``fire`` prints as the declared ``ember``), a capital at each sentence's
start, the trigger first. Print and behaviour come from the same bound text, so they cannot
drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dsl.bound import BoundChoice, BoundClause, BoundEffect, BoundSentence


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[1].isupper():
        return text  # an acronym or a name
    return text[:1].lower() + text[1:] if text else text


def canonical_words(text: str, aliases: Mapping[str, str]) -> str:
    """Replace each alias word by the declared word it stands for."""
    if not aliases:
        return text
    out: list[str] = []
    words = text.split(" ")
    for k, word in enumerate(words):
        core = word.rstrip(".,:")
        tail = word[len(core) :]
        replacement = aliases.get(core.casefold())
        if replacement and k + 1 < len(words) and not tail:
            rest = replacement.split(" ")[1:]
            following = words[k + 1].rstrip(".,:").casefold()
            if (
                rest
                and replacement.casefold().startswith(core.casefold() + " ")
                and (following in (rest[0].casefold(), _plural(rest[0]).casefold()))
            ):
                replacement = None  # already written in full: "a lantern die"
        if replacement and out and out[-1].isdigit() and out[-1] != "1":
            replacement = _plural(replacement)
        out.append((replacement if replacement else core) + tail)
    return " ".join(out)


def _plural(words: str) -> str:
    *head, last = words.split(" ")
    last = "dice" if last == "die" else last + ("es" if last.endswith("s") else "s")
    return " ".join([*head, last])


def sentence_text(sentence: BoundSentence, aliases: Mapping[str, str] | None = None) -> str:
    parts: list[str] = []
    if sentence.then:
        parts.append("Then")
    if sentence.condition is not None:
        parts.append(("if " if parts else "If ") + sentence.condition.text + ",")
    if sentence.mode == "instead" and sentence.replaced is not None:
        parts.append(("instead of " if parts else "Instead of ") + sentence.replaced.text + ",")
    if sentence.mode == "may":
        parts.append("may" if parts else "May")
    if sentence.mode == "may not":
        parts.append("may not" if parts else "May not")
    body = ", or ".join(
        _clause_text(c, i == 0 and not parts) for i, c in enumerate(sentence.alternatives)
    )
    if sentence.mode == "instead" and any(c.optional for c in sentence.alternatives):
        body = "may " + body
    parts.append(body)
    text = " ".join(parts) + "."
    return _capital(canonical_words(text, aliases or {}))


def _clause_text(clause: BoundClause, first: bool) -> str:
    return _capital(clause.text) if first else _lower_first(clause.text)


def choice_text(choice: BoundChoice, aliases: Mapping[str, str] | None = None) -> str:
    head = []
    if choice.then:
        head.append("Then")
    if choice.condition is not None:
        head.append(("if " if head else "If ") + choice.condition.text + ",")
    head.append("choose one:" if head else "Choose one:")
    options = [
        f'"{label}": ' + " ".join(sentence_text(s, aliases) for s in sentences)
        for label, sentences in choice.options
    ]
    return "\n".join([" ".join(head), *options])  # each option on its own printed line


def effect_text(effect: BoundEffect, aliases: Mapping[str, str] | None = None) -> str:
    """``Tap: Trade a moss at this location for frost of the same value.``"""
    body = ""
    for k, part in enumerate(effect.parts):
        after_choice = k > 0 and isinstance(effect.parts[k - 1], BoundChoice)
        separator = "" if k == 0 else ("\n" if after_choice else " ")
        text = (
            sentence_text(part, aliases)
            if isinstance(part, BoundSentence)
            else choice_text(part, aliases)
        )
        body += separator + text
    if effect.label_text is None:
        return body
    if effect.label_comma:
        return f"{_capital(effect.label_text)}, {_lower_first(body)}"
    return f"{_capital(effect.label_text)}: {body}"


def _field_line(name: str, text: str, aliases: Mapping[str, str]) -> str:
    """``Recipe: ember, frost 5`` (a flag prints as its name alone; names lose their quotes)."""
    label = _capital(name)
    if text == "":
        return label
    return f"{label}: {canonical_words(text.replace(chr(34), ''), aliases)}"


def render_card(card: Any, aliases: Mapping[str, str] | None = None) -> str:
    """The card face: name, kind, one line per field (in the written order), then each
    ability's wording. Takes a ``CompiledCard`` (``dsl.compiler``); a side (``developed``)
    prints after a line with its name, indented."""
    lines = [str(card.name), _capital(str(card.kind))]
    lines.extend(_body_lines(card, "", aliases or {}))
    return "\n".join(lines)


def _body_lines(card: Any, indent: str, aliases: Mapping[str, str]) -> list[str]:
    lines: list[str] = []
    field_text: Sequence[tuple[str, str]] = getattr(card, "field_text", ())
    for name, text in field_text:
        lines.append(indent + _field_line(name, text, aliases))
    for text in card.printed:
        lines.extend(indent + line for line in text.split("\n"))
    for name, side in getattr(card, "blocks", {}).items():
        lines.append(f"{indent}{_capital(name)} side:")
        lines.extend(_body_lines(side, indent + "  ", aliases))
    return lines


render = render_card


def render_phase(phase: Any) -> str:
    """A phase of the procedure as the rulebook's numbered list: its name, the setup, the
    numbered steps, the teardown, then its notes. Takes a ``dsl.procedure.Phase``."""
    lines = [str(phase.name)]
    for step in phase.steps:
        text = step.text if step.text.endswith(".") else step.text + "."
        head = f"{step.number}." if step.number is not None else ""
        title = step.title if step.number is not None else _capital(step.title)
        lines.append(f"{head} {title}: {text}".strip())
    lines.extend(f"Note: {_capital(note)}." for note in phase.notes)
    return "\n".join(lines)


def render_procedure(procedure: Any) -> str:
    """Every phase of a ruleset's procedure, in the order written, a blank line apart."""
    return "\n\n".join(render_phase(phase) for phase in procedure)
