"""Opening a journal: find it, check it is one of ours, migrate it, and hand out sessions.

A journal is a SQLite file (``chronicle.db`` in the current directory unless ``--db`` or
``CHRONICLER_DB`` says otherwise) or any SQLAlchemy database URL (PostgreSQL works). Before a
SQLite file is touched it is inspected read-only: a file that is not SQLite, a SQLite database
that is not a journal, or a journal written by a newer Chronicler is refused with a
``ChroniclerError`` and left exactly as it was. An older journal is copied to
``<name>.backup-<revision>`` and then migrated to the current schema.
"""

from __future__ import annotations

import ast
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from dsl.errors import ChroniclerError

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Engine
    from sqlmodel import Session

# Alembic is imported only where a journal is created or migrated (or is reached by URL): a
# journal already at the newest schema is opened without it, which saves a tenth of a second
# on every command. Its revisions are read straight from the migration scripts below. Such a
# journal's SQLAlchemy engine is made when first used, so a verb that reads the file through
# ``sqlite3`` (``chronicler publish``) does not import SQLAlchemy at all.

DEFAULT_JOURNAL = "chronicle.db"
ENV_VAR = "CHRONICLER_DB"
MIGRATIONS = Path(__file__).parent / "migrations"
BUSY_TIMEOUT_MS = 30_000
SQLITE_MAGIC = b"SQLite format 3\x00"

T = TypeVar("T")


def journal_target(db: str | os.PathLike[str] | None = None) -> str:
    """The journal a command means: ``--db``, else ``$CHRONICLER_DB``, else ./chronicle.db.
    An empty ``--db`` is a mistake, not the default."""
    if db is not None:
        if not str(db).strip():
            raise ChroniclerError("--db is empty; give a journal file or a database URL")
        return str(db)
    return os.environ.get(ENV_VAR) or DEFAULT_JOURNAL


def shown(target: str) -> str:
    """A journal's path or URL as it may be printed: a URL's password is masked."""
    if not _is_url(target):
        return target
    try:
        from sqlalchemy.engine import make_url

        return make_url(target).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy can read: show its scheme only
        return target.split("://", 1)[0] + "://***"


def _masked(text: str, url: str) -> str:
    """``text`` (a driver's error) with the URL's password, if any, replaced by ***."""
    try:
        from sqlalchemy.engine import make_url

        password = make_url(url).password
    except Exception:
        password = None
    text = text.replace(url, shown(url))
    if password:
        text = text.replace(str(password), "***")
    return text


