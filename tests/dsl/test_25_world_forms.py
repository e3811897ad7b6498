"""The forms a ruleset declares its world with, and numbers as expressions, tried on *Lantern
Road* (``fixtures/world/lantern``: no Python of its own).

- "players are 2 to 4 seats", "light is a number 0..6 of players, starting at 3", "hand is a
  zone of players, seen by its owner", "deck is a zone, face down", "actions is a zone, holding
  actions", "lanterns are pieces of players, one each", "the score is points";
- a number wherever one stands: "If your light is at most 2", "equal to the number of monsters
  at this stop plus 1", "the higher of your light and 2", "a monster with strength below 3",
  "equal to the strength of a monster at this stop ... its reward".
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel import play
from dsl.loader import Source, check_sources, load_ruleset
from dsl.world.bots import RandomBot
from dsl.world.declare import world_of
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game

LANTERN = FIXTURES / "world" / "lantern"
TEXT = (LANTERN / "ruleset.rules").read_text()


@pytest.fixture(scope="module")
def lantern():  # type: ignore[no-untyped-def]
    return load_ruleset(LANTERN)


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("lantern.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def changed(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def at_turn(lantern, card: str, light: int, stop: str = "Mill") -> WorldGame:  # type: ignore[no-untyped-def]
    """A game at p1's first action, ``card`` in p1's hand, p1 at ``stop`` with ``light``."""
    game = new_game(lantern, seed=1, players=2)
    game.pending()
    game.ops.move_card(card, zone="hand@p1", why="test")
    game.ops.move_pawn("p1", stop)
    game.state.values["p1"]["light"] = light
    return game


def asked_again(game: WorldGame) -> WorldGame:
    """The game as set up by hand, resumed from its saved state: asked afresh."""
    return WorldGame.from_json(game.ruleset, game.to_json())


def put(game: WorldGame, monster: str, stop: str) -> None:
    game.ops.move_card(monster, at=stop, why="test")


def use(game: WorldGame, option: str) -> WorldGame:
    game = asked_again(game)
    decision = game.pending()
    assert decision is not None and decision.who == "p1" and option in decision.options
    game.apply(option)
    game.pending()
    return game


# ---- the world a ruleset declares -----------------------------------------------------------


def test_players_are_the_seats_declared(lantern) -> None:
    assert world_of(lantern).players == (2, 4)
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        new_game(lantern, seed=1, players=5)


def test_a_number_of_players_starts_where_declared_and_stays_in_its_range(lantern) -> None:
    game = new_game(lantern, seed=1, players=3)
    game.pending()
    assert {p: game.ops.value(p, "light") for p in game.state.players} == dict.fromkeys(
        ("p1", "p2", "p3"), 3
    )
    assert game.ops.value("p1", "points") == 0  # no start written: its lowest
    game.ops.change("p1", "light", 10, why="test")
    assert game.ops.value("p1", "light") == 6  # "0..6": no higher


def test_a_zone_of_players_seen_by_its_owner_and_a_deck_face_down(lantern) -> None:
    game = new_game(lantern, seed=2, players=2)
    game.pending()
    mine, theirs = game.observation("p1")["zones"], game.observation("p2")["zones"]
    assert isinstance(mine["hand@p1"], list) and len(mine["hand@p1"]) == 2
    assert theirs["hand@p1"] == 2  # only how many
    assert isinstance(mine["relic deck"], int)  # face down: for everyone


def test_a_zone_holding_a_kind_is_where_its_cards_start_and_every_player_uses_them(
    lantern,
) -> None:
    game = new_game(lantern, seed=2, players=2)
    decision = game.pending()
    assert {game.state.cards[c]["zone"] for c in ("Walk", "Rest", "Fight")} == {"actions"}
    assert decision is not None and {"Take: Walk", "Take: Rest"} <= set(decision.options)


def test_pieces_one_each_are_pawns_standing_on_the_first_place_and_walking_the_map(
    lantern,
) -> None:
    game = new_game(lantern, seed=2, players=2)
    game.pending()
    assert game.ops.pawn_at("p1") == game.ops.pawn_at("p2") == "Gate"
    game = use(game, "Take: Walk")
    assert game.ops.pawn_at("p1") == "Mill"  # the only stop next to the Gate


def test_the_score_ranks_the_players_at_the_end(lantern) -> None:
    for seed in range(6):
        game = play(new_game(lantern, seed=seed, players=2 + seed % 3), RandomBot(seed))
        result = game.state.result
        points = {p: game.ops.value(p, "points") for p in game.state.players}
        assert result["scores"] == points
        assert result["ranking"][0] in result["tied"]
        assert points[result["ranking"][0]] == max(points.values())


def test_each_monster_is_put_into_play_at_a_random_stop_and_fires_its_lurk(lantern) -> None:
    stops = set()
    for seed in range(12):
        game = new_game(lantern, seed=seed, players=2)
        game.pending()
        stops.add(game.state.cards["Bog Wight"]["at"])
        assert game.state.cards["Marsh Hound"]["at"] in world_of(lantern).places
    assert len(stops) > 1
    lurked = play(new_game(lantern, seed=3, players=2), RandomBot(3))
    assert any(
        e.kind == WorldEvent.VALUE_CHANGED and e.data["why"] in ("Bog Wight", "Marsh Hound")
        for e in lurked.events
    )


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "the score is points",
            "the score is pionts",
            "lantern.rules:8:14: error: the score is 'pionts', which is no number declared; "
            "did you mean 'points'?",
        ),
        (
            "0..6 of players",
            "0..6 of plaeyrs",
            "lantern.rules:6:1: error: light is a number of 'plaeyr', which is neither the "
            "players, the game nor a kind of card; did you mean 'player'?",
        ),
        (
            "deck is a zone, face down",
            "deck is a zone, face dwn",
            "lantern.rules:15:17: error: cannot read 'face' in the zone deck",
        ),
        (
            "players are 2 to 4 seats",
            "players are 2 to seats",
            "lantern.rules:5:13: error: write how many play: 'players are 2 to 4 seats'",
        ),
        (
            "light is a number 0..6 of players, starting at 3",
            "light is a number 0..6 of players, starting at 9",
            "lantern.rules:6:1: error: light starts at 9, outside 0..6",
        ),
        (
            "holding actions",
            "holding acts",
            "lantern.rules:17:1: error: the zone actions holds 'act', which is no kind of card; "
            "did you mean 'action'?",
        ),
    ],
)
def test_a_misdeclared_world_is_told_where_with_what_to_write(
    old: str, new: str, error: str
) -> None:
    found = errors_of(changed(TEXT, old, new))
    assert any(line.startswith(error) for line in found), found


# ---- numbers as expressions -----------------------------------------------------------------


def test_a_condition_compares_your_number_at_most(lantern) -> None:
    # Lamp Oil: "If your light is at most 2, gain light equal to the number of monsters at this
    # stop plus 1."
    low = at_turn(lantern, "Lamp Oil", light=2)
    put(low, "Bog Wight", "Mill")
    put(low, "Marsh Hound", "Mill")
    low = use(low, "Play: Lamp Oil")
    assert low.ops.value("p1", "light") == 2 + 2 + 1
    high = at_turn(lantern, "Lamp Oil", light=3)
    high = use(high, "Play: Lamp Oil")
    assert high.ops.value("p1", "light") == 3


def test_a_count_of_pieces_at_a_place(lantern) -> None:
    # Campfire: "Gain light equal to the number of lanterns at this stop." (each player's pawn)
    game = at_turn(lantern, "Campfire", light=1, stop="Gate")
    game.ops.move_pawn("p2", "Gate")
    game = use(game, "Play: Campfire")
    assert game.ops.value("p1", "light") == 1 + 2
    alone = at_turn(lantern, "Campfire", light=1, stop="Tower")
    alone = use(alone, "Play: Campfire")
    assert alone.ops.value("p1", "light") == 1 + 1


def test_the_higher_of_two_numbers(lantern) -> None:
    # Beacon: "Gain points equal to the higher of your light and 2."
    for light, gained in ((1, 2), (5, 5)):
        game = at_turn(lantern, "Beacon", light=light)
        game = use(game, "Play: Beacon")
        assert game.ops.value("p1", "points") == gained


def test_a_filter_compares_a_number_of_each_candidate(lantern) -> None:
    # Ward: "Discard a monster with strength below 3 at this stop." (Bog Wight 2, Marsh Hound 4)
    game = at_turn(lantern, "Ward", light=3)
    put(game, "Bog Wight", "Mill")
    put(game, "Marsh Hound", "Mill")
    game = use(game, "Play: Ward")
    assert game.state.cards["Bog Wight"]["zone"] == "discard"
    assert game.state.cards["Marsh Hound"]["at"] == "Mill"


def test_a_number_read_from_a_card_and_its_other_number(lantern) -> None:
    # Fight: "Lose light equal to the strength of a monster at this stop to gain points equal to
    # its reward. Then discard it."
    game = at_turn(lantern, "Glow Jar", light=5)
    for monster in ("Bog Wight", "Marsh Hound"):
        game.ops.move_card(monster, zone="discard", why="test")
    put(game, "Marsh Hound", "Mill")
    game = use(game, "Take: Fight")
    assert (game.ops.value("p1", "light"), game.ops.value("p1", "points")) == (1, 3)
    assert game.state.cards["Marsh Hound"]["zone"] == "discard"


def test_a_cost_read_as_a_number_is_paid_in_full_or_refused(lantern) -> None:
    game = at_turn(lantern, "Glow Jar", light=3)
    game.ops.move_card("Bog Wight", zone="discard", why="test")
    put(game, "Marsh Hound", "Mill")  # strength 4: more light than p1 has
    game = use(game, "Take: Fight")
    again = game.pending()
    assert again is not None and again.who == "p1" and "Take: Fight" not in again.options
    assert game.ops.value("p1", "points") == 0


def test_the_printed_card_says_the_numbers_as_written(lantern) -> None:
    from dsl.printer import render_card

    said = {c.name: render_card(c).replace("\n", " ") for c in lantern.all_cards}
    assert (
        "If your light is at most 2, gain light equal to the number of monsters at this stop "
        "plus 1." in said["Lamp Oil"]
    )
    assert "Gain points equal to the higher of your light and 2." in said["Beacon"]
    assert "with strength below 3" in said["Ward"]


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "the higher of your light and 2",
            "the higher of your light",
            "lantern.rules:65:30: error: write 'the higher of A and B'",
        ),
        (
            "If your light is at most 2",
            "If your light is at most the colour of it",
            "lantern.rules:59:34: error: 'the colour of it' is not a number the language reads",
        ),
        (
            "equal to the number of monsters at this stop plus 1",
            "equal to the number of monsters at this stop plus lots",
            "lantern.rules:59:98: error: 'lots' is not a number the language reads",
        ),
    ],
)
def test_a_number_the_language_cannot_read_is_told_where_with_the_forms(
    old: str, new: str, error: str
) -> None:
    found = errors_of(changed(TEXT, old, new))
    assert any(line.startswith(error) for line in found), found


# ---- iteration: "For each ..., " ------------------------------------------------------------


def test_for_each_runs_the_sentence_once_per_thing_found_each_being_it(lantern) -> None:
    # Bell: "For each monster at this stop, gain points equal to its reward." (2 and 3)
    game = at_turn(lantern, "Bell", light=3)
    put(game, "Bog Wight", "Mill")
    put(game, "Marsh Hound", "Mill")
    game = use(game, "Play: Bell")
    assert game.ops.value("p1", "points") == 2 + 3
    none_here = at_turn(lantern, "Bell", light=3, stop="Tower")
    for monster in ("Bog Wight", "Marsh Hound"):
        none_here.ops.move_card(monster, zone="discard", why="test")
    none_here = use(none_here, "Play: Bell")
    assert none_here.ops.value("p1", "points") == 0


def test_for_each_that_moves_each_thing_found(lantern) -> None:
    # Smoke: "For each monster at this stop, move it to an adjacent stop." (Mill: Gate, Bridge)
    game = at_turn(lantern, "Smoke", light=3)
    put(game, "Bog Wight", "Mill")
    put(game, "Marsh Hound", "Mill")
    game = use(game, "Play: Smoke")
    while (decision := game.pending()) is not None and decision.who == "p1":
        if decision.kind == "action":
            break
        game.apply(decision.options[0])
    where = {game.state.cards[m]["at"] for m in ("Bog Wight", "Marsh Hound")}
    assert where <= {"Gate", "Bridge"}


def test_for_each_piece_goes_through_each_one(lantern) -> None:
    # Chorus: "For each lantern at this stop, gain 1 light." (each player's pawn is a lantern)
    game = at_turn(lantern, "Chorus", light=1, stop="Gate")
    game.ops.move_pawn("p2", "Gate")
    game = use(game, "Play: Chorus")
    assert game.ops.value("p1", "light") == 1 + 2


def test_for_each_without_its_comma_is_told_with_the_form() -> None:
    text = changed(
        TEXT, "For each monster at this stop, gain", "For each monster at this stop gain"
    )
    found = errors_of(text)
    assert any(
        "error: write what the sentence goes through, a comma, then what it does: 'For each "
        "relic at this stop, ...'" in line
        for line in found
    ), found


def test_for_each_is_printed_as_written(lantern) -> None:
    from dsl.printer import render_card

    bell = render_card(lantern.card("Bell", "relic")).replace("\n", " ")
    assert "For each monster at this stop, gain points equal to its reward." in bell


# ---- fallback: "A, else B" --------------------------------------------------------------------


def test_the_first_alternative_that_can_happen_runs(lantern) -> None:
    # Snare: "Discard a Beast monster at this stop, else gain 1 light."
    beast = at_turn(lantern, "Snare", light=3)
    put(beast, "Marsh Hound", "Mill")  # a Beast
    beast = use(beast, "Play: Snare")
    assert beast.state.cards["Marsh Hound"]["zone"] == "discard"
    assert beast.ops.value("p1", "light") == 3
    spirit = at_turn(lantern, "Snare", light=3)
    spirit.ops.move_card("Marsh Hound", zone="discard", why="test")
    put(spirit, "Bog Wight", "Mill")  # a Spirit: nothing to discard, so the light
    spirit = use(spirit, "Play: Snare")
    assert spirit.state.cards["Bog Wight"]["at"] == "Mill"
    assert spirit.ops.value("p1", "light") == 4


def test_else_is_printed_as_written(lantern) -> None:
    from dsl.printer import render_card

    snare = render_card(lantern.card("Snare", "relic")).replace("\n", " ")
    assert "Discard a Beast monster at this stop, else gain 1 light." in snare


# ---- a number's texts at a value (thresholds) -------------------------------------------------

HARVEST = """ruleset "Harvest" version "1"
players are 2 seats
gold is a number 0.. of players, starting at 10
happiness is a number 0..10 of players, starting at 5 {
  dire 0..2
  content 8..10
  At 0: Lose 3 gold.
  At 10 back to 5: Gain 2 gold.
}
card kinds are kinds of cards: order
kind order {
}
trigger "Use" activated for order
orders is a zone, holding orders
order "Feast" {
  Use: Gain 7 happiness.
}
order "Pray" {
  Use: If your happiness is dire, gain 2 happiness. If your happiness is not content, gain 1 gold.
}
procedure "Game" {
  Rounds: for each player in turn order, do take an action
  teardown: do end the game
}
"""


@pytest.fixture(scope="module")
def harvest():  # type: ignore[no-untyped-def]
    from dsl.loader import load_text

    return load_text(HARVEST, "harvest.rules")


def test_a_number_runs_its_text_when_it_reaches_the_value(harvest) -> None:
    game = new_game(harvest, seed=1, players=2)
    game.pending()
    game.ops.change("p1", "happiness", -9, why="test")  # from 5: reaches 0, the rest is lost
    assert game.ops.value("p1", "happiness") == 0
    assert game.ops.value("p1", "gold") == 10 - 3
    reached = [e.data for e in game.events if e.kind == WorldEvent.THRESHOLD_REACHED]
    assert reached == [{"owner": "p1", "property": "happiness", "at": 0}]
    game.ops.change("p2", "happiness", -4, why="test")  # 5 to 1: no text runs
    assert game.ops.value("p2", "gold") == 10


def test_a_number_goes_back_and_keeps_moving_after_its_text(harvest) -> None:
    game = new_game(harvest, seed=1, players=2)
    game = use(game, "Use: Feast")  # 5 + 7: reaches 10, back to 5, then 2 more
    assert game.ops.value("p1", "happiness") == 7
    assert game.ops.value("p1", "gold") == 12


def test_a_band_of_a_number_is_a_condition(harvest) -> None:
    # Pray: "If your happiness is dire, gain 2 happiness. If your happiness is not content,
    # gain 1 gold." (dire 0..2, content 8..10)
    for happiness, after, gold in ((1, 3, 11), (2, 4, 11), (3, 3, 11), (9, 9, 10)):
        game = new_game(harvest, seed=1, players=2)
        game.pending()
        game.state.values["p1"]["happiness"] = happiness
        game = use(game, "Use: Pray")
        assert (game.ops.value("p1", "happiness"), game.ops.value("p1", "gold")) == (after, gold)


def test_a_band_is_printed_as_written(harvest) -> None:
    from dsl.printer import render_card

    pray = render_card(harvest.card("Pray", "order")).replace("\n", " ")
    assert "If your happiness is dire, gain 2 happiness." in pray
    assert "If your happiness is not content, gain 1 gold." in pray


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("At 0:", "At 11:", "harvest.rules:7:3: error: happiness never is 11: it runs 0..10"),
        ("At 0:", "When empty:", "harvest.rules:7:3: error: a text of happiness says the value"),
        (
            "content 8..10",
            "content 8..12",
            "harvest.rules:6:11: error: happiness: the band content 8..12 is not within 0..10",
        ),
        ("content 8..10", "dire 8..10", "harvest.rules:6:3: error: happiness: the band 'dire'"),
        (
            "gold is a number 0.. of players, starting at 10",
            "gold are zones {\n  At 0: Gain 1 happiness.\n}",
            "harvest.rules:4:3: error: only a number declared in the world has texts",
        ),
    ],
)
def test_a_misplaced_text_of_a_number_is_told_where(old: str, new: str, error: str) -> None:
    checked = check_sources([Source("harvest.rules", changed(HARVEST, old, new))])
    found = [d.headline() for d in checked.diagnostics.items]
    assert any(line.startswith(error) for line in found), found
