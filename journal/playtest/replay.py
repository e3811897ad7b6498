"""``chronicler play --replay GAME``: a stored simulation game shown turn by turn.

The store keeps the game's text (by digest), seeds, characters and answers; the sessions are
rebuilt from them without the bot (the ruleset's ``playtest.replay``), and the account and the
closing lines are the ruleset's own."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from dsl.contract import Ruleset
from dsl.errors import ChroniclerError, UsageError

from . import store, texts


def show_replay(
    found: Ruleset, game_id: int, store_file: str, *, year: int | None, as_json: bool
) -> None:
    path = Path(store_file)
    if not path.is_file():
        raise UsageError(f"--store {store_file}: no simulation store there")
    con = store.connect(path, read_only=True)
    try:
        info, sessions = store.stored_game(con, game_id)
    finally:
        con.close()
    if info["package"] != found.package:
        raise UsageError(f"game {game_id} is a game of {info['ruleset']}, not {found.name}")
    if not sessions:
        raise ChroniclerError(f"game {game_id} stopped on an error: there is nothing to replay")
    last = year or info["year"] or sessions[-1]["year"]
    sessions = [s for s in sessions if s["year"] <= last]
    if not sessions or sessions[-1]["year"] != last:
        raise UsageError(f"game {game_id} did not play year {last}")
    game = found if texts.digest(found) == info["digest"] else None
    if game is None:
        game = texts.materialize(info["files"], found.package, "replay")
    if game.playtest is None or game.engine is None:
        raise ChroniclerError(f"{game.name} has no games to replay")
    played = game.playtest.replay(sessions)
    if as_json:
        for event in played.events:
            typer.echo(json.dumps({"kind": event.kind, **event.data}, sort_keys=True))
        return
    console = Console(highlight=False, soft_wrap=True, width=100)
    console.print(
        f"[bold]Game {game_id}[/] of {escape(info['ruleset'])} (text {info['digest']}), "
        f"seed {info['seed']}, {escape(info['bot'])} bot, year {last}"
    )
    for line in game.journal.account.narrate(played.events):
        console.print(line, markup=True)
    for line in game.engine.outcome(played).lines:
        console.print(line, markup=True)
