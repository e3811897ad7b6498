"""A card's text resolved for each card a phrase finds, by its step (``dsl/world/resolving.py``,
``dsl/world/host.py``, ``dsl/numbers.py``), tried on *Hero Road* (``test_33_played_cards.py``)
with omens: each scout has three omen cards naming it, steps 1 to 3, and "dread" counts the steps
taken. ``Resolve the Omen text of each omen you have with step above your dread with step of at
most your dread plus 2.`` runs the texts of the omens naming the acting player's scout (the
cards "you have": held, or naming the card you play), every one found, in order, and no other
scout's; two filters on the same field each read a number to the next filter. "Each other scout
in play" is every scout on the map but the acting player's; a scout burnt is out, its player
passing as one knocked out does."""

from __future__ import annotations

from test_33_played_cards import ROAD

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game


def omens(scout: str) -> str:
    return (
        f'omen "{scout} 1" {{\n  scout "{scout}" · step 1\n'
        "  Omen: Each other scout in play loses 1 nerve.\n}\n"
        f'omen "{scout} 2" {{\n  scout "{scout}" · step 2\n  Omen: Gain 2 grit.\n}}\n'
        f'omen "{scout} 3" {{\n  scout "{scout}" · step 3\n  Omen: Burn scout "{scout}".\n}}\n'
    )


OMENS = (
    ROAD.replace("stop, scout, action", "stop, scout, omen, action")
    .replace(
        "nerve is a number 0..5 of scouts, starting at 3\n",
        "nerve is a number 0..5 of scouts, starting at 3\n"
        "dread is a number 0..3 of scouts, starting at 0\n",
    )
    .replace(
        "kind action {",
        'kind omen {\n  scout scout\n  step int 1..3\n}\ntrigger "Omen" on omen for omen\n'
        "kind action {",
    )
    .replace(
        'action "Rest" {',
        omens("Ada")
        + omens("Bram")
        + omens("Cora")
        + 'action "Darken" {\n  Take: Resolve the Omen text of each omen you have with step above\n'
        "    your dread with step of at most your dread plus 2. Gain 2 dread.\n}\n"
        'action "First" {\n  Take: Resolve the Omen text of each omen you have with step of\n'
        "    at most 1 with step above your dread.\n}\n"
        'action "Rest" {',
    )
    .replace(
        "  Turns: for each player in turn order, do take an action\n",
        "  Acts: players act in any order until all pass\n",
    )
)


def start() -> WorldGame:
    game = new_game(load_text(OMENS), seed=3, players=2)
    game.pending()
    return game


def scout_of(game: WorldGame, player: str) -> str:
    (card,) = [
        c
        for c, info in game.state.cards.items()
        if info.get("player") == player and info["kind"] == "scout"
    ]
    return card


def value(game: WorldGame, card: str, name: str) -> int:
    return game.ops.value(card, name)


def test_the_text_checks() -> None:
    errors = check_sources([Source("road.rules", OMENS)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_each_card_found_between_the_two_steps_is_resolved_and_only_yours() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    grit = value(game, mine, "grit")
    game.apply("Take: Darken")  # steps 1 and 2 of my scout: not 3, none of theirs
    assert value(game, mine, "dread") == 2
    assert value(game, mine, "grit") == min(grit + 2, 6)
    assert value(game, theirs, "nerve") == 2 and value(game, mine, "nerve") == 3
    assert value(game, theirs, "dread") == 0 and game.state.cards[mine]["zone"] != "burnt"


def test_other_scouts_in_play_are_those_on_the_map_but_yours() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    (benched,) = {"Ada", "Bram", "Cora"} - {mine, theirs}
    game.apply("Take: First")
    assert value(game, theirs, "nerve") == 2
    assert value(game, benched, "nerve") == 3 and value(game, mine, "nerve") == 3


def test_a_figure_ends_the_first_filter_and_a_step_taken_is_found_no_more() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.state.values[mine]["dread"] = 1  # step 1 taken: "at most 1" and "above 1" find none
    game.apply("Take: First")
    assert value(game, theirs, "nerve") == 3


def test_the_last_step_burns_the_scout_and_its_player_is_asked_no_more() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.state.values[mine]["dread"] = 2
    game.apply("Take: Darken")  # step 3 only: there is no step 4
    assert game.state.cards[mine]["zone"] == "burnt" and value(game, mine, "dread") == 3
    decision = game.pending()
    assert decision is not None and decision.who == "p2"
    game.apply("pass")
    assert game.pending() is None or game.pending().who != "p1"  # type: ignore[union-attr]


def _error_line(text: str, marker: str) -> tuple[list[str], int]:
    errors = check_sources([Source("road.rules", text)]).diagnostics.errors
    line = next(n for n, t in enumerate(text.splitlines(), 1) if marker in t)
    return [f"{e.span.line}: {e.message}" for e in errors], line


def test_a_trigger_the_kind_does_not_have_is_told_where_written() -> None:
    text = OMENS.replace(
        "Resolve the Omen text of each omen you have with step of",
        "Resolve the Take text of each omen you have with step of",
    )
    errors, line = _error_line(text, "Resolve the Take text")
    assert errors and errors[0].startswith(f"{line}: no omen has a 'Take' text"), errors


def test_a_number_no_card_has_is_told_where_written() -> None:
    text = OMENS.replace("with step above\n    your dread", "with step above\n    your drad")
    errors, line = _error_line(text, "your drad")
    assert errors and errors[0].startswith(f"{line}:"), errors
