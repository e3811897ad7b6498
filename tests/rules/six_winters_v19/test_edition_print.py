"""Printing Six Winters v19.7 (issue 29, item 5): the five kinds of the sheets (progress card,
obstacle, location, seasonal event, character sheet) each through its own layout in
``rules/six_winters_v19/faces/``, a progress card's 4 by 4 dice path drawn as its grid, every
card printed as many times as the world engine deals it, and the PDF, TTS and merge CSV."""

from __future__ import annotations

import csv
import dataclasses
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from journal.printing.faces import FaceSet
from journal.printing.run import Options, PrintFormat, print_cards

FACES = Path(__file__).resolve().parents[3] / "rules" / "six_winters_v19" / "faces"

# One card of each kind the sheets print (mission: the text's progress cards).
ONE_OF_EACH = {
    "mission": "On Two Fronts",
    "obstacle": "False Confidence",
    "location": "Eastkeep",
    "event": "Mana Flows",
    "character": "Thea",
}
SQUARE = re.compile(r'class="(square|empty) row-(\d+) column-(\d+)( start)?( end)?"')


@pytest.fixture(scope="module")
def faces(winters: Any) -> FaceSet:
    return FaceSet(FACES, regions=winters.vocabulary.titles)


def _words(svg: str) -> str:
    """The text a face prints, its lines and words joined by single spaces."""
    return " ".join(" ".join(ElementTree.fromstring(svg).itertext()).split())


def _card(winters: Any, kind: str, name: str) -> Any:
    return next(c for c in winters.all_cards if c.kind == kind and c.name == name)


@pytest.mark.parametrize("kind", sorted(ONE_OF_EACH))
def test_each_kind_of_the_sheets_prints_through_its_own_layout(
    faces: FaceSet, winters: Any, kind: str
) -> None:
    assert faces.template_name(kind) == f"{kind}.svg.j2"
    face = faces.front(_card(winters, kind, ONE_OF_EACH[kind]))
    assert ONE_OF_EACH[kind] in _words(face.svg)


def test_the_other_kinds_print_through_the_editions_layout_for_any_kind(faces: FaceSet) -> None:
    for kind in ("peril", "ability", "discord"):
        assert faces.template_name(kind) == "card.svg.j2"


def test_every_card_of_the_edition_is_drawn_and_its_text_fits(faces: FaceSet, winters: Any) -> None:
    overflowing = [
        f"{c.kind} {c.name}: {[b.name for b in face.overflowing]}"
        for c in winters.all_cards
        if (face := faces.front(c)).overflowing
    ]
    assert overflowing == []


def test_a_progress_card_draws_its_dice_path_as_its_grid(faces: FaceSet, winters: Any) -> None:
    """Every square of the 4 by 4 grid is drawn where the card puts it: a square where the card
    asks for a die (the start and the end marked), an empty cell where it prints none."""
    missions = [c for c in winters.all_cards if c.kind == "mission"]
    assert len(missions) == 51
    for card in missions:
        svg = faces.front(card).svg
        cells = {
            (int(r), int(k)): (what, bool(s), bool(e)) for what, r, k, s, e in SQUARE.findall(svg)
        }
        path = card.fields["path"]
        expected = {
            (r + 1, k + 1): (
                "empty" if square is None else "square",
                bool(square and square["start"]),
                bool(square and square["end"]),
            )
            for r, row in enumerate(path)
            for k, square in enumerate(row)
        }
        assert cells == expected, card.name


def test_a_square_shows_the_face_it_asks_for_as_pips_and_the_path_is_joined(
    faces: FaceSet, winters: Any
) -> None:
    card = _card(winters, "mission", "On Two Fronts")
    svg = faces.front(card).svg
    squares = [(r, k, sq) for r, row in enumerate(card.fields["path"]) for k, sq in enumerate(row)]
    faces_asked = sum(sq["face"] for _r, _k, sq in squares if sq and sq["face"])
    assert faces_asked > 0
    assert svg.count('class="pip"') == faces_asked
    laid = {(r, k) for r, k, sq in squares if sq}
    touching = {
        frozenset({a, b})
        for a in laid
        for b in laid
        if a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
    }
    assert svg.count('class="link"') == len(touching)


@pytest.mark.parametrize("kind", sorted(ONE_OF_EACH))
def test_a_hostile_card_name_is_escaped(faces: FaceSet, winters: Any, kind: str) -> None:
    hostile = '<script>alert("x")</script> & </svg>'
    card = dataclasses.replace(_card(winters, kind, ONE_OF_EACH[kind]), name=hostile)
    svg = faces.front(card).svg
    assert "<script" not in svg
    assert hostile in _words(svg)


def test_an_obstacle_prints_as_many_copies_as_the_world_engine_deals(
    winters: Any, tmp_path: Path
) -> None:
    report = print_cards("six-winters-v19", PrintFormat.csv, tmp_path, Options(kinds=("obstacle",)))
    (merge,) = report.files
    with merge.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames is not None
        assert reader.fieldnames.count("copies") == 1
        rows = list(reader)
    printed = Counter(r["name"] for r in rows)
    dealt: Counter[str] = Counter()
    for card in winters.all_cards:
        if card.kind == "obstacle":
            dealt[card.name] += int(card.fields.get("copies") or 1)
    assert printed == dealt
    assert len(rows) == report.copies == sum(dealt.values())
    assert max(dealt.values()) == 3  # the sheets' obstacles printed three times are three rows
    assert all(r["copies"] == str(printed[r["name"]]) for r in rows if dealt[r["name"]] > 1)


def test_the_pdf_draws_the_five_kinds_as_vectors_with_one_card_per_copy(tmp_path: Path) -> None:
    only = (*ONE_OF_EACH.values(), "Catapults (1)")
    report = print_cards(
        "six-winters-v19",
        PrintFormat.pdf,
        tmp_path,
        Options(kinds=tuple(ONE_OF_EACH), only=only),
    )
    assert report.images == []  # no face fell back to an image
    assert report.overflows == []
    (pdf,) = report.files
    assert pdf.read_bytes().startswith(b"%PDF")
    assert report.copies == report.cards  # none of these is printed twice


def test_tabletop_simulator_gets_a_deck_per_kind(tmp_path: Path) -> None:
    report = print_cards(
        "six-winters-v19",
        PrintFormat.tts,
        tmp_path,
        Options(kinds=("mission", "character"), only=("Tinkering", "Thea")),
    )
    names = {p.name for p in report.files}
    assert {"mission.json", "character.json"} <= names


def test_the_merge_gives_each_square_of_the_dice_path_a_column_as_the_card_writes_it(
    winters: Any, tmp_path: Path
) -> None:
    report = print_cards("six-winters-v19", PrintFormat.csv, tmp_path, Options(kinds=("mission",)))
    (merge,) = report.files
    with merge.open(encoding="utf-8", newline="") as f:
        rows = {r["name"]: r for r in csv.DictReader(f)}
    assert len(rows) == 51
    for card in winters.all_cards:
        if card.kind != "mission":
            continue
        row = rows[card.name]
        written = " ".join(
            "row " + ", ".join(row[f"path r{r}c{k}"] for k in range(1, 5)) for r in range(1, 5)
        )
        assert written == " ".join(dict(card.field_text)["path"].split()), card.name
    assert rows["On Two Fronts"]["path r2c2"] == "any 5"
    assert rows["On Two Fronts"]["path r4c4"] == "end any empire"
