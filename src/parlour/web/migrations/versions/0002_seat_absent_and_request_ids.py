"""Seats remember who is away (a stand-in resumes after a restart); request ids are each
seat's own: unique per (table, seat, request id), with the text each was sent with.

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

NAMING = {"uq": "uq_%(table_name)s_%(column_0_N_name)s"}
"""Names for SQLite's unnamed constraints as batch mode reflects them (to drop one by name)."""
NEW_UNIQUE = "uq_actions_seat_request_id"


def _unique_named(columns: list[str]) -> str:
    """The name of the actions' unique constraint on `columns`: PostgreSQL's own, or the one
    `NAMING` gives SQLite's unnamed constraint."""
    for found in sa.inspect(op.get_bind()).get_unique_constraints("actions"):
        if found["column_names"] == columns and found["name"]:
            return str(found["name"])
    return NAMING["uq"] % {"table_name": "actions", "column_0_N_name": "_".join(columns)}


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("absent", sa.Boolean, nullable=False, server_default=sa.false()))
    old = _unique_named(["table_id", "request_id"])
    with op.batch_alter_table("actions", naming_convention=NAMING) as actions:
        actions.add_column(sa.Column("sent", sa.String(200), nullable=True))
        actions.drop_constraint(old, type_="unique")
        actions.create_unique_constraint(NEW_UNIQUE, ["table_id", "seat", "request_id"])
    table = sa.table(
        "actions", sa.column("action", sa.String), sa.column("request_id"), sa.column("sent")
    )
    op.execute(table.update().where(table.c.request_id.is_not(None)).values(sent=table.c.action))


def downgrade() -> None:
    """Back to ids per table: fails if two seats of one table used the same id."""
    with op.batch_alter_table("actions", naming_convention=NAMING) as actions:
        actions.drop_constraint(NEW_UNIQUE, type_="unique")
        actions.create_unique_constraint(
            "uq_actions_table_id_request_id", ["table_id", "request_id"]
        )
        actions.drop_column("sent")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("absent")
