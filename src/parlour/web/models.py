"""The database schema: a table's setup, its seats and its record of applied actions.

A table's state is never stored: it is rebuilt by replaying its actions through the kernel.
Seeds and token hashes are columns no route ever returns.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """The declarative base of Parlour's tables."""


class TableRow(Base):
    """A game table: which game, its options and seed, who sits where, how far it has got."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(Text)  # a decimal integer; secret until the game ends
    listed: Mapped[bool] = mapped_column(default=True)
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)
    """open (seats to fill), running, finished, expired, or broken (its game failed: the
    table is left out of listings and refused, see `TableHub.break_table`)."""
    version: Mapped[int] = mapped_column(BigInteger, default=0)
    turn_limit: Mapped[float | None] = mapped_column(Float, nullable=True)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # epoch seconds
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)  # the game's clock
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    active_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )
    actions: Mapped[list[ActionRow]] = relationship(
        back_populates="table", order_by="ActionRow.number", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One seat: a person (with a hashed secret token once taken) or a bot."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)  # None: a person's seat
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    host: Mapped[bool] = mapped_column(default=False)
    absent: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A person whose turn ran past the table's limit: a stand-in plays until they are back."""

    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    """One applied action of a table's record, in order; a seat's `request_id` makes its
    retries safe (each seat has its own ids)."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("table_id", "number"),
        UniqueConstraint("table_id", "seat", "request_id", name="uq_actions_seat_request_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: the table
    action: Mapped[str] = mapped_column(String(200))
    request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    sent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The action's text as the client sent it with `request_id` (a retry must send the same)."""
    at: Mapped[float] = mapped_column(Float)  # epoch seconds

    table: Mapped[TableRow] = relationship(back_populates="actions")
