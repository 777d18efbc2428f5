"""Which server process drives each running table: its bots, stand-ins, turn limits and clock
have one owner at a time, the process holding the table's lease (`tables.driver`, until
`tables.driven_until`). The owner renews all its leases in one statement every third of a lease;
a process that finds a running table whose lease has run out (its owner died or stalled) takes
it over and drives it. Leases are per table, so the tables of a dead process spread over the
others; renewing costs one UPDATE a process per renewal, however many tables it drives.

On SQLite there is one server process (`database.hold_alone`), which drives every table: no
lease is stored there."""

from __future__ import annotations

import logging
import secrets

from sqlalchemy import Engine, or_, select, update
from sqlalchemy.exc import DBAPIError

from parlour.web.clock import Clock
from parlour.web.database import shared
from parlour.web.storage import TABLES

LOG = logging.getLogger("parlour.web")
UNFINISHED = ("open", "running")


class Leases:
    """One process's leases on the tables it drives (PostgreSQL only)."""

    def __init__(self, engine: Engine, clock: Clock, seconds: float, name: str | None) -> None:
        self.engine = engine
        self.clock = clock
        self.seconds = seconds
        """How long a lease lasts unless renewed (`Settings.lease_seconds`)."""
        self.name = name or secrets.token_hex(8)
        """Who this process is (`Settings.server_name`): a process started again under the same
        name drives its tables again at once, without waiting for their leases to run out."""
        self.stored = shared(engine)

    def take(self, table_id: str) -> bool:
        """Whether this process drives the table from now on: its lease is free, ran out or
        is this process's own (then it is renewed)."""
        if not self.stored:
            return True
        now = self.clock.now()
        free = or_(
            TABLES.c.driver.is_(None),
            TABLES.c.driver == self.name,
            TABLES.c.driven_until < now,
        )
        with self.engine.begin() as db:
            taken = db.execute(
                update(TABLES)
                .where(TABLES.c.id == table_id, free)
                .values(driver=self.name, driven_until=now + self.seconds)
            )
        return taken.rowcount == 1

    def renew(self) -> set[str]:
        """Renew every lease this process holds (one statement); the ids it still holds (one
        another process took over after this one stalled past its lease is gone)."""
        if not self.stored:
            return set()
        with self.engine.begin() as db:
            db.execute(
                update(TABLES)
                .where(TABLES.c.driver == self.name, TABLES.c.status.in_(UNFINISHED))
                .values(driven_until=self.clock.now() + self.seconds)
            )
            held = db.execute(
                select(TABLES.c.id).where(
                    TABLES.c.driver == self.name, TABLES.c.status.in_(UNFINISHED)
                )
            ).scalars()
            return set(held)

    def orphans(self) -> list[str]:
        """Running tables nobody drives: no lease, or one that ran out."""
        if not self.stored:
            return []
        now = self.clock.now()
        with self.engine.connect() as db:
            found = db.execute(
                select(TABLES.c.id).where(
                    TABLES.c.status == "running",
                    or_(TABLES.c.driver.is_(None), TABLES.c.driven_until < now),
                )
            ).scalars()
            return list(found)

    def release(self) -> None:
        """Give up every lease (a process stopping: the others take its tables at once). A
        database that fails now is only logged: the leases then run out by themselves."""
        if not self.stored:
            return
        try:
            with self.engine.begin() as db:
                db.execute(
                    update(TABLES)
                    .where(TABLES.c.driver == self.name)
                    .values(driver=None, driven_until=None)
                )
        except DBAPIError:
            LOG.exception("the tables' leases could not be given up; they will run out")
