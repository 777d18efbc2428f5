"""Reviews of a finished game's seat by its game's advice: progress while one runs, the result
once done, kept under the advisor's version.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.String(80), primary_key=True),
        sa.Column("requester", sa.String(80), nullable=False),
        sa.Column("progress", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_index("ix_reviews_requester", "reviews", ["requester"])


def downgrade() -> None:
    op.drop_index("ix_reviews_requester", "reviews")
    op.drop_table("reviews")
