"""The journal's part for every game the world engine plays (``KEEPER``, named by the world
plugin's ``JournalPart.keeper``): a campaign is a series of games, each a session of the one
ledger with a scene a round, and entries for the game begun, each round and the result
(``payloads.py``). It keeps no tables of its own, so a bundle is the ledger's alone.

A game played by bots is recorded whole (``recording.py``): an entry fixed later is kept as
recorded (the rules are not run again over a game already played)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from sqlmodel import Session

from dsl.contract import Ruleset
from journal import ledger
from journal.keepers import Draft, KeepsNoTables
from journal.models import Campaign, Entry
from journal.world import payloads as p
from journal.world.recording import games_of, ruleset_key
from journal.world.standings import Standings, standings


@dataclass
class Table:
    """The campaign as its entries so far left it: the games begun and the results."""

    games: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _standing_lines(table: Standings) -> list[str]:
    return [
        f"  {row.player}: {_count(row.wins, 'win')}, {row.points} points "
        f"in {_count(row.games, 'game')}"
        for row in table.rows
    ]


@dataclass(frozen=True)
class World(KeepsNoTables):
    name: str = "world"
    own: type[BaseModel] | None = None

    @property
    def entry_models(self) -> Mapping[str, type[BaseModel]]:
        return p.ENTRY_MODELS

    def start(self, s: Session, name: str, game: Ruleset) -> Campaign:
        version = str(game.compiled().version or "")
        return ledger.create_campaign(s, name, ruleset=ruleset_key(game), ruleset_version=version)

    def standing(self, s: Session, campaign: Campaign) -> str:
        games = games_of(s, campaign)
        return _count(len(games), "game")

    def shown(self, s: Session, campaign: Campaign, upto: int | None) -> list[str]:
        games = [g for g in games_of(s, campaign) if upto is None or g["number"] <= upto]
        lines = [f"{campaign.name}: {_count(len(games), 'game')} of {campaign.ruleset}"]
        for g in games:
            result = g["result"] or {}
            winners = ", ".join(result.get("winners", [])) or "no winner"
            scores = ", ".join(f"{k} {v}" for k, v in result.get("scores", {}).items())
            lines.append(f"Game {g['number']}: {winners} ({scores})")
        table = standings(games)
        if table.rows:
            lines.append(f"Standings over {_count(table.games, 'game')}:")
            lines += _standing_lines(table)
        return lines

    def listed(self, s: Session, campaign: Campaign) -> dict[str, Any]:
        return {"games": len(games_of(s, campaign))}

    def shown_json(self, s: Session, campaign: Campaign, upto: int | None) -> dict[str, Any]:
        games = [g for g in games_of(s, campaign) if upto is None or g["number"] <= upto]
        table = standings(games)
        return {
            "games": [
                {"number": g["number"], "result": g["result"], "rounds": len(g["rounds"])}
                for g in games
            ],
            "standings": [row.__dict__ for row in table.rows],
        }

    def empty(self, s: Session, campaign: Campaign) -> Table:
        return Table()

    def after(self, state: Any, entry: Entry) -> Table:
        table = Table(state.games, list(state.results))
        if entry.kind == p.RecordKind.GAME:
            table.games += 1
        elif entry.kind == p.RecordKind.RESULT:
            table.results.append(dict(entry.payload))
        return table

    def again(self, s: Session, campaign: Campaign, state: Any, entry: Entry) -> Draft:
        model = p.ENTRY_MODELS[entry.kind]
        payload = model.model_validate(entry.payload)
        return Draft(entry.kind, payload, entry.summary, entry.who, entry.text)

    def markdown(self, s: Session, campaign: Campaign) -> list[str]:
        from journal.bundle import started_line

        lines = [f"# {campaign.name}", "", started_line(campaign), ""]
        for g in games_of(s, campaign):
            lines += [f"## Game {g['number']}", ""]
            for r in g["rounds"]:
                lines += [f"### {r.get('title') or 'Round ' + str(r['round'])}", ""]
                lines += [f"- {x['player']} reveals {x['answer']}" for x in r["revealed"]]
                lines += [f"- {line}" for line in r["happened"]]
                lines.append("")
            result = g["result"] or {}
            lines += [f"- {k}: {v}" for k, v in result.get("scores", {}).items()]
            lines.append("")
        return lines


KEEPER = World()
