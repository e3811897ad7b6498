"""Chronicle entries keep the conditions a downtime rested away.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chronicle_entry", schema=None) as batch_op:
        batch_op.add_column(sa.Column("recovered", sa.JSON(), nullable=False, server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("chronicle_entry", schema=None) as batch_op:
        batch_op.drop_column("recovered")
