"""The database schema: a table's setup, its seats and its record of applied actions; the
players' accounts and sessions, their ratings, and the daily challenges with their entries.

A table's state is never stored: it is rebuilt by replaying its actions through the kernel.
Seeds, token and session hashes and password hashes are columns no route ever returns.
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
    true,
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
    table is left out of listings and refused, see `Shelf.break_table`)."""
    version: Mapped[int] = mapped_column(BigInteger, default=0)
    turn_limit: Mapped[float | None] = mapped_column(Float, nullable=True)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # epoch seconds
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)  # the game's clock
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    active_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Only people with accounts sit at a rated table; its result changes their ratings."""
    challenge: Mapped[str | None] = mapped_column(
        ForeignKey("challenges.day"), nullable=True, index=True
    )
    """The UTC day (`YYYY-MM-DD`) of the daily challenge this table is an attempt at."""
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    driver: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The server process that drives the table (its bots, stand-ins and clocks) while its
    lease lasts (PostgreSQL only; see `parlour.web.tables.leases`)."""
    driven_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the driver's lease ends unless renewed (epoch seconds by the tables' clock)."""
    spectator_chat: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Whether spectators may talk in their own chat (the host turns it off and on)."""

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
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The account of the person at this seat, if they have one (the seat is theirs from any
    browser they are logged in with)."""
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat's place in a finished rated game (1: first; ties share one), as rated."""
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    back_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # epoch seconds
    """When the person last took the seat back from a stand-in: a turn of theirs running then
    counts from that moment, after a restart too."""
    """The account's shown rating before and after this rated game."""

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


class AccountRow(Base):
    """A player's account: a unique display name and an Argon2id hash of the password."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name case-folded (NFKC): no two accounts whose names differ only in case or form."""
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    """A logged-in browser: the SHA-256 of its session cookie, whose account, until when."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LoginAttemptRow(Base):
    """A login attempt at a name from an address (the SHA-256 of the name's `name_key` and of
    the address), counted against the login limits by every server process sharing the
    database; a right password's is deleted, and any older than the limits' window."""

    __tablename__ = "login_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name_hash: Mapped[str] = mapped_column(String(64), index=True)
    address_hash: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float, index=True)  # epoch seconds


class PresenceRow(Base):
    """A server process holds a WebSocket of a seat's page at a table (PostgreSQL only): each
    process keeps its own rows, renewed with its leases, so a dead process's run out (see
    `parlour.web.tables.presence`)."""

    __tablename__ = "presence"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    server: Mapped[str] = mapped_column(String(80), primary_key=True)
    until: Mapped[float] = mapped_column(Float)  # epoch seconds by the tables' clock


class ChatRow(Base):
    """One line of a table's chat: its number at the table, its channel (`players` or
    `spectators`), who said it (a seat, or a spectator's name) and when, and its words or a quick
    reaction's code. `sender` says who for the rate limit only and never leaves the server. Kept
    with the table, never in its record (see `parlour.web.tables.chat`)."""

    __tablename__ = "chat"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    channel: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(40))
    sender: Mapped[str] = mapped_column(String(80))
    text: Mapped[str | None] = mapped_column(String(300), nullable=True)
    reaction: Mapped[str | None] = mapped_column(String(20), nullable=True)
    at: Mapped[float] = mapped_column(Float)  # epoch seconds by the tables' clock


class ReviewRow(Base):
    """A review of one seat of a finished game by its game's advice, under the advisor's
    `version`: its `progress` (0 to 1) while it runs, refreshed at `updated` by the process
    running it, and its `result` (JSON) once done. `requester` (an account, or a hash of an
    address) says whose limit it counts against and never leaves the server (see
    `parlour.web.tables.reviews`)."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[str] = mapped_column(String(80), primary_key=True)
    requester: Mapped[str] = mapped_column(String(80), index=True)
    progress: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)  # epoch seconds by the tables' clock
    result: Mapped[str | None] = mapped_column(Text, nullable=True)


class RatingRow(Base):
    """An account's OpenSkill rating at one game (`mu`, `sigma`) after `games` rated games."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChallengeRow(Base):
    """One UTC day's challenge: the game and options everyone plays, and its secret seed
    (which fixes every die of the day: it leaves the server only once the day is over)."""

    __tablename__ = "challenges"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)  # YYYY-MM-DD, UTC
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(Text)
    optimal_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The score of the game's best play on the day's chance (computed once)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChallengeEntryRow(Base):
    """An account's one attempt at a day's challenge: its table, and once finished its score
    and the points it lost against the best choices (the game's analysis)."""

    __tablename__ = "challenge_entries"

    day: Mapped[str] = mapped_column(ForeignKey("challenges.day"), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), unique=True)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    lost: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
