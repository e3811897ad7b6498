"""One ledger for every ruleset: a campaign, its sessions and scenes with their narration, an
ordered log of typed entries each ruleset defines, and the history of every change.

- Six Winters' columns of ``campaign`` (seed, fate, finale scenes, score and its title) move to
  its own table ``six_winters_campaign``, and its ``scene`` table becomes ``year_scene``; its
  campaigns name their ruleset as the registry does (``six-winters``).
- Tags and Tracks' second ledger becomes the ledger: ``story_session`` and ``story_scene``
  become ``session`` and ``scene``, each ``mechanic_record`` an ``entry`` (the text people wrote
  moves out of its payload into the entry's ``text``). Its sheets over time (``sheet_version``)
  and its tracks (``track``) were worked out from those records and are worked out from the
  entries now: they go.
- ``ledger_change`` keeps each change's ``before`` under ``campaign`` (a whole campaign, as Six
  Winters keeps it), its ``year`` becomes ``session``, and an undo names the change it took back
  (``undoes``).

Every row is kept with its id. What this revision does to a payload is written here and not
imported, so it stays what it was when this revision was written.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

SIX_WINTERS = "six-winters"
CAMPAIGN_END = ("seed", "fate", "finale_scenes_completed", "score", "score_title")
TEXT_OF = {  # the payload field of each kind that held what people wrote
    "narration": "text",
    "xp": "text",
    "intrusion": "text",
    "rest": "text",
    "recover": "text",
}


def _index(table: str, column: str, *, unique: bool = False) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_{column}"), [column], unique=unique)


def _drop_index(table: str, column: str) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.drop_index(batch_op.f(f"ix_{table}_{column}"))


def _rows(bind: Any, table: str, *columns: tuple[str, Any]) -> list[dict[str, Any]]:
    shape = sa.table(table, *(sa.column(name, kind) for name, kind in columns))
    found = bind.execute(sa.select(shape).order_by(shape.c[columns[0][0]]))
    return [dict(row._mapping) for row in found]


def _insert(bind: Any, table: str, rows: list[dict[str, Any]], json: tuple[str, ...] = ()) -> None:
    if not rows:
        return
    shape = sa.table(
        table, *(sa.column(name, sa.JSON() if name in json else None) for name in rows[0])
    )
    bind.execute(shape.insert(), rows)


def _follow_ids(bind: Any, *tables: str) -> None:
    """PostgreSQL: a table filled with its rows' ids goes on numbering after the largest."""
    if bind.dialect.name != "postgresql":
        return
    for table in tables:
        bind.execute(
            sa.text(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f'COALESCE((SELECT MAX(id) FROM "{table}"), 0) + 1, false)'
            )
        )


# --- upgrade ---------------------------------------------------------------------------------


def upgrade() -> None:
    bind = op.get_bind()
    _six_winters_campaigns(bind)
    _year_scenes()
    _the_ledger(bind)
    _history(bind)


