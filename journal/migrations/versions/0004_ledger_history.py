"""The ledger's history: every change made at the table, with the campaign as it stood before;
and the campaign (and year) 'chronicler use' chose.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ledger_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.Column("verb", sa.String(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.Column("summary", sa.String(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "number"),
    )
    with op.batch_alter_table("ledger_change", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_ledger_change_campaign_id"), ["campaign_id"], unique=False
        )
    op.create_table(
        "table_focus",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign", sa.String(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("table_focus")
    with op.batch_alter_table("ledger_change", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ledger_change_campaign_id"))
    op.drop_table("ledger_change")
