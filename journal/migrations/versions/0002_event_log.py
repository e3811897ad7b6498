"""Event log of engine-recorded sessions; challenge answers and narrator on scenes.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["year_session.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_event_session_id"), ["session_id"], unique=False)
    with op.batch_alter_table("scene", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("challenge_answers", sa.JSON(), nullable=False, server_default="[]")
        )
        batch_op.add_column(sa.Column("narrator", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("scene", schema=None) as batch_op:
        batch_op.drop_column("narrator")
        batch_op.drop_column("challenge_answers")
    with op.batch_alter_table("event", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_event_session_id"))
    op.drop_table("event")
