"""Publishing a campaign's website: the pages, the links, the map, the charts, search."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from site_checks import broken_links, parse

from dsl.errors import ChroniclerError
from journal.catalogue import Catalogue
from journal.db import Journal
from journal.six_winters import ledger
from journal.website.publish import publish


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fake six-year campaign, published once for every test of this module."""
    from fakes import fake_catalogue, play_campaign

    from journal.db import open_journal
    from journal.six_winters.recording import record_campaign

    folder = tmp_path_factory.mktemp("published")
    cards = fake_catalogue()
    with open_journal(folder / "chronicle.db") as journal:
        record_campaign(journal, "Demo", play_campaign(seed=5), seed=5, catalogue=cards)
        done = publish(journal, "Demo", folder / "out", catalogue=cards)
    assert done.index.exists()
    return done.site_dir


def test_every_page_type_is_built(built: Path) -> None:
    for page in ("index.html", "timeline.html", "cards.html"):
        assert (built / page).exists(), page
    assert sorted(p.name for p in (built / "years").glob("*.html")) == [
        f"year-{n}.html" for n in range(1, 7)
    ]
    assert (built / "scenes" / "year-1-scene-1.html").exists()
    assert {p.stem for p in (built / "characters").glob("*.html")} == {"parin", "kanun", "fuscus"}


def test_the_home_page_gives_fate_score_and_characters(built: Path) -> None:
    html = (built / "index.html").read_text()
    assert re.search(r"Brightdune's fate:</strong> \w", html)
    assert re.search(r"Campaign score:</strong> \d+", html)
    for name in ("Parin", "Kanun", "Fuscus"):
        assert f'href="characters/{name.lower()}.html"' in html
        assert f"{name} of Brightdune" in html  # the title on the character card


def test_every_link_resolves(built: Path) -> None:
    assert broken_links(built) == []


def test_each_year_page_draws_the_map_as_it_stood(built: Path) -> None:
    year2 = (built / "years" / "year-2.html").read_text()
    year3 = (built / "years" / "year-3.html").read_text()
    for html in (year2, year3):
        start = html.index('class="campaign-map"')
        svg = html[start : html.index("</svg>", start)]
        assert svg.count('class="location"') == 5
        assert "Boar&#x27;s Rift" in svg or "Boar&#39;s Rift" in svg
        # the Marsh Wraith on Boar's Rift, its name written on the square (no hover needed)
        assert '<text class="obstacle"' in svg and ">Marsh Wraith</text>" in svg
    developed = r'data-name="Eastkeep"><title>Eastkeep</title><rect [^>]*stroke-width="4"'
    assert re.search(developed, year3)
    assert 'stroke-width="4"' not in year2  # Eastkeep was developed after year 2
    assert "the Empire" in year2 and "Brightdune" in year2  # region legend


def test_the_map_changes_are_told_in_the_year_they_happened(built: Path) -> None:
    assert "Eastkeep was developed." in (built / "years" / "year-3.html").read_text()
    assert "was developed" not in (built / "years" / "year-2.html").read_text()
    assert "Eastkeep was developed." in (built / "timeline.html").read_text()


def test_a_year_recorded_from_the_engine_says_what_happened(built: Path) -> None:
    from fakes import play_campaign

    (_, first), *_ = list(play_campaign(seed=5))
    placed = sum(1 for e in first.events if e.kind == "threat_placed")
    html = (built / "years" / "year-1.html").read_text()
    assert "What happened" in html
    assert re.search(rf"<td>threats placed</td>\s*<td>{placed}</td>", html)


def test_scene_pages_give_cards_points_and_narration(built: Path) -> None:
    html = (built / "scenes" / "year-1-scene-1.html").read_text()
    assert "Cards played" in html and "How the scene was won" in html
    assert 'class="narration"' in html and "to complete" in html
    assert "I can" in html  # the storytelling tier


def test_character_pages_chart_skills_over_the_years(built: Path) -> None:
    html = (built / "characters" / "parin.html").read_text()
    assert 'class="skills-chart"' in html
    assert html.count('class="skill"') == 6
    assert "Chronicle" in html


def test_the_card_gallery_lists_the_rulesets_cards(built: Path) -> None:
    html = (built / "cards.html").read_text()
    assert "Chart the Old Rift" in html and "Marsh Wraith" in html
    assert "Epilogue: Add a card to the deck" in html


