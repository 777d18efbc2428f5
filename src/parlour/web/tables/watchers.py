"""Who watches which table, and the frames (and chat lines) they are sent: after every change
each watcher gets its seat's frame (a spectator's where it holds none) in its language,
computed and encoded once a seat and language. A frame the game cannot show breaks its table
alone (`Shelf.shown`). A seat's page arriving or leaving (on this process or another:
`Presence`) is a change too: the dot beside its name."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import DBAPIError

from parlour.i18n import speaking
from parlour.web.clock import Clock
from parlour.web.live import Frame, LiveTable, TableError, Watcher, encode
from parlour.web.tables.presence import Presence
from parlour.web.tables.shelf import Shelf

LOG = logging.getLogger("parlour.web")


class Watchers:
    """The connections watching the tables on the shelf, and what each one is shown."""

    def __init__(self, shelf: Shelf, clock: Clock, presence: Presence) -> None:
        self.shelf = shelf
        self.clock = clock
        self.presence = presence

    async def add(self, table: LiveTable, watcher: Watcher) -> None:
        """Send `watcher` its first frame and subscribe it to the table's (under its lock); a
        seat's page arriving shows the others its seat connected."""
        seat, code = watcher.seat, watcher.language
        if seat is not None and self.presence.arrived(table.id, seat):
            await self._present(table)
        try:
            now = self.clock.now()
            first = self.shelf.shown(table, lambda: _encoded(table, seat, code, now))
            table.watchers.add(watcher)
            await watcher.send(first)
        except BaseException:  # never watched: nobody will say it left
            table.watchers.discard(watcher)
            if seat is not None:
                self.presence.left(table.id, seat)
            raise

    async def remove(self, table_id: str, watcher: Watcher) -> None:
        """A connection went away; the seat's last page leaving shows the others its seat
        unconnected (a failing database is only logged: the row then runs out)."""
        table = self.shelf.tables.get(table_id)
        if table is not None:
            table.watchers.discard(watcher)
        if watcher.seat is None:
            return
        try:
            last = self.presence.left(table_id, watcher.seat)
        except DBAPIError:
            LOG.exception("table %s: a page leaving could not be stored", table_id)
            return
        if last and table is not None:
            await self.seen(table_id)

    async def seen(self, table_id: str) -> None:
        """The seats connected to a table held here may have changed (here or, told by
        `News`, on another process): its watchers are shown them."""
        table = self.shelf.tables.get(table_id)
        if table is not None:
            async with table.lock:
                await self._present(table)

    async def seen_again(self) -> None:
        """Look again at the seats connected to every watched table held here (one query), so
        the pages of a process that died without a word run out within a lease."""
        watched = [table for table in self.shelf.tables.values() if table.watchers]
        present = self.presence.seats([table.id for table in watched])
        for table in watched:
            if present[table.id] != table.present:
                await self.seen(table.id)

    async def _present(self, table: LiveTable) -> None:
        """Show the table's watchers its connected seats where they changed (under its lock)."""
        present = self.presence.seats([table.id])[table.id]
        if present != table.present:
            table.present = present
            await self.broadcast(table)

    async def broadcast(self, table: LiveTable) -> None:
        """Send every watcher its seat's frame in its language, computed and encoded once a
        seat and language."""
        kinds = {(watcher.seat, watcher.language) for watcher in table.watchers}
        now = self.clock.now()
        frames = self.shelf.shown(
            table, lambda: {kind: _encoded(table, *kind, now) for kind in kinds}
        )
        for watcher in list(table.watchers):
            try:
                await watcher.send(frames[watcher.seat, watcher.language])
            except Exception:  # a connection that went away: forget it
                table.watchers.discard(watcher)

    async def tell(self, table: LiveTable, message: str, reads: Callable[[Watcher], bool]) -> None:
        """Send an encoded message that is not a frame (a chat line) to the watchers it is
        for, forgetting a connection that went away."""
        for watcher in list(table.watchers):
            if reads(watcher):
                try:
                    await watcher.send(message)
                except Exception:  # a connection that went away: forget it
                    table.watchers.discard(watcher)

    def frame(self, table: LiveTable, seat: int | None) -> Frame:
        """The frame `seat` (None: a spectator) would receive now, proved to encode."""
        self._unwatched(table)

        def proved() -> Frame:
            shown = table.frame(seat, self.clock.now())
            encode(shown)
            return shown

        return self.shelf.shown(table, proved)

    def public(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """What anyone may know of the table (`seat`: whose page asks)."""
        self._unwatched(table)
        return self.shelf.shown(table, lambda: table.public(seat))

    def _unwatched(self, table: LiveTable) -> None:
        """Read the connected seats of a table nobody watches here, for a request: news of
        them reaches a process only for tables it has watchers of (one query)."""
        if not table.watchers:
            table.present = self.presence.seats([table.id])[table.id]

    def listing(self) -> list[dict[str, Any]]:
        """The lobby: listed tables that are open or running, newest first (one that cannot
        be shown breaks alone and is left out)."""
        tables = [
            t for t in self.shelf.tables.values() if t.listed and t.status in ("open", "running")
        ]
        listed = []
        for table in reversed(tables):
            with contextlib.suppress(TableError):  # broken alone, and logged
                listed.append(self.shelf.shown(table, table.public, "it could not be listed"))
        return listed


def _encoded(table: LiveTable, seat: int | None, code: str, now: float) -> str:
    """A seat's frame told in language `code` (its log's texts), encoded."""
    with speaking(code):
        return encode(table.frame(seat, now))
