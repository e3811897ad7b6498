"""The published site of a campaign of games played by seats (``chronicler publish`` on a
campaign of a ruleset the world engine plays): a home page with the standings (wins and points
per player, with the games they rest on) and the games, a timeline of the games, and a page per
game with its final scores by category, each track over the game (a chart with a line a player,
and a table with a row a player and a column a round) and each round with what was revealed and
what happened. A campaign of sessions played together (``dsl/world/together.py``) shows no
standings but each number of the game over the years: a table with a row a number and a column
a game.

The pages are Jinja2 templates with autoescaping (``journal/website/templates/world/``): every
name, answer and line recorded reaches the page as text. Page paths are built from whole numbers
only."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from sqlmodel import Session

from journal import ledger
from journal.website.pages import Site, front_matter
from journal.world.recording import games_of, together_said
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
class Line:
    """One player's line on a track's chart: its points (numbers only) and where its name goes."""

    player: str
    points: str
    x: int
    y: int
    colour: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    low: int
    high: int
    lines: list[Line]


@dataclass(frozen=True)
class TrackShown:
    name: str
    players: list[TrackRow]
    chart: Chart | None = None


COLOURS = ("#8d3b00", "#1f5f8b", "#2e7d32", "#6a1b9a", "#b71c1c", "#37474f")  # 4.5:1 on white
STEP_X = 70
PLOT_HEIGHT = 100
MARGIN = 20
LABEL_WIDTH = 60


def chart(rows: list[TrackRow]) -> Chart | None:
    """A line a player over the rounds (a value not known yet is left out); none when no
    player's number is known twice."""
    known = [v for row in rows for v in row.values if v is not None]
    columns = max((len(row.values) for row in rows), default=0)
    if columns < 2 or all(sum(v is not None for v in row.values) < 2 for row in rows):
        return None  # no line to draw: each player's number is known once at most
    low, high = min(known), max(known)
    span = max(high - low, 1)

    def y(value: int) -> int:
        return MARGIN + round((high - value) * PLOT_HEIGHT / span)

    lines = []
    for k, row in enumerate(rows):
        at = [(MARGIN + i * STEP_X, y(v)) for i, v in enumerate(row.values) if v is not None]
        if not at:
            continue
        points = " ".join(f"{x},{yy}" for x, yy in at)
        lines.append(Line(row.player, points, at[-1][0] + 6, at[-1][1] + 4, COLOURS[k % 6]))
    width = 2 * MARGIN + (columns - 1) * STEP_X + LABEL_WIDTH
    return Chart(width, 2 * MARGIN + PLOT_HEIGHT, low, high, lines)


@dataclass(frozen=True)
class GameShown:
    number: int
    begun: dict[str, Any] | None
    rounds: list[dict[str, Any]]
    result: dict[str, Any] | None
    categories: list[str]
    tracks: list[TrackShown]
    narration: str = ""  # the session's narration (--note of a game played by bots)
    notes_before: list[dict[str, Any]] = field(default_factory=list)  # noted before round 1
    notes_in: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # by round
    moves_in: dict[int, int] = field(default_factory=dict)  # questions answered, by round
    stopped: dict[str, Any] | None = None  # a game stopped at the table before its end
    # a game played together, or a campaign's session: how its result reads ("" when ranked)
    together: str = ""


@dataclass(frozen=True)
class GamesPages:
    campaign: str
    ruleset: str
    games: list[GameShown]
    standings: Standings
    # a campaign of sessions (``dsl/world/together.py``): each number of the game as each game
    # left it, a row a number and a column a game (``columns``: the games' numbers)
    years: list[TrackRow] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)

    @property
    def together(self) -> bool:
        """Whether the games are played together: no seat is ranked, no standings."""
        return any(g.together for g in self.games)


def over_the_years(games: list[dict[str, Any]]) -> tuple[list[TrackRow], list[int]]:
    """Each number of the game (the tracks, the year...) as each game of a campaign of sessions
    left it: a row a number, a column a game; none when no game carried any."""
    left = [
        (int(g["number"]), dict((g["result"] or {}).get("carried") or {}))
        for g in games
        if (g["result"] or {}).get("carried")
    ]
    if not left:
        return [], []
    names = sorted({n for _, c in left for n in (c.get("numbers") or {}).get("", {})})
    rows = [
        TrackRow(name, [(c.get("numbers") or {}).get("", {}).get(name) for _, c in left])
        for name in names
    ]
    return rows, [number for number, _ in left]


def _shown(game: dict[str, Any]) -> GameShown:
    rounds = list(game["rounds"])
    seats = list((game["game"] or {}).get("seats", []))
    names: list[str] = []
    for r in rounds:
        for player, values in r.get("tracks", {}).items():
            if player not in seats:
                seats.append(player)
            names += [n for n in values if n not in names]
    tracks = []
    for name in sorted(names):
        rows = [
            TrackRow(p, [r.get("tracks", {}).get(p, {}).get(name) for r in rounds]) for p in seats
        ]
        tracks.append(TrackShown(name, rows, chart(rows)))
    result = game["result"]
    categories: list[str] = []
    for by in (result or {}).get("categories", {}).values():
        categories += [c for c in by if c not in categories]
    notes_in: dict[int, list[dict[str, Any]]] = {}
    for note in game.get("notes", []):
        notes_in.setdefault(int(note["round"]), []).append(note)
    moves_in: dict[int, int] = {}
    for move in game.get("moves", []):
        moves_in[int(move["round"])] = moves_in.get(int(move["round"]), 0) + 1
    played = {int(r["round"]) for r in rounds}
    before = [n for k, ns in notes_in.items() if k not in played for n in ns]
    return GameShown(
        game["number"],
        game["game"],
        rounds,
        result,
        categories,
        tracks,
        narration=str(game.get("narration") or ""),
        notes_before=before,
        notes_in=notes_in,
        moves_in=moves_in,
        stopped=game.get("stopped"),
        together=together_said(result) if result else "",
    )


def read_games(s: Session, campaign_name: str) -> GamesPages:
    campaign = ledger.get_campaign(s, campaign_name)
    games = games_of(s, campaign)
    ruleset = Path(campaign.ruleset).name if "/" in campaign.ruleset else campaign.ruleset
    years, columns = over_the_years(games)
    shown = [_shown(g) for g in games]
    return GamesPages(campaign.name, ruleset, shown, standings(games), years, columns)


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
        campaign=name,
        ruleset=pages.ruleset,
        games=pages.games,
        standings=pages.standings,
        together=pages.together,
        years=pages.years,
        columns=pages.columns,
    )
    site.nav.append({"Home": "index.md"})
    site.add_section(
        "Games",
        [
            (
                f"Game {game.number}",
                game_page(game.number),
                f"Game {game.number} of {name}: its rounds, tracks and scores.",
                env.get_template("world/game.md.j2").render(game=game),
            )
            for game in pages.games
        ],
    )
    site.pages["timeline.md"] = env.get_template("world/timeline.md.j2").render(games=pages.games)
    site.nav.insert(1, {"Timeline": "timeline.md"})
    return site
