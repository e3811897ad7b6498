"""The published site of a campaign of games played by seats (``chronicler publish`` on a
campaign of a ruleset the world engine plays): a home page with the standings (wins and points
per player, with the games they rest on) and the games, a timeline of the games, and a page per
game with its final scores by category, each track over the game (a row a player, a column a
round) and each round with what was revealed and what happened.

The pages are Jinja2 templates with autoescaping (``journal/website/templates/world/``): every
name, answer and line recorded reaches the page as text. Page paths are built from whole numbers
only."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from sqlmodel import Session

from journal import ledger
from journal.website.pages import Site, front_matter
from journal.world.recording import games_of
from journal.world.standings import Standings, standings

TEMPLATES = Path(__file__).resolve().parent.parent / "website" / "templates"


def game_page(number: int) -> str:
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"a page number is a whole number, not {number!r}")
    return f"games/game-{number}.md"


@dataclass(frozen=True)
class TrackRow:
    player: str
    values: list[int | None]  # after each round (None: not known yet)


@dataclass(frozen=True)
class TrackShown:
    name: str
    players: list[TrackRow]


@dataclass(frozen=True)
class GameShown:
    number: int
    begun: dict[str, Any] | None
    rounds: list[dict[str, Any]]
    result: dict[str, Any] | None
    categories: list[str]
    tracks: list[TrackShown]


@dataclass(frozen=True)
class GamesPages:
    campaign: str
    ruleset: str
    games: list[GameShown]
    standings: Standings


def _shown(game: dict[str, Any]) -> GameShown:
    rounds = list(game["rounds"])
    seats = list((game["game"] or {}).get("seats", []))
    names: list[str] = []
    for r in rounds:
        for player, values in r.get("tracks", {}).items():
            if player not in seats:
                seats.append(player)
            names += [n for n in values if n not in names]
    tracks = [
        TrackShown(
            name,
            [
                TrackRow(p, [r.get("tracks", {}).get(p, {}).get(name) for r in rounds])
                for p in seats
            ],
        )
        for name in sorted(names)
    ]
    result = game["result"]
    categories: list[str] = []
    for by in (result or {}).get("categories", {}).values():
        categories += [c for c in by if c not in categories]
    return GameShown(game["number"], game["game"], rounds, result, categories, tracks)


def read_games(s: Session, campaign_name: str) -> GamesPages:
    campaign = ledger.get_campaign(s, campaign_name)
    games = games_of(s, campaign)
    ruleset = Path(campaign.ruleset).name if "/" in campaign.ruleset else campaign.ruleset
    return GamesPages(campaign.name, ruleset, [_shown(g) for g in games], standings(games))


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def build(pages: GamesPages) -> Site:
    """The site's pages (Markdown holding raw HTML blocks) and navigation."""
    env = _environment()
    name = pages.campaign
    site = Site(name=name, tagline=f"games of {pages.ruleset}")
    site.pages["index.md"] = front_matter(
        description=f"{name}: the standings and games of a {pages.ruleset} campaign."
    ) + env.get_template("world/home.md.j2").render(
        campaign=name, ruleset=pages.ruleset, games=pages.games, standings=pages.standings
    )
    site.nav.append({"Home": "index.md"})
    listed = []
    for game in pages.games:
        path = game_page(game.number)
        site.pages[path] = front_matter(
            description=f"Game {game.number} of {name}: its rounds, tracks and scores."
        ) + env.get_template("world/game.md.j2").render(game=game)
        listed.append({f"Game {game.number}": path})
    if listed:
        site.nav.append({"Games": listed})
    site.pages["timeline.md"] = env.get_template("world/timeline.md.j2").render(games=pages.games)
    site.nav.insert(1, {"Timeline": "timeline.md"})
    return site
