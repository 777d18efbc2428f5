"""The tables' chat: a line per row, and the host's switch for the spectators' chat.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("sender", sa.String(80), nullable=False),
        sa.Column("text", sa.String(300), nullable=True),
        sa.Column("reaction", sa.String(20), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    with op.batch_alter_table("tables") as tables:
        tables.add_column(
            sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("spectator_chat")
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
