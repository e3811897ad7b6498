"""Nothing a person writes can run in the published site.

Every payload of ``xss_payloads.txt`` goes into narration, challenge answers, chronicle text and
every name a person types at the table; the built HTML must contain nothing that could run it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from site_checks import parse, runnable

from journal import ledger
from journal.catalogue import Catalogue
from journal.db import Journal, open_journal
from journal.ledger import MapPlace, Play
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
    ran = cli("scene", "record", "--campaign", evil, "--year", "1", "--scene", evil,
              "--location", evil, "--participants", evil, "--played", f"{evil}:2",
              "--text", PAYLOADS[0], "--tier", "master")  # fmt: skip
    assert ran.code == 0, ran.err
    out = tmp_path / "site"
    assert cli("publish", "--campaign", evil, "--out", str(out)).code == 0
    for page in (out / "site").rglob("*.html"):
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
