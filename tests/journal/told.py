"""A campaign as a group records it at the table: stories with their own emphasis, challenge
answers under their questions, chronicle lines, a map as wide as Six Winters' own. The page
tests (``test_chronicle_pages.py``) and the browser tests (``test_site_layout.py``) read it.
The names are the made-up catalogue's (``fakes.py``), so card links have entries to reach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from journal.db import Journal, open_journal
from journal.six_winters import ledger
from journal.six_winters.ledger import MapPlace, Play
from journal.website.publish import Published, publish

NAME = "The Lantern Years"

# Three paragraphs in the writer's own emphasis: the site keeps it, and italicises nothing else.
STORY_YEAR_1 = (
    "The rain had not stopped for three days when Parin found the *first* footprint in the mud "
    "below Boar's Rift. It was too long for a man, and its toes pointed the wrong way.\n\n"
    "Kanun lit the Copper Lantern and held it high. **Nobody move**, she said, and for once "
    "nobody argued. Out on the water something pale turned towards the light.\n\n"
    "They mapped the old rift by its glow until dawn, and when the Marsh Wraith finally "
    "came, it found them waiting."
)
STORY_YEAR_2 = (
    "The toll collector wanted silver, and Parin had only stories. She told him the one about "
    "the wraith, slowly, with all the *terrible* parts left in, until he waved them through "
    "the gate just to make her stop. Kanun said afterwards that it was the first time a story "
    "had ever paid a toll in Brightdune, and that it would not be the last. Parin said nothing "
    "and counted the coins she had not spent. The road beyond the gate ran east towards the "
    "keep, and the wind that came down it smelled of snow. Neither of them mentioned that the "
    "lantern had begun to flicker whenever they spoke the wraith's name, or that the footprints "
    "in the mud had followed them all the way from the rift. "
) * 2
QUESTION = "Where did the wraith come from?"
ANSWER = "Out of the *marsh*, at dusk, where the old rift meets the water."
CHRONICLE = {
    ("Parin", 1): "I did not run. I want that written down: *I did not run.*",
    ("Kanun", 2): "The lantern is failing. So, I think, am I.",
}
# The map after each year: Six Winters' starting map is six squares wide.
MAP_1 = [
    ("Yearly Field", 0, 0, None, False, 1, ()),
    ("Eastkeep", 1, 0, "empire", False, 2, ()),
    ("Boar's Peak", 0, 1, "brightdune", False, 0, ()),
    ("Giant's Gate", -1, 0, "brightdune", False, 0, ("Toll Collector",)),
    ("Boar's Rift", -1, -1, "settled", False, 0, ("Marsh Wraith",)),
    ("Whitehold", 2, 0, "empire", False, 2, ()),
    ("Rosy Freetrader", 3, 0, "empire", False, 1, ()),
    ("The Obfuscated Bribe", -2, 0, "brightdune", False, 0, ()),
]
MAP_2 = [
    (name, x, y, region, name == "Boar's Rift", threats, obstacles)
    for name, x, y, region, _developed, threats, obstacles in MAP_1
]


def told_campaign(journal: Journal) -> str:
    """Two years played at a table and written up; returns the campaign's name."""

    def write(s: Any) -> None:
        campaign = ledger.create_campaign(s, NAME)
        year1 = ledger.start_year(s, campaign, 1, "Sow Discord", ["Parin", "Kanun"])
        ledger.record_scene(
            s,
            year1,
            scene="Chart the Old Rift",
            location="Boar's Rift",
            participants=["Parin", "Kanun"],
            plays=[
                Play("Copper Lantern", 2, "asset", "Kanun"),
                Play("Marsh Wraith", 1, "obstacle"),
            ],
            skill="lore",
            points_needed=5,
            skill_match_points=2,
            challenge_answers=[f"{QUESTION}\n{ANSWER}", "Kanun held the lantern high."],
            advances=[{"character": "Parin", "skill": "lore", "new_rank": 2}],
            narration=STORY_YEAR_1,
            tier="Master chronicler",
            narrator="Parin",
        )
        ledger.end_year(s, campaign, year1, result="won")
        ledger.write_map(s, campaign, 1, [MapPlace(*place) for place in MAP_1])
        year2 = ledger.start_year(s, campaign, 2, "Raise the Levy", ["Parin", "Kanun"])
        ledger.record_scene(
            s,
            year2,
            scene="Gather at the Lantern Market",
            location="Giant's Gate",
            participants=["Parin", "Kanun"],
            plays=[Play("Toll Collector", 2, "obstacle"), Play("Old Map", 3, "asset", "Parin")],
            narration=STORY_YEAR_2,
            tier="Apprentice storyteller",
            narrator="Kanun",
        )
        ledger.end_year(s, campaign, year2, result="lost")
        ledger.write_map(s, campaign, 2, [MapPlace(*place) for place in MAP_2])
        for character in ledger.characters(s, campaign):
            for year, scheme, result in ((1, "Sow Discord", "won"), (2, "Raise the Levy", "lost")):
                ledger.write_chronicle(
                    s, character, year, downtime=False, scheme=scheme, result=result,
                    text=CHRONICLE.get((character.name, year)),
                )  # fmt: skip
                skills = {k: 1 + year for k in ("edge", "steel", "shadow", "charm", "command")}
                ledger.write_sheet(
                    s, character, year, skills=skills | {"lore": 2}, advances={}, conditions=[]
                )

    journal.write(write)
    return NAME


def publish_told(folder: Path) -> Published:
    """The told campaign, journaled in ``folder`` and published to ``folder/out``."""
    from fakes import fake_catalogue

    with open_journal(folder / "chronicle.db") as journal:
        name = told_campaign(journal)
        return publish(journal, name, folder / "out", catalogue=fake_catalogue())
