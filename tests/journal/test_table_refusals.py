"""The table ledger refuses what the Six Winters rules forbid: one line, exit 1, nothing written.

Each rule is read from the ruleset (players and characters per player, a scheme's years, the
unlocked characters, the scene deck, the map, the decks): these tests use the real card text.
"""

from __future__ import annotations

import pytest

from journal import ledger
from journal.db import open_journal

SOW = "Sow Discord in Brightdune"
AMBER = ("Take Second at the Amber Wine Drinking Game", "Giant's Gate")
SCROLL = ("Decipher Gelshah's Scroll", "Giant's Gate")


def _start(cli, year: str = "1", scheme: str = SOW, characters: str = "Parin,Kanun"):  # type: ignore[no-untyped-def]
    return cli(
        "year", "start", "--campaign", "Brightdune", "--year", year, "--scheme", scheme,
        "--characters", characters,
    )  # fmt: skip


def _scene(cli, scene: str, location: str, *extra: str):  # type: ignore[no-untyped-def]
    return cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1", "--scene", scene,
        "--location", location, "--participants", "Parin", "--skill-match", "9", "--text", "",
        *extra,
    )  # fmt: skip


def _years_and_scenes(journal_path) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Brightdune")
        return [(y.year, len(ledger.scenes_of(s, y))) for y in ledger.sessions(s, campaign)]


@pytest.fixture
def campaign(real_cards, cli):  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    return cli


@pytest.fixture
def year_one(campaign):  # type: ignore[no-untyped-def]
    ran = _start(campaign)
    assert ran.code == 0, ran.err
    return campaign


def _refused(ran, *words: str) -> None:  # type: ignore[no-untyped-def]
    assert ran.code == 1, (ran.out, ran.err)
    assert ran.err.startswith("error: ") and ran.err.count("\n") == 1, ran.err
    assert "Traceback" not in ran.err
    for word in words:
        assert word in ran.err, ran.err


def test_year_two_does_not_start_before_year_one(campaign, journal_path) -> None:  # type: ignore[no-untyped-def]
    _refused(_start(campaign, "2", "Mobilize War Machines"), "cannot start before year 1")
    assert _years_and_scenes(journal_path) == []


def test_one_year_is_in_play_at_a_time(year_one, journal_path) -> None:  # type: ignore[no-untyped-def]
    _refused(_start(year_one, "2", "Mobilize War Machines"), "year 1", "has not ended")
    assert _years_and_scenes(journal_path) == [(1, 0)]


def test_a_locked_character_does_not_play(campaign, journal_path) -> None:  # type: ignore[no-untyped-def]
    _refused(
        _start(campaign, characters="Parin,Yasmina"),
        "'Yasmina' is locked",
        "unlocked characters: Fuscus, Kanun, Parin",
    )
    assert _years_and_scenes(journal_path) == []


def test_a_character_plays_once_in_a_year(campaign) -> None:  # type: ignore[no-untyped-def]
    _refused(_start(campaign, characters="Parin,Parin"), "'Parin' is named twice")


@pytest.mark.parametrize("characters", ["Parin", "Parin,Kanun,Fuscus"])
def test_a_year_is_played_by_players_times_characters_per_player(campaign, characters) -> None:  # type: ignore[no-untyped-def]
    # value players = 2, value characters per player = 1
    _refused(
        _start(campaign, characters=characters),
        "a year is played by 2 characters (2 players, 1 each)",
    )


def test_a_scheme_is_drawn_only_in_its_years(campaign, journal_path) -> None:  # type: ignore[no-untyped-def]
    _refused(
        _start(campaign, scheme="Achieve Apotheosis"),
        "'Achieve Apotheosis' is a scheme for year 6, not year 1",
        f"year 1 draws from: {SOW}",
    )
    assert _years_and_scenes(journal_path) == []


