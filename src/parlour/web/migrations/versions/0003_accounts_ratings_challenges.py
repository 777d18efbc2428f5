"""Accounts and their sessions, seats held by accounts, rated tables and ratings, the daily
challenges and each account's one entry a day.

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

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
    )
    op.create_table(
        "challenges",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("optimal_score", sa.Float, nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
    )
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        tables.add_column(
            sa.Column(
                "challenge",
                sa.String(10),
                sa.ForeignKey("challenges.day", name="fk_tables_challenge"),
                nullable=True,
            )
        )
        tables.add_column(sa.Column("finished_at", WHEN, nullable=True))
        tables.create_index("ix_tables_challenge", ["challenge"])
    with op.batch_alter_table("seats") as seats:
        seats.add_column(
            sa.Column(
                "account_id",
                sa.Integer,
                sa.ForeignKey("accounts.id", name="fk_seats_account", ondelete="SET NULL"),
                nullable=True,
            )
        )
        seats.add_column(sa.Column("place", sa.Integer, nullable=True))
        seats.add_column(sa.Column("rating_before", sa.Float, nullable=True))
        seats.add_column(sa.Column("rating_after", sa.Float, nullable=True))
        seats.add_column(sa.Column("back_at", sa.Float, nullable=True))
        seats.create_index("ix_seats_account_id", ["account_id"])
    op.create_table(
        "challenge_entries",
        sa.Column("day", sa.String(10), sa.ForeignKey("challenges.day"), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        ),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("lost", sa.Float, nullable=True),
        sa.Column("finished_at", WHEN, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("challenge_entries")
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("ix_seats_account_id")
        seats.drop_constraint("fk_seats_account", type_="foreignkey")
        for column in ("back_at", "rating_after", "rating_before", "place", "account_id"):
            seats.drop_column(column)
    with op.batch_alter_table("tables") as tables:
        tables.drop_index("ix_tables_challenge")
        tables.drop_constraint("fk_tables_challenge", type_="foreignkey")
        for column in ("finished_at", "challenge", "rated"):
            tables.drop_column(column)
    for name in ("challenges", "ratings", "sessions", "accounts"):
        op.drop_table(name)
