"""First journal schema: campaigns, characters and sheets, sessions, scenes, map, state.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("ruleset", sa.String(), nullable=False),
        sa.Column("ruleset_version", sa.String(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("fate", sa.String(), nullable=True),
        sa.Column("finale_scenes_completed", sa.Integer(), nullable=True),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("score_title", sa.String(), nullable=True),
        sa.Column("notes", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_campaign_name"), ["name"], unique=True)

    op.create_table(
        "campaign_state",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "year"),
    )
    with op.batch_alter_table("campaign_state", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_campaign_state_campaign_id"), ["campaign_id"], unique=False
        )

    op.create_table(
        "character",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("title", sa.String(), nullable=True),
        sa.Column("unlocked_year", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "name"),
    )
    with op.batch_alter_table("character", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_character_campaign_id"), ["campaign_id"], unique=False)

    op.create_table(
        "map_snapshot",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "year"),
    )
    with op.batch_alter_table("map_snapshot", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_map_snapshot_campaign_id"), ["campaign_id"], unique=False
        )

    op.create_table(
        "year_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("scheme", sa.String(), nullable=False),
        sa.Column("characters", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("result", sa.String(), nullable=True),
        sa.Column("reason", sa.String(), nullable=True),
        sa.Column("threat_left", sa.Integer(), nullable=True),
        sa.Column("scenes_completed", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.String(), nullable=False),
        sa.Column("ended_at", sa.String(), nullable=True),
        sa.Column("notes", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "year"),
    )
    with op.batch_alter_table("year_session", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_year_session_campaign_id"), ["campaign_id"], unique=False
        )

    op.create_table(
        "chronicle_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("downtime", sa.Boolean(), nullable=False),
        sa.Column("scheme", sa.String(), nullable=True),
        sa.Column("result", sa.String(), nullable=True),
        sa.Column("conditions", sa.JSON(), nullable=False),
        sa.Column("advances", sa.JSON(), nullable=False),
        sa.Column("text", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["character.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("character_id", "year"),
    )
    with op.batch_alter_table("chronicle_entry", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_chronicle_entry_character_id"), ["character_id"], unique=False
        )

    op.create_table(
        "map_location",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("snapshot_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("x", sa.Integer(), nullable=False),
        sa.Column("y", sa.Integer(), nullable=False),
        sa.Column("region", sa.String(), nullable=True),
        sa.Column("developed", sa.Boolean(), nullable=False),
        sa.Column("threats", sa.Integer(), nullable=False),
        sa.Column("obstacles", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["snapshot_id"],
            ["map_snapshot.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("map_location", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_map_location_snapshot_id"), ["snapshot_id"], unique=False
        )

    op.create_table(
        "scene",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("scene", sa.String(), nullable=False),
        sa.Column("location", sa.String(), nullable=False),
        sa.Column("skill", sa.String(), nullable=True),
        sa.Column("points_needed", sa.Integer(), nullable=True),
        sa.Column("participants", sa.JSON(), nullable=False),
        sa.Column("skill_match_points", sa.Integer(), nullable=False),
        sa.Column("epilogue_choice", sa.String(), nullable=True),
        sa.Column("advances", sa.JSON(), nullable=False),
        sa.Column("narration", sa.String(), nullable=False),
        sa.Column("tier", sa.String(), nullable=False),
        sa.Column("recorded_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["year_session.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("scene", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_scene_session_id"), ["session_id"], unique=False)

    op.create_table(
        "sheet_year",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("skills", sa.JSON(), nullable=False),
        sa.Column("advances", sa.JSON(), nullable=False),
        sa.Column("conditions", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["character.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("character_id", "year"),
    )
    with op.batch_alter_table("sheet_year", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_sheet_year_character_id"), ["character_id"], unique=False
        )

    op.create_table(
        "card_play",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scene_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("card", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("character", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(
            ["scene_id"],
            ["scene.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("card_play", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_card_play_scene_id"), ["scene_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("card_play", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_card_play_scene_id"))

    op.drop_table("card_play")
    with op.batch_alter_table("sheet_year", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sheet_year_character_id"))

    op.drop_table("sheet_year")
    with op.batch_alter_table("scene", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_scene_session_id"))

    op.drop_table("scene")
    with op.batch_alter_table("map_location", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_map_location_snapshot_id"))

    op.drop_table("map_location")
    with op.batch_alter_table("chronicle_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_chronicle_entry_character_id"))

    op.drop_table("chronicle_entry")
    with op.batch_alter_table("year_session", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_year_session_campaign_id"))

    op.drop_table("year_session")
    with op.batch_alter_table("map_snapshot", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_map_snapshot_campaign_id"))

    op.drop_table("map_snapshot")
    with op.batch_alter_table("character", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_character_campaign_id"))

    op.drop_table("character")
    with op.batch_alter_table("campaign_state", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_campaign_state_campaign_id"))

    op.drop_table("campaign_state")
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_campaign_name"))

    op.drop_table("campaign")