def test_a_completed_scene_is_not_completed_again_the_same_year(year_one, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert _scene(year_one, *AMBER).code == 0
    again = _scene(year_one, *AMBER, "--skill-match", "8")  # not the same command: no retry
    _refused(again, "already recorded as scene 1 of year 1")
    assert _years_and_scenes(journal_path) == [(1, 1)]


def test_a_scene_not_yet_in_the_scene_deck_is_not_completed(year_one, journal_path) -> None:  # type: ignore[no-untyped-def]
    _refused(
        _scene(year_one, "Brighten Brightdune Spirits", "Giant's Gate"),
        "'Brighten Brightdune Spirits' is not in the scene deck",
        "scenes in the deck: Ambush Military Scouts",  # the scheme's spring end added it
    )
    assert _years_and_scenes(journal_path) == [(1, 0)]


def test_a_scene_is_completed_at_a_location_on_the_map(year_one, journal_path) -> None:  # type: ignore[no-untyped-def]
    # Loomwood is a Brightdune location, as the scene asks, but not on the starting map
    _refused(
        _scene(year_one, "Find the Source of the Gasping Spores", "Loomwood", "--choice", "Stay"),
        "'Loomwood' is not on the campaign's map",
    )
    assert _years_and_scenes(journal_path) == [(1, 0)]


def test_a_card_the_campaign_does_not_hold_is_not_played(year_one, journal_path) -> None:  # type: ignore[no-untyped-def]
    _refused(
        _scene(year_one, *AMBER, "--played", "Amber Wine"),
        "the campaign has no 'Amber Wine' to play",
    )
    _refused(
        _scene(year_one, *AMBER, "--played", "War Machines"),
        "the campaign has no 'War Machines' to burn",
    )
    assert _years_and_scenes(journal_path) == [(1, 0)]


def test_an_obstacle_the_scheme_put_into_play_can_be_burned(year_one) -> None:  # type: ignore[no-untyped-def]
    ran = _scene(year_one, *AMBER, "--played", "The Old Wounds")
    assert ran.code == 0, ran.err


def test_an_obstacle_another_obstacles_text_puts_into_play_is_burned_only_when_that_one_is_in_play(
    year_one, real_cards
) -> None:  # type: ignore[no-untyped-def]
    # Hall of Faces: "Threat: Put obstacle "Wrath of the Autarch" into play at this location."
    # The table does not report threats as they happen; a scene of a year with Hall of Faces in
    # play may burn the Wrath (the heuristic bot's campaign 3 does, in its finale: see
    # test_table_campaign.py), a year without it may not.
    from journal.table_rules import brought_into_play

    assert brought_into_play(real_cards.ruleset)["Wrath of the Autarch"] == ["Hall of Faces"]
    _refused(
        _scene(year_one, *AMBER, "--played", "Wrath of the Autarch"),
        "the campaign has no 'Wrath of the Autarch' to burn",
    )


def test_an_asset_is_spent_in_one_scene_a_year(year_one, journal_path) -> None:  # type: ignore[no-untyped-def]
    assert _scene(year_one, *AMBER, "--played", "Wound Paste").code == 0
    _refused(
        _scene(year_one, *SCROLL, "--played", "Wound Paste"),
        "'Wound Paste' was already spent in an earlier scene this year",
    )
    assert _years_and_scenes(journal_path) == [(1, 1)]


def _bot_year(game, seed: int) -> tuple[str, list[dict]]:  # type: ignore[type-arg]
    """A year 1 a bot played: its scheme and the scenes it completed, as the engine tells them."""
    campaigns = game.campaign
    bot = game.bots.make("heuristic", seed)
    year = campaigns.new_session(campaigns.new_campaign(), seed, ["Fuscus", "Parin"])
    while (decision := year.pending()) is not None:
        seen = year.observation(decision.who) if bot.uses_observation else None
        year.apply(bot.choose(seen, decision))
    return year.session.state.scheme, [dict(s) for s in year.session.state.scenes_completed]


@pytest.mark.parametrize("seed", range(6))
def test_every_scene_a_bot_completed_is_accepted_at_the_table(real_cards, journal, seed) -> None:  # type: ignore[no-untyped-def]
    # the refusals forbid only what the rules forbid: what a played year did passes them all
    from journal import table
    from journal.table_rules import game_of

    scheme, scenes = _bot_year(game_of(real_cards), seed)
    journal.write(lambda s: table.start_campaign(s, "Brightdune", real_cards))
    journal.write(
        lambda s: table.start_year(
            s, real_cards, "Brightdune", 1, scheme, ["Fuscus", "Parin"], seed
        )
    )
    for done in scenes:
        entry = table.SceneInput(
            scene=done["scene"],
            location=done["location"],
            participants=list(done["participants"]),
            played=[f"{c['kind']}:{c['card']}" for c in done["cards_played"]],
            choice=done["epilogue_choice"],
            skill_match_points=int(done["skill_match_points"]),
        )
        journal.write(lambda s, e=entry: table.record_scene(s, real_cards, "Brightdune", 1, e))
    with journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Brightdune"), 1)
        assert [sc.scene for sc in ledger.scenes_of(s, session)] == [d["scene"] for d in scenes]
