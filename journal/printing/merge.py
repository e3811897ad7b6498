"""The data-merge CSV: one row per printed copy, plain values, optionally the designer's tokens.

A print tool's data merge lays out one card per row, so a card with three printed numbers has
three rows (``copy`` says which). Values are plain: no quotes from the card language, lists by
commas, flags ``yes``; a ``dice grid`` also gets a column a square (``path r1c1``: "start
stability", "any 6", "empty"). With ``icons="tokens"`` each vocabulary word that has an icon becomes
its ``xxNAME`` token (``faces.toml`` names them), in fields and in text, and a recipe fills the
designer's ``x1,y1 .. x4,y4`` columns (colour code round the face, resource icon).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import Any

from journal.printing.faces import FaceStyle
from journal.printing.selection import PrintedCard

_QUOTED = re.compile(r'"([^"]*)"')
RECIPE_SLOTS = 4


def plain(text: str) -> str:
    """A value as printed, without the card language's quotes."""
    return _QUOTED.sub(r"\1", text)


class Tokens:
    """Vocabulary words to ``xxNAME`` tokens, for fields and for running text."""

    def __init__(self, style: FaceStyle) -> None:
        self.style = style
        words = {name: w.token for name, w in style.words.items() if w.token and name != "any"}
        self.words = words
        alternatives = sorted(words, key=len, reverse=True)
        # "action points", "initiative dice": a plural is the same icon.
        pattern = "|".join(re.escape(w) + r"(?:s|es)?" for w in alternatives)
        pattern = pattern.replace(r"initiative\ die(?:s|es)?", r"initiative\ (?:die|dice)")
        self._pattern = re.compile(rf"\b({pattern})\b", re.IGNORECASE) if words else None

    def _word(self, found: str) -> str:
        key = found.casefold()
        for candidate in (key, key.rstrip("s"), key[:-2] if key.endswith("es") else key):
            if candidate in self.words:
                return "xx" + self.words[candidate]
        if key.startswith("initiative"):
            return "xx" + self.words.get("initiative die", "INITIATIVE")
        return found

    def text(self, text: str) -> str:
        """Running text with words as tokens; card names in quotes keep their words."""
        if self._pattern is None:
            return text
        parts = re.split(r'("[^"]*")', text)
        out = []
        for k, part in enumerate(parts):
            if k % 2:
                out.append(part)
            else:
                out.append(self._pattern.sub(lambda m: self._word(m.group(0)), part))
        return "".join(out)

    def value(self, value: Any, printed: str) -> str:
        """A field as tokens when every word of it has one, else as plain text."""
        items = value if isinstance(value, list | tuple) else [value]
        flat = [i[0] if isinstance(i, list | tuple) and len(i) == 1 else i for i in items]
        if flat and all(isinstance(i, str) and i.casefold() in self.words for i in flat):
            return " ".join("xx" + self.words[str(i).casefold()] for i in flat)
        return plain(printed)

    def recipe(self, slots: Sequence[dict[str, Any]]) -> dict[str, str]:
        """``x1..x4`` (colour code round the face) and ``y1..y4`` (the resource's icon)."""
        faces = self.style.tokens.get("faces", [])
        blank = self.style.tokens.get("blank", "BLANK")
        out: dict[str, str] = {}
        for k in range(RECIPE_SLOTS):
            x = y = ""
            if k < len(slots):
                die = slots[k].get("die") or "any"  # a dice list's slot: its type of die
                entry = self.style.words.get(die)
                code = entry.code if entry and entry.code else ""
                face = slots[k].get("face")
                face_token = (
                    faces[face - 1] if isinstance(face, int) and 0 < face <= len(faces) else blank
                )
                x = f"{code}xx{face_token}{code}"
                y = "xx" + (entry.token if entry and entry.token else "RESOURCE")
            out[f"x{k + 1}"] = x
            out[f"y{k + 1}"] = y
        return out


