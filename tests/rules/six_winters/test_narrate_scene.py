"""Narrate scene: participants, skill-match points, cards played, epilogue, skill advance."""

from six_winters_table import act, kinds, table

SPORES = "Find the Source of the Gasping Spores"


# Parin and Fuscus narrate the Gasping Spores scene at Giant's Gate (a Brightdune location).
NARRATE_SPORES = {
    "act": "narrate",
    "scene": SPORES,
    "location": "Giant's Gate",
    "participants": ["Parin", "Fuscus"],
}


def _scoring_table(ruleset):
    # The seed's scene-scoring example. Its prose names Parin and Kanun as the characters but
    # then gives the second set of cards to Fuscus; the cards are what matter, so Parin and
    # Fuscus hold them here.
    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")  # a Brightdune location
    session.state.scenes = [SPORES]
    session.state.scene_deck = []
    parin, fuscus = session.character("Parin"), session.character("Fuscus")
    parin.obstacles = ["Animaelic Echoes"]  # lore, 1 point
    parin.assets = ["Book of Pressed Leaves"]  # 2 points, no skill
    fuscus.assets = ["Radiant Fernbrake", "Bracers of the Amber Hand"]  # lore 1; command 3
    return session


def test_scene_scoring_example_two_match_points_and_the_book_completes_it(ruleset):
    session = _scoring_table(ruleset)
    option = dict(NARRATE_SPORES)
    asked = act(
        session,
        option,
        {"card": "Book of Pressed Leaves", "kind": "asset", "character": "Parin"},
        "finish",
        "Stay",
        "-2,0",
    )
    assert "2 of 4 points" in asked[0].prompt  # two points from skill matches
    assert "finish" not in asked[0].options
    assert "finish" in asked[1].options
    done = kinds(session, "scene_completed")[0]
    assert done["skill_match_points"] == 2
    assert done["cards_played"] == [
        {"card": "Book of Pressed Leaves", "kind": "asset", "character": "Parin", "points": 2}
    ]
    assert session.state.asset_discard == ["Book of Pressed Leaves"]
    # the matching cards were not played and stay with their owners
    assert session.character("Fuscus").assets == ["Radiant Fernbrake", "Bracers of the Amber Hand"]
    assert session.character("Parin").obstacles == ["Animaelic Echoes"]
    assert done["epilogue_choice"] == "Stay"


def test_the_alternatives_of_the_example_also_complete_the_scene(ruleset):
    for played in (
        [
            {"card": "Animaelic Echoes", "kind": "obstacle", "character": "Parin"},
            {"card": "Radiant Fernbrake", "kind": "asset", "character": "Fuscus"},
        ],
        [{"card": "Bracers of the Amber Hand", "kind": "asset", "character": "Fuscus"}],
    ):
        session = _scoring_table(ruleset)
        option = {
            "act": "narrate",
            "scene": SPORES,
            "location": "Giant's Gate",
            "participants": ["Parin", "Fuscus"],
        }
        act(session, option, *played, "finish", "Abandon", "-2,0")
        assert len(session.state.scenes_completed) == 1


def test_burned_obstacles_go_to_the_archive(ruleset):
    session = _scoring_table(ruleset)
    option = dict(NARRATE_SPORES)
    act(
        session,
        option,
        {"card": "Animaelic Echoes", "kind": "obstacle", "character": "Parin"},
        {"card": "Radiant Fernbrake", "kind": "asset", "character": "Fuscus"},
        "finish",
        "Stay",
        "-2,0",
    )
    assert "Animaelic Echoes" in session.state.archive
    assert "Radiant Fernbrake" in session.state.asset_discard


