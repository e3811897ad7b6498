"""The simulation store: one DuckDB file of runs, games, sessions and their figures, for the
report and for the designer's own queries (``duckdb simulations.duckdb``).

Tables (every figure row names its ``game_id``; a game is a seed played by one side of a run):

- ``runs``: what was asked (ruleset, digest, bot, year or campaigns, seeds, side, variant)
- ``rulesets``: the ``.rules`` files of every digest played (replays rebuild the text)
- ``games``: one per game: seed, won, reason, the counted year's scheme and characters
- ``sessions``: one per year played, with its seed, characters and answers (JSON)
- ``conditions``, ``runouts``, ``peaks``, ``cards``, ``scenes``: per session
- ``seats``: per session of a game played by seats, each seat's result and score, the bot in
  it and its place in the first turn order
- ``seat_scores``: each seat's score by category (the outcome's categories)
- ``seat_uses``: what each seat used, counted: the cards of the orders it resolved
  (``ordered``), the cards it gained and those it played
- ``counts``: per session, what a game written in text counts (``rules/text/playtest.py``): a
  subject (a card, a place, an event kind, a number, a ruleset's question), its kind, what is
  counted and how many; a subject a session does not name counts 0 there
"""

from __future__ import annotations

import csv
import json
import shlex
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from dsl.errors import ChroniclerError

SCHEMA = """
CREATE SEQUENCE IF NOT EXISTS run_ids START 1;
CREATE TABLE IF NOT EXISTS runs (
  run_id INTEGER PRIMARY KEY, started TIMESTAMP DEFAULT current_timestamp, ruleset VARCHAR,
  digest VARCHAR, bot VARCHAR, year INTEGER, campaigns BOOLEAN, first_seed BIGINT,
  games INTEGER, side VARCHAR, variant VARCHAR, label VARCHAR, finished INTEGER DEFAULT 0,
  interrupted BOOLEAN DEFAULT false);
CREATE TABLE IF NOT EXISTS rulesets (
  digest VARCHAR PRIMARY KEY, name VARCHAR, package VARCHAR, files VARCHAR);
CREATE TABLE IF NOT EXISTS games (
  game_id BIGINT PRIMARY KEY, run_id INTEGER, seed BIGINT, won BOOLEAN, reason VARCHAR,
  year INTEGER, scheme VARCHAR, characters VARCHAR, scenes_completed INTEGER,
  threat_left INTEGER, years_won INTEGER, seconds DOUBLE, error VARCHAR);
CREATE TABLE IF NOT EXISTS sessions (
  game_id BIGINT, year INTEGER, counted BOOLEAN, session_seed BIGINT, characters VARCHAR,
  scheme VARCHAR, won BOOLEAN, reason VARCHAR, scenes_completed INTEGER, threat_left INTEGER,
  turns INTEGER, supply INTEGER, answers VARCHAR);
CREATE TABLE IF NOT EXISTS conditions (
  game_id BIGINT, year INTEGER, character VARCHAR, condition VARCHAR);
CREATE TABLE IF NOT EXISTS runouts (game_id BIGINT, year INTEGER, resource VARCHAR, turn INTEGER);
CREATE TABLE IF NOT EXISTS peaks (game_id BIGINT, year INTEGER, resource VARCHAR, peak INTEGER);
CREATE TABLE IF NOT EXISTS cards (
  game_id BIGINT, year INTEGER, card VARCHAR, kind VARCHAR, drawn INTEGER, taken INTEGER,
  crafted INTEGER, used INTEGER, spent INTEGER);
CREATE TABLE IF NOT EXISTS scenes (
  game_id BIGINT, year INTEGER, scene VARCHAR, completed_turn INTEGER);
CREATE TABLE IF NOT EXISTS seats (
  game_id BIGINT, year INTEGER, seat VARCHAR, won BOOLEAN, score INTEGER);
CREATE TABLE IF NOT EXISTS counts (
  game_id BIGINT, year INTEGER, subject VARCHAR, kind VARCHAR, measure VARCHAR, amount DOUBLE);
ALTER TABLE seats ADD COLUMN IF NOT EXISTS bot VARCHAR;
ALTER TABLE seats ADD COLUMN IF NOT EXISTS place INTEGER;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS decisions INTEGER;
CREATE TABLE IF NOT EXISTS seat_scores (
  game_id BIGINT, year INTEGER, seat VARCHAR, category VARCHAR, points INTEGER);
CREATE TABLE IF NOT EXISTS seat_uses (
  game_id BIGINT, year INTEGER, seat VARCHAR, kind VARCHAR, card VARCHAR, how VARCHAR,
  times INTEGER);
"""

