"""Campaign End and Victory: after the sixth year's session the campaign is over. Diplomacy,
stability and espionage are the tracks that win, each complete when its progress marker is alone
on space 12; one is a pyrrhic victory (1 point), two a major (3), three a total (6); each of
technology, military and sorcery whose progress is past its threat adds 1; the score is the
points times the difficulty's factor (standard: 2). The game is cooperative: the result is the
table's, not a ranking of seats. A session before the sixth year's end has no result."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import PASS, session

from dsl.world.game import WorldGame
from rules import registry

GAME = ""


THREATS_LOW = {f"{r} threat": 1 for r in ("diplomacy", "stability", "espionage", "technology")}
THREATS_LOW |= {"military threat": 1, "sorcery threat": 1}


def last_session(winters: Any, tracks: dict[str, int], year: int = 6) -> WorldGame:
    """The session of ``year``, every threat from space 1 and the tracks at the spaces given,
    played to its end with every player passing; before each action phase the obstacles on the
    board go back to the deck, so a threat rises by one turn's new obstacle at most (8 turns:
    never from 1 to 12)."""
    game = session(winters, players=2)
    game.pending()
    game.state.values[GAME]["year"] = year
    game.state.values[GAME].update(THREATS_LOW | tracks)
    while (decision := game.pending()) is not None:
        for card, info in game.state.cards.items():
            if info["kind"] == "obstacle" and info.get("at"):
                game.ops.move_card(card, zone="obstacle deck")
        game.apply(PASS if PASS in decision.options else decision.options[0])
    return game


def outcome(game: WorldGame) -> Any:
    engine = registry.find("six-winters-v19").engine
    assert engine is not None
    return engine.outcome(game)


def test_no_track_complete_is_defeat_and_no_seat_wins(winters: Any) -> None:
    game = last_session(winters, {})
    result = game.state.result
    assert result["result"] == "Defeat" and result["score"] == 0
    assert outcome(game).winners == ()
    assert "Defeat" in outcome(game).lines[0] and "no seat wins" in outcome(game).lines[0]


def test_one_track_complete_is_a_pyrrhic_victory_for_the_whole_table(winters: Any) -> None:
    game = last_session(winters, {"diplomacy progress": 12})
    result = game.state.result
    assert result["result"] == "Pyrrhic Victory"
    assert result["score"] == 1 * 2  # pyrrhic points, times the standard factor
    assert outcome(game).winners == tuple(game.state.players)  # every seat wins
    assert outcome(game).scores == {"p1": 2, "p2": 2}  # the table's one score


def test_two_tracks_and_a_track_past_its_threat(winters: Any) -> None:
    tracks = {"stability progress": 12, "espionage progress": 12, "technology progress": 11}
    result = last_session(winters, tracks).state.result
    assert result["result"] == "Major Victory"
    assert result["score"] == (3 + 1) * 2  # technology 11 is past its threat (9 at most)


def test_total_victory_with_the_three_other_tracks(winters: Any) -> None:
    tracks = {
        f"{resource} progress": 12
        for resource in ("diplomacy", "stability", "espionage", "technology", "military", "sorcery")
    }
    result = last_session(winters, tracks).state.result
    assert result["result"] == "Total Victory" and result["score"] == (6 + 3) * 2


def test_a_progress_marker_sharing_space_12_with_the_threat_is_not_complete(winters: Any) -> None:
    tracks = {"diplomacy progress": 12, "diplomacy threat": 12, "stability progress": 12}
    assert last_session(winters, tracks).state.result["result"] == "Pyrrhic Victory"


def test_a_progress_not_past_its_threat_gives_no_point(winters: Any) -> None:
    result = last_session(winters, {"military progress": 1}).state.result  # threat 1 or more
    assert result["score"] == 0


@pytest.mark.parametrize("year", [1, 5])
def test_a_session_before_the_last_year_has_no_result(winters: Any, year: int) -> None:
    game = last_session(winters, {"diplomacy progress": 12}, year=year)
    result = game.state.result
    assert result["session"] == {"number": "year", "at": year + 1}
    assert "result" not in result and result["scores"] == {}
    assert game.ops.value(GAME, "completed victory tracks") == 0  # Campaign End did nothing
    said = outcome(game)
    assert said.winners == () and "the campaign goes on" in said.lines[0]