def test_each_participant_marks_an_advance_in_the_scene_skill(ruleset):
    session = _scoring_table(ruleset)
    parin = session.character("Parin")
    lore = parin.skills["lore"]  # 2
    parin.advances["lore"] = lore  # one more mark goes above the skill
    option = {
        "act": "narrate",
        "scene": SPORES,
        "location": "Giant's Gate",
        "participants": ["Parin"],
    }
    act(
        session,
        option,
        {"card": "Book of Pressed Leaves", "kind": "asset", "character": "Parin"},
        {"card": "Animaelic Echoes", "kind": "obstacle", "character": "Parin"},
        "finish",
        "Stay",
        "-2,0",
    )
    parin = session.character("Parin")
    assert parin.skills["lore"] == lore + 1
    assert parin.advances["lore"] == 0
    assert session.character("Fuscus").advances["lore"] == 0  # did not take part


def test_a_scene_is_offered_only_where_it_may_be_narrated(ruleset):
    session = _scoring_table(ruleset)
    for c in session.state.characters:
        c.location = "Boar's Peak"  # the Settled Lands, not Brightdune
    assert not any(isinstance(o, dict) and o["act"] == "narrate" for o in session.pending().options)


def test_a_scene_is_not_offered_without_the_points(ruleset):
    session = _scoring_table(ruleset)
    session.character("Fuscus").assets = []
    session.character("Parin").assets = []
    assert not any(isinstance(o, dict) and o["act"] == "narrate" for o in session.pending().options)


def test_epilogue_adds_a_location_next_to_its_region(ruleset):
    session = _scoring_table(ruleset)
    option = dict(NARRATE_SPORES)
    asked = act(
        session,
        option,
        {"card": "Bracers of the Amber Hand", "kind": "asset", "character": "Fuscus"},
        "finish",
        "Stay",
        "-2,0",
    )
    # cells beside Brightdune locations (Giant's Gate, Boar's Rift); 0,-1 is also beside Boar's
    # Rift but would close Yearly Field's last open side
    assert set(asked[-1].options) == {"-2,0", "-1,1", "-2,-1", "-1,-2"}
    assert ("Loomwood", -2, 0) in [(x.name, x.x, x.y) for x in session.state.locations]
    assert session.state.obstacle_deck[:2] == ["Yellow Blight", "Ur-Akti"]


def test_an_epilogue_for_each_character_in_the_scene_asks_the_primitive_before_any_change(
    ruleset,
):
    """ "Each character in this scene draws 2 abilities." runs once per character. Before a
    piece's first change the session hands out its primitives wrapped (to note that change);
    the compiled text must read such a wrapper as the primitive it wraps, or the clause would
    pass every character to ``draw`` at once, which takes no ``subject``."""
    from dsl.codegen import _takes_subject
    from rules.six_winters import primitives

    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")
    session._untouched = True  # as inside a piece that has not changed anything yet
    handed = session.primitive("draw")
    assert handed is not primitives.draw
    assert _takes_subject(handed) is _takes_subject(primitives.draw) is False


def test_an_overcome_obstacle_scores_its_own_points_and_skill_not_an_asset_s_of_its_name(ruleset):
    # "Dragon of the Frozen Voice" is both an obstacle (edge, 2 points) and an asset (lore,
    # 3 points): Parin overcame the obstacle, and the lore scene counts it as the obstacle
    session = table(ruleset, ["Parin", "Fuscus"], at="Giant's Gate")
    session.state.scenes = [SPORES]
    session.state.scene_deck = []
    session.character("Parin").obstacles = ["Dragon of the Frozen Voice"]
    session.character("Fuscus").assets = ["Book of Pressed Leaves", "Radiant Fernbrake"]
    dragon = {"card": "Dragon of the Frozen Voice", "kind": "obstacle", "character": "Parin"}
    book = {"card": "Book of Pressed Leaves", "kind": "asset", "character": "Fuscus"}
    asked = act(session, dict(NARRATE_SPORES), dragon, book, "finish", "Stay", "-2,0")
    assert "1 of 4 points" in asked[0].prompt  # the fernbrake's lore only: the dragon is edge
    assert "3 of 4 points" in asked[1].prompt  # and the dragon scores its own 2 points
    done = kinds(session, "scene_completed")[0]
    assert done["skill_match_points"] == 1
    assert done["cards_played"] == [{**dragon, "points": 2}, {**book, "points": 2}]