def _six_winters_campaigns(bind: Any) -> None:
    op.create_table(
        "six_winters_campaign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("fate", sa.String(), nullable=True),
        sa.Column("finale_scenes_completed", sa.Integer(), nullable=True),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("score_title", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    _index("six_winters_campaign", "campaign_id", unique=True)
    campaigns = _rows(
        bind,
        "campaign",
        ("id", sa.Integer()),
        ("ruleset", sa.String()),
        *((name, None) for name in CAMPAIGN_END),
    )
    ours = [c for c in campaigns if c["ruleset"] in ("six_winters", SIX_WINTERS)]
    _insert(
        bind,
        "six_winters_campaign",
        [{"campaign_id": c["id"], **{name: c[name] for name in CAMPAIGN_END}} for c in ours],
    )
    campaign = sa.table("campaign", sa.column("ruleset", sa.String()))
    bind.execute(
        campaign.update().where(campaign.c.ruleset == "six_winters").values(ruleset=SIX_WINTERS)
    )
    for name in CAMPAIGN_END:  # in place: a copy of the table other tables point at would fail
        if bind.dialect.name == "sqlite":  # ALTER TABLE ... DROP COLUMN, SQLite 3.35 and later
            op.execute(f'ALTER TABLE campaign DROP COLUMN "{name}"')
        else:
            op.drop_column("campaign", name)


def _year_scenes() -> None:
    _drop_index("scene", "session_id")
    op.rename_table("scene", "year_scene")
    _index("year_scene", "session_id")  # card_play's key follows the table it names


def _the_ledger(bind: Any) -> None:
    op.create_table(
        "session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("narration", sa.String(), nullable=False),
        sa.Column("started_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "number"),
    )
    _index("session", "campaign_id")
    op.create_table(
        "scene",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("narration", sa.String(), nullable=False),
        sa.Column("started_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["session.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "number"),
    )
    _index("scene", "session_id")
    op.create_table(
        "entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("scene_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("who", sa.String(), nullable=True),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("summary", sa.String(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.ForeignKeyConstraint(["scene_id"], ["scene.id"]),
        sa.ForeignKeyConstraint(["session_id"], ["session.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "number"),
    )
    _index("entry", "campaign_id")
    _index("entry", "session_id")
    _index("entry", "scene_id")
    told = [(name, None) for name in ("number", "title", "narration", "started_at")]
    sessions = _rows(bind, "story_session", ("id", None), ("campaign_id", None), *told)
    scenes = _rows(bind, "story_scene", ("id", None), ("session_id", None), *told)
    _insert(bind, "session", sessions)
    _insert(bind, "scene", scenes)
    session_of = {scene["id"]: scene["session_id"] for scene in scenes}
    records = _rows(
        bind,
        "mechanic_record",
        ("id", None),
        ("campaign_id", None),
        ("scene_id", None),
        ("number", None),
        ("kind", None),
        ("character", None),
        ("summary", None),
        ("payload", sa.JSON()),
        ("at", None),
    )
    raised = _raised_in_conflict(bind)
    entries = []
    for record in records:
        payload, text = _entry_payload(record["kind"], dict(record["payload"]))
        if record["kind"] == "stat":
            payload["in_conflict"] = raised.get(record["id"], False)
        entries.append(
            {
                "id": record["id"],
                "campaign_id": record["campaign_id"],
                "number": record["number"],
                "session_id": session_of.get(record["scene_id"]),
                "scene_id": record["scene_id"],
                "kind": record["kind"],
                "who": record["character"],
                "text": text,
                "summary": record["summary"],
                "payload": payload,
                "at": record["at"],
            }
        )
    _insert(bind, "entry", entries, json=("payload",))
    _follow_ids(bind, "session", "scene", "entry")
    for table, columns in (
        ("track", ["campaign_id"]),
        ("sheet_version", ["character_id"]),
        ("mechanic_record", ["scene_id", "campaign_id"]),
        ("story_scene", ["session_id"]),
        ("story_session", ["campaign_id"]),
    ):
        for column in columns:
            _drop_index(table, column)
        op.drop_table(table)


def _entry_payload(kind: str, payload: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A mechanic record's payload as an entry's: without its kind (the entry's own), and
    without what people wrote (the entry's text)."""
    payload.pop("kind", None)
    text = str(payload.pop(TEXT_OF[kind], "") or "") if kind in TEXT_OF else ""
    if kind == "rest":
        payload["points"] = int(payload["points_after"]) - int(payload["points_before"])
    return payload, text


def _raised_in_conflict(bind: Any) -> dict[int, bool]:
    """Each stat raise: whether it was made in a conflict (its point not gained), read from the
    character's sheet before and after it."""
    versions = _rows(
        bind,
        "sheet_version",
        ("character_id", None),
        ("number", None),
        ("record_id", None),
        ("sheet", sa.JSON()),
    )
    by_character: dict[int, dict[int, dict[str, Any]]] = {}
    for version in versions:
        by_character.setdefault(version["character_id"], {})[version["number"]] = version
    records = _rows(bind, "mechanic_record", ("id", None), ("kind", None), ("payload", sa.JSON()))
    stats = {r["id"]: r["payload"] for r in records if r["kind"] == "stat"}
    found: dict[int, bool] = {}
    for numbered in by_character.values():
        for number, version in numbered.items():
            raise_ = stats.get(version["record_id"])
            earlier = numbered.get(number - 1)
            if raise_ is None or earlier is None:
                continue
            before = {st["name"]: st for st in earlier["sheet"]["stats"]}.get(raise_["stat"])
            found[version["record_id"]] = before is not None and int(before["points"]) == int(
                raise_["points"]
            )
    return found


def _history(bind: Any) -> None:
    with op.batch_alter_table("ledger_change", schema=None) as batch_op:
        batch_op.alter_column("year", new_column_name="session", existing_type=sa.Integer())
        batch_op.add_column(sa.Column("undoes", sa.Integer(), nullable=True))
    change = sa.table(
        "ledger_change", sa.column("id", sa.Integer()), sa.column("before", sa.JSON())
    )
    for row in bind.execute(sa.select(change.c.id, change.c.before)).all():
        bind.execute(
            change.update().where(change.c.id == row.id).values(before={"campaign": row.before})
        )


# --- downgrade -------------------------------------------------------------------------------


def downgrade() -> None:
    bind = op.get_bind()
    if bind.execute(sa.text("SELECT COUNT(*) FROM entry")).scalar():
        raise RuntimeError(
            "this journal holds entries of the one ledger (a game a GM runs): schema 0005 kept "
            "them with the sheets and tracks worked out from them, which it cannot get back; "
            "export the campaigns first"
        )
    with op.batch_alter_table("ledger_change", schema=None) as batch_op:
        batch_op.drop_column("undoes")
        batch_op.alter_column("session", new_column_name="year", existing_type=sa.Integer())
    change = sa.table(
        "ledger_change", sa.column("id", sa.Integer()), sa.column("before", sa.JSON())
    )
    for row in bind.execute(sa.select(change.c.id, change.c.before)).all():
        bind.execute(
            change.update()
            .where(change.c.id == row.id)
            .values(before=dict(row.before).get("campaign", {}))
        )
    for table, columns in (
        ("entry", ["scene_id", "session_id", "campaign_id"]),
        ("scene", ["session_id"]),
        ("session", ["campaign_id"]),
    ):
        for column in columns:
            _drop_index(table, column)
        op.drop_table(table)
    _recreate_story_tables()
    _drop_index("year_scene", "session_id")
    op.rename_table("year_scene", "scene")
    _index("scene", "session_id")
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seed", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("fate", sa.String(), nullable=True))
        batch_op.add_column(sa.Column("finale_scenes_completed", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("score", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("score_title", sa.String(), nullable=True))
    ends = _rows(
        bind, "six_winters_campaign", ("campaign_id", None), *((n, None) for n in CAMPAIGN_END)
    )
    campaign = sa.table(
        "campaign", sa.column("id", sa.Integer()), *(sa.column(n) for n in CAMPAIGN_END)
    )
    for end in ends:
        values = {name: end[name] for name in CAMPAIGN_END}
        bind.execute(campaign.update().where(campaign.c.id == end["campaign_id"]).values(values))
    named = sa.table("campaign", sa.column("ruleset", sa.String()))
    bind.execute(named.update().where(named.c.ruleset == SIX_WINTERS).values(ruleset="six_winters"))
    _drop_index("six_winters_campaign", "campaign_id")
    op.drop_table("six_winters_campaign")


def _recreate_story_tables() -> None:
    op.create_table(
        "story_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("narration", sa.String(), nullable=False),
        sa.Column("started_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "number"),
    )
    _index("story_session", "campaign_id")
    op.create_table(
        "story_scene",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("narration", sa.String(), nullable=False),
        sa.Column("started_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["story_session.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "number"),
    )
    _index("story_scene", "session_id")
    op.create_table(
        "mechanic_record",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("scene_id", sa.Integer(), nullable=True),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("character", sa.String(), nullable=True),
        sa.Column("summary", sa.String(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.ForeignKeyConstraint(["scene_id"], ["story_scene.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "number"),
    )
    _index("mechanic_record", "campaign_id")
    _index("mechanic_record", "scene_id")
    op.create_table(
        "sheet_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=True),
        sa.Column("sheet", sa.JSON(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"]),
        sa.ForeignKeyConstraint(["record_id"], ["mechanic_record.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("character_id", "number"),
    )
    _index("sheet_version", "character_id")
    op.create_table(
        "track",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "name"),
    )
    _index("track", "campaign_id")