def test_the_search_index_is_built_for_reading_from_the_disk(built: Path) -> None:
    index = (built / "search" / "search_index.js").read_text()
    assert index.startswith("var __index = ") and "Chart the Old Rift" in index
    scripts = [t[1].get("src", "") for t in parse(built / "index.html").tags if t[0] == "script"]
    assert "assets/iframe-worker-shim.js" in scripts  # the worker shim, from the disk too
    assert (built / "assets" / "iframe-worker-shim.js").exists()
    assert not [s for s in scripts if s.startswith(("http:", "https:", "//"))]


def test_publishing_again_replaces_the_site(built: Path) -> None:
    assert (built.parent / "mkdocs.yml").read_text().startswith("# Generated by")


def test_publish_refuses_a_folder_it_did_not_write(
    recorded: Journal, cards: Catalogue, tmp_path: Path
) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("keep me")
    with pytest.raises(ChroniclerError, match="did not write"):
        publish(recorded, "Demo", precious, catalogue=cards)
    assert (precious / "thesis.tex").read_text() == "keep me"


def test_publish_through_the_command_line(recorded: Journal, tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "site-out"
    ran = cli("publish", "--campaign", "Demo", "--out", str(out))
    assert ran.code == 0, ran.err
    assert (out / "site" / "index.html").exists()
    with recorded.reading() as s:
        assert ledger.campaign_end(s, ledger.get_campaign(s, "Demo")).fate is not None


def test_no_page_asks_the_network_for_anything(built: Path) -> None:
    for page in built.rglob("*.html"):
        for tag, attrs in parse(page).tags:
            if tag in ("link", "script", "img", "iframe"):
                url = attrs.get("href", "") if tag == "link" else attrs.get("src", "")
                assert not url.startswith(("http:", "https:", "//")), (page, tag, url)


def test_a_character_page_tells_what_downtime_gave_and_counts_repeated_conditions(
    journal: Journal,
) -> None:
    from journal.website.pages import PageMaker
    from journal.website.rows import OrmRows

    def write(s: Any) -> None:
        campaign = ledger.create_campaign(s, "Rested")
        kanun = ledger.ensure_character(s, campaign, "Kanun")
        ledger.write_chronicle(
            s, kanun, 1, downtime=False, scheme="Sow Discord", result="lost",
            conditions=["Deep Cut", "Haunted", "Deep Cut"],
        )  # fmt: skip
        ledger.write_chronicle(s, kanun, 2, downtime=True)
        ledger.note_downtime(s, kanun, 2, advances=["lore", "lore"], recovered=["Deep Cut"])

    journal.write(write)
    with journal.reading() as s:
        rows = OrmRows(s, "Rested")
        page = PageMaker(rows, None).character(rows.characters()[0])
    year1 = page[page.index("### Year 1") : page.index("### Year 2")]
    assert "- [Sow Discord](../years/year-1.md), lost." in year1
    assert "- Conditions taken: Deep Cut ×2, Haunted." in year1
    year2 = page[page.index("### Year 2") :]
    assert "- Downtime, rested away Deep Cut." in year2 and "- Advances: lore ×2." in year2


def test_the_last_year_page_gives_brightdunes_fate(built: Path) -> None:
    # Campaign End: the completed finale scenes decide Brightdune's fate, told in year 6.
    year6 = (built / "years" / "year-6.html").read_text()
    assert re.search(r"Brightdune's fate:</strong> \w[^<]* \(\d finale scenes completed\)", year6)
    assert "fate:" not in (built / "years" / "year-5.html").read_text()


def test_the_card_text_page_spoils_no_card_the_campaign_never_met(tmp_path: Path) -> None:
    from fakes import fake_catalogue, play_campaign

    from journal.db import open_journal
    from journal.six_winters.recording import record_campaign

    cards = fake_catalogue()
    shown: dict[bool, set[str]] = {}
    with open_journal(tmp_path / "chronicle.db") as journal:
        record_campaign(journal, "Demo", play_campaign(seed=5), seed=5, catalogue=cards)
        for spoilers in (False, True):
            out = tmp_path / f"out-{spoilers}"
            publish(journal, "Demo", out, catalogue=cards, spoilers=spoilers)
            page = (out / "docs" / "cards.md").read_text()
            headings = re.findall(r"^### (.+?)(?: \{ #[a-z0-9-]+ \})?$", page, re.M)
            shown[spoilers] = {h.replace("\u2019", "'") for h in headings}
    assert shown[True] == set(cards.cards)
    assert shown[False] < shown[True]
    assert "Chart the Old Rift" in shown[False]  # played in a scene
