"""The table layer: live tables, each a kernel state with its seats and the people watching it,
kept in memory and written through to the database one action at a time. It is made of parts
that each do one thing (docs/architecture/tables.md says who calls whom):

- `Shelf` (`shelf.py`): the tables in memory; rebuilding them from their records, expiry,
  broken tables;
- `Watchers` (`watchers.py`): who watches which table, and the frames they are sent;
- `Driver` (`driver.py`): bots, stand-ins, turn limits, clocks and the timers that wake a table;
- `Commits` (`commits.py`): the one way a table changes (create, join, act, rematch);
- `Chat` (`chat.py`): talk at the table, within its limits, to the watchers who may read it;
- `Reviews` (`reviews.py`): a finished game's seat reviewed by its game's advice, as a job
  beside the bots, its progress and result stored;
- seats (`seats.py`): who a request is at a table, as plain functions;
- kinds (`parlour.web.kinds`): casual, rated and the daily challenge's tables as policy objects.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

from sqlalchemy import Engine

from parlour.web.clock import Clock
from parlour.web.kinds import Kinds
from parlour.web.live import LiveTable, TableError
from parlour.web.tables.chat import Chat
from parlour.web.tables.commits import Attempt, Commits
from parlour.web.tables.driver import Driver
from parlour.web.tables.leases import Leases
from parlour.web.tables.news import News
from parlour.web.tables.presence import Presence
from parlour.web.tables.reviews import Reviews
from parlour.web.tables.seats import TOKEN_HEADER
from parlour.web.tables.shelf import Shelf
from parlour.web.tables.tasks import Tasks
from parlour.web.tables.watchers import Watchers

__all__ = ["TOKEN_HEADER", "Attempt", "Tables"]
LOG = logging.getLogger("parlour.web")


class Tables:
    """The table layer's parts, made for one engine and wired together; the web's routes call
    the part that does what they ask."""

    def __init__(
        self,
        engine: Engine,
        *,
        bot_pace: float = 0.6,
        idle_expiry: timedelta = timedelta(days=7),
        min_turn_limit: float = 5.0,
        bot_workers: int = 1,
        clock: Clock | None = None,
        lease_seconds: float = 10.0,
        server_name: str | None = None,
        chat_lines: int = 5,
    ) -> None:
        self.engine = engine
        self.clock = clock or Clock()
        """The time turn limits, stand-ins, bots' pace and puzzle clocks count in."""
        self.kinds = Kinds()
        self.tasks = Tasks()
        self.shelf = Shelf(engine, self.clock, self.kinds, self.tasks, idle_expiry)
        self.leases = Leases(engine, self.clock, lease_seconds, server_name)
        self.presence = Presence(engine, self.clock, lease_seconds, self.leases.name)
        self.watchers = Watchers(self.shelf, self.clock, self.presence)
        self.driver = Driver(
            engine,
            self.clock,
            self.shelf,
            self.watchers,
            self.tasks,
            self.leases,
            # Due actions go the commit path's way (made next, before any timer can fire).
            lambda table, seat, action: self.commits.apply(table, seat, action),
            bot_workers=bot_workers,
            bot_pace=bot_pace,
        )
        self.commits = Commits(
            engine,
            self.clock,
            self.kinds,
            self.shelf,
            self.watchers,
            self.driver,
            min_turn_limit=min_turn_limit,
        )
        self.chat = Chat(engine, self.clock, self.watchers, chat_lines, self.leases.name)
        self.reviews = Reviews(engine, self.clock, self.driver.pool, self.tasks)
        self.news = News(
            engine, self.commits.heard, self.commits.missed, self.watchers.seen, self.chat.heard
        )
        self.shelf.loaded = self._loaded
        self._leasing: asyncio.Task[None] | None = None

    def _loaded(self, table: LiveTable) -> None:
        self.tasks.spawn(self._drive(table))

    async def _keep_leases(self) -> None:
        """Every third of a lease: renew this process's leases, stop driving the tables another
        process took over, and take over the running tables nobody drives (their process died
        or stalled). A failure (the database's) is logged and tried again next time."""
        while True:
            await asyncio.sleep(self.leases.seconds / 3)
            try:
                self.presence.renew()
                await self.watchers.seen_again()  # a dead process's pages run out
                held = self.leases.renew()
                for table in list(self.shelf.tables.values()):
                    if table.driven and table.id not in held:
                        table.driven = False
                        self.driver.replan(table)
                for table_id in self.leases.orphans():
                    await self._take_over(table_id)
            except Exception:
                LOG.exception("the tables' leases could not be kept; trying again")

    async def _take_over(self, table_id: str) -> None:
        """Drive a running table whose driver is gone, brought up to date first."""
        table = self.shelf.tables.get(table_id)
        if table is None:
            self.shelf.get(table_id)  # loaded, and driven (`_loaded`)
            return
        async with table.lock:
            if self.shelf.stale(table):
                self.shelf.refresh(table)
            if table.status == "running":
                with contextlib.suppress(TableError):  # broken alone, and logged
                    await self.driver.resume(table)

    async def _drive(self, table: LiveTable) -> None:
        """Drive a running table loaded on demand (one whose bots fail breaks alone)."""
        if table.status == "running":
            with contextlib.suppress(TableError):  # broken alone, and logged
                async with table.lock:
                    await self.driver.resume(table)

    async def start(self) -> None:
        """Start the bots' workers, then rebuild the unfinished tables and drive the running
        ones again (one whose bots fail breaks alone)."""
        await self.driver.start()
        self.presence.release()  # a life before a kill -9 under this name held pages
        for table in self.shelf.load_all():
            with contextlib.suppress(TableError):  # broken alone, and logged
                await self.driver.resume(table)
        await self.news.start()
        if self.leases.stored:
            self._leasing = asyncio.get_running_loop().create_task(self._keep_leases())

    async def close(self) -> None:
        """Stop keeping leases and listening, the reviews under way, the timers and the bots'
        workers, then give up the leases (the server is shutting down: the other processes
        take its tables at once)."""
        if self._leasing is not None:
            self._leasing.cancel()
        await self.news.close()
        await self.reviews.close()
        await self.driver.close(list(self.shelf.tables.values()))
        self.leases.release()
        self.presence.release()
