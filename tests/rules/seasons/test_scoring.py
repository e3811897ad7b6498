"""Seed 003, "Final scoring": 5 a building, the artifact-set table (1/2/4/7/10/14/20), 2 a
warrior, 1 a point of happiness, less one fewer than the artifact types held; a winner and a
ranking."""

from __future__ import annotations

from seasons_testing import NORTH, SOUTH, at_planning, clear, rules

from dsl.world.players import end_scored

CATEGORIES = [
    "building points",
    "artifact points",
    "warrior points",
    "happiness points",
    "-artifact penalty",
]


def test_the_artifact_set_table_is_the_fragments(seasons) -> None:
    table = seasons.tables["Artifact sets"]
    assert [int(table.lookup(n).result) for n in range(1, 9)] == [1, 2, 4, 7, 10, 14, 20, 20]


def scored(seasons):  # type: ignore[no-untyped-def]
    game = at_planning(seasons)
    clear(game, [*NORTH, *SOUTH])
    game.ops.place("North Farm", "warrior", 2, "p1")
    game.ops.place("Combat Area", "warrior", 1, "p1")
    game.ops.move_card("Granary", at="North Farm", owner="p1")  # with the Town Hall: 2
    for artifact in ("Sun Disc", "Moon Disc", "Star Disc", "Bone Charm"):  # 3 Relics, 1 Charm
        game.ops.move_card(artifact, zone="treasure", owner="p1")
    game.state.values["p1"]["happiness"] = 7
    game.state.values["p2"]["happiness"] = 3
    rules.count_the_final_scores(game)
    return game


def test_each_category_is_counted_as_the_fragment_says(seasons) -> None:
    game = scored(seasons)
    values = game.state.values["p1"]
    assert values["building points"] == 2 * 5
    assert values["artifact points"] == 4 + 1  # a set of 3 and a set of 1
    assert values["warrior points"] == 3 * 2
    assert values["happiness points"] == 7
    assert values["artifact penalty"] == 2 - 1


def test_the_highest_score_wins_and_every_player_is_ranked(seasons) -> None:
    game = scored(seasons)
    end_scored(game, CATEGORIES)
    result = game.state.result
    assert result["scores"] == {"p1": 10 + 5 + 6 + 7 - 1, "p2": 5 + 3}
    assert result["winner"] == "p1" and result["ranking"] == ["p1", "p2"]
    assert result["categories"]["p2"]["building points"] == 5
    assert result["categories"]["p1"]["artifact penalty"] == 1  # taken off
    assert game.state.over


def test_the_procedure_ends_with_this_scoring(seasons) -> None:
    last = seasons.procedure.phase("Game").steps[-1]
    assert last.text.endswith(
        "scored by building points and artifact points and warrior points and happiness "
        "points minus artifact penalty"
    )
