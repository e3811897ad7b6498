"""The published expedition (issue 28, deliverable 5): ``chronicler publish`` of a Delve
campaign shows the story with every check inline and the notes people wrote, a page per
encounter with its rounds, the momentum and threat over them and the conditions held, and a page
per model with its sheet over time. Names and notes reach the page as text (autoescape) or
cleaned Markdown (nh3): a script written in a note never runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal.cli import main

BOTH = ("--adversary", "Tunnel Rat", "--adversary", "Rat Chief")  # both come in

ROUND = "4,2,1,3,5"  # initiative d6s in the order of the models' names: Wenna acts first
SCRIPT = "<script>alert('delve')</script>"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("expedition")
    db = str(folder / "journal.db")

    def run(*args: str) -> None:
        assert main([*args, "--db", db]) == 0, args

    run("campaign", "start", "Barrow", "--ruleset", "delve")
    run("use", "Barrow")
    for model in ("Wenna Ashgrove", "Odo Vantry", "Tunnel Rat", "Rat Chief"):
        run("delve", "join", model)
    run("delve", "check", "Basic", "Wenna Ashgrove", "--input", "obstacle=4", "--dice", "2",
        "--note", f"Wenna listens at the **grate**. {SCRIPT}")  # fmt: skip
    run("delve", "luck", "--dice", "5", "--note", "Her charm holds.")
    run("delve", "encounter", "start", *BOTH, "--fortune", "2", "--dice", ROUND,
        "--note", "Rats pour from the drain.")  # fmt: skip
    run("delve", "encounter", "condition", "Tunnel Rat", "Bleeding", "--stacks", "2")
    run("delve", "check", "Complex", "Wenna Ashgrove", "--skill", "melee", "--against",
        "Tunnel Rat", "--target-skill", "defense", "--dice", "5,4,2")  # fmt: skip
    run("delve", "encounter", "momentum", "1", "--for", "ease a check")
    for _ in range(3):
        run("delve", "encounter", "next")
    run("delve", "encounter", "next", "--dice", ROUND)  # round 2
    run("delve", "encounter", "rout", "Tunnel Rat", "--note", "The rat flees squealing.")
    run("delve", "encounter", "rout", "Rat Chief")
    for _ in range(2):
        run("delve", "encounter", "next")
    run("delve", "expedition", "start", "The Sunken Chapel", "--note", "Down the old well.")
    run("delve", "encounter", "start", "--adversary", "Rat Chief", "--dice", "4,2,1,5")
    run("delve", "encounter", "end", "--for", "the company flees")
    run("publish", "--out", str(folder / "out"))
    return folder / "out" / "site"


def page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_the_story_tells_every_check_with_its_dice_and_the_notes(site):
    home = page(site, "index.html")
    assert "Wenna Ashgrove: Basic: 2: score 2" in home
    assert "re-rolls entry 5 (Basic) by luck, spends 1 luck: 5: score 5" in home
    assert "<strong>grate</strong>" in home and "Her charm holds." in home  # the notes
    assert "<script>alert" not in home  # cleaned away, never run
    assert 'href="encounters/encounter-1.html"' in home


def test_the_campaign_lists_its_expeditions_each_with_its_encounters_and_story(site):
    home = page(site, "index.html")
    start = home.index('class="expeditions"')
    listed = home[start : home.index("</ol>", start)]
    assert listed.index("Barrow") < listed.index("The Sunken Chapel")  # the first: its name
    first = listed[: listed.index("The Sunken Chapel")]
    assert 'href="encounters/encounter-1.html"' in first and "encounter-2" not in first
    assert 'href="encounters/encounter-2.html"' in listed[listed.index("The Sunken Chapel") :]
    second = home[home.index('id="expedition-2"') :]
    assert "Expedition 2 begins: The Sunken Chapel" in second and "Down the old well." in second
    assert "Encounter 2 begins" in second and "Encounter 1 begins" not in second


def test_an_encounter_page_shows_its_rounds_with_the_checks_made_in_them(site):
    shown = page(site, "encounters/encounter-1.html")
    one = shown[shown.index('id="round-1"') : shown.index('id="round-2"')]
    assert "Rats pour from the drain." in one
    assert "Wenna Ashgrove: Complex melee against Tunnel Rat: 5 4 2" in one  # inline
    assert "Tunnel Rat: Bleeding (1 left)" in one  # 2 given, 1 off at its end phase
    two = shown[shown.index('id="round-2"') :]
    assert "The rat flees squealing." in two and "the encounter is over" in two


def test_momentum_and_threat_are_shown_round_by_round(site):
    shown = page(site, "encounters/encounter-1.html")
    # round 1: 2 from the fortune, 1 of it spent; round 2 ends with both rats routed, the
    # company outnumbering nobody: 1 + 2
    assert '<tr><th scope="row">momentum</th><td>1</td><td>3</td></tr>' in shown
    assert '<tr><th scope="row">adversary pool</th><td>3</td><td>0</td></tr>' in shown
    assert "<caption>" in shown  # the table says what it holds


def test_a_models_page_shows_its_sheet_over_time(site):
    wenna = page(site, "models/model-1.html")
    rows = wenna[wenna.index("<tbody>") :]
    assert rows.index("<td>2</td><td>1</td><td>0</td>") < rows.index(
        "<td>1</td><td>1</td><td>0</td>"
    )  # luck 2, then 1 after the re-roll


def test_every_page_opens_in_a_browser_with_no_script_run_and_no_serious_violation(site):
    from pages_in_browser import open_pages

    pages = [site / "index.html", *sorted(site.glob("encounters/*.html")),
             *sorted(site.glob("models/*.html"))]  # fmt: skip
    check = "document.title + '|' + (document.documentElement.getAttribute('data-pwned') || '')"
    results = open_pages(pages, axe=True, evaluate=check)
    assert len(results) == len(pages) == 1 + 2 + 4  # the story, two encounters, four models
    assert all(r["errors"] == [] for r in results), [r for r in results if r["errors"]][:2]
    assert all(not r["value"].endswith("|pwned") for r in results)
    serious = [
        (r["url"], v["id"]) for r in results for v in r["violations"]
        if v["impact"] in ("serious", "critical")
    ]  # fmt: skip
    assert not serious, serious[:5]
