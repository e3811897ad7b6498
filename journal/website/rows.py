"""Reading one campaign's rows for its website: what ``PageMaker`` asks of the journal.

A Six Winters campaign's rows are its own tables' (``journal/six_winters/models.py``); its
``campaign`` is the ledger's campaign with its own row's fields (fate, score...) beside. Two
readers give the same values. ``OrmRows`` goes through SQLAlchemy and the ledger, so it
reads any journal (a SQLite file or a database URL). ``SqliteRows`` reads a SQLite journal
straight through the standard library's ``sqlite3``, in one read transaction, so that
``chronicler publish`` need not import SQLAlchemy, SQLModel and the models (a third of a second
of every publish). It reads each table's declared column types to give what the models give:
``JSON`` columns decoded, ``BOOLEAN`` columns as bools. ``tests/journal/test_rows.py`` builds
every page both ways and compares them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

from dsl.errors import ChroniclerError
from journal.catalogue import unknown_campaign
from journal.db import BUSY_TIMEOUT_MS

if TYPE_CHECKING:
    from sqlmodel import Session


class CampaignRows(Protocol):
    """One campaign's rows, in the order the pages show them."""

    campaign: Any

    def sessions(self) -> list[Any]: ...  # by year

    def scenes_of(self, session: Any) -> list[Any]: ...  # by number

    def plays_of(self, scene: Any) -> list[Any]: ...  # by number

    def characters(self) -> list[Any]: ...  # in the order they joined

    def map_as_of(self, year: int) -> list[Any]: ...  # the latest snapshot at or before year

    def event_kinds(self, session: Any) -> list[str]: ...

    def event_data(self, session: Any, kind: str) -> list[Any]: ...

    def chronicle_entries(self, character: Any) -> list[Any]: ...  # by year

    def sheets(self, character: Any) -> list[Any]: ...  # by year


class OrmRows:
    """The rows through SQLAlchemy (``journal.ledger``), in an open session."""

    def __init__(self, s: Session, campaign_name: str) -> None:
        from journal.six_winters import ledger

        self.s = s
        self.ledger = ledger
        row = self.row = ledger.get_campaign(s, campaign_name)
        end = ledger.campaign_end(s, row)
        self.campaign = _with_end(row.model_dump(), end.model_dump(exclude={"id", "campaign_id"}))

    def sessions(self) -> list[Any]:
        return list(self.ledger.sessions(self.s, self.row))

    def scenes_of(self, session: Any) -> list[Any]:
        return list(self.ledger.scenes_of(self.s, session))

    def plays_of(self, scene: Any) -> list[Any]:
        return list(self.ledger.plays_of(self.s, scene))

    def characters(self) -> list[Any]:
        return list(self.ledger.characters(self.s, self.row))

    def map_as_of(self, year: int) -> list[Any]:
        return list(self.ledger.map_as_of(self.s, self.row, year))

    def event_kinds(self, session: Any) -> list[str]:
        from sqlmodel import col, select

        from journal.six_winters.models import EventRecord

        query = select(EventRecord.kind).where(EventRecord.session_id == session.id)
        return list(self.s.exec(query.order_by(col(EventRecord.id))).all())

    def event_data(self, session: Any, kind: str) -> list[Any]:
        from sqlmodel import col, select

        from journal.six_winters.models import EventRecord

        query = select(EventRecord.data).where(
            EventRecord.session_id == session.id, EventRecord.kind == kind
        )
        return list(self.s.exec(query.order_by(col(EventRecord.id))).all())

    def chronicle_entries(self, character: Any) -> list[Any]:
        from sqlmodel import col, select

        from journal.six_winters.models import ChronicleEntry

        query = select(ChronicleEntry).where(ChronicleEntry.character_id == character.id)
        return list(self.s.exec(query.order_by(col(ChronicleEntry.year))).all())

    def sheets(self, character: Any) -> list[Any]:
        from sqlmodel import col, select

        from journal.six_winters.models import SheetYear

        query = select(SheetYear).where(SheetYear.character_id == character.id)
        return list(self.s.exec(query.order_by(col(SheetYear.year))).all())