TABLES = (
    "games",
    "sessions",
    "conditions",
    "runouts",
    "peaks",
    "cards",
    "scenes",
    "seats",
    "counts",
    "seat_scores",
    "seat_uses",
)


def connect(path: str | Path, *, read_only: bool = False) -> Any:
    import duckdb

    try:
        con = duckdb.connect(str(path), read_only=read_only)
    except duckdb.Error as error:
        raise ChroniclerError(f"cannot open the simulation store {path}: {error}") from None
    if not read_only:
        con.execute(SCHEMA)
    return con


def keep_text(con: Any, digest: str, name: str, package: str, files: dict[str, str]) -> None:
    con.execute(
        "INSERT INTO rulesets VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [digest, name, package, json.dumps(files)],
    )


def new_run(con: Any, **fields: Any) -> int:
    run_id = int(con.execute("SELECT nextval('run_ids')").fetchone()[0])
    names = ["run_id", *fields]
    marks = ", ".join("?" for _ in names)
    con.execute(
        f"INSERT INTO runs ({', '.join(names)}) VALUES ({marks})", [run_id, *fields.values()]
    )
    return run_id


def commit(con: Any, writer: Writer, finished: Sequence[tuple[int, int]]) -> None:
    """The games gathered so far and each run's count of them (run id, games), in one
    transaction: a store opened after a kill finds every run's games and their count agree."""
    con.begin()
    try:
        writer.flush()
        for run_id, count in finished:
            con.execute("UPDATE runs SET finished = ? WHERE run_id = ?", [count, run_id])
        con.commit()
    except BaseException:
        con.rollback()
        raise


def left_unfinished(con: Any) -> list[tuple[int, str, int, int]]:
    """The runs a process stopped without finishing or being interrupted (killed: no other
    process can hold the store while one writes it) as (run id, label, finished, games); each
    is marked interrupted, so it is told once."""
    rows = con.execute(
        "SELECT run_id, label, finished, games FROM runs "
        "WHERE NOT interrupted AND finished < games ORDER BY run_id"
    ).fetchall()
    for run_id, *_ in rows:
        con.execute("UPDATE runs SET interrupted = true WHERE run_id = ?", [run_id])
    return [(int(r), str(label), int(f), int(g)) for r, label, f, g in rows]


def finish_run(con: Any, run_id: int, finished: int, interrupted: bool) -> None:
    con.execute(
        "UPDATE runs SET finished = ?, interrupted = ? WHERE run_id = ?",
        [finished, interrupted, run_id],
    )


GAMES_PER_RUN = 1_000_000  # a run's games are numbered within its id's million


def game_id(run_id: int, index: int) -> int:
    """Game ids are the run's id and the game's place in it: run 3's game 17 is 3_000_017."""
    return run_id * GAMES_PER_RUN + index


def replay_command(game: str, game_id: int, store_path: str | Path) -> str:
    """The command that shows a stored game turn by turn: the ruleset as it was named, the
    game, the store (each quoted for the shell where it must be)."""
    return (
        f"chronicler play {shlex.quote(game)} --replay {game_id} "
        f"--store {shlex.quote(str(store_path))}"
    )


