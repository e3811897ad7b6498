"""The v19.7 text's "Components", "Campaign Setup", "Victory" and "Campaign End" sections: what the
ruleset declares, checked against the rules as a reader would count them."""

from __future__ import annotations

from typing import Any

from rules import registry

RESOURCES = ["stability", "technology", "espionage", "military", "diplomacy", "sorcery"]
VICTORY_TRACKS = {"diplomacy", "stability", "espionage"}


def test_the_ruleset_is_registered_and_checks_clean(winters: Any) -> None:
    found = registry.find("six-winters-v19")
    assert found.shipped and found.folder.name == "six_winters_v19"
    assert winters.name == "Six Winters" and winters.version == "19.7"
    assert found.engine is not None and found.bots is not None  # the world engine plays it


def test_six_resources_from_the_shared_library(winters: Any) -> None:
    assert winters.vocabulary.members("resources") == RESOURCES
    assert winters.vocabulary.member("resources", "magic") == "sorcery"


def test_tracks_have_twelve_spaces_and_mastery_lies_on_them(winters: Any) -> None:
    values = winters.values
    assert values["track spaces"] == 12
    assert 1 <= values["mastery space"] <= values["track spaces"]
    assert values["starting progress space"] == 1


def test_initial_threat_spaces_by_difficulty(winters: Any) -> None:
    values = winters.values
    spaces = [values[f"{d} threat space"] for d in ("cakewalk", "standard", "difficult", "tragedy")]
    assert spaces == [2, 4, 6, 9]  # the ninth: three from the last space
    assert values["track spaces"] - values["tragedy threat space"] == 3


def test_progress_levels_run_one_to_five_and_sorcery_to_six(winters: Any) -> None:
    def levels(name: str) -> list[int]:
        table = winters.tables[name]
        return [int(levels_of(table, space)) for space in range(1, 13)]

    assert levels("Progress level")[0] == 1 and levels("Progress level")[-1] == 5
    assert levels("Sorcery level")[-1] == 6
    assert levels("Stability level")[0] == 2  # the stability pool starts at two dice
    for name in ("Progress level", "Sorcery level", "Stability level"):
        assert levels(name) == sorted(levels(name))  # a level never falls along the track


def levels_of(table: Any, space: int) -> str:
    """What a table looked up by a count gives for ``space``: exactly one row must cover it."""
    found = [r for r in table.rows if r.low <= space and (r.high is None or space <= r.high)]
    assert len(found) == 1, f"{table.name}: {space} in {len(found)} rows"
    return str(found[0].result)


def test_the_wheel_of_trade_moves_one_step_and_never_into_sorcery(winters: Any) -> None:
    trade = winters.vocabulary.relations["trade"]
    ring = RESOURCES[:5]
    for k, resource in enumerate(ring):
        assert list(trade[resource]) == [ring[(k + 1) % 5]]
    assert sorted(trade["sorcery"]) == sorted(ring)
    assert all("sorcery" not in targets for targets in trade.values())


def test_eight_skills_ranked_zero_to_six(winters: Any) -> None:
    skills = winters.vocabulary.category("skills")
    assert skills.members == [
        "command",
        "disguise",
        "lore",
        "rapport",
        "combat",
        "tactics",
        "thievery",
        "survival",
    ]
    assert (skills.low, skills.high) == (0, 6)


def test_three_regions_of_three_location_spaces(winters: Any) -> None:
    assert winters.vocabulary.members("regions") == ["empire", "redbank", "settled"]
    spaces = [winters.tables[f"{r} spaces"] for r in ("Empire", "Red Bank", "Settled Lands")]
    resources = [str(row.result) for table in spaces for row in table.rows]
    assert len(resources) == 9
    # one space for each resource that wins, two for each of the other three
    for resource in RESOURCES:
        assert resources.count(resource) == (1 if resource in VICTORY_TRACKS else 2), resource


def test_the_standard_starting_locations_fill_the_board(winters: Any) -> None:
    board = winters.maps["Standard starting locations"]
    places = board.positions
    assert len(places) == 9
    cards = {c.name: c for c in winters.cards("location")}
    for name, (x, y) in places.items():
        assert cards[name].fields["starting"], name
        assert cards[name].fields["region"] == ["empire", "redbank", "settled"][x]
        assert 0 <= y <= 2
    assert {c.name for c in cards.values() if c.fields.get("starting")} == set(places)


def test_seasons_start_in_winter_and_give_four_to_eight_turns(winters: Any) -> None:
    seasons = winters.vocabulary.category("seasons")
    assert seasons.members == ["winter", "spring", "summer", "fall"]
    most = winters.values["turns per season"]
    assert (len(seasons.members) * 1, len(seasons.members) * most) == (4, 8)


def test_action_dice(winters: Any) -> None:
    values = winters.values
    assert (values["action dice"], values["solo action dice"]) == (5, 7)
    assert values["action dice kept"] == 3
    assert values["technology mastery action dice"] == 1


def test_victory_counts_completed_victory_tracks(winters: Any) -> None:
    victory = winters.tables["Victory"]
    assert [str(levels_of(victory, n)) for n in range(4)] == [
        "Defeat",
        "Pyrrhic Victory",
        "Major Victory",
        "Total Victory",
    ]
    points = [winters.values[f"{v} points"] for v in ("pyrrhic", "major", "total")]
    assert points == [1, 3, 6]


def test_every_score_has_one_achievement(winters: Any) -> None:
    score = winters.tables["Campaign score"]
    highest = (6 + 3) * winters.values["tragedy factor"]  # a total victory and three tracks
    assert highest == 36
    for points in range(0, highest + 1):
        levels_of(score, points)  # exactly one row
    assert levels_of(score, 36) == "The New Autarch"


def test_each_standard_location_sits_on_the_space_of_its_resource(winters: Any) -> None:
    # the text's table of the standard starting locations: region, the space's resource, name
    table = {
        "Eastkeep": "military",
        "Guild of Strategy": "technology",
        "Whitehold": "espionage",
        "Dusk's Ayrie": "military",
        "Ferry's Glenn": "stability",
        "Gray Forest": "sorcery",
        "Lily Manor": "diplomacy",
        "Boar's Peak": "technology",
        "Gravewood": "sorcery",
    }
    spaces = ["Empire spaces", "Red Bank spaces", "Settled Lands spaces"]
    for name, (x, y) in winters.maps["Standard starting locations"].positions.items():
        space = 3 - y  # the top space is the first
        assert levels_of(winters.tables[spaces[x]], space) == table[name], name
