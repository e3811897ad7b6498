"""The scheme 'chronicler setup --draw-scheme' drew for a campaign's next year, so 'year start'
takes it without its name typed again.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drawn_scheme",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign", sa.String(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("scheme", sa.String(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("drawn_at", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign", "year"),
    )


def downgrade() -> None:
    op.drop_table("drawn_scheme")
