"""Nothing a person writes can run in the published site.

Every payload of ``xss_payloads.txt`` goes into narration, challenge answers, chronicle text and
every name a person types at the table; the built HTML must contain nothing that could run it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from site_checks import parse, runnable

from journal.catalogue import Catalogue
from journal.db import Journal, open_journal
from journal.six_winters import ledger
from journal.six_winters.ledger import MapPlace, Play
from journal.website.publish import publish
from journal.website.sanitize import narration_html, text

PAYLOADS = [
    line
    for line in (Path(__file__).parent / "xss_payloads.txt").read_text().splitlines()
    if line.strip()
]
MARKER = "PWNED"


def hostile_campaign(journal: Journal) -> str:
    """A campaign whose every free-text field and name is an attack."""
    name = "Brightdune <script>document.title='PWNED'</script>"

    def write(s):  # type: ignore[no-untyped-def]
        campaign = ledger.create_campaign(s, name)
        evil_character = "<img src=x onerror=document.title='PWNED'>"
        session = ledger.start_year(
            s, campaign, 1, "[scheme](javascript:document.title='PWNED')", ["Parin", evil_character]
        )
        for number, payload in enumerate(PAYLOADS):
            ledger.record_scene(
                s,
                session,
                scene=payload if number % 2 else f"Scene {number}",
                location=payload,
                participants=["Parin", evil_character],
                plays=[Play(payload, 1, "asset", evil_character)],
                epilogue_choice=payload,
                challenge_answers=[payload],
                narration=f"Before.\n\n{payload}\n\nAfter.",
                tier="Master chronicler",
                narrator=payload,
            )
        ledger.end_year(s, campaign, session, result="won", reason=PAYLOADS[0])
        for character in ledger.characters(s, campaign):
            ledger.write_chronicle(
                s, character, 1, downtime=False, scheme=PAYLOADS[1], result="won", text=PAYLOADS[2]
            )
            ledger.write_sheet(
                s, character, 1, skills={PAYLOADS[3]: 2}, advances={}, conditions=[PAYLOADS[4]]
            )
        ledger.write_map(
            s,
            campaign,
            1,
            [MapPlace(PAYLOADS[5], 0, 0, PAYLOADS[6], True, 2, (PAYLOADS[7], PAYLOADS[8]))],
        )

    journal.write(write)
    return name


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from fakes import fake_catalogue

    folder = tmp_path_factory.mktemp("hostile")
    with open_journal(folder / "chronicle.db") as journal:
        name = hostile_campaign(journal)
        done = publish(journal, name, folder / "out", catalogue=fake_catalogue())
    return done.site_dir


@pytest.mark.parametrize("payload", PAYLOADS)
def test_each_payload_is_defused_in_narration(payload: str) -> None:
    html = narration_html(payload)
    for tag, attrs in parse_fragment(html):
        assert tag not in {"script", "iframe", "object", "embed", "style", "img", "svg", "form"}
        assert not any(name.startswith("on") for name in attrs), (payload, html)
        assert (
            not attrs.get("href", "").replace(" ", "").lower().startswith(("javascript:", "data:"))
        ), (payload, html)


def parse_fragment(html: str) -> list[tuple[str, dict[str, str]]]:
    from site_checks import Tags

    tags = Tags()
    tags.feed(html)
    return tags.tags


def test_no_page_of_the_built_site_could_run_a_payload(hostile_site: Path) -> None:
    pages = sorted(hostile_site.rglob("*.html"))
    assert len(pages) >= len(PAYLOADS)  # a page per scene at least
    found = {str(p.relative_to(hostile_site)): runnable(p, MARKER) for p in pages}
    assert {page: what for page, what in found.items() if what} == {}


def test_page_titles_and_navigation_carry_no_markup(hostile_site: Path) -> None:
    for page in hostile_site.rglob("*.html"):
        html = page.read_text()
        title = html[html.index("<title>") + 7 : html.index("</title>")]
        assert "<" not in title and ">" not in title, page
        for tag, attrs in parse(page).tags:
            assert "data-pwned" not in attrs, (page, tag)


def test_the_words_survive_as_text(hostile_site: Path) -> None:
    scene = (hostile_site / "scenes" / "year-1-scene-1.html").read_text()
    assert "Before." in scene and "After." in scene
    assert "a harmless link" in (hostile_site / "scenes" / "year-1-scene-5.html").read_text()


def test_the_table_verbs_accept_hostile_names_and_publish_them_defused(
    cli, tmp_path: Path, cards: Catalogue
) -> None:  # type: ignore[no-untyped-def]
    from journal import catalogue as catalogue_module

    catalogue_module.set_catalogue(None)  # nothing to check names against: anything goes in
    evil = "<svg onload=document.title='PWNED'>"
    assert cli("campaign", "start", evil).code == 0
    assert cli("year", "start", "--campaign", evil, "--year", "1", "--scheme", evil,
               "--characters", f"Parin,{evil}").code == 0  # fmt: skip
    short = [p for p in PAYLOADS if len(p) <= 200]
    for number, payload in enumerate(short):  # every text option of scene record, each payload
        card = evil if ":" in payload or "," in payload else payload  # "Card:points,Card"
        ran = cli("scene", "record", "--campaign", evil, "--year", "1", "--scene", payload,
                  "--location", payload, "--participants", evil, "--played", f"{card}:2",
                  "--choice", payload, "--answer", payload, "--narrator", payload,
                  "--text", PAYLOADS[number], "--tier", "master")  # fmt: skip
        assert ran.code == 0, ran.err
    narrated = cli("scene", "narrate", "--campaign", evil, "--year", "1", "--number", "1",
                   "--text", PAYLOADS[1], "--narrator", PAYLOADS[2])  # fmt: skip
    assert narrated.code == 0, narrated.err
    ended = cli("year", "end", "--campaign", evil, "--year", "1", "--result", "won",
                "--reason", PAYLOADS[3], "--threat-left", "1")  # fmt: skip
    assert ended.code == 0, ended.err
    chronicled = cli("chronicle", "--campaign", evil, "--year", "1", "--character", evil,
                     "--text", PAYLOADS[4])  # fmt: skip
    assert chronicled.code == 0, chronicled.err
    out = tmp_path / "site"
    assert cli("publish", "--campaign", evil, "--out", str(out)).code == 0
    pages = list((out / "site").rglob("*.html"))
    assert len(pages) >= len(short)  # a page per scene at least
    for page in pages:
        assert runnable(page, MARKER) == [], page


fragments = st.lists(
    st.sampled_from(
        ["<", ">", "\"", "'", "=", "/", "(", ")", "[", "]", ":", " ", "\n", "&", "#", "`",
         "script", "img", "svg", "a", "href", "src", "onerror", "onload", "javascript",
         "JaVaScRiPt", "data", "alert", "document.title", "PWNED", "x", "!", "*", "&#x09;",
         "<!--", "-->", "iframe", "style"]
    ),
    max_size=40,
).map("".join)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(source=st.one_of(fragments, st.text(max_size=200)))
def test_no_text_whatever_comes_out_of_the_sanitiser_able_to_run(source: str) -> None:
    for tag, attrs in parse_fragment(narration_html(source)):
        assert tag not in {"script", "iframe", "object", "embed", "style", "img", "svg", "form"}
        assert not any(name.startswith("on") for name in attrs)
        href = "".join(attrs.get("href", "").split()).lower()
        assert not href.startswith(("javascript:", "data:", "vbscript:"))
    assert "<" not in text(source) and ">" not in text(source)


# --- every field of a bundle ------------------------------------------------------------------

STAMP_PAYLOAD = "<svg/onload=document.title='PWNED'>"  # short enough for a timestamp field
# one of a few words (the ruleset: one this Chronicler has, whose schema checks the rest): refused
# else
CHOSEN = {"format", "schema", "tier", "result", "source", "ruleset"}
OPAQUE = {"events", "states"}  # the engine's own JSON, never shown on a page


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a bundle's scalars, outside the engine's opaque JSON."""
    if isinstance(value, dict):
        return [leaf for k, v in value.items() if k not in OPAQUE for leaf in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, (*path, i))]
    return [(path, value)]


