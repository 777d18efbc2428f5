"""The tables in memory, and their way back from the database: every unfinished table is
rebuilt by replaying its record when the server starts, a finished game when someone asks for
it; idle tables expire; and a table whose game fails is broken alone.

A failure of one table's game (its rules, views or bots) is confined to that table: the table
is logged, stored as broken, taken out of memory and listings, and refused with a 410 from
then on; no other table, listing or page notices."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from sqlalchemy import Engine, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, selectinload

from parlour.i18n import N_, _
from parlour.kernel import timed_record
from parlour.web import ratings, storage
from parlour.web.clock import Clock
from parlour.web.database import shared
from parlour.web.kinds import Kinds
from parlour.web.live import LiveTable, TableError, Watcher, encode
from parlour.web.models import ActionRow, TableRow
from parlour.web.storage import TABLES
from parlour.web.tables.tasks import Tasks

LOG = logging.getLogger("parlour.web")
T = TypeVar("T")
BROKEN = N_("this table is broken: {}; it can no longer be played")
FINISHED_IN_MEMORY = 600.0
"""Seconds a finished game stays in memory after anyone last asked for it."""
IDLE_TURNS = 3
"""Turn limits an unfinished table may idle before it expires, where they outlast the server's
idle expiry: a table played slowly (or waiting for a friend to join it) gets a few turns."""


class Shelf:
    """The live tables by id, loaded, rebuilt, expired and broken here."""

    def __init__(
        self, engine: Engine, clock: Clock, kinds: Kinds, tasks: Tasks, idle_expiry: timedelta
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.kinds = kinds
        self.tasks = tasks
        self.idle_expiry = idle_expiry
        self.shared = shared(engine)
        self._reader = (
            engine.execution_options(isolation_level="REPEATABLE READ") if self.shared else engine
        )
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}
        """Why each table that broke since the start broke (others are found in the database)."""
        self.loaded: Callable[[LiveTable], None] = lambda table: None
        """Told of each unfinished table loaded on demand (one another server process made or
        held): the assembly has the driver drive it."""

    # -- lookups ----------------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        """A table by id: from memory, or loaded from its record (a finished game, or one
        another server process made); a broken table is refused (410)."""
        table = self.tables.get(table_id)
        if table is None:
            if table_id in self.broken:
                raise TableError(410, _(BROKEN).format(self.broken[table_id]))
            table = self._load_stored(table_id)
        table.touched = time.monotonic()
        return table

    def add(self, table: LiveTable) -> None:
        """Keep a new table (stored already) in memory."""
        self.tables[table.id] = table

    def record(self, table_id: str) -> dict[str, Any]:
        """A finished game's record (its seed is no secret any more), with who sat where and,
        where the game keeps them, each action's time from the game's start."""
        table = self.get(table_id)
        if table.status != "finished":
            raise TableError(403, _("a record is available once the game is over"))
        sealed = table.kind.sealed(table)
        if sealed is not None:
            raise TableError(403, sealed)
        started = table.started_at or 0.0
        record = timed_record(table.state, [at - started for at in table.action_times])
        record["meta"] = {"seats": [s.bot or "human" for s in table.seats]}
        return record

    # -- restoring --------------------------------------------------------------------------

    def snapshot(self) -> Session:
        """A session whose queries see one moment of the database: a table's row, seats and
        actions are read separately, and on a database other processes write to, an action
        stored between them would give a copy the state of one version under the number of
        another (PostgreSQL: REPEATABLE READ; SQLite's one writer is this process)."""
        return Session(self._reader)

    def _load_stored(self, table_id: str) -> LiveTable:
        """A table rebuilt from its record (a 410 for a broken table, 404 for none or an
        expired one)."""
        shown = ("open", "running", "finished", "broken")
        with self.snapshot() as session:
            row = session.scalars(
                storage.whole_rows().where(TableRow.id == table_id, TableRow.status.in_(shown))
            ).one_or_none()
            if row is None:
                raise TableError(404, _("no such table (it may have expired)"))
            if row.status == "broken":
                raise TableError(410, _(BROKEN).format(_("its game failed (see the server's log)")))
            table = self._rebuilt(row)
            if table is None:
                raise TableError(410, _(BROKEN).format(self.broken[table_id]))
            self.tables[table_id] = table
        if table.status != "finished":
            self.loaded(table)
        return table

    def _rebuilt(self, row: TableRow) -> LiveTable | None:
        """A stored table replayed and shown once to prove it, or None: it is broken."""
        try:
            table = storage.rebuild(row, self.kinds)
            table.probe(self.clock.now())
        except Exception as error:
            LOG.error("table %s is broken: it could not be rebuilt", row.id, exc_info=error)
            self._mark_broken(row.id, "it could not be rebuilt from its record")
            return None
        with self.engine.connect() as db:
            ratings.refresh(db, table)
        return table

    def stale(self, table: LiveTable) -> bool:
        """Whether another server process changed `table` since this copy was made (its stored
        version moved on; one lookup by key, where processes may share the database)."""
        if not self.shared or table.status not in ("open", "running"):
            return False
        with self.engine.connect() as db:
            stored = db.execute(select(TABLES.c.version).where(TABLES.c.id == table.id))
            return bool(stored.scalar_one() != table.version)

    def behind(self) -> list[LiveTable]:
        """The unfinished tables held here whose stored version moved on (one query)."""
        held = {
            table.id: table for table in self.tables.values() if table.status in ("open", "running")
        }
        if not held:
            return []
        with self.engine.connect() as db:
            stored = db.execute(
                select(TABLES.c.id, TABLES.c.version).where(TABLES.c.id.in_(held))
            ).all()
        return [held[row.id] for row in stored if row.version != held[row.id].version]

    def refresh(self, table: LiveTable) -> None:
        """Bring a copy another process moved past (`storage.Stale`) up to date from its stored
        row, in place: whoever holds it keeps holding it. A started copy reads and applies
        only the actions it lacks; one not started yet (no actions) is rebuilt."""
        held = len(table.action_times)
        with self.snapshot() as session:
            if table.started_at is None:
                row = session.scalars(storage.whole_rows().where(TableRow.id == table.id)).one()
                table.take(storage.rebuild(row, self.kinds))
            else:
                row = session.scalars(
                    select(TableRow)
                    .options(selectinload(TableRow.seats))
                    .where(TableRow.id == table.id)
                ).one()
                newer = session.scalars(
                    select(ActionRow)
                    .where(ActionRow.table_id == table.id, ActionRow.number >= held)
                    .order_by(ActionRow.number)
                ).all()
                table.take(storage.advance(table, row, newer, self.kinds))
        with self.engine.connect() as db:
            ratings.refresh(db, table)

    def load_all(self) -> list[LiveTable]:
        """Rebuild every unfinished table from its record; returns the running ones, whose
        bots and clock are to be resumed (finished games are loaded when someone asks)."""
        with self.snapshot() as session:
            rows = session.scalars(
                storage.whole_rows()
                .where(TableRow.status.in_(("open", "running")))
                .order_by(TableRow.created_at)
            ).all()
            for row in rows:
                table = self._rebuilt(row)
                if table is not None:
                    self.tables[row.id] = table
        return [table for table in self.tables.values() if table.status == "running"]

    # -- expiry -------------------------------------------------------------------------------

    def idle_allowed(self, turn_limit: float | None) -> timedelta:
        """How long an unfinished table may idle before it expires: `idle_expiry`, or
        `IDLE_TURNS` turn limits where that is longer (a table played slowly)."""
        return max(self.idle_expiry, timedelta(seconds=IDLE_TURNS * (turn_limit or 0)))

    async def expire_idle(self) -> list[str]:
        """Unfinished tables idle longer than they are allowed (`idle_allowed`) expire
        (finished ones stay, as records; those nobody has looked at for `FINISHED_IN_MEMORY`
        leave memory)."""
        unwatched = time.monotonic() - FINISHED_IN_MEMORY
        for table_id, table in list(self.tables.items()):
            if table.status == "finished" and not table.watchers and table.touched < unwatched:
                del self.tables[table_id]
        now = storage.now()
        with self.engine.begin() as db:
            idle = db.execute(
                select(TABLES.c.id, TABLES.c.turn_limit, TABLES.c.active_at).where(
                    TABLES.c.status.in_(("open", "running")),
                    TABLES.c.active_at < now - self.idle_expiry,
                )
            ).all()
            ids = [
                row.id
                for row in idle
                if storage.aware(row.active_at) < now - self.idle_allowed(row.turn_limit)
            ]
            if ids:
                db.execute(update(TABLES).where(TABLES.c.id.in_(ids)).values(status="expired"))
        for table_id in ids:
            gone = self.tables.pop(table_id, None)
            if gone is not None:
                gone.status = "expired"  # an answer still on its way is dropped
                gone.thinking.clear()
                if gone.timer is not None:
                    gone.timer.cancel()
        return list(ids)

    # -- broken tables ------------------------------------------------------------------------

    def shown(
        self, table: LiveTable, show: Callable[[], T], what: str = "its state could not be shown"
    ) -> T:
        """What `show` computes of a table; its failure breaks the table alone (a 410 saying
        `what`)."""
        try:
            return show()
        except Exception as error:
            raise self.break_table(table, error, what) from error

    def break_table(self, table: LiveTable, error: BaseException, what: str) -> TableError:
        """Confine a failure of a table's game to that table: log it with its traceback,
        store the table as broken, take it out of memory (listings, timers), tell whoever
        watches it. Returns the error its requests get from now on."""
        LOG.error("table %s is broken: %s", table.id, what, exc_info=error)
        table.status = "broken"
        table.pending.clear()
        table.thinking.clear()
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        refusal = self._mark_broken(table.id, what)
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        watchers, table.watchers = list(table.watchers), set()
        if watchers:
            self.tasks.spawn(_tell(watchers, refusal.message))
        return refusal

    def _mark_broken(self, table_id: str, why: str) -> TableError:
        """Store that a table is broken (a failing database only logs: a restart finds the
        table broken again) and return the error its requests get."""
        self.broken[table_id] = why
        try:
            with self.engine.begin() as db:
                storage.mark_broken(db, table_id)
        except DBAPIError:
            LOG.exception("table %s: could not store that it is broken", table_id)
        return TableError(410, _(BROKEN).format(why))

    def refuse_broken(self, table: LiveTable) -> None:
        """A 410 for a table that broke (while the request waited for it, say)."""
        if table.status == "broken":
            raise TableError(410, _(BROKEN).format(self.broken.get(table.id, _("its game failed"))))


async def _tell(watchers: list[Watcher], message: str) -> None:
    """Send each watcher an error frame (one gone away is skipped)."""
    for watcher in watchers:
        with contextlib.suppress(Exception):
            await watcher.send(encode({"type": "error", "error": message}))
