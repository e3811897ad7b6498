"""A chronicle people want to share (issue 11): what a reader of the published site sees.

The home page tells the story so far; a scene page opens with its story in the writer's own
emphasis; challenge answers sit under their questions; names link to their pages; the
chronicle's quotes carry their year; the map writes obstacle names out; the 404 page works
from the disk. The browser checks of the same pages are in ``test_site_layout.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_checks import broken_links, parse
from told import ANSWER, CHRONICLE, NAME, QUESTION, publish_told

from journal.website.pages import card_anchor, excerpt_of, split_question
from journal.words import kind_title


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return publish_told(tmp_path_factory.mktemp("told")).site_dir


def article(page: Path) -> str:
    """The page's own content, without the theme's navigation around it."""
    html = page.read_text(encoding="utf-8")
    return html[html.index("<article") : html.index("</article>")]


# --- the home page ------------------------------------------------------------------------


def test_the_home_page_tells_the_latest_story_with_a_link_to_read_on(site: Path) -> None:
    home = article(site / "index.html")
    assert re.search(rf"<h1 [^>]*>{NAME}", home) and "The story so far" in home
    # Year 2's story is the latest told; it is long, so the home page gives its opening only.
    assert "The toll collector wanted silver" in home
    assert home.count("counted the coins she had not spent") < 2
    assert re.search(r'<a href="scenes/year-2-scene-1.html">Read on', home)
    assert "The rain had not stopped" not in home  # year 1's story is on its own page


def test_the_home_page_draws_the_map_as_it_stands(site: Path) -> None:
    home = article(site / "index.html")
    svg = home[home.index('class="campaign-map"') : home.index("</svg>")]
    assert "The map after year 2" in svg
    assert svg.count('class="location"') == 8
    assert re.search(
        r'data-name="Boar&#x27;s Rift"><title>[^<]*</title><rect [^>]*stroke-width="4"', svg
    )


def test_the_home_page_tells_each_year_and_has_no_table(site: Path) -> None:
    home = article(site / "index.html")
    assert "<table" not in home
    assert re.search(r'<a href="years/year-1.html">Year 1</a></strong>: Sow Discord, won', home)
    assert 'href="scenes/year-1-scene-1.html">Chart the Old Rift</a>' in home
    assert 'href="characters/parin.html">Parin</a>' in home


def test_a_campaign_not_yet_played_says_so(tmp_path: Path) -> None:
    from fakes import fake_catalogue

    from journal.db import open_journal
    from journal.six_winters import ledger
    from journal.website.publish import publish

    with open_journal(tmp_path / "chronicle.db") as journal:
        journal.write(lambda s: ledger.create_campaign(s, "Fresh"))
        done = publish(journal, "Fresh", tmp_path / "out", catalogue=fake_catalogue())
    assert "has not begun" in article(done.index)


def test_the_demo_has_a_title_and_gives_its_seed_quietly(tmp_path: Path) -> None:
    from fakes import fake_catalogue, play_campaign

    from journal.demo import DEMO_TITLE, run_demo

    result = run_demo(tmp_path / "out", 4, play=play_campaign, catalogue=fake_catalogue())
    home = article(result.site_index)
    assert result.campaign == DEMO_TITLE and "seed" not in DEMO_TITLE.lower()
    assert re.search(rf"<h1 [^>]*>{DEMO_TITLE}", home)
    assert re.search(r'<p class="seed">Played by bots from seed 4\.</p>', home)


# --- scene pages --------------------------------------------------------------------------


def test_a_scene_page_opens_with_its_story(site: Path) -> None:
    scene = article(site / "scenes" / "year-1-scene-1.html")
    story = scene.index('class="narration"')
    assert story < scene.index("How the scene was won") < scene.index("Cards played")
    assert story < scene.index("Challenges")
    before = scene[:story]
    assert re.search(r"<h1 [^>]*>Chart the Old Rift", before) and "<table" not in before


def test_the_story_keeps_the_writers_emphasis_and_nothing_else_is_italic(site: Path) -> None:
    scene = article(site / "scenes" / "year-1-scene-1.html")
    story = scene[
        scene.index('class="narration"') : scene.index("</div>", scene.index('class="narration"'))
    ]
    assert "<em>first</em>" in story and "<strong>Nobody move</strong>" in story
    assert story.count("<em>") == 1 and story.count("<p>") == 3
    css = (site / "chronicle.css").read_text()
    assert "font-style" not in css  # no rule italicises a story


def test_challenge_answers_sit_under_their_questions(site: Path) -> None:
    scene = article(site / "scenes" / "year-1-scene-1.html")
    assert re.search(
        rf"<dt>{re.escape(QUESTION)}</dt>\s*<dd><p>Out of the <em>marsh</em>, at dusk", scene
    )
    # An answer written without its question is numbered by its place among the challenges.
    assert re.search(r"<dt>Challenge 2</dt>\s*<dd><p><a [^>]*>Kanun</a> held the lantern", scene)
    assert split_question(f"{QUESTION}\n{ANSWER}") == (QUESTION, ANSWER)
    assert split_question("Is this a question? No, an answer.")[0] is None


def test_card_and_character_names_link_to_their_pages(site: Path) -> None:
    scene = site / "scenes" / "year-1-scene-1.html"
    html = article(scene)
    lantern = card_anchor("Copper Lantern", "asset")
    assert f'<a href="../cards.html#{lantern}">Copper Lantern</a>' in html
    assert f'<a href="../cards.html#{card_anchor("Marsh Wraith", "obstacle")}">' in html
    rift = card_anchor("Boar's Rift", "location")
    assert f'at <a href="../cards.html#{rift}">Boar&#x27;s Rift</a>' in html
    assert 'played by <a href="../characters/kanun.html">Kanun</a>' in html
    assert 'Told by <a href="../characters/parin.html">Parin</a>' in html
    # Every card link lands on an entry of the card text page.
    ids = {attrs.get("id") for _tag, attrs in parse(site / "cards.html").tags}
    for target in re.findall(r'href="\.\./cards\.html#([^"]+)"', html):
        assert target in ids, target


def test_names_in_a_story_link_to_their_pages_the_first_time(site: Path) -> None:
    scene = article(site / "scenes" / "year-1-scene-1.html")
    story = scene[
        scene.index('class="narration"') : scene.index("</div>", scene.index("narration"))
    ]
    links = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', story)
    assert links == [
        ("../characters/parin.html", "Parin"),
        ("../cards.html#card-location-boar-s-rift", "Boar's Rift"),
        ("../characters/kanun.html", "Kanun"),
        (f"../cards.html#{card_anchor('Copper Lantern', 'asset')}", "Copper Lantern"),
        (f"../cards.html#{card_anchor('Marsh Wraith', 'obstacle')}", "Marsh Wraith"),
    ]  # Parin and Boar's Rift are named twice, linked once; the scene does not link itself
    home = article(site / "index.html")  # from the top of the site, the links start there
    excerpt = home[home.index('class="narration excerpt"') :]
    assert '<a href="characters/parin.html" rel="noopener noreferrer nofollow">Parin</a>' in excerpt
    assert broken_links(site) == []


def test_linking_names_leaves_links_and_code_alone_and_escapes_what_it_adds() -> None:
    from journal.website.sanitize import linked, narration_html

    evil = "<img src=x onerror=alert(1)>"
    pages = {"Parin": "characters/parin.html", "Boar": "b.html", "Boar's Rift": "r.html", evil: "x"}
    html = linked(
        narration_html(
            f"`Parin` then [Parin](https://example.org) then Parin at Boar's Rift. {evil}"
        ),
        pages,
    )
    assert html.count('href="characters/parin.html"') == 1
    assert "<code>Parin</code>" in html and 'href="https://example.org"' in html
    assert 'href="r.html"' in html and 'href="b.html"' not in html  # the longer name wins
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;</a>" in html


def test_the_year_page_lists_scenes_and_locations_without_tables(site: Path) -> None:
    year = article(site / "years" / "year-1.html")
    assert "<table" not in year
    wraith = card_anchor("Marsh Wraith", "obstacle")
    assert (
        "Boar&#x27;s Rift</a></strong> (the Settled Lands, threat 0): "
        f'<a href="../cards.html#{wraith}">Marsh Wraith</a>'
    ) in year


# --- character pages ----------------------------------------------------------------------


def test_chronicle_quotes_are_labelled_by_year(site: Path) -> None:
    parin = article(site / "characters" / "parin.html")
    quote = parin[parin.index('class="chronicle-text"') :]
    assert re.match(r'class="chronicle-text">\s*<p class="chronicle-year">Year 1</p>', quote)
    assert "<em>I did not run.</em>" in quote
    kanun = article(site / "characters" / "kanun.html")
    assert re.search(r'<p class="chronicle-year">Year 2</p>\s*<p>The lantern is failing', kanun)
    assert CHRONICLE[("Kanun", 2)].split(".")[0] in kanun
    # the quote stands in its year's section, under the year's heading
    assert kanun.index('<h3 id="year-2"') < kanun.index("The lantern is failing")


def test_the_timeline_goes_year_by_year_with_the_chronicles_of_each_year(site: Path) -> None:
    timeline = article(site / "timeline.html")
    headings = re.findall(r'<h2 id="[^"]*">([^<]*)', timeline)
    assert headings == ["Year 1: Sow Discord", "Year 2: Raise the Levy"]
    year1 = timeline[timeline.index("Year 1: Sow Discord") : timeline.index("Year 2: Raise")]
    assert re.search(r'<p class="chronicle-year">Parin, year 1</p>\s*<p>I did not run', year1)
    assert 'href="scenes/year-1-scene-1.html">Chart the Old Rift</a> at <a' in year1
    year2 = timeline[timeline.index("Year 2: Raise") :]
    assert "Kanun, year 2" in year2 and "Boar&#x27;s Rift was developed." in year2


def test_the_skills_table_runs_a_column_per_year(site: Path) -> None:
    parin = article(site / "characters" / "parin.html")
    header = re.findall(r"<th>([^<]*)</th>", parin)
    assert header == ["skill", "year 1", "year 2"]
    assert re.search(r"<td>steel</td>\s*<td>2</td>\s*<td>3</td>", parin)


# --- the map --------------------------------------------------------------------------------


def test_the_map_writes_obstacle_names_on_their_squares(site: Path) -> None:
    year = article(site / "years" / "year-1.html")
    svg = year[year.index('class="campaign-map"') : year.index("</svg>")]
    rift = svg[svg.index('data-name="Boar&#x27;s Rift"') : svg.index("</g>", svg.index("Rift"))]
    assert '<text class="obstacle" x=' in rift and ">Marsh Wraith</text>" in rift
    assert not re.search(r'font-size="(?:[0-9]|10)"', svg)  # no text under 11 px at its size


def test_a_long_name_on_the_map_is_cut_not_spilled() -> None:
    from journal.website.svg import Square, map_svg

    long_name = "The Exceedingly Long Name Of A Place Nobody Can Pronounce"
    svg = map_svg([Square(long_name, 0, 0, None, False, 0, ("A", "B", "C", "D", "E"))], "t")
    names = re.findall(r'<text class="name"[^>]*>([^<]*)</text>', svg)
    assert len(names) == 1 and names[0].endswith("…")  # five obstacles leave one line
    obstacles = re.findall(r'<text class="obstacle"[^>]*>([^<]*)</text>', svg)
    assert obstacles == ["A", "B", "+3 more"]


# --- the 404 page and the card titles -------------------------------------------------------


def test_the_404_page_links_work_from_the_disk(site: Path) -> None:
    page = site / "404.html"
    urls = [a.get("href") or a.get("src") or "" for _t, a in parse(page).tags]
    assert not [u for u in urls if u.startswith("/") and not u.startswith("//")]
    assert 'href="index.html">the story so far</a>' in page.read_text()
    assert 'href="timeline.html">timeline</a>' in page.read_text()
    assert [b for b in broken_links(site) if b.startswith("404.html")] == []
    assert '"base": "."' in page.read_text()  # search and the theme look beside the page


def test_card_kind_titles_are_the_rulesets_words_in_the_plural(site: Path) -> None:
    from dsl import load_ruleset
    from rules import registry

    kinds = load_ruleset(registry.find("six-winters").folder).vocabulary.card_kinds
    titles = [kind_title(kind) for kind in kinds]
    assert "Abilities" in titles and "Assets" in titles and "Obstacles" in titles
    assert kind_title("strategy card") == "Strategy cards" and kind_title("box") == "Boxes"
    cards = (site / "cards.html").read_text()
    shown = re.findall(r'<h2 id="[^"]*">([^<]*)', cards)
    assert shown == ["Assets", "Obstacles", "Locations", "Scenes", "Schemes", "Characters"]


def test_an_excerpt_ends_at_a_sentence() -> None:
    long = ("One sentence here. " * 60).strip()
    excerpt, cut = excerpt_of(long)
    assert cut and excerpt.endswith(".") and len(excerpt) <= 700
    assert excerpt_of("Short.\n\nAnd short.") == ("Short.\n\nAnd short.", False)
    words = "word " * 300
    cut_words, cut = excerpt_of(words)
    assert cut and cut_words.endswith(" …")


def test_the_gallery_prints_the_catalogues_own_cards_and_looks_up_no_ruleset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fakes import fake_catalogue

    from journal.website import pages
    from rules import registry

    asked: list[str] = []
    monkeypatch.setattr(registry, "find", lambda spec: asked.append(str(spec)))
    gallery = pages.gallery_page(fake_catalogue())
    assert asked == []  # the cards it was given are the cards it prints
    assert "### Hold the Eastern Pass" in gallery and "> Skill: steel" in gallery
    assert "> Epilogue: Add a card to the deck" in gallery
    source = Path(pages.__file__).read_text()
    assert "rules.six_winters" not in source
