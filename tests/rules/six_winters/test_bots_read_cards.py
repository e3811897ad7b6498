"""The bots know cards from their text, not their names: no card name of the ruleset is written
in the bots' Python, and what a card costs, does and where it bites is read from its compiled
sentences (``rules/six_winters/readings.py``)."""

import re
import shutil
from pathlib import Path

from six_winters_table import place, table

from dsl.compiled import source_file
from rules.six_winters import bots, search_bot
from rules.six_winters.bots import HeuristicBot
from rules.six_winters.readings import readings
from rules.six_winters.session import RULES_DIR, load_ruleset


def test_the_bots_python_names_no_card_of_the_ruleset(ruleset):
    package = sorted(Path(bots.__file__).parent.glob("*.py"))  # the bots' package, every module
    source = "\n".join([*(p.read_text() for p in package), source_file(search_bot).read_text()])
    named = sorted(
        card.name
        for card in ruleset.compiled.all_cards
        if re.search(rf"(?<![\w']){re.escape(card.name)}(?![\w'])", source)
    )
    assert named == []


def test_a_condition_that_bites_at_every_refresh_hurts_more_than_one_at_setup(ruleset):
    read = readings(ruleset)
    every_refresh = [r for r in read.values() if r.kind == "condition" and r.harm >= 5]
    at_setup = [r for r in read.values() if r.kind == "condition" and 1 < r.harm < 5]
    assert {r.name for r in every_refresh} == {"Deep Cut", "Bruised Ribs"}
    assert {r.name for r in at_setup} == {"Twisted Knee", "Nightmares", "Hollow Doubt"}
    # a body lost at setup weighs more than a psyche or an initiative die
    assert read["Twisted Knee"].harm > read["Nightmares"].harm == read["Hollow Doubt"].harm


def test_a_condition_that_bites_only_at_some_locations_names_their_tags(ruleset):
    haunted = readings(ruleset)["Haunted"]
    assert haunted.bites_at == frozenset({"Blighted"})
    assert haunted.harm < readings(ruleset)["Nightmares"].harm  # it can be kept away


def test_what_a_card_costs_and_does_is_read_from_its_sentences(ruleset):
    read = readings(ruleset)
    assert read["Mad Honey"].costs == {"psyche": 1}
    assert read["Mad Honey"].gains == {"initiative die": 1}
    assert read["Dragon of the Critical Word"].costs == {"psyche": 2}
    assert read["Dragon of the Critical Word"].discards == frozenset({"Foe"})
    assert read["Pearlescent Lotus"].progress_on == frozenset({"lore"})
    assert read["Mask of the Frenzied Beast"].ignores == frozenset({"body"})
    assert read["Wound Paste"].recovers == {"body": 1} and read["Wound Paste"].recovers_here
    assert read["Baklava"].recovers == {"body": 1} and not read["Baklava"].reusable
    # "any location" moves anywhere; "any Tavern or Winehouse location" does not
    assert read["Ride Swiftly"].moves_anywhere
    assert not read["Pin of the Plum"].moves_anywhere


def test_a_card_rewritten_is_read_anew(tmp_path):
    # a designer's copy: the moving ability now costs psyche, a condition bites at refresh
    for path in RULES_DIR.glob("*.rules"):
        shutil.copy(path, tmp_path / path.name)
    abilities = tmp_path / "abilities.rules"
    text = abilities.read_text()
    assert "  Play: Move to any location.\n" in text
    abilities.write_text(
        text.replace(
            "  Play: Move to any location.\n", "  Exhaust: Lose 2 psyche to move to any location.\n"
        )
    )
    conditions = tmp_path / "conditions.rules"
    text = conditions.read_text()
    assert "  Setup: Lose 1 body.\n" in text
    conditions.write_text(text.replace("  Setup: Lose 1 body.\n", "  Refresh: Lose 1 body.\n"))
    copy = readings(load_ruleset(tmp_path))
    mover = next(r for r in copy.values() if r.moves_anywhere)
    assert mover.costs == {"psyche": 2} and mover.reusable
    assert copy["Twisted Knee"].harm == readings(load_ruleset())["Twisted Knee"].harm + 3


def test_an_ability_that_places_progress_is_not_played_with_no_such_obstacle_here(ruleset):
    # Battle Hardened: 3 progress on a Unit or Foe obstacle here; only a lore one is here
    session = table(ruleset, ["Kanun", "Parin"], at="Yearly Field")
    session.state.scenes = []
    place(session, "Animaelic Echoes", "Yearly Field", progress=1)
    session.character("Kanun").abilities = ["Battle Hardened"]
    for name in ("Kanun", "Parin"):  # nothing else to do: no die, a single action point
        session.character(name).action_points = 1
        session.character(name).initiative = []
    # the engine sees the text would find nothing here: the card is not even offered
    assert not any(isinstance(o, dict) and o.get("card") for o in session.pending().options)
    bot = HeuristicBot(0)
    bot.bind(session)
    while (d := session.pending()).kind == "choose_action":
        answer = bot.choose(session.observation(d.who), d)
        if answer == "done":
            break
        assert not (isinstance(answer, dict) and answer.get("card") == "Battle Hardened")
        session.apply(answer)
