"""Activate obstacles: activation count, tokens, movement, threat and surges."""

import dataclasses

from six_winters_table import add_location, kinds, place, run_piece, table


def _hogeltown(ruleset, scenes, progress=1, hindrance=1, threats=0):
    session = table(ruleset, ["Fuscus", "Parin"], at="Giant's Gate")
    add_location(session, "Hogeltown", 0, -1)  # below Yearly Field, beside Boar's Rift
    session.location("Hogeltown").threats = threats
    session.state.threat_pool -= threats
    session.state.scenes = list(scenes)
    session.state.scene_deck = []
    obstacle = place(session, "Hogel's Jealousy", "Hogeltown", progress, hindrance)
    return session, obstacle.uid


def test_activate_example_one_matching_scene_activates_twice_and_removes_both_tokens(ruleset):
    # Hogel's Jealousy (charm) with one progress and one hindrance; one charm scene showing
    session, uid = _hogeltown(ruleset, ["Feed the Lyric Stone to the Dusk Hydra"])
    asked = run_piece(session, "activate_obstacle", "progress", uid=uid)
    assert asked[0].options == ("progress", "hindrance")  # the players choose
    assert kinds(session, "obstacle_activated")[0]["activations"] == 2
    obstacle = session.location("Hogeltown").obstacles[0]
    assert (obstacle.progress, obstacle.hindrance) == (0, 0)
    assert kinds(session, "threat_placed") == []
    assert session.state.threat_pool == 6


def test_activate_example_with_a_second_matching_scene_it_threatens_and_surges(ruleset):
    session, uid = _hogeltown(
        ruleset,
        ["Feed the Lyric Stone to the Dusk Hydra", "Feed the Lyric Stone to the Dusk Hydra"],
        threats=1,
    )
    pool = session.state.threat_pool
    asked = run_piece(session, "activate_obstacle", "hindrance", "Boar's Rift", uid=uid)
    assert kinds(session, "obstacle_activated")[0]["activations"] == 3
    assert set(asked[1].options) == {"Yearly Field", "Boar's Rift"}  # where the surge goes
    placed = kinds(session, "threat_placed")
    assert [(p["location"], p["surge"]) for p in placed] == [
        ("Hogeltown", False),
        ("Boar's Rift", True),
    ]
    assert session.location("Hogeltown").threats == 2
    assert session.location("Boar's Rift").threats == 1
    assert session.state.threat_pool == pool - 2
    # having applied its threat the obstacle is discarded
    assert not session.location("Hogeltown").obstacles
    assert session.state.obstacle_discard == ["Hogel's Jealousy"]


def test_an_obstacle_activates_once_with_no_matching_scene(ruleset):
    session, uid = _hogeltown(ruleset, ["Decipher Gelshah's Scroll"], progress=0, hindrance=2)
    run_piece(session, "activate_obstacle", uid=uid)
    obstacle = session.location("Hogeltown").obstacles[0]
    assert obstacle.hindrance == 1


def test_the_visible_top_scene_counts_as_available(ruleset):
    # the face-up top card of the scene deck counts as available (value top scene activates = 1)
    session, uid = _hogeltown(ruleset, [], progress=0, hindrance=2)
    session.state.scene_deck = ["Feed the Lyric Stone to the Dusk Hydra"]
    run_piece(session, "activate_obstacle", uid=uid)
    assert kinds(session, "obstacle_activated")[0]["activations"] == 2


def test_declared_so_only_the_scenes_in_the_line_count_as_the_worked_example_does(ruleset):
    line_only = dataclasses.replace(ruleset, values={**ruleset.values, "top scene activates": 0})
    session, uid = _hogeltown(line_only, ["Feed the Lyric Stone to the Dusk Hydra"], 0, 2)
    session.state.scene_deck = ["Feed the Lyric Stone to the Dusk Hydra"]  # a charm scene on top
    run_piece(session, "activate_obstacle", uid=uid)
    assert kinds(session, "obstacle_activated")[0]["activations"] == 2  # once, and the line's one
    assert session.location("Hogeltown").obstacles[0].hindrance == 0


def test_a_bare_obstacle_places_a_threat_and_is_discarded(ruleset):
    session, uid = _hogeltown(ruleset, [], progress=0, hindrance=0)
    run_piece(session, "activate_obstacle", uid=uid)
    assert session.location("Hogeltown").threats == 1
    assert session.state.threat_pool == 5


def test_surge_spreads_to_adjacent_location_with_threat_and_stops_at_one_without(ruleset):
    session, uid = _hogeltown(ruleset, [], progress=0, hindrance=0, threats=1)
    session.location("Boar's Rift").threats = 1
    session.state.threat_pool -= 1
    run_piece(session, "activate_obstacle", "Boar's Rift", "Giant's Gate", uid=uid)
    placed = [(p["location"], p["surge"]) for p in kinds(session, "threat_placed")]
    assert placed == [("Hogeltown", False), ("Boar's Rift", True), ("Giant's Gate", True)]


def test_a_surge_chain_moves_outward_and_never_returns_to_a_location_in_it(ruleset):
    # Hogeltown and Boar's Rift both hold a threat: the surge from Hogeltown goes on from
    # Boar's Rift, but not back into Hogeltown (declared: value surge returns = 0).
    session, uid = _hogeltown(ruleset, [], progress=0, hindrance=0, threats=1)
    session.location("Boar's Rift").threats = 1
    session.state.threat_pool -= 1
    asked = run_piece(session, "activate_obstacle", "Boar's Rift", "Giant's Gate", uid=uid)
    assert "Boar's Rift" in asked[0].options
    assert "Hogeltown" not in asked[1].options
    assert "Giant's Gate" in asked[1].options


def test_the_players_lose_when_the_last_threat_leaves_the_pool(ruleset):
    session, uid = _hogeltown(ruleset, [], progress=0, hindrance=0, threats=1)
    session.state.threat_pool = 1
    run_piece(session, "activate_obstacle", uid=uid)
    assert session.state.threat_pool == 0
    assert session.state.lost == "the threat pool is empty"
    # the surge chain stops: there is no threat left to place
    assert [p["location"] for p in kinds(session, "threat_placed")] == ["Hogeltown"]


def test_a_moving_obstacle_moves_toward_the_nearest_matching_location(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.scenes = []
    session.state.scene_deck = []
    bandits = place(session, "Restless Dead", "Eastkeep")  # moves toward Urban (Giant's Gate)
    run_piece(session, "activate_obstacle", uid=bandits.uid)
    assert [m["location"] for m in kinds(session, "obstacle_moved")] == ["Yearly Field"]
    assert session.location("Yearly Field").obstacles[0].name == "Restless Dead"
    assert kinds(session, "threat_placed") == []


def test_remaining_activations_after_arriving_apply_threat(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.scenes = ["Take Second at the Amber Wine Drinking Game"] * 2  # two steel scenes
    session.state.scene_deck = []
    dead = place(session, "Restless Dead", "Yearly Field")
    run_piece(session, "activate_obstacle", uid=dead.uid)
    assert [m["location"] for m in kinds(session, "obstacle_moved")] == ["Giant's Gate"]
    assert session.location("Giant's Gate").threats == 1
