"""Print (issue 35, item 5): the faces of Seasons' blessings, artifacts, technologies, order
tokens and tiles come from the templates in ``rules/seasons/faces/``; the kinds it does not draw
(buildings, the board's seasons) and the card back fall back on the world engine's one layout."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pypdf import PdfReader

from journal.cli import main
from journal.printing.faces import FaceSet
from rules import registry

WORLD_LAYOUT = Path(registry.find("seasons").printing.under[0])


@pytest.fixture(scope="module")
def faces(seasons: Any) -> FaceSet:
    found = registry.find("seasons")
    return FaceSet(found.printing.faces, bleed_mm=0, under=found.printing.under)


def words(svg: str) -> list[str]:
    found = (html.unescape(w).strip() for w in re.findall(r">([^<>]+)</t", svg))
    return [w for w in found if w]


def test_the_printer_finds_seasons_own_layouts_and_falls_back_on_the_one_layout() -> None:
    found = registry.find("seasons")
    assert found.printing.faces == found.folder / "faces"
    assert (WORLD_LAYOUT / "card.svg.j2").is_file()
    faces = FaceSet(found.printing.faces, under=found.printing.under)
    drawn = {kind: faces.template_name(kind) for kind in ("blessing", "artifact", "technology")}
    assert drawn == {k: f"{k}.svg.j2" for k in drawn}
    assert faces.template_name("action") == "action.svg.j2"  # the order tokens
    assert faces.template_name("tile") == "tile.svg.j2"
    assert faces.template_name("building") == "card.svg.j2"  # the world engine's
    assert faces.layouts.file("card.svg.j2") == WORLD_LAYOUT / "card.svg.j2"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Good Harvest", ["Good Harvest", "Blessing", "Play:", "Gain 3 gold."]),
        ("Gold Idol", ["Gold Idol", "Idol", "Buy:", "Harvest:", "Gain 2 gold."]),
        ("Drill", ["Drill", "Technology", "Warriors may be recruited at a building"]),
        ("Spears", ["Spears", "Technology", "Combat:", "Gain 1 gold."]),
        ("Work", ["Work", "order", "Douse:", "Research:", "Build:"]),
        ("North Mine", ["North Mine", "Land 3", "Player 1's land", "3"]),
        ("Wilds", ["Wilds", "Land 0", "No one's land", "The location die never lands here."]),
    ],
)
def test_each_face_prints_its_card_and_fits(
    faces: FaceSet, seasons: Any, name: str, shown: list[str]
) -> None:
    face = faces.front(seasons.card(name))
    said = " ".join(words(face.svg))
    for part in shown:
        assert part in said, (part, said)
    assert face.overflowing == []


def test_every_card_of_seasons_fits_its_face(faces: FaceSet, seasons: Any) -> None:
    for card in seasons.all_cards:
        assert faces.front(card).overflowing == [], card.name
    assert words(faces.back("action").svg) == ["Order"]  # a face-down order shows only this


def test_a_tile_shows_a_coin_a_land_value(faces: FaceSet, seasons: Any) -> None:
    coins = {
        name: faces.front(seasons.card(name)).svg.count('fill="#e3b53c"')
        for name in ("North Capital", "North Farm", "North Mine", "Wilds")
    }
    assert coins == {"North Capital": 1, "North Farm": 2, "North Mine": 3, "Wilds": 0}


HOSTILE = '<script>alert("x")</script> & <b>Co'


def hostile(kind: str, fields: dict[str, Any]) -> Any:
    return SimpleNamespace(
        kind=kind,
        name=HOSTILE,
        fields=fields,
        field_text=tuple((k, str(v)) for k, v in fields.items()),
        printed=(f"Play: {HOSTILE}",),
        blocks={},
    )


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("blessing", {"copies": 2}),
        ("artifact", {"tags": ["<i>Relic"]}),
        ("technology", {"recruits": True}),
        ("action", {}),
        ("tile", {"land": 2, "seat": 1, "face": 4}),
        ("building", {"cost": 3}),  # the one layout it falls back on
    ],
)
def test_a_hostile_card_name_is_escaped_on_every_face(
    faces: FaceSet, kind: str, fields: dict[str, Any]
) -> None:
    svg = faces.front(hostile(kind, fields)).svg
    assert "<script" not in svg and "<b>" not in svg and "<i>" not in svg
    assert "&lt;script&gt;" in svg and "&amp;" in svg


def test_a_rulesets_own_layout_of_one_kind_over_the_one_layout(tmp_path: Path) -> None:
    """Generic: any text ruleset with a faces/ of a single template is found per kind."""
    copy = tmp_path / "seasons"
    shutil.copytree(registry.find("seasons").folder, copy, ignore=shutil.ignore_patterns("faces"))
    (copy / "faces").mkdir()
    (copy / "faces" / "tile.svg.j2").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg">{{ c.title("TILE " ~ card.name, 0, 0, W, 99) }}'
        "{{ c.defs() }}</svg>",
        encoding="utf-8",
    )
    found = registry.find(copy)
    assert found.printing.faces == copy / "faces"
    assert found.printing.under == (WORLD_LAYOUT,)
    faces = FaceSet(found.printing.faces, bleed_mm=0, under=found.printing.under)
    compiled = found.compiled()
    assert " ".join(words(faces.front(compiled.card("Wilds")).svg)) == "TILE Wilds"
    assert faces.template_name("blessing") == "card.svg.j2"
    assert "Good Harvest" in " ".join(words(faces.front(compiled.card("Good Harvest")).svg))


def test_print_seasons_writes_a_pdf_of_vector_faces_with_every_deck_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["print", "seasons", "--out", str(tmp_path), "--dpi", "60"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "66 printed copies" in out  # 46 designs; a blessing or building `copies N` is N
    assert "placed as an image" not in err  # every face drawn as vectors and real text
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "seasons-poker-a4.pdf").pages)
    for part in ("Good Harvest", "Gold Idol", "Drill", "Work", "North Mine", "Order"):
        assert part in text


def test_print_seasons_as_a_merge_csv_and_for_tabletop_simulator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["print", "seasons", "--format", "csv", "--out", str(tmp_path)]) == 0
    rows = (tmp_path / "seasons-merge.csv").read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    assert header.count("copies") == 1  # the card's copies field is the copies column
    assert sum(1 for r in rows if r.startswith("blessing,Good Harvest,")) == 2
    assert main(["print", "seasons", "--format", "tts", "--out", str(tmp_path), "--dpi", "50"]) == 0
    assert (tmp_path / "tts" / "blessing.json").is_file()
    capsys.readouterr()
