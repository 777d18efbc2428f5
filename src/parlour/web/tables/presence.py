"""Whose pages are at each table: a seat is connected while a page of it holds the table's
WebSocket on any server process. Each process counts its own connections. On PostgreSQL it
also keeps a row for each table and seat it has pages of (`presence`), renewed with its leases
so that a dead process's rows run out, and tells the others of each change on the tables'
channel ("ID presence"), so every process shows the same dots. On SQLite one process holds
every connection, and its counts are the whole truth."""

from __future__ import annotations

import logging
from collections import Counter, defaultdict

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import DBAPIError

from parlour.web.clock import Clock
from parlour.web.database import shared
from parlour.web.storage import NOTIFY, PRESENCE

LOG = logging.getLogger("parlour.web")
PRESENCE_NEWS = "presence"
"""The second word of a notification that a table's connected seats changed."""


class Presence:
    """One process's count of the pages connected to each table, and what the others count."""

    def __init__(self, engine: Engine, clock: Clock, seconds: float, name: str) -> None:
        self.engine = engine
        self.clock = clock
        self.seconds = seconds
        """How long a process's rows last unless renewed (its leases' length)."""
        self.name = name
        self.stored = shared(engine)
        self.here: defaultdict[str, Counter[int]] = defaultdict(Counter)

    def arrived(self, table_id: str, seat: int) -> bool:
        """A page of `seat` connected here; whether the seat was not connected here before."""
        self.here[table_id][seat] += 1
        first = self.here[table_id][seat] == 1
        if first and self.stored:
            row = {"table_id": table_id, "seat": seat, "server": self.name}
            until = self.clock.now() + self.seconds
            with self.engine.begin() as db:
                db.execute(
                    insert(PRESENCE)
                    .values(**row, until=until)
                    .on_conflict_do_update(index_elements=list(row), set_={"until": until})
                )
                db.execute(NOTIFY, {"payload": f"{table_id} {PRESENCE_NEWS}"})
        return first

    def left(self, table_id: str, seat: int) -> bool:
        """A page of `seat` went away from here; whether it was the seat's last one here."""
        seats = self.here[table_id]
        seats[seat] -= 1
        if seats[seat] > 0:
            return False
        del seats[seat]
        if not seats:
            del self.here[table_id]
        if self.stored:
            with self.engine.begin() as db:
                db.execute(
                    delete(PRESENCE).where(
                        PRESENCE.c.table_id == table_id,
                        PRESENCE.c.seat == seat,
                        PRESENCE.c.server == self.name,
                    )
                )
                db.execute(NOTIFY, {"payload": f"{table_id} {PRESENCE_NEWS}"})
        return True

    def seats(self, table_ids: list[str]) -> dict[str, frozenset[int]]:
        """The seats of each table with a page connected to any process (one query)."""
        found = {table_id: set(self.here.get(table_id, ())) for table_id in table_ids}
        if self.stored and table_ids:
            with self.engine.connect() as db:
                rows = db.execute(
                    select(PRESENCE.c.table_id, PRESENCE.c.seat).where(
                        PRESENCE.c.table_id.in_(table_ids), PRESENCE.c.until > self.clock.now()
                    )
                ).all()
            for table_id, seat in rows:
                found[table_id].add(seat)
        return {table_id: frozenset(seats) for table_id, seats in found.items()}

    def renew(self) -> None:
        """Keep this process's rows from running out (one statement, with its leases)."""
        if self.stored:
            with self.engine.begin() as db:
                db.execute(
                    update(PRESENCE)
                    .where(PRESENCE.c.server == self.name)
                    .values(until=self.clock.now() + self.seconds)
                )

    def release(self) -> None:
        """Forget this process's rows: it is stopping (its pages reconnect elsewhere), or
        starting under the name of one that was killed (whose rows it would renew for ever).
        A database that fails now is only logged: the rows then run out by themselves."""
        if not self.stored:
            return
        try:
            with self.engine.begin() as db:
                db.execute(delete(PRESENCE).where(PRESENCE.c.server == self.name))
        except DBAPIError:
            LOG.exception("the pages' presence could not be given up; it will run out")
