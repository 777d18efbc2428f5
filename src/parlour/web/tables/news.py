"""News of the tables from the other server processes on one PostgreSQL database: each change
is told on a channel as it commits (`storage.bump`), and every process listens, so that a
watcher connected to one process sees a move made through another at once (`Commits.heard`);
so is a seat's page arriving or leaving (`Presence`, `Watchers.seen`), and a line said in a
table's chat (`Chat.heard`).
SQLite has one server process (`database.hold_alone`), so nothing is told or heard there."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy import Engine

from parlour.web.database import shared
from parlour.web.storage import CHANNEL
from parlour.web.tables.chat import CHAT_NEWS
from parlour.web.tables.presence import PRESENCE_NEWS

LOG = logging.getLogger("parlour.web")
RECONNECT_SECONDS = 1.0
"""How soon a listener whose connection failed connects again."""
Heard = Callable[[str, int], Awaitable[None]]
"""What is done with the news that table ID is at VERSION."""
Said = Callable[[str, int, str], Awaitable[None]]
"""What is done with the news that table ID has chat line NUMBER, said through PROCESS."""


class News:
    """One process's listener on the tables' channel (PostgreSQL only)."""

    def __init__(
        self,
        engine: Engine,
        heard: Heard,
        missed: Callable[[], Awaitable[None]],
        seen: Callable[[str], Awaitable[None]],
        said: Said,
    ):
        self.engine = engine
        self.heard = heard
        self.missed = missed
        """Run after (re)connecting: news told while nobody listened is lost."""
        self.seen = seen
        """What is done with the news that a table's connected seats changed ("ID presence")."""
        self.said = said
        """What is done with the news of a new line in a table's chat ("ID chat NUMBER PROCESS")."""
        self._task: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()

    async def start(self) -> None:
        """Listen in the background from now on (returns once listening)."""
        if not shared(self.engine):
            return
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await self.listening.wait()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _listen(self) -> None:
        """Hear the channel for ever, connecting again after a failure (and catching up on
        what was missed meanwhile)."""
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    await self.missed()
                    async for note in db.notifies():
                        table_id, what, *more = note.payload.split()
                        try:
                            if what == PRESENCE_NEWS:
                                await self.seen(table_id)
                            elif what == CHAT_NEWS:
                                await self.said(table_id, int(more[0]), " ".join(more[1:]))
                            else:
                                await self.heard(table_id, int(what))
                        except Exception:  # one table's trouble (broken: logged) stops no news
                            LOG.exception("table %s: its news could not be heard", table_id)
            except (psycopg.Error, OSError) as error:
                LOG.warning("the tables' news: %s; listening again soon", error)
                await asyncio.sleep(RECONNECT_SECONDS)
