"""A game the players play together, and a campaign of sessions (``dsl/world/together.py``),
tried on *Beacons*, a made-up game of keepers: "the result is the table Outcome, a win from 1"
reads the table by the number of the game it is by, for the whole table; "the campaign is over
once year is above years" makes a game ending before that a session of a campaign that goes on,
with no result, no score and no winner, and leaves the numbers of the game and the burnt cards
for the next session to start from. And "A times B" as a number."""

from __future__ import annotations

import pytest
from test_39_burning import BEACONS as BURNING

from dsl.loader import Source, check_sources, load_text
from dsl.world.burning import burnt
from dsl.world.game import WorldGame, new_game
from dsl.world.together import CarryError, carried, carry_into

BEACONS = (
    BURNING.replace(
        "light is a number 0..30 of the game\n",
        "light is a number 0..30 of the game\n"
        "beacons lit is a number 0..3 of the game\n"
        "points is a number 0.. of the game\n"
        "the score is points\n"
        "the result is the table Outcome, a win from 1\n"
        "the campaign is over once year is above years\n"
        "value years = 3 in 1..\n",
    )
    .replace(
        'trigger "Take" activated for action\n',
        'trigger "Take" activated for action\n'
        'table "Outcome" by "beacons lit" {\n'
        '  0: "Darkness"\n'
        '  1: "A Glimmer"\n'
        '  2-3: "Dawn"\n'
        "}\n",
    )
    .replace(" Gain 10 light.\n", "\n")
    .replace(
        "  Year: Gain 1 year.\n",
        "  Year: Gain 1 year.\n"
        "  Count: If light is at least 5 and year is more than the years, gain 1 beacons lit.\n"
        "  Score: If year is more than the years, gain points equal to light times 2.\n",
    )
)


def night(year: int, shine: bool, text: str = BEACONS, players: int = 2) -> WorldGame:
    """The night of ``year``: the first keeper shines (or not), everyone passes."""
    game = new_game(load_text(text), seed=3, players=players)
    game.pending()
    game.state.values[""]["year"] = year
    if shine:
        game.apply("Take: Shine")
    while game.pending() is not None:
        game.apply("pass")
    return game


def ended(game: WorldGame) -> dict[str, object]:
    (end,) = [e.data for e in game.events if e.kind == "game_ended"]
    return dict(end)


def test_the_text_checks() -> None:
    errors = check_sources([Source("beacons.rules", BEACONS)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_a_session_before_the_last_ends_with_no_result_and_the_campaign_goes_on() -> None:
    game = night(year=1, shine=True)
    assert game.state.over
    assert game.state.result["session"] == {"number": "year", "at": 2}
    assert game.state.result["tied"] == [] and game.state.result["scores"] == {}
    assert ended(game)["session"] == {"number": "year", "at": 2}
    assert "result" not in game.state.result
    assert game.ops.value("", "points") == 0  # the campaign's end did not happen


def test_the_last_session_ends_the_campaign_with_the_tables_row_and_one_score() -> None:
    game = night(year=3, shine=True)
    result = game.state.result
    assert result["result"] == "A Glimmer"  # one beacon lit: the row for 1
    assert result["score"] == 10  # light 5, times 2
    assert result["scores"] == {"p1": 10, "p2": 10}  # the table's score, each seat's the same
    assert result["tied"] == ["p1", "p2"] and result["ranking"] == []  # every seat wins
    assert ended(game)["result"] == "A Glimmer"


def test_below_the_win_no_seat_wins() -> None:
    result = night(year=3, shine=False).state.result
    assert result["result"] == "Darkness" and result["tied"] == [] and result["score"] == 0


def test_a_game_without_a_campaign_ends_with_its_result_at_once() -> None:
    text = BEACONS.replace("the campaign is over once year is above years\n", "")
    assert night(year=1, shine=False, text=text).state.result["result"] == "Darkness"


def test_a_game_without_a_result_still_ranks_its_seats() -> None:
    text = BEACONS.replace("the result is the table Outcome, a win from 1\n", "").replace(
        "the campaign is over once year is above years\n", ""
    )
    result = night(year=3, shine=True, text=text).state.result
    assert "result" not in result and result["ranking"] == ["p1", "p2"]


def test_a_saved_session_ends_the_same() -> None:
    game = new_game(load_text(BEACONS), seed=3, players=1)
    game.pending()
    game.state.values[""]["year"] = 3
    saved = WorldGame.from_json(game.ruleset, game.to_json())
    saved.pending()
    saved.apply("pass")
    saved.pending()
    assert saved.state.result["result"] == "Darkness"


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "the table Outcome, a win",
            "the table Outcom, a win",
            "the result is table \"Outcom\", which is not declared; did you mean 'Outcome'?",
        ),
        ('by "beacons lit"', 'by "lit beacons"', "which is no number of the game"),
        (
            "points is a number 0.. of the game",
            "points is a number 0.. of players",
            "the score 'points' must be a number of the game",
        ),
        ("over once year is", "over once yeer is", "the campaign counts 'yeer'"),
        ("is above years", "is above yeers", "the campaign's end 'yeers' is no declared value"),
        ("a win from 1", "a win at 1", "write 'the result is the table <name>, a win from <N>'"),
        ("is over once year", "is done once year", "write 'the campaign is over once"),
    ],
)
def test_each_declaration_is_checked_where_it_is_written(old: str, new: str, said: str) -> None:
    text = BEACONS.replace(old, new)
    assert text != BEACONS
    errors = check_sources([Source("beacons.rules", text)]).diagnostics.errors
    assert any(said in e.message for e in errors), [e.message for e in errors]
    line = next(n for n, t in enumerate(text.splitlines(), 1) if new in t or "the result" in t)
    assert any(e.span.line in (line, line + 1, line + 2) for e in errors)


def test_times_multiplies() -> None:
    text = BEACONS.replace("light times 2", "light times 2 plus 1")
    assert night(year=3, shine=True, text=text).state.result["score"] == 11  # 5 x 2, then + 1


def test_a_session_leaves_its_numbers_and_burnt_cards_and_the_next_starts_from_them() -> None:
    first = night(year=1, shine=True)
    left = carried(first)
    assert left["numbers"][""]["year"] == 2 and left["numbers"][""]["light"] == 5
    assert left["burnt"] == burnt(first.state) and len(left["burnt"]) == 2
    assert not set(first.state.players) & set(left["numbers"])  # a seat's numbers do not carry
    second = new_game(load_text(BEACONS), seed=4, players=1)
    carry_into(second, left)
    assert second.ops.value("", "year") == 2 and second.ops.value("", "light") == 5
    assert burnt(second.state) == left["burnt"]
    assert not set(left["burnt"]) & set(second.state.zones["relic deck"])


def test_a_game_of_no_campaign_leaves_nothing_and_a_strange_state_is_refused() -> None:
    text = BEACONS.replace("the campaign is over once year is above years\n", "")
    assert carried(night(year=1, shine=False, text=text)) == {}
    game = new_game(load_text(BEACONS), seed=4, players=1)
    with pytest.raises(CarryError, match="'glory', a number this text does not carry"):
        carry_into(game, {"numbers": {"": {"glory": 1}}})
    with pytest.raises(CarryError, match="'Harp', a card this text lacks"):
        carry_into(game, {"burnt": ["Harp"]})