def put(bundle_data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        bundle_data = bundle_data[key]
    bundle_data[path[-1]] = value


def hostile_bundle(good: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The bundle with a payload in every string it holds (a character's name the same
    payload wherever it appears); returns it and how many fields got one."""
    data = json.loads(json.dumps(good))
    short = [p for p in PAYLOADS if len(p) <= 200]
    names = {c["name"]: short[i % len(short)] + f" {i}" for i, c in enumerate(data["characters"])}
    count = 0
    for n, (path, value) in enumerate(leaves(data)):
        field = next(str(p) for p in reversed(path) if isinstance(p, str))
        if not isinstance(value, str) or field in CHOSEN or value == "":
            continue
        if field.endswith("_at"):
            payload = STAMP_PAYLOAD
        elif value in names:
            payload = names[value]
        else:
            payload = (short if len(value) <= 200 else PAYLOADS)[n % len(short)]
        put(data, path, payload)
        count += 1
    data["campaign"]["name"] = "Hostile <script>document.title='PWNED'</script>"
    return data, count


@pytest.fixture(scope="module")
def bundle_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    return build_bundle_site(tmp_path_factory.mktemp("bundle-route"))


def build_bundle_site(folder: Path) -> tuple[Path, int]:
    """A hostile bundle imported through the command line and published."""
    from fakes import fake_catalogue, play_campaign

    from journal import catalogue as catalogue_module
    from journal.bundle import export_campaign
    from journal.cli import main
    from journal.six_winters.recording import record_campaign

    with open_journal(folder / "source.db") as source:
        record_campaign(source, "Demo", play_campaign(seed=5), seed=5, catalogue=fake_catalogue())
        with source.reading() as s:
            good = export_campaign(s, "Demo")
    data, count = hostile_bundle(good)
    (folder / "hostile.json").write_text(json.dumps(data))
    saved = dict(catalogue_module._cache)
    catalogue_module.set_catalogue(None)  # no card names to check: anything goes in
    try:
        db = str(folder / "chronicle.db")
        assert main(["import", str(folder / "hostile.json"), "--db", db]) == 0
        name = data["campaign"]["name"]
        assert main(["publish", "--campaign", name, "--out", str(folder / "out"), "--db", db]) == 0
    finally:
        catalogue_module._cache.clear()
        catalogue_module._cache.update(saved)
    return folder / "out" / "site", count


def test_a_payload_in_every_string_of_a_bundle_runs_nowhere(bundle_site: tuple[Path, int]) -> None:
    site, count = bundle_site
    assert count > 200  # every name, text and stamp of six years
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    found = {str(p.relative_to(site)): runnable(p, MARKER) for p in pages}
    assert {page: what for page, what in found.items() if what} == {}


def numeric_fields(good: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """One path per numeric or yes/no field of the bundle (the first place it occurs)."""
    fields: dict[str, tuple[Any, ...]] = {}
    for path, value in leaves(good):
        if isinstance(value, bool | int):
            shape = ".".join(str(p) for p in path if not isinstance(p, int))
            fields.setdefault(shape, path)
    return fields


@pytest.fixture(scope="module")
def good_bundle() -> dict[str, Any]:
    from fakes import fake_catalogue, play_campaign

    from journal.bundle import export_campaign
    from journal.six_winters.recording import record_campaign

    with open_journal(":memory:") as memory:
        record_campaign(memory, "Demo", play_campaign(seed=5), seed=5, catalogue=fake_catalogue())
        with memory.reading() as s:
            return export_campaign(s, "Demo")


def test_a_payload_in_any_number_or_yes_no_field_of_a_bundle_is_refused(
    good_bundle: dict[str, Any],
) -> None:
    from dsl.errors import ChroniclerError
    from journal.bundle import validated

    fields = numeric_fields(good_bundle)
    assert {"own.campaign.score", "own.years.scenes.number", "own.maps.locations.threats"} <= set(
        fields
    )
    assert {"own.years.solo", "own.maps.locations.developed"} <= set(fields)
    tried = 0
    for path in fields.values():
        for payload in (PAYLOADS[1], "1", "no", 2**63, 1.5, [1], {"a": 1}):
            data = json.loads(json.dumps(good_bundle))
            put(data, path, payload)
            with pytest.raises(
                ChroniclerError, match=r"the bundle (is refused|was written by a newer)"
            ):
                validated(data)
            tried += 1
    assert tried >= 7 * 25


# --- every number a page shows, whatever it holds ---------------------------------------------


class Loaded(int):
    """A whole number whose text is a payload: a page that prints it unescaped runs it."""

    payload = "<img src=x onerror=\"document.title='PWNED'\">"

    def __str__(self) -> str:
        return self.payload

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return self.payload


def loaded(row: Any) -> Any:
    """A copy of a row whose every whole number (not its ids) is ``Loaded``."""
    from types import SimpleNamespace

    fields = dict(vars(row))
    for key, value in fields.items():
        if key != "id" and not key.endswith("_id") and type(value) is int:
            fields[key] = Loaded(value)
        if isinstance(value, dict):
            fields[key] = {k: Loaded(v) if type(v) is int else v for k, v in value.items()}
    return SimpleNamespace(**fields)


class LoadedRows:
    """A campaign's rows with a payload behind every number (see ``Loaded``)."""

    def __init__(self, rows: Any) -> None:
        self.rows = rows
        self.campaign = loaded(rows.campaign)

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.rows, name)

        def call(*args: Any) -> Any:
            found = method(*args)
            if not isinstance(found, list):
                return found
            return [loaded(r) if hasattr(r, "__dict__") else r for r in found]

        return call


@pytest.fixture(scope="module")
def numbers_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_numbers_site(tmp_path_factory.mktemp("numbers"))


def build_numbers_site(folder: Path) -> Path:
    """The fake campaign's site, built from rows whose every number carries a payload."""
    from fakes import fake_catalogue, play_campaign

    from journal.six_winters.recording import record_campaign
    from journal.website.pages import PageMaker
    from journal.website.publish import build_site, write_pages
    from journal.website.rows import sqlite_rows

    with open_journal(folder / "chronicle.db") as journal:
        record_campaign(journal, "Demo", play_campaign(seed=5), seed=5, catalogue=fake_catalogue())
        assert journal.path is not None
        with sqlite_rows(journal.path, "Demo") as rows:
            site = PageMaker(LoadedRows(rows), fake_catalogue()).build()
    assert Loaded.payload not in "".join(site.pages)  # no payload reached a file name
    build_site(write_pages(site, folder / "out"))
    return folder / "out" / "site"


def test_every_number_reaches_the_pages_escaped(numbers_site: Path) -> None:
    pages = sorted(numbers_site.rglob("*.html"))
    assert len(pages) > 20
    shown = "".join(p.read_text() for p in pages)
    assert "onerror=&quot;document.title" in shown  # the numbers' text is there, as text
    found = {str(p.relative_to(numbers_site)): runnable(p, MARKER) for p in pages}
    assert {page: what for page, what in found.items() if what} == {}
