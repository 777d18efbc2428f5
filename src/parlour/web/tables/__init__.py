"""The table layer: live tables, each a kernel state with its seats and the people watching it,
kept in memory and written through to the database one action at a time. It is made of parts
that each do one thing (docs/architecture/tables.md says who calls whom):

- `Shelf` (`shelf.py`): the tables in memory; rebuilding them from their records, expiry,
  broken tables;
- `Watchers` (`watchers.py`): who watches which table, and the frames they are sent;
- `Driver` (`driver.py`): bots, stand-ins, turn limits, clocks and the timers that wake a table;
- `Commits` (`commits.py`): the one way a table changes (create, join, act, rematch);
- seats (`seats.py`): who a request is at a table, as plain functions;
- kinds (`parlour.web.kinds`): casual, rated and the daily challenge's tables as policy objects.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta

from sqlalchemy import Engine

from parlour.web.clock import Clock
from parlour.web.kinds import Kinds
from parlour.web.live import LiveTable, TableError
from parlour.web.tables.commits import Attempt, Commits
from parlour.web.tables.driver import Driver
from parlour.web.tables.news import News
from parlour.web.tables.seats import TOKEN_HEADER
from parlour.web.tables.shelf import Shelf
from parlour.web.tables.tasks import Tasks
from parlour.web.tables.watchers import Watchers

__all__ = ["TOKEN_HEADER", "Attempt", "Tables"]


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
    ) -> None:
        self.engine = engine
        self.clock = clock or Clock()
        """The time turn limits, stand-ins, bots' pace and puzzle clocks count in."""
        self.kinds = Kinds()
        self.tasks = Tasks()
        self.shelf = Shelf(engine, self.clock, self.kinds, self.tasks, idle_expiry)
        self.watchers = Watchers(self.shelf, self.clock)
        self.driver = Driver(
            engine,
            self.clock,
            self.shelf,
            self.watchers,
            self.tasks,
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
        self.news = News(engine, self.commits.heard, self.commits.missed)
        self.shelf.loaded = self._loaded

    def _loaded(self, table: LiveTable) -> None:
        self.tasks.spawn(self._drive(table))

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
        for table in self.shelf.load_all():
            with contextlib.suppress(TableError):  # broken alone, and logged
                await self.driver.resume(table)
        await self.news.start()

    async def close(self) -> None:
        """Stop listening, the timers and the bots' workers (the server is shutting down)."""
        await self.news.close()
        await self.driver.close(list(self.shelf.tables.values()))