class Writer:
    """Rows gathered in memory and written a batch at a time (through CSV files DuckDB reads
    at once: row-by-row inserts would cost more than the games)."""

    def __init__(self, con: Any) -> None:
        self.con = con
        self.rows: dict[str, list[Sequence[Any]]] = {t: [] for t in TABLES}

    def add(self, run_id: int, index: int, game: dict[str, Any], year: int | None) -> None:
        gid = game_id(run_id, index)
        sessions = game["sessions"]
        counted = [s for s in sessions if year is None or s["year"] == year]
        last = counted[-1] if counted else None
        results = [s["won"] for s in counted]
        # a game of seats has no one result (each seat's is in ``seats``): none here
        won = None if None in results else bool(counted) and all(results)
        self.rows["games"].append(
            (
                gid,
                run_id,
                game["seed"],
                won if game["error"] is None else None,
                (last["reason"] if year is not None else _campaign_reason(counted))
                if last
                else None,
                last["year"] if last and year is not None else None,
                last["scheme"] if last and year is not None else None,
                "+".join(last["characters"]) if last and year is not None else None,
                sum(s["scenes_completed"] for s in counted),
                last["threat_left"] if last else None,
                sum(1 for s in counted if s["won"]),
                game["seconds"],
                game["error"],
            )
        )
        for s in sessions:
            y = s["year"]
            self.rows["sessions"].append(
                (
                    gid,
                    y,
                    year is None or y == year,
                    s["seed"],
                    "+".join(s["characters"]),
                    s["scheme"],
                    s["won"],
                    s["reason"],
                    s["scenes_completed"],
                    s["threat_left"],
                    s["turns"],
                    s["supply"],
                    json.dumps(s["answers"], separators=(",", ":")),
                    s.get("decisions"),
                )
            )
            self.rows["conditions"] += [(gid, y, c, cond) for c, cond in s["conditions"]]
            self.rows["runouts"] += [(gid, y, r, t) for r, t in s["runouts"]]
            self.rows["peaks"] += [(gid, y, r, p) for r, p in s["peaks"]]
            self.rows["cards"] += [(gid, y, *card) for card in s["cards"]]
            self.rows["scenes"] += [(gid, y, scene, turn) for scene, turn in s["scenes"]]
            self.rows["seats"] += [_seat(gid, y, seat) for seat in s.get("seats", ())]
            self.rows["counts"] += [(gid, y, *count) for count in s.get("counts", ())]
            self.rows["seat_scores"] += [(gid, y, *row) for row in s.get("categories", ())]
            self.rows["seat_uses"] += [(gid, y, *row) for row in s.get("uses", ())]

    def pending(self) -> int:
        return len(self.rows["games"])

    def flush(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            for table, rows in self.rows.items():
                if not rows:
                    continue
                path = Path(tmp) / f"{table}.csv"
                _write_csv(path, rows)
                self.con.execute(
                    f"INSERT INTO {table} SELECT * FROM read_csv(?, header=false, "
                    "quote='\"', escape='\"', nullstr='\\N', auto_detect=false, "
                    f"columns={_columns(self.con, table)})",
                    [str(path)],
                )
                rows.clear()


def _seat(gid: int, year: int, seat: Sequence[Any]) -> tuple[Any, ...]:
    """A seat's row: seat, won, score, then its bot and place when the facts tell them."""
    return (gid, year, *seat, *[None] * (5 - len(seat)))


def _write_csv(path: Path, rows: Iterable[Sequence[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL)
        for row in rows:
            writer.writerow(["\\N" if v is None else v for v in row])


_COLUMNS: dict[str, str] = {}


def _columns(con: Any, table: str) -> str:
    if table not in _COLUMNS:
        info = con.execute(f"PRAGMA table_info('{table}')").fetchall()
        _COLUMNS[table] = "{" + ", ".join(f"'{r[1]}': '{r[2]}'" for r in info) + "}"
    return _COLUMNS[table]


def _campaign_reason(sessions: Sequence[dict[str, Any]]) -> str:
    if any(s["won"] is None for s in sessions):  # a game of seats: why it ended
        return str(sessions[-1]["reason"]) if sessions else ""
    lost = [s for s in sessions if not s["won"]]
    return "all years won" if not lost else f"year {lost[0]['year']}: {lost[0]['reason']}"


def stored_game(con: Any, gid: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A stored game's run and its sessions (seed, characters, answers), for a replay."""
    run = con.execute(
        "SELECT r.ruleset, r.digest, r.bot, r.year, t.package, t.files, g.seed "
        "FROM games g JOIN runs r USING (run_id) JOIN rulesets t USING (digest) "
        "WHERE g.game_id = ?",
        [gid],
    ).fetchone()
    if run is None:
        raise ChroniclerError(f"no game {gid} in this simulation store")
    keys = ("ruleset", "digest", "bot", "year", "package", "files", "seed")
    info = dict(zip(keys, run, strict=True))
    info["files"] = json.loads(info["files"])
    rows = con.execute(
        "SELECT year, session_seed, characters, answers FROM sessions WHERE game_id = ? "
        "ORDER BY year",
        [gid],
    ).fetchall()
    sessions = [
        {"year": y, "seed": seed, "characters": chars.split("+"), "answers": json.loads(answers)}
        for y, seed, chars, answers in rows
    ]
    return info, sessions