class SqliteRows:
    """The same rows read with ``sqlite3`` from an open connection (see ``sqlite_rows``)."""

    def __init__(self, connection: sqlite3.Connection, campaign_name: str) -> None:
        self.db = connection
        self._decoders: dict[str, dict[str, Any]] = {}
        found = self._select("campaign", "name = ?", (campaign_name,))
        if not found:
            names = [c.name for c in self._select("campaign", "1", (), order="id")]
            raise unknown_campaign(campaign_name, names)
        ends = self._select("six_winters_campaign", "campaign_id = ?", (found[0].id,))
        end = (
            {k: v for k, v in vars(ends[0]).items() if k not in ("id", "campaign_id")}
            if ends
            else {}
        )
        self.campaign = _with_end(vars(found[0]), end)

    def _decoder(self, table: str) -> dict[str, Any]:
        """Column -> how to turn its stored value into the model's (None: as stored)."""
        if table not in self._decoders:
            decoders: dict[str, Any] = {}
            for _, column, declared, *_rest in self.db.execute(f'PRAGMA table_info("{table}")'):
                kind = str(declared).upper()
                decoders[column] = {
                    "JSON": json.loads,
                    "BOOLEAN": _boolean(table, column),
                    "INTEGER": _integer(table, column),
                }.get(kind)
            self._decoders[table] = decoders
        return self._decoders[table]

    def _select(
        self, table: str, where: str, values: tuple[Any, ...], order: str = "id"
    ) -> list[Any]:
        decoders = self._decoder(table)
        cursor = self.db.execute(
            f'SELECT * FROM "{table}" WHERE {where} ORDER BY {order}, id', values
        )
        columns = [d[0] for d in cursor.description]
        return [
            SimpleNamespace(
                **{
                    column: _decoded(decoders.get(column), value)
                    for column, value in zip(columns, record, strict=True)
                }
            )
            for record in cursor
        ]

    def _column(self, table: str, column: str, where: str, values: tuple[Any, ...]) -> list[Any]:
        decode = self._decoder(table).get(column)
        cursor = self.db.execute(
            f'SELECT "{column}" FROM "{table}" WHERE {where} ORDER BY id', values
        )
        return [_decoded(decode, value) for (value,) in cursor]

    def sessions(self) -> list[Any]:
        return self._select("year_session", "campaign_id = ?", (self.campaign.id,), "year")

    def scenes_of(self, session: Any) -> list[Any]:
        return self._select("year_scene", "session_id = ?", (session.id,), "number")

    def plays_of(self, scene: Any) -> list[Any]:
        return self._select("card_play", "scene_id = ?", (scene.id,), "number")

    def characters(self) -> list[Any]:
        return self._select("character", "campaign_id = ?", (self.campaign.id,))

    def map_as_of(self, year: int) -> list[Any]:
        found = self.db.execute(
            "SELECT id FROM map_snapshot WHERE campaign_id = ? AND year <= ? "
            "ORDER BY year DESC LIMIT 1",
            (self.campaign.id, year),
        ).fetchone()
        if found is None:
            return []
        return self._select("map_location", "snapshot_id = ?", (found[0],))

    def event_kinds(self, session: Any) -> list[str]:
        return self._column("event", "kind", "session_id = ?", (session.id,))

    def event_data(self, session: Any, kind: str) -> list[Any]:
        return self._column("event", "data", "session_id = ? AND kind = ?", (session.id, kind))

    def chronicle_entries(self, character: Any) -> list[Any]:
        return self._select("chronicle_entry", "character_id = ?", (character.id,), "year")

    def sheets(self, character: Any) -> list[Any]:
        return self._select("sheet_year", "character_id = ?", (character.id,), "year")


END_FIELDS = ("seed", "fate", "finale_scenes_completed", "score", "score_title")


def _with_end(campaign: dict[str, Any], end: dict[str, Any]) -> SimpleNamespace:
    """The campaign as the pages read it: the ledger's row and Six Winters' own beside it."""
    return SimpleNamespace(**campaign, **{k: end.get(k) for k in END_FIELDS})


def _integer(table: str, column: str) -> Any:
    """SQLite keeps whatever it is given: a number column that holds anything but a whole
    number is a damaged journal, refused rather than shown."""

    def check(value: Any) -> int:
        if isinstance(value, int):
            return value
        raise ChroniclerError(
            f"the journal is damaged: {table}.{column} holds {str(value)[:60]!r} where a whole "
            "number belongs"
        )

    return check


def _boolean(table: str, column: str) -> Any:
    def check(value: Any) -> bool:
        if value in (0, 1):
            return bool(value)
        raise ChroniclerError(
            f"the journal is damaged: {table}.{column} holds {str(value)[:60]!r} where yes or "
            "no belongs"
        )

    return check


def _decoded(decode: Any, value: Any) -> Any:
    return decode(value) if decode is not None and value is not None else value


@contextmanager
def sqlite_rows(path: Path, campaign_name: str, *, read_only: bool = False) -> Iterator[SqliteRows]:
    """A campaign's rows in a SQLite journal (opened by ``journal.db``, so known to be one),
    read in one transaction: a consistent view even while another process records a scene,
    and no write lock taken."""
    try:
        connection = sqlite3.connect(
            # never creates the file; in a read-only folder, writes nothing (not even -shm)
            f"{path.resolve().as_uri()}?" + ("mode=ro&immutable=1" if read_only else "mode=rw"),
            uri=True,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
        )
    except sqlite3.Error as error:
        raise ChroniclerError(f"could not open the journal at {path}: {error}") from None
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("BEGIN")
        yield SqliteRows(connection, campaign_name)
    except sqlite3.Error as error:
        raise ChroniclerError(f"could not read the journal at {path}: {error}") from None
    finally:
        connection.close()
