"""Failed logins, counted in the database so that every server process sharing it counts the
same guesses: at one name from one address, and at one name from anywhere, within `WINDOW`.
An attempt counts before its password is checked (guesses sent at once count too); a right
password takes its count back."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import Engine, Table, delete, func, insert, select, text

from parlour.web.models import LoginAttemptRow
from parlour.web.security import token_hash

ATTEMPTS: Table = LoginAttemptRow.__table__  # type: ignore[assignment]
WINDOW = 900.0
"""Seconds an attempt counts against its name's limits."""
LOCK = text("SELECT pg_advisory_xact_lock(hashtext(:name))")
"""PostgreSQL: attempts at one name take turns, until their transaction ends."""


class LoginAttempts:
    """The login limits: at most `here` attempts at a name from one address and `anywhere`
    from all addresses, in every `WINDOW` seconds."""

    def __init__(
        self, engine: Engine, here: int, anywhere: int, clock: Callable[[], float] = time.time
    ) -> None:
        self.engine = engine
        self.here = here
        self.anywhere = anywhere
        self.clock = clock

    def count(self, name: str, address: str) -> int | None:
        """Count an attempt at `name` (its key) from `address`: its id, or None when a limit
        is reached (then it does not count). Attempts at one name take turns (PostgreSQL: a
        lock held for the transaction), so processes racing each other count exactly."""
        now = self.clock()
        name_hash, address_hash = token_hash(name), token_hash(address)
        with self.engine.begin() as db:
            if db.dialect.name == "postgresql":
                db.execute(LOCK, {"name": name_hash})
            db.execute(delete(ATTEMPTS).where(ATTEMPTS.c.at <= now - WINDOW))
            recent = select(func.count()).where(ATTEMPTS.c.name_hash == name_hash)
            anywhere = db.execute(recent).scalar_one()
            here = db.execute(recent.where(ATTEMPTS.c.address_hash == address_hash)).scalar_one()
            if here >= self.here or anywhere >= self.anywhere:
                return None
            added = insert(ATTEMPTS).values(name_hash=name_hash, address_hash=address_hash, at=now)
            return int(db.execute(added.returning(ATTEMPTS.c.id)).scalar_one())

    def take_back(self, attempt: int) -> None:
        """The attempt `count` returned was right: it counts for nothing."""
        with self.engine.begin() as db:
            db.execute(delete(ATTEMPTS).where(ATTEMPTS.c.id == attempt))
