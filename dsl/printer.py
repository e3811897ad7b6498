"""The printed wording of a card, from its compiled (checked) text: what goes on the card face.

Sentences are written from what the checker bound them to (``dsl.meaning``), never copied from
the source: declared spellings (an alias such as ``fire`` prints as the declared ``ember``), a
list of tags that bound to one thing with any of them prints as such, a capital at each
sentence's start, the trigger first. A phrase that bound to something other than what its
words say shows on the printed card; binding the printed words again gives the same meaning
(``tests/dsl/test_16_printed_meaning.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dsl.bound import BoundChoice, BoundEffect, BoundSentence
from dsl.meaning import clause_words, condition_words
from dsl.vocabulary import Vocabulary


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


def sentence_text(sentence: BoundSentence, vocab: Vocabulary) -> str:
    """A sentence's words written from what it bound to (``dsl.meaning``), not as typed."""
    parts: list[str] = []
    if sentence.then:
        parts.append("Then")
    if sentence.each is not None:  # "For each monster at this stop, ..."
        from dsl.meaning import selector_words

        each = selector_words(sentence.each, vocab)
        each = "each " + each.removeprefix("all ") if each.startswith("all ") else each
        parts.append(("for " if parts else "For ") + each + ",")
    if sentence.condition is not None:
        parts.append(("if " if parts else "If ") + condition_words(sentence.condition, vocab) + ",")
    if sentence.mode == "instead" and sentence.replaced is not None:
        replaced = clause_words(sentence.replaced, vocab, "ing")
        parts.append(("instead of " if parts else "Instead of ") + replaced + ",")
    if sentence.mode == "may":
        parts.append("may" if parts else "May")
    if sentence.mode == "may not":
        parts.append("may not" if parts else "May not")
    optional = sentence.mode == "do" and any(
        c.optional and c.subject is None for c in sentence.alternatives
    )
    if optional:
        parts.append("may" if parts else "May")
    body = (", else " if sentence.fallback else ", or ").join(
        _clause_text(clause_words(c, vocab), i == 0 and not parts)
        for i, c in enumerate(sentence.alternatives)
    )
    if sentence.mode == "instead" and any(c.optional for c in sentence.alternatives):
        body = "may " + body
    parts.append(body)
    return _capital(" ".join(parts) + ".")


def _clause_text(text: str, first: bool) -> str:
    return _capital(text) if first else _lower_first(text)


def choice_text(choice: BoundChoice, vocab: Vocabulary) -> str:
    head = []
    if choice.then:
        head.append("Then")
    if choice.condition is not None:
        head.append(("if " if head else "If ") + condition_words(choice.condition, vocab) + ",")
    head.append("choose one:" if head else "Choose one:")
    options = [
        f'"{label}": ' + " ".join(sentence_text(s, vocab) for s in sentences)
        for label, sentences in choice.options
    ]
    return "\n".join([" ".join(head), *options])  # each option on its own printed line


def effect_text(effect: BoundEffect, vocab: Vocabulary) -> str:
    """``Tap: Trade a moss at this location for frost of the same value.``"""
    body = ""
    for k, part in enumerate(effect.parts):
        after_choice = k > 0 and isinstance(effect.parts[k - 1], BoundChoice)
        separator = "" if k == 0 else ("\n" if after_choice else " ")
        text = (
            sentence_text(part, vocab)
            if isinstance(part, BoundSentence)
            else choice_text(part, vocab)
        )
        body += separator + text
    if effect.label_text is None:
        return body
    label = effect.label_text
    if effect.cost is not None and effect.trigger_label is None:
        label = clause_words(effect.cost, vocab)  # a cost label: what is paid, as bound
    elif effect.trigger_label is not None and not effect.label_comma:
        label = effect.trigger_label
    if effect.label_comma:
        return f"{_capital(label)}, {_lower_first(body)}"
    return f"{_capital(label)}: {body}"


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


def check_lines(check: Any) -> list[str]:
    """The printed wording of a check (``dsl.dice``): its declaration, one clause a line in the
    canonical wording its text compiled from (notes as written), which reads back as the same
    check."""
    from dsl.ast import quote

    return [f"check {quote(check.name)} {{", *(f"  {line}" for line in check.printed), "}"]
