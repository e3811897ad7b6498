"""New card text does what it says on the table, or does not check (issue 14's mismatches).

Each test adds a designer's card to a copy of the real card text and runs it; the checks that
reject a sentence the engine cannot honour are at the end.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from card_table import events, game, options, settle
from six_winters_table import place

from dsl.diagnostics import CheckFailed
from rules.six_winters import engine
from rules.six_winters.session import RULES_DIR

NEW_CARDS = """
ability "Sweep the Gate" {
  Play: Place a progress on a Guard, Spy or Foe obstacle at this location.
}
ability "Count the Red" {
  Play: Gain 1 action point for each threat at this location.
}
ability "Shove Along" {
  Play: Move an obstacle at this location to any location.
}
ability "Scavenge" {
  Play: Move an asset from the asset discard to your crafting area.
}
ability "Strike It" {
  Play: If there is an Issue obstacle at this location, place a progress on it.
}
ability "Bandit Watch" {
  Play: If obstacle "Horse Bandits" is in play, gain 1 action point.
}
ability "Sky Rift" {
  Play: Roll and place a sorcery in this region.
}
ability "Helping Hand" {
  Play: Give another character at this location 1 action point.
}
"""


def folder_with(tmp: Path, text: str) -> Path:
    for path in RULES_DIR.glob("*.rules"):
        shutil.copy(path, tmp / path.name)
    (tmp / "zz_new.rules").write_text(text)
    return tmp


@pytest.fixture(scope="module")
def new_cards(tmp_path_factory: pytest.TempPathFactory):
    return engine.load_ruleset(folder_with(tmp_path_factory.mktemp("rules"), NEW_CARDS))


def play(session, who: str, card: str, *answers):
    session.character(who).abilities.append(card)
    chosen = {"act": "ability", "character": who, "card": card, "effect": 0}
    assert chosen in options(session), f"{card} is not offered"
    session.apply(chosen)
    return settle(session, *answers)


def test_a_comma_list_of_tags_is_one_obstacle_with_any_of_them(new_cards):
    session = game(new_cards, at="Eastkeep")
    place(session, "Background Checks", "Eastkeep")  # Guard only
    place(session, "Imperial Guard", "Giant's Gate")  # a Guard elsewhere is not "at this location"
    asked = play(session, "Parin", "Sweep the Gate")
    assert asked == []  # one obstacle fits: no question
    assert [(o.name, o.progress) for o in session.location("Eastkeep").obstacles] == [
        ("Background Checks", 1)
    ]
    assert session.location("Giant's Gate").obstacles[0].progress == 0


def test_for_each_threat_at_this_location_counts_the_threats_there(new_cards):
    session = game(new_cards, at="Giant's Gate")
    session.location("Giant's Gate").threats = 2
    session.location("Eastkeep").threats = 3  # not here
    play(session, "Parin", "Count the Red")
    assert session.character("Parin").action_points == 4 + 2


def test_moving_an_obstacle_moves_it_and_tells_of_it(new_cards):
    session = game(new_cards, at="Giant's Gate")
    place(session, "Horse Bandits", "Giant's Gate")
    play(session, "Parin", "Shove Along", lambda d: {"kind": "location", "name": "Eastkeep"})
    assert session.location("Giant's Gate").obstacles == []
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Horse Bandits"]
    assert events(session, "obstacle_moved")[-1] == {
        "obstacle": "Horse Bandits",
        "location": "Eastkeep",
    }


def test_moving_nothing_is_refused_and_the_card_is_not_spent(new_cards):
    session = game(new_cards, at="Giant's Gate")  # no obstacle here
    play(session, "Parin", "Shove Along")
    assert "Shove Along" in session.character("Parin").abilities
    assert events(session, "action_refused")


def test_the_asset_discard_named_in_the_text_is_where_the_asset_comes_from(new_cards):
    session = game(new_cards, at="Giant's Gate")
    session.state.asset_discard = ["Loomwood Apples"]
    session.state.asset_deck = ["Wound Paste", *session.state.asset_deck]
    play(session, "Parin", "Scavenge")
    assert [a.name for a in session.character("Parin").in_progress] == ["Loomwood Apples"]
    assert session.state.asset_discard == []


def test_it_after_a_condition_is_the_card_the_condition_found(new_cards):
    session = game(new_cards, at="Giant's Gate")
    place(session, "Horse Bandits", "Giant's Gate")  # a Foe, listed first
    place(session, "The Old Wounds", "Giant's Gate")  # the Issue
    play(session, "Parin", "Strike It")
    progress = {o.name: o.progress for o in session.location("Giant's Gate").obstacles}
    assert progress == {"Horse Bandits": 0, "The Old Wounds": 1}


def test_a_named_card_is_in_play_only_when_it_is(new_cards):
    session = game(new_cards, at="Giant's Gate")
    play(session, "Parin", "Bandit Watch")
    assert session.character("Parin").action_points == 4
    session = game(new_cards, at="Giant's Gate")
    place(session, "Horse Bandits", "Eastkeep")
    play(session, "Parin", "Bandit Watch")
    assert session.character("Parin").action_points == 5


def test_another_character_is_never_the_one_acting(new_cards):
    session = game(new_cards, at="Giant's Gate")
    asked = play(session, "Parin", "Helping Hand")
    assert asked == []  # only Kanun is another character here
    assert session.character("Kanun").action_points == 5
    assert session.character("Parin").action_points == 4


def test_dice_made_in_this_region_go_where_the_player_picks_in_the_region(new_cards):
    session = game(new_cards, at="Giant's Gate", dice=[5])
    asked = play(session, "Parin", "Sky Rift", "Boar's Rift")
    assert list(asked[0].options) == ["Giant's Gate", "Boar's Rift"]  # Brightdune on the map
    assert [(d.resource, d.face) for d in session.location("Boar's Rift").dice] == [("sorcery", 5)]
    assert session.location("Giant's Gate").dice == []


def test_a_cost_that_cannot_be_paid_does_not_spend_the_card(cards):
    """Eyes off the Prize with no diplomacy here: it took an asset for free before. It is not
    offered; taken all the same (the actions step given it), it is refused unpaid."""
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate")
    session.state.asset_staging = ["Loomwood Apples"]
    session.character("Fuscus").abilities.append("Eyes off the Prize")
    chosen = {"act": "ability", "character": "Fuscus", "card": "Eyes off the Prize", "effect": 0}
    assert chosen not in options(session)
    session._pending = None
    session.actions.answer_actions(session.state.frames[-1], chosen)
    settle(session)
    assert session.character("Fuscus").in_progress == []
    assert "Eyes off the Prize" not in session.character("Fuscus").exhausted
    assert events(session, "action_refused")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'ability "Call a Friend" {\n  Play: Unlock character "Parin".\n}\n',
            """verb 'unlock' acts on ability cards, and "Parin" is a character""",
        ),
        (
            'ability "Dig Up" {\n  Play: Put a location from the archive into play.\n}\n',
            "verb 'put into play' acts on obstacle cards, not a location",
        ),
        (
            'asset "Sun Clock" {\n  number 99\n  tags Gear\n  points 1\n  recipe stability\n'
            "  Every season end: Gain 1 action point.\n}\n",
            'an asset is never told of "Every season end": the engine tells it only to scheme',
        ),
        (
            'asset "Old Shield" {\n  number 98\n  tags Gear\n  points 1\n  recipe stability\n'
            "  Instead of placing a threat, gain 1 action point.\n}\n",
            "'Instead of ...' needs a trigger",
        ),
        (
            'ability "Lucky Seven" {\n  Play: Set any resource dice at this location to 7.\n}\n',
            "a die face is 1 to 6, not 7",
        ),
        (
            'asset "Second Azadeh" {\n  number 13\n  tags Gear\n  points 1\n'
            "  recipe stability\n}\n",
            'asset "Second Azadeh" has number 13, already the number of asset "Azadeh"',
        ),
        (
            'ability "Mend Stone" {\n  Play: Recover this obstacle.\n}\n',
            "verb 'recover' acts on stress, not an obstacle",
        ),
        (
            'ability "Odd Count" {\n  Play: Discard a Foe obstacle of value 3.\n}\n',
            "a value describes dice, not obstacle",
        ),
    ],
    ids=[
        "unlock-character",
        "location-into-play",
        "season-end-asset",
        "standing-instead",
        "face-7",
        "same-number",
        "recover-obstacle",
        "obstacle-value",
    ],
)
def test_text_the_engine_cannot_honour_does_not_check(tmp_path: Path, text: str, message: str):
    with pytest.raises(CheckFailed) as failed:
        engine.load_ruleset(folder_with(tmp_path, text))
    assert message in str(failed.value)
