"""Who watches which table, and the frames they are sent: after every change each watcher gets
its seat's frame (a spectator's where it holds none) in its language, computed and encoded once
a seat and language. A frame the game cannot show breaks its table alone (`Shelf.shown`)."""

from __future__ import annotations

import contextlib
from typing import Any

from parlour.i18n import speaking
from parlour.web.clock import Clock
from parlour.web.live import Frame, LiveTable, TableError, Watcher, encode
from parlour.web.tables.shelf import Shelf


class Watchers:
    """The connections watching the tables on the shelf, and what each one is shown."""

    def __init__(self, shelf: Shelf, clock: Clock) -> None:
        self.shelf = shelf
        self.clock = clock

    async def add(self, table: LiveTable, watcher: Watcher) -> None:
        """Send `watcher` its first frame and subscribe it to the table's (under its lock)."""
        seat, code, now = watcher.seat, watcher.language, self.clock.now()
        first = self.shelf.shown(table, lambda: _encoded(table, seat, code, now))
        table.watchers.add(watcher)
        await watcher.send(first)

    def remove(self, table_id: str, watcher: Watcher) -> None:
        table = self.shelf.tables.get(table_id)
        if table is not None:
            table.watchers.discard(watcher)

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

    def frame(self, table: LiveTable, seat: int | None) -> Frame:
        """The frame `seat` (None: a spectator) would receive now, proved to encode."""

        def proved() -> Frame:
            shown = table.frame(seat, self.clock.now())
            encode(shown)
            return shown

        return self.shelf.shown(table, proved)

    def public(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """What anyone may know of the table (`seat`: whose page asks)."""
        return self.shelf.shown(table, lambda: table.public(seat))

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
