"""Helpers the procedure's tests share: a session of v19.7 dealt and played by rule."""

from __future__ import annotations

from typing import Any

from dsl.world.bots import RandomBot
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

PASS = "pass"


def session(winters: Any, players: int = 1, seed: int = 1, *, keep: bool = True) -> WorldGame:
    """A session dealt; with ``keep``, each player keeps the first of the two progress cards
    they draw at setup (test_edition_progress_deck.py asks the choice itself)."""
    game = new_game(winters, seed=seed, players=players)
    return keep_first(game) if keep else game


def keep_first(game: WorldGame) -> WorldGame:
    """Each player keeps the first of the two progress cards they draw at setup."""
    for _ in game.state.players:
        decision = game.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        game.apply(decision.options[0])
    return game


def obstacles_in_play(game: WorldGame) -> dict[str, str]:
    """Each obstacle on the location board, with the location it is at."""
    return {
        card: str(info["at"])
        for card, info in game.state.cards.items()
        if info["kind"] == "obstacle" and info.get("at")
    }


def choosing_dice(decision: Any) -> bool:
    """A question asking which action dice to keep or lay (``Keep up to 3 red dice of your
    choice.``, ``lay red dice of your choice on it``)."""
    return decision is not None and str(decision.prompt).startswith(
        ("Which red dice to keep", "Which red dice to lay")
    )


def most_dice(game: WorldGame) -> WorldGame:
    """Every question of dice to keep or lay asked now answered with the last option: the most
    dice, the highest (what the text's old reading did)."""
    while choosing_dice(decision := game.pending()):
        assert decision is not None
        game.apply(decision.options[-1])
    return game


def pass_to_the_end(game: WorldGame) -> int:
    """Every player passes every action phase; how many times they were asked to act. The dice
    kept are the three highest; any other question (where a threat location goes when a track
    reaches its end) takes the first option."""
    asked = 0
    while (decision := game.pending()) is not None:
        if choosing_dice(decision):
            game.apply(decision.options[-1])
            continue
        if PASS not in decision.options:
            assert decision.kind != "action"
            game.apply(decision.options[0])
            continue
        asked += 1
        game.apply(PASS)
    return asked


def play_randomly(game: WorldGame, seed: int) -> WorldGame:
    bot = RandomBot(seed)
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(None, decision))
    return game


# ---- a character facing one obstacle (Overcome Obstacle and the obstacles' own texts) ----

WHERE = "Eastkeep"  # the map's first space: every character token starts there


def play_as(game: WorldGame, player: str, character: str) -> None:
    """Deal ``character`` to ``player`` in place of the one the seed dealt (their stress dice
    at its printed faces)."""
    for info in game.state.cards.values():
        if info.get("player") == player:
            info.update(player=None, at=None, zone="character deck")
    game.state.cards[character].update(player=player, at=game.ops.pawn_at(player), zone=None)


def hold(game: WorldGame, player: str, dice: list[int]) -> None:
    """The action dice ``player`` holds, by face."""
    held = game.state.values[player]
    for face in range(1, 7):
        held.pop(f"red dice#{face}", None)
    for face in dice:
        held[f"red dice#{face}"] = held.get(f"red dice#{face}", 0) + 1
    held["red dice"] = len(dice)


def held(game: WorldGame, player: str = "p1") -> list[int]:
    decl = game.world.property("red dice")
    assert decl is not None
    return faces(game, player, decl)


def laid(game: WorldGame, obstacle: str) -> list[int]:
    decl = game.world.property("laid dice")
    assert decl is not None
    return faces(game, obstacle, decl)


def facing(
    winters: Any, obstacle: str, dice: list[int], rolls: list[int], players: int = 1
) -> WorldGame:
    """A session at its first action: every obstacle off the map but ``obstacle`` at the
    characters' location, Thea played by p1 holding ``dice``, the next dice rolled ``rolls``."""
    game = session(winters, players=players)
    game.pending()
    for card, info in game.state.cards.items():
        if info["kind"] == "obstacle" and info.get("at"):
            game.ops.move_card(card, zone="obstacle deck")
    game.ops.move_card(obstacle, at=WHERE)
    play_as(game, "p1", "Thea")
    hold(game, "p1", dice)
    game.state.dice_script = list(rolls)
    return game.clone()  # asked again, on the table as it now is