def _writable(path: Path) -> bool:
    """Can this process write the journal (and the -wal and -shm files beside it)?"""
    folder = path.parent if str(path.parent) else Path(".")
    return os.access(folder, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


def _read_only_uri(path: Path) -> str:
    """A URI that reads a journal without writing anything, -shm included: ``immutable``, for
    a folder this process cannot write (where no one else can be writing through SQLite's
    WAL either, for want of the same -shm file)."""
    return f"{path.resolve().as_uri()}?mode=ro&immutable=1"


def _is_url(target: str) -> bool:
    return "://" in target


def alembic_config() -> Config:
    """An Alembic configuration built in code: no alembic.ini is needed where the user stands."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@cache
def _revision_graph() -> dict[str, str | None]:
    """Each migration's revision and the one it revises, read from the scripts' top-level
    ``revision = "..."`` and ``down_revision = ...`` assignments without importing Alembic
    (tests check this agrees with Alembic's own reading)."""
    graph: dict[str, str | None] = {}
    for script in sorted((MIGRATIONS / "versions").glob("*.py")):
        values: dict[str, Any] = {}
        for node in ast.parse(script.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
                    values[target.id] = ast.literal_eval(node.value)
        if isinstance(values.get("revision"), str):
            graph[values["revision"]] = values.get("down_revision")
    return graph


def head_revision() -> str:
    """The newest schema: the one revision no other migration revises."""
    graph = _revision_graph()
    heads = set(graph) - {down for down in graph.values() if down is not None}
    assert len(heads) == 1, f"the journal's migrations have {len(heads)} heads: {sorted(heads)}"
    return heads.pop()


def _known_revisions() -> set[str]:
    return set(_revision_graph())


@dataclass
class _Inspection:
    exists: bool
    revision: str | None


def _inspect_sqlite_file(path: Path) -> _Inspection:
    """Look at a SQLite file read-only and say whether it is a journal and at which revision.

    A file that is refused is left as it was: the -wal and -shm files opening it may create
    beside it are removed again. Only a regular file (or none yet) can be a journal: a folder,
    a named pipe or a device is refused before it is opened."""
    if path.is_dir():
        raise ChroniclerError(f"{path} is a directory, not a journal file")
    if path.exists() and not path.is_file():
        raise ChroniclerError(f"{path} is not a regular file, so not a journal")
    beside = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = {extra: extra.exists() for extra in beside}
    try:
        return _inspect(path)
    except ChroniclerError:
        for extra, was in existed.items():
            if not was and extra.exists():
                extra.unlink(missing_ok=True)
        raise


def _inspect(path: Path) -> _Inspection:
    if not path.exists() or path.stat().st_size == 0:
        return _Inspection(exists=False, revision=None)
    if path.is_dir():
        raise ChroniclerError(f"{path} is a directory, not a journal file")
    with path.open("rb") as handle:
        magic = handle.read(len(SQLITE_MAGIC))
    if magic != SQLITE_MAGIC:
        raise ChroniclerError(f"{path} is not a Chronicler journal (not a SQLite database)")
    uri = f"{path.resolve().as_uri()}?mode=ro" if _writable(path) else _read_only_uri(path)
    try:
        connection = sqlite3.connect(uri, uri=True)
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            tables = {
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            revision = None
            if "alembic_version" in tables:
                row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
                revision = row[0] if row else None
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise ChroniclerError(f"{path} is not a Chronicler journal ({error})") from None
    if not tables:
        return _Inspection(exists=False, revision=None)
    if "alembic_version" not in tables or "campaign" not in tables or revision is None:
        raise ChroniclerError(
            f"{path} is a SQLite database but not a Chronicler journal; give another path with --db"
        )
    _check_revision(str(path), revision)
    return _Inspection(exists=True, revision=revision)


def _check_revision(where: str, revision: str) -> None:
    if revision not in _known_revisions():
        raise ChroniclerError(
            f"{where} was written by a newer Chronicler (journal schema {revision}); "
            "upgrade Chronicler to open it"
        )


def _backup_sqlite(path: Path, revision: str) -> Path:
    """Copy the journal (consistently, through SQLite's backup API) before migrating it."""
    backup = path.with_name(f"{path.name}.backup-{revision}")
    if backup.exists():
        backup = path.with_name(f"{path.name}.backup-{revision}-{int(time.time())}")
    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    target = sqlite3.connect(backup)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
    return backup


def _sqlite_engine(path: Path, *, read_only: bool = False) -> Engine:
    from sqlalchemy import create_engine, event

    if read_only:
        return create_engine(
            f"sqlite:///{_read_only_uri(path)}&uri=true",
            connect_args={"timeout": BUSY_TIMEOUT_MS / 1000},
        )
    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" below open transactions, not the sqlite3 module.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # Take the write lock up front: two writers then queue on the busy timeout instead of
        # one failing when it upgrades a read lock.
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


class Journal:
    """An open journal: its engine, and sessions to read and write it.

    ``path``: the SQLite file, when the journal is one (None for a database URL); its engine
    is then made on first use."""

    def __init__(
        self,
        engine: Engine | None,
        where: str,
        backup: Path | None = None,
        *,
        path: Path | None = None,
        read_only: bool = False,
    ) -> None:
        assert engine is not None or path is not None
        self._engine = engine
        self.where = shown(where)  # what may be printed: a URL's password masked
        self.backup = backup  # the copy made before a migration, if one was made
        self.path = path
        self.read_only = read_only  # a SQLite file in a place this process cannot write

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            assert self.path is not None
            self._engine = _sqlite_engine(self.path, read_only=self.read_only)
        return self._engine

    def session(self) -> Session:
        from sqlmodel import Session

        return Session(self.engine, expire_on_commit=False)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self.session() as session:
            yield session

    def write(self, work: Callable[[Session], T], attempts: int = 5) -> T:
        """Run ``work`` in one transaction and commit it; retry if the database stays locked."""
        from sqlalchemy.exc import DBAPIError, OperationalError

        if self.read_only:
            raise ChroniclerError(
                f"{self.where} is read-only here (its file or folder cannot be written): "
                "it can be listed, shown, exported and published, not changed"
            )

        for attempt in range(attempts):
            try:
                with self.session() as session:
                    result = work(session)
                    session.commit()
                    return result
            except OperationalError as error:
                if "locked" not in str(error) or attempt == attempts - 1:
                    raise ChroniclerError(
                        f"could not write to {self.where}: {error.orig}"
                    ) from None
                time.sleep(0.05 * (attempt + 1))
            except DBAPIError as error:  # a value the database refused (checked before, normally)
                reason = str(error.orig).splitlines()[0] if error.orig else type(error).__name__
                raise ChroniclerError(f"could not write to {self.where}: {reason}") from None
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._engine is not None:
            self._engine.dispose()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _upgrade(engine: Engine) -> None:
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_journal(db: str | os.PathLike[str] | None = None, *, create: bool = True) -> Journal:
    """Open (and if needed create or migrate) the journal at a path or database URL.

    ``create=False`` refuses a journal that does not exist yet, for verbs that only read.
    """
    target = journal_target(db)
    if _is_url(target):
        return _open_url(target)
    path = Path(target).expanduser()
    found = _inspect_sqlite_file(path)
    if not found.exists:
        if not create:
            raise ChroniclerError(
                f"no journal at {path}; start one with 'chronicler campaign start NAME'"
            )
        if not path.parent.exists():
            raise ChroniclerError(f"cannot create a journal at {path}: no such directory")
    backup = None
    current = found.exists and found.revision == head_revision()
    if found.exists and not current:
        assert found.revision is not None
        backup = _backup_sqlite(path, found.revision)
    if current:  # nothing to create or migrate: Alembic would find nothing to do
        return Journal(None, str(path), backup, path=path, read_only=not _writable(path))
    if not _writable(path):
        raise ChroniclerError(
            f"cannot {'migrate' if found.exists else 'create'} the journal at {path}: "
            "its folder or file is read-only"
        )
    from sqlalchemy.exc import OperationalError

    engine = _sqlite_engine(path)
    try:
        _upgrade(engine)
    except OperationalError as error:
        engine.dispose()
        raise ChroniclerError(f"could not open the journal at {path}: {error.orig}") from None
    return Journal(engine, str(path), backup, path=path)


def _open_url(url: str) -> Journal:
    from sqlalchemy import create_engine, inspect, text

    where = shown(url)
    scheme, rest = url.split("://", 1)
    if scheme in ("postgresql", "postgres"):  # the driver 'chronicler[postgres]' installs
        url = f"postgresql+psycopg://{rest}"
    try:
        engine = create_engine(url)
        with engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            revision = None  # read as Alembic keeps it, without importing Alembic
            if "alembic_version" in tables:
                found = connection.execute(text("SELECT version_num FROM alembic_version"))
                revision = found.scalar()
    except ModuleNotFoundError as error:
        raise ChroniclerError(
            f"could not open the journal at {where}: its database driver ({error.name}) is "
            "not installed; for PostgreSQL: pip install 'chronicler[postgres]'"
        ) from None
    except Exception as error:  # any driver's connection failure
        reason = _masked(" ".join(str(getattr(error, "orig", None) or error).split()), url)
        raise ChroniclerError(f"could not open the journal at {where}: {reason}") from None
    if tables and revision is None:
        raise ChroniclerError(f"{where} holds tables but is not a Chronicler journal")
    if revision is not None:
        _check_revision(where, revision)
    if revision != head_revision():  # Alembic only when there is something to create or migrate
        _upgrade(engine)
    return Journal(engine, url)
