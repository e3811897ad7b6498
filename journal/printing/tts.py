"""Tabletop Simulator decks: card sheets in the grid TTS imports, a back, a saved object.

TTS cuts a custom deck from one image holding up to 10 x 7 cards; the last slot is the face
it shows for a hidden card, so a sheet holds at most 69 cards. TTS advises sheets of at most
4096 pixels a side: a sheet whose cards would make it larger has them scaled down to fit.
Each kind becomes one deck (its copies over as many sheets as needed) and one saved-object
JSON that TTS loads from its Saved Objects folder, with the thumbnail TTS shows for it there (a
PNG of the same name). A kind whose cards have another side (locations) gets a sheet of backs
in the same grid ("unique backs"); the others share the kind's back image.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

MAX_COLUMNS = 10
MAX_ROWS = 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card's face
MAX_SHEET_PIXELS = 4096  # TTS's advice for a deck sheet, each side
THUMBNAIL_PIXELS = 256  # the square thumbnail beside a saved object


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int


def grid_for(count: int) -> Grid:
    """The smallest grid (at least 2 x 2, at most 10 x 7) with room for ``count`` cards and the
    hidden-card slot."""
    slots = min(count, PER_SHEET) + 1
    columns = max(2, min(MAX_COLUMNS, slots))
    rows = max(2, math.ceil(slots / columns))
    return Grid(columns, rows)


def cell_size(width: int, height: int, grid: Grid) -> tuple[int, int]:
    """A card's size on a sheet of ``grid``: its own, or scaled down (keeping its shape) so the
    sheet stays within ``MAX_SHEET_PIXELS`` each side."""
    scale = min(
        1.0,
        MAX_SHEET_PIXELS / (grid.columns * width),
        MAX_SHEET_PIXELS / (grid.rows * height),
    )
    return max(1, int(width * scale)), max(1, int(height * scale))


def sheet_image(images: Sequence[bytes], grid: Grid, hidden: bytes) -> bytes:
    """One sheet: the card images in reading order, ``hidden`` in the last slot (PNG), at most
    ``MAX_SHEET_PIXELS`` a side."""
    first = Image.open(io.BytesIO(images[0] if images else hidden))
    width, height = cell_size(*first.size, grid)
    sheet = Image.new("RGB", (grid.columns * width, grid.rows * height), "white")
    decoded: dict[bytes, Image.Image] = {}

    def card(data: bytes) -> Image.Image:
        if data not in decoded:
            image = Image.open(io.BytesIO(data)).convert("RGB")
            if image.size != (width, height):
                image = image.resize((width, height), Image.Resampling.LANCZOS)
            decoded[data] = image
        return decoded[data]

    for index, data in enumerate([*images[: grid.columns * grid.rows - 1]]):
        row, column = divmod(index, grid.columns)
        sheet.paste(card(data), (column * width, row * height))
    last = grid.columns * grid.rows - 1
    row, column = divmod(last, grid.columns)
    sheet.paste(card(hidden), (column * width, row * height))
    out = io.BytesIO()
    sheet.save(out, "PNG", compress_level=3)
    return out.getvalue()


def thumbnail(face: bytes) -> bytes:
    """The picture TTS shows for a saved object: the deck's first card, on a transparent
    square of ``THUMBNAIL_PIXELS``."""
    image = Image.open(io.BytesIO(face)).convert("RGBA")
    image.thumbnail((THUMBNAIL_PIXELS, THUMBNAIL_PIXELS), Image.Resampling.LANCZOS)
    square = Image.new("RGBA", (THUMBNAIL_PIXELS, THUMBNAIL_PIXELS), (0, 0, 0, 0))
    square.paste(
        image, ((THUMBNAIL_PIXELS - image.width) // 2, (THUMBNAIL_PIXELS - image.height) // 2)
    )
    out = io.BytesIO()
    square.save(out, "PNG")
    return out.getvalue()


def _transform(x: float = 0.0) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,  # face down, as a deck lies
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


@dataclass(frozen=True)
class DeckSheet:
    """One sheet of a deck as TTS sees it: the image addresses and the grid."""

    face_url: str
    back_url: str
    grid: Grid
    unique_back: bool


def saved_object(
    deck_name: str, cards: Sequence[tuple[str, str]], sheets: Sequence[DeckSheet]
) -> dict[str, Any]:
    """The saved-object JSON for one deck; ``cards`` is (nickname, description) per copy, in
    sheet order (``PER_SHEET`` a sheet)."""
    custom = {
        str(k): {
            "FaceURL": sheet.face_url,
            "BackURL": sheet.back_url,
            "NumWidth": sheet.grid.columns,
            "NumHeight": sheet.grid.rows,
            "BackIsHidden": True,
            "UniqueBack": sheet.unique_back,
            "Type": 0,
        }
        for k, sheet in enumerate(sheets, start=1)
    }
    contained = []
    ids = []
    for index, (nickname, description) in enumerate(cards):
        sheet_number, slot = divmod(index, PER_SHEET)
        card_id = (sheet_number + 1) * 100 + slot
        ids.append(card_id)
        contained.append(
            {
                "GUID": _guid(f"{deck_name}\0{index}"),
                "Name": "Card",
                "Nickname": nickname,
                "Description": description,
                "CardID": card_id,
                "Transform": _transform(),
                "ColorDiffuse": _WHITE,
                "Hands": True,  # a card can be drawn into a player's hand
                "SidewaysCard": False,
                "HideWhenFaceDown": True,
                "CustomDeck": {str(sheet_number + 1): custom[str(sheet_number + 1)]},
            }
        )
    if len(contained) == 1:
        state: dict[str, Any] = {**contained[0], "GUID": _guid(deck_name)}
    else:
        state = {
            "GUID": _guid(deck_name),
            "Name": "Deck",
            "Nickname": deck_name,
            "Description": f"{len(contained)} cards",
            "Transform": _transform(),
            "ColorDiffuse": _WHITE,
            "Hands": False,
            "SidewaysCard": False,
            "HideWhenFaceDown": True,
            "DeckIDs": ids,
            "CustomDeck": custom,
            "ContainedObjects": contained,
        }
    return {
        "SaveName": deck_name,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [state],
        "VersionNumber": "",
    }


_WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


def _guid(name: str) -> str:
    """A stable six-hex-digit object id: printing the same deck again gives the same ids."""
    return hashlib.sha1(name.encode()).hexdigest()[:6]


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
