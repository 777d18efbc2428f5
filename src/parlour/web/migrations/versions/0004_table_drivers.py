"""Which server process drives each table (its bots, stand-ins and clocks): a lease it renews.

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
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("driver", sa.String(80), nullable=True))
        tables.add_column(sa.Column("driven_until", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("driven_until")
        tables.drop_column("driver")