def _grid(value: Any) -> bool:
    """A ``dice grid`` field's value: rows of squares, each a dict or None (empty)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(row, list) for row in value)
        and all(sq is None or (isinstance(sq, dict) and "start" in sq) for r in value for sq in r)
    )


def square_text(square: dict[str, Any] | None) -> str:
    """One square of a dice grid as the card language writes it ("start stability", "any 6")."""
    if square is None:
        return "empty"
    words = [w for w in ("start", "end") if square.get(w)]
    words.append(str(square["die"]) if square.get("die") else "any")
    words += [str(square[k]) for k in ("face", "group") if square.get(k) is not None]
    step = square.get("step")
    if step is not None:
        words.append("equal" if step == 0 else f"plus {step}" if step > 0 else f"minus {-step}")
    return " ".join(words)


def merge_rows(
    printed: Sequence[PrintedCard],
    style: FaceStyle,
    *,
    icons: str = "words",
    images: dict[tuple[str, str], tuple[str, str]] | None = None,
) -> tuple[list[str], list[dict[str, str]]]:
    """The columns and one row per printed copy."""
    tokens = Tokens(style) if icons == "tokens" else None
    columns = ["kind", "name", "copy", "copies", "image", "back image"]
    seen: dict[str, None] = {}
    text_lines: dict[str, int] = {}
    rows = []

    def add(row: dict[str, str], card: Any, prefix: str) -> None:
        values = dict(card.fields)
        for name, printed_value in card.field_text:
            if name in {"number", "copies"}:  # the copy and copies columns say them
                continue
            column = prefix + name
            if name == "recipe" and tokens is not None:
                for key, cell in tokens.recipe(values.get("recipe") or []).items():
                    row[prefix + key] = cell
                    seen.setdefault(prefix + key)
                continue
            if tokens is not None:
                if printed_value == "" and values.get(name) is True:
                    token = style.token(name)
                    cell = f"xx{token}" if token else "yes"
                else:
                    cell = tokens.value(values.get(name), printed_value)
            else:
                cell = plain(printed_value) if printed_value != "" else "yes"
            row[column] = cell
            seen.setdefault(column)
            if _grid(values.get(name)):  # a column a square: "path r1c1" .. "path r4c4"
                for r, squares in enumerate(values[name], start=1):
                    for k, square in enumerate(squares, start=1):
                        row[f"{column} r{r}c{k}"] = square_text(square)
                        seen.setdefault(f"{column} r{r}c{k}")
        lines = [tokens.text(t) if tokens else t for t in card.printed]
        row[prefix + "text"] = "\n".join(lines)
        for k, line in enumerate(lines, start=1):
            row[f"{prefix}text {k}"] = line
        text_lines[prefix] = max(text_lines.get(prefix, 0), len(lines))
        for side, block in card.blocks.items():
            add(row, block, f"{prefix}{side} ")

    for entry in printed:
        image, back = (images or {}).get((entry.kind, entry.name), ("", ""))
        for number in entry.numbers:
            row = {
                "kind": entry.kind,
                "name": entry.name,
                "copy": "" if number is None else str(number),
                "copies": str(len(entry.numbers)),
                "image": image,
                "back image": back,
            }
            add(row, entry.card, "")
            rows.append(row)
    prefixes = ["", *sorted({p for p in text_lines if p})]
    for prefix in prefixes:
        columns += [c for c in seen if c.startswith(prefix) and _side_of(c, prefixes) == prefix]
        columns.append(prefix + "text")
        columns += [f"{prefix}text {k}" for k in range(1, text_lines.get(prefix, 0) + 1)]
    return columns, rows


def _side_of(column: str, prefixes: list[str]) -> str:
    found = ""
    for prefix in prefixes:
        if prefix and column.startswith(prefix) and len(prefix) > len(found):
            found = prefix
    return found


def to_csv(columns: list[str], rows: list[dict[str, str]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
