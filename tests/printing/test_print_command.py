"""`chronicler print`: the PDF, PNG, Tabletop Simulator and CSV a designer takes to the table."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from journal.cli import main
from journal.printing.faces import CARD_SIZES
from journal.printing.sheets import PAPERS, POINTS_PER_MM, SheetLayout
from journal.printing.tts import PER_SHEET, grid_for

LOW_DPI = ["--dpi", "60"]  # the tests look at geometry, not at print quality


def chronicler(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file() and ".cache" not in p.parts}


# -- the print-and-play PDF -----------------------------------------------------------------------


def test_the_pdf_has_a_page_of_fronts_and_a_page_of_backs_per_nine_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters: Any
) -> None:
    out = tmp_path / "print"
    code, said, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--kind",
        "character",
        "--kind",
        "condition",
        "--out",
        str(out),
        *LOW_DPI,
    )
    assert code == 0
    copies = len(six_winters.cards("character")) + len(six_winters.cards("condition"))
    assert copies == 13
    pdf = PdfReader(out / "six-winters-poker-a4.pdf")
    assert len(pdf.pages) == 2 * 2  # 13 cards: two sheets, each fronts then backs
    width, height = PAPERS["a4"]
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(width * POINTS_PER_MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(height * POINTS_PER_MM, abs=0.5)
    assert f"{copies} printed copies" in said


def test_one_card_is_printed_per_printed_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "print"
    code, said, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--only",
        "Grain Shortage",
        "--paper",
        "letter",
        "--out",
        str(out),
        *LOW_DPI,
    )
    assert code == 0 and "1 card, 2 printed copies, 2 pages: wrote 1 file under" in said
    pdf = PdfReader(out / "six-winters-poker-letter.pdf")
    assert len(pdf.pages) == 2
    assert float(pdf.pages[0].mediabox.width) == pytest.approx(612, abs=0.5)  # Letter
    fronts, backs = (page.extract_text() for page in pdf.pages)
    assert fronts.count("Grain Shortage") == 2  # number 3 and number 4, each its own face
    assert "#3" in fronts and "#4" in fronts
    assert backs.count("Obstacle") == 2  # the kind's back behind each


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_three_by_three_cards_with_bleed_and_crop_marks_fit_on_the_page(
    paper: str, size: str
) -> None:
    width, height = CARD_SIZES[size]
    layout = SheetLayout.make(paper, width, height, 3.0)
    page_width, page_height = PAPERS[paper]
    xs, ys = layout.cuts()
    assert len(xs) == len(ys) == 4  # a cut on each side of three cards
    assert xs[3] - xs[0] == pytest.approx(3 * width) and ys[3] - ys[0] == pytest.approx(3 * height)
    # Centred, the bleed and the crop marks inside the paper.
    assert xs[0] == pytest.approx(page_width - xs[3]) and ys[0] == pytest.approx(
        page_height - ys[3]
    )
    assert xs[0] - 3.0 - 1.0 - layout.mark_length() >= 0
    assert ys[0] - 3.0 - 1.0 - layout.mark_length() >= 0
    assert layout.mark_length() >= 2.0


def test_backs_are_mirrored_for_long_edge_duplex() -> None:
    layout = SheetLayout.make("a4", 63.5, 88.9, 3.0)
    for index in range(9):
        front_x, front_y = layout.slot(index)
        back_x, back_y = layout.slot(index, back=True)
        assert back_y == front_y
        assert back_x + layout.card_width / 2 == pytest.approx(
            layout.page_width - (front_x + layout.card_width / 2)
        )


def test_too_much_bleed_for_the_paper_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = chronicler(
        capsys,
        "print",
        "six-winters",
        "--only",
        "Parin",
        "--paper",
        "letter",
        "--bleed",
        "9",
        "--out",
        str(tmp_path / "p"),
    )
    assert code == 2 and "do not fit on letter" in err and "Traceback" not in err


def print_one_pdf(tmp_path: Path, name: str, *extra: str) -> PdfReader:
    out = tmp_path / "print"
    code = main(["print", "six-winters", "--only", name, "--out", str(out), *extra])
    assert code == 0
    return PdfReader(out / "six-winters-poker-a4.pdf")


def test_the_pdf_text_is_text_a_reader_can_search_and_copy(tmp_path: Path) -> None:
    pdf = print_one_pdf(tmp_path, "Whisper Drip")
    front = pdf.pages[0]
    text = " ".join(front.extract_text().split())
    assert "Whisper Drip" in text
    # the words of the rules text, the one an icon stands for too ("a sorcery" is drawn as
    # the sorcery icon: the word lies under it, unseen)
    assert "Exhaust: Roll and place a sorcery at this location." in text
    assert len(front.images) == 0  # drawn, not pictures of text
    fonts = [f.get_object() for f in front["/Resources"]["/Font"].values()]
    ours = [f for f in fonts if "DejaVuSansCondensed" in str(f["/BaseFont"])]
    assert len(ours) == 2  # the bundled font, regular and bold, as the PNGs draw it
    for font in ours:  # each travels with the file, and maps its glyphs back to letters
        assert "/FontFile2" in font["/FontDescriptor"].get_object() and "/ToUnicode" in font


def test_the_pdf_says_the_rulesets_title_and_author(tmp_path: Path) -> None:
    pdf = print_one_pdf(tmp_path, "Whisper Drip")
    assert pdf.metadata.title == "Six Winters 25.1: cards"
    assert pdf.metadata.author == "Ziapelta Games"  # faces.toml's [document] author
    assert "poker size on a4 paper, 3 mm bleed" in pdf.metadata.subject
    assert pdf.metadata.creator == "chronicler print"


@pytest.mark.parametrize(("name", "kind"), [("Whisper Drip", "asset"), ("Whitehold", "location")])
def test_the_pdf_draws_the_face_the_png_shows(
    tmp_path: Path, six_winters: Any, six_winters_folder: Path, name: str, kind: str
) -> None:
    """Drawn by a PDF renderer (PDFium), the card on the page is the face resvg draws:
    panels, their transparency, icons, dice, the text in its place."""
    import io

    import pypdfium2
    from PIL import ImageChops, ImageStat

    from journal.printing.faces import FaceSet, faces_folder
    from journal.printing.raster import svg_to_png
    from journal.printing.sheets import SheetLayout

    pdf = print_one_pdf(tmp_path, name)
    assert len(pdf.pages) == 2
    dpi = 100
    page = pypdfium2.PdfDocument(tmp_path / "print" / "six-winters-poker-a4.pdf")[0]
    drawn = page.render(scale=dpi / 72).to_pil().convert("RGB")
    width, height = CARD_SIZES["poker"]
    x, y = SheetLayout.make("a4", width, height, 3.0).slot(0)
    mm = dpi / 25.4
    card = drawn.crop(
        (round(x * mm), round(y * mm), round((x + width) * mm), round((y + height) * mm))
    )
    flat = FaceSet(
        faces_folder(six_winters_folder), bleed_mm=0, regions=six_winters.vocabulary.titles
    )
    png = svg_to_png(flat.front(six_winters.card(name, kind)).svg, dpi)
    expected = Image.open(io.BytesIO(png)).convert("RGB")
    card = card.resize(expected.size)
    difference = ImageChops.difference(card, expected).convert("L")
    mean = ImageStat.Stat(difference).mean[0]
    changed = sum(difference.point(lambda v: 255 if v > 64 else 0).histogram()[255:]) / (
        expected.size[0] * expected.size[1]
    )
    # Two renderers smooth glyph edges their own ways; a lost panel, icon or word does not pass.
    assert mean < 5 and changed < 0.03, f"mean {mean:.2f}, {changed:.2%} changed"


def test_a_face_the_pdf_cannot_draw_as_vectors_is_placed_as_an_image(
    tmp_path: Path, six_winters_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "my-winters"
    shutil.copytree(
        six_winters_folder, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__")
    )
    layout = folder / "faces" / "event.svg.j2"
    layout.write_text(
        layout.read_text().replace(
            "{% block body %}",
            '{% block body %}<ellipse cx="375" cy="600" rx="200" ry="90" fill="#aa3300"/>',
        )
    )
    code = main(["print", str(folder), "--kind", "event", "--out", str(tmp_path / "p")])
    err = capsys.readouterr().err
    assert code == 0
    assert "draws SVG the PDF cannot draw as vectors: placed as an image" in err
    pdf = PdfReader(tmp_path / "p" / "six-winters-poker-a4.pdf")
    assert len(pdf.pages[0].images) >= 1


# -- PNG ------------------------------------------------------------------------------------------


def test_png_writes_each_card_each_side_and_the_kind_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters: Any
) -> None:
    out = tmp_path / "print"
    code, _, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--format",
        "png",
        "--kind",
        "location",
        "--kind",
        "scheme",
        "--out",
        str(out),
        *LOW_DPI,
    )
    assert code == 0
    written = {p.relative_to(out).as_posix() for p in files_under(out)}
    locations = six_winters.cards("location")
    schemes = six_winters.cards("scheme")
    assert len(written) == 2 * len(locations) + len(schemes) + 1  # both sides; a scheme back
    assert "png/location/whitehold.png" in written
    assert "png/location/whitehold-developed.png" in written
    assert "png/scheme/back.png" in written
    image = Image.open(out / "png/location/whitehold.png")
    assert image.size == (round(63.5 / 25.4 * 60), round(88.9 / 25.4 * 60))  # no bleed in PNG


# -- Tabletop Simulator ---------------------------------------------------------------------------


def test_tts_grid_is_at_most_ten_by_seven_with_the_hidden_card_slot() -> None:
    assert PER_SHEET == 69
    assert (grid_for(69).columns, grid_for(69).rows) == (10, 7)
    assert (grid_for(7).columns, grid_for(7).rows) == (8, 2)
    assert (grid_for(1).columns, grid_for(1).rows) == (2, 2)
    for count in range(1, 120):
        grid = grid_for(count)
        assert grid.columns <= 10 and grid.rows <= 7
        assert grid.columns * grid.rows >= min(count, PER_SHEET) + 1


def test_tts_deck_sheets_and_saved_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters: Any
) -> None:
    out = tmp_path / "print"
    code, _, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--format",
        "tts",
        "--kind",
        "obstacle",
        "--kind",
        "location",
        "--out",
        str(out),
        *LOW_DPI,
    )
    assert code == 0
    copies = sum(len(c.fields["number"]) for c in six_winters.cards("obstacle"))
    saved = json.loads((out / "tts" / "obstacle.json").read_text())
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "Deck"
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == copies
    assert len(set(deck["DeckIDs"])) == copies
    sheet = deck["CustomDeck"]["1"]
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    assert columns <= 10 and rows <= 7 and columns * rows > copies
    face_sheet = Path(sheet["FaceURL"].removeprefix("file://"))
    assert face_sheet.is_file() and face_sheet.parent == (out / "tts").resolve()
    card_size = (round(63.5 / 25.4 * 60), round(88.9 / 25.4 * 60))
    assert Image.open(face_sheet).size == (columns * card_size[0], rows * card_size[1])
    assert Path(sheet["BackURL"].removeprefix("file://")).is_file()
    guids = [deck["GUID"]] + [card["GUID"] for card in deck["ContainedObjects"]]
    assert len(set(guids)) == len(guids)  # TTS tells objects apart by GUID
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert names.count("Grain Shortage") == 2
    # Locations: each card's back is its developed side, a sheet in the same grid.
    location = json.loads((out / "tts" / "location.json").read_text())["ObjectStates"][0]
    assert location["CustomDeck"]["1"]["UniqueBack"] is True
    assert location["CustomDeck"]["1"]["BackURL"].endswith("location-1-backs.png")


@pytest.mark.parametrize("dpi", [[], ["--dpi", "300"]])
def test_tts_sheets_stay_within_4096_pixels_and_each_deck_has_a_thumbnail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], dpi: list[str]
) -> None:
    out = tmp_path / "print"
    code, _, _ = chronicler(
        capsys, "print", "six-winters", "--format", "tts", "--kind", "obstacle", "--out", str(out),
        *dpi,
    )  # fmt: skip
    assert code == 0
    deck = json.loads((out / "tts" / "obstacle.json").read_text())["ObjectStates"][0]
    sheet = deck["CustomDeck"]["1"]
    assert sheet["NumWidth"] == 10  # a full row of cards: the widest sheet there is
    width, height = Image.open(out / "tts" / "obstacle-1.png").size
    assert width <= 4096 and height <= 4096  # TTS's advice for a deck sheet
    assert width >= 3900  # and no smaller than that: 10 cards of some 400 pixels
    thumbnail = Image.open(out / "tts" / "obstacle.png")  # TTS shows it in Saved Objects
    assert thumbnail.size == (256, 256)


def test_tts_base_url_names_where_the_sheets_are_hosted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "print"
    code, _, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--format",
        "tts",
        "--kind",
        "scheme",
        "--out",
        str(out),
        "--base-url",
        "https://example.org/decks/",
        *LOW_DPI,
    )
    assert code == 0
    deck = json.loads((out / "tts" / "scheme.json").read_text())["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/decks/scheme-1.png"


# -- the data-merge CSV ---------------------------------------------------------------------------


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_csv_has_one_row_per_printed_copy_with_plain_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters: Any
) -> None:
    code, _, _ = chronicler(
        capsys, "print", "six-winters", "--format", "csv", "--out", str(tmp_path)
    )
    assert code == 0
    rows = read_rows(tmp_path / "six-winters-merge.csv")
    copies = sum(
        len(c.fields["number"]) if isinstance(c.fields.get("number"), list) else 1
        for c in six_winters.all_cards
    )
    assert len(rows) == copies
    grain = [r for r in rows if r["name"] == "Grain Shortage"]
    assert [r["copy"] for r in grain] == ["3", "4"]
    paste = next(r for r in rows if r["name"] == "Wound Paste")
    assert paste["tags"] == "Gear, First Aid"  # no quotes from the card language
    assert paste["image"] == "png/asset/wound-paste.png"
    assert paste["starting"] == "yes"
    whitehold = next(r for r in rows if r["name"] == "Whitehold")
    assert whitehold["developed produces"] == "espionage, espionage"
    assert whitehold["back image"] == "png/location/whitehold-developed.png"


def test_csv_icon_tokens_follow_the_designers_convention(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--format",
        "csv",
        "--icons",
        "tokens",
        "--kind",
        "asset",
        "--kind",
        "obstacle",
        "--out",
        str(tmp_path),
    )
    assert code == 0
    rows = {r["name"]: r for r in read_rows(tmp_path / "six-winters-merge-tokens.csv")}
    drip = rows["Whisper Drip"]  # recipe espionage 3, technology 3, stability 3
    assert (drip["x1"], drip["y1"]) == ("MMxxTHREEMM", "xxESPIONAGE")
    assert (drip["x3"], drip["y3"]) == ("YYxxTHREEYY", "xxSTABILITY")
    assert drip["x4"] == drip["y4"] == ""
    assert drip["skill"] == "xxSHADOW" and drip["starting"] == "xxSTARTING"
    assert "place a xxSORCERY at this location" in drip["text"]
    apples = rows["Loomwood Apples"]  # recipe stability, any 4
    assert (apples["x1"], apples["y1"]) == ("YYxxBLANKYY", "xxSTABILITY")
    assert (apples["x2"], apples["y2"]) == ("WWxxFOURWW", "xxRESOURCE")
    wounds = rows["The Old Wounds"]
    assert wounds["stress"] == "xxPSYCHE xxPSYCHE"
    assert wounds["starts with"] == "xxPROGRESS xxHINDRANCE xxHINDRANCE"


# -- choosing cards, and errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--kind", "spaceship"], 2, "unknown card kind 'spaceship'"),
        (["--only", "Whisper Dripp"], 1, "did you mean 'Whisper Drip'"),
        (["--format", "svg"], 2, "unknown format 'svg'"),
        (["--size", "tarot"], 2, "unknown card size 'tarot'"),
        (["--paper", "a3"], 2, "unknown paper 'a3'"),
        (["--icons", "emoji"], 2, "--icons is words or tokens"),
        (["--changed-since", "no-such-revision"], 1, "--changed-since"),
    ],
)
def test_bad_input_is_a_one_line_error_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: int, message: str
) -> None:
    out = tmp_path / "out"
    done, _, err = chronicler(capsys, "print", "six-winters", *args, "--out", str(out))
    assert done == code
    assert message in err
    assert err.strip().count("\n") == 0 and "Traceback" not in err
    assert not files_under(tmp_path)


def test_an_unknown_ruleset_names_the_near_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = chronicler(capsys, "print", "six-wintres", "--out", str(tmp_path / "o"))
    assert code == 2 and "did you mean six-winters" in err  # (or its v19.7 edition)
    assert not (tmp_path / "o").exists()


def test_a_folder_naming_primitives_not_ours_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "ruleset.rules").write_text('ruleset "Mine" version "1"\nprimitives "os"\n')
    code, _, err = chronicler(capsys, "print", str(folder), "--out", str(tmp_path / "o"))
    assert code == 2 and "not those of a ruleset Chronicler has" in err


def test_out_may_not_be_a_symbolic_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "out"
    link.symlink_to(elsewhere)
    code, _, err = chronicler(capsys, "print", "six-winters", "--format", "csv", "--out", str(link))
    assert code == 2 and "symbolic link" in err
    assert not list(elsewhere.iterdir())


def test_a_link_planted_inside_out_is_not_written_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    (out / "png").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / "png" / "scheme").symlink_to(elsewhere)
    code, _, err = chronicler(
        capsys,
        "print",
        "six-winters",
        "--format",
        "png",
        "--kind",
        "scheme",
        "--out",
        str(out),
        *LOW_DPI,
    )
    assert code == 1 and "symbolic link" in err
    assert not list(elsewhere.iterdir())


def test_out_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "cards.pdf"
    file.write_text("mine")
    code, _, err = chronicler(capsys, "print", "six-winters", "--out", str(file))
    assert code == 2 and "is a file" in err and file.read_text() == "mine"


def test_print_writes_only_under_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "out"
    code, _, _ = chronicler(
        capsys,
        "print",
        "six-winters",
        "--format",
        "png",
        "--only",
        "Eastkeep",
        "--out",
        str(out),
        *LOW_DPI,
    )
    assert code == 0
    assert {p.parent.relative_to(tmp_path).as_posix() for p in files_under(tmp_path)} == {
        "deep/out/png/location"
    }


def test_only_takes_every_card_of_that_name_in_the_kinds_asked(six_winters: Any) -> None:
    from journal.printing.selection import select

    both = select(six_winters, only=["discord in brightdune"])
    assert sorted(c.kind for c in both) == ["event", "obstacle"]
    event = select(six_winters, only=["Discord in Brightdune"], kinds=["event"])
    assert [c.kind for c in event] == ["event"]


def test_only_a_card_of_another_kind_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = chronicler(
        capsys,
        "print",
        "six-winters",
        "--kind",
        "asset",
        "--only",
        "Mole Hunt",
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 2 and '"Mole Hunt" is of kind obstacle, not of --kind asset' in err


# -- --changed-since ------------------------------------------------------------------------------


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, text=True)


@pytest.fixture
def ruleset_repo(tmp_path: Path, six_winters_folder: Path) -> Path:
    """A git repository holding a copy of the Six Winters ruleset, committed."""
    repo = tmp_path / "repo"
    folder = repo / "six_winters"
    shutil.copytree(
        six_winters_folder, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__")
    )
    git(repo, "init", "-q")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "cards")
    return folder


def test_changed_since_prints_only_the_cards_whose_text_changed(
    ruleset_repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assets = ruleset_repo / "assets.rules"
    text = assets.read_text()
    assert "skill steel · points 1\n  recipe technology 2, military, military" in text
    assets.write_text(
        text.replace(
            "skill steel · points 1\n  recipe technology 2, military, military",
            "skill steel · points 2\n  recipe technology 2, military, military",
        )
    )
    out = tmp_path / "out"
    code, said, _ = chronicler(
        capsys,
        "print",
        str(ruleset_repo),
        "--format",
        "csv",
        "--changed-since",
        "HEAD",
        "--out",
        str(out),
    )
    assert code == 0, said
    rows = read_rows(out / "six-winters-merge.csv")
    assert [r["name"] for r in rows] == ["Wound Paste"]
    assert rows[0]["points"] == "2"


def test_changed_since_reprints_a_kind_whose_layout_changed(
    ruleset_repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters: Any
) -> None:
    layout = ruleset_repo / "faces" / "scheme.svg.j2"
    layout.write_text(layout.read_text().replace("Years ", "Winters "))
    out = tmp_path / "out"
    code, _, _ = chronicler(
        capsys,
        "print",
        str(ruleset_repo),
        "--format",
        "csv",
        "--changed-since",
        "HEAD",
        "--out",
        str(out),
    )
    assert code == 0
    rows = read_rows(out / "six-winters-merge.csv")
    assert {r["kind"] for r in rows} == {"scheme"}
    assert len(rows) == len(six_winters.cards("scheme"))


def test_nothing_changed_prints_nothing(
    ruleset_repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, said, _ = chronicler(
        capsys, "print", str(ruleset_repo), "--changed-since", "HEAD", "--out", str(tmp_path / "o")
    )
    assert code == 0 and "no cards to print" in said
    assert not files_under(tmp_path / "o")


def test_a_ruleset_without_faces_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters_folder: Path
) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    for rules in six_winters_folder.glob("*.rules"):
        shutil.copy(rules, folder / rules.name)
    code, _, err = chronicler(capsys, "print", str(folder), "--out", str(tmp_path / "o"))
    assert code == 1 and "no faces/faces.toml" in err and "Traceback" not in err


COLLIDING = """
location "Fork" {
  number 91 · region empire
  tags Keep
  developed {
    tags Keep
  }
}
location "Fork!" {
  number 92 · region empire
  tags Keep
  developed {
    tags Keep
  }
}
location "Fork 2" {
  number 93 · region empire
  tags Keep
  developed {
    tags Keep
  }
}
location "Fork Developed" {
  number 94 · region empire
  tags Keep
  developed {
    tags Keep
  }
}
location "Back" {
  number 95 · region empire
  tags Keep
  developed {
    tags Keep
  }
}
"""


def test_every_card_keeps_its_own_png_whatever_its_name_makes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], six_winters_folder: Path
) -> None:
    copy = Path(shutil.copytree(six_winters_folder, tmp_path / "forks"))
    (copy / "forks.rules").write_text(COLLIDING, encoding="utf-8")
    out = tmp_path / "print"
    code, _, err = chronicler(
        capsys, "print", str(copy), "--format", "png", "--kind", "location",
        "--only", "Fork", "--only", "Fork!", "--only", "Fork 2", "--only", "Fork Developed",
        "--only", "Back", "--out", str(out), *LOW_DPI,
    )  # fmt: skip
    assert code == 0, err
    written = sorted(p.relative_to(out / "png" / "location").as_posix() for p in files_under(out))
    assert len(written) == 10  # five cards, two sides each: nothing written over
    assert written[:4] == ["back-2-developed.png", "back-2.png", "fork-2-2-developed.png",
                           "fork-2-2.png"]  # fmt: skip
    code, _, err = chronicler(
        capsys, "print", str(copy), "--format", "csv", "--kind", "location",
        "--only", "Fork", "--only", "Fork!", "--only", "Fork 2", "--only", "Fork Developed",
        "--only", "Back", "--out", str(out),
    )  # fmt: skip
    assert code == 0, err
    rows = list(csv.DictReader(next(out.glob("*-merge.csv")).open(encoding="utf-8")))
    images = [value for row in rows for key, value in row.items() if key.endswith("image")]
    assert len(images) == len(set(images)) == 10
    assert {f"png/location/{name}" for name in written} == set(images)
