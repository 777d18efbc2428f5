"""Talk at the table: the seated players' chat, and the spectators' own (which the host may turn
off). A line is its words (or a quick reaction's code, which each page tells in its reader's
language), who said it and when, and nothing of the game; it is stored with the table, never in
its record. Seated players read the players' channel; spectators read both, so nobody watching
can whisper to a player. A line reaches the watchers on this process at once and, told on the
tables' channel ("ID chat NUMBER PROCESS"), those on every other process."""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import Engine, func, insert, select
from sqlalchemy.exc import IntegrityError

from parlour.i18n import _
from parlour.web.clock import Clock
from parlour.web.live import LiveTable, TableError, Watcher, encode
from parlour.web.storage import CHAT, NOTIFY
from parlour.web.tables.watchers import Watchers

PLAYERS, SPECTATORS = "players", "spectators"
WINDOW = 10.0
"""Seconds over which a sender's lines are counted against the limit."""
RECENT = 100
"""How many of the latest lines a page is given when it opens."""
CHAT_NEWS = "chat"
"""The second word of a notification that a table has a new line ("ID chat NUMBER PROCESS")."""
NUMBER_TRIES = 3
"""Tries at a line's number, where two processes took the same one at once."""


@dataclass(frozen=True)
class Line:
    """One line as pages see it: exactly its words and who said it when."""

    number: int
    channel: str
    seat: int | None
    name: str
    text: str | None
    reaction: str | None
    at: float

    def shown(self) -> dict[str, Any]:
        return asdict(self)


def channels(table: LiveTable, seat: int | None) -> tuple[str, ...]:
    """The channels a viewer of `table` reads, over the API and pushed alike: a seat the
    players'; a spectator both while the game lasts, and none once it is over (a finished
    game's chat is for those who sat at the table)."""
    if seat is not None:
        return (PLAYERS,)
    return (PLAYERS, SPECTATORS) if table.status in ("open", "running") else ()


def spectator_sender(address: str) -> str:
    """Who a spectator is for the rate limit: a hash of the client's address (never shown)."""
    return "spectator " + hashlib.sha256(address.encode()).hexdigest()[:32]


class Chat:
    """The tables' chat: storing lines within the limits, reading them, and telling watchers."""

    def __init__(
        self, engine: Engine, clock: Clock, watchers: Watchers, per_window: int, name: str
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.watchers = watchers
        self.per_window = per_window
        """Lines one sender may say at a table within `WINDOW` seconds."""
        self.name = name
        """This process's name, in its news: it has shown its own lines already."""

    async def say(
        self,
        table: LiveTable,
        seat: int | None,
        name: str,
        sender: str,
        text: str | None,
        reaction: str | None,
    ) -> Line:
        """Store a line from `seat` (None: a spectator called `name`) and show it to those who
        read its channel; 403 for a spectator where the host turned their chat off, 429 past
        the limit (a repeated refusal stores nothing)."""
        channel = PLAYERS if seat is not None else SPECTATORS
        if channel == SPECTATORS and not table.spectator_chat:
            raise TableError(403, _("the host has turned the spectators' chat off"))
        now = self.clock.now()
        for _try in range(NUMBER_TRIES):
            try:
                line = self._store(table.id, channel, seat, name, sender, text, reaction, now)
                break
            except IntegrityError:  # another process took the number: take the next
                continue
        else:
            raise TableError(409, _("this table changed meanwhile; try again"))
        await self.show(table, line)
        return line

    def _store(
        self,
        table_id: str,
        channel: str,
        seat: int | None,
        name: str,
        sender: str,
        text: str | None,
        reaction: str | None,
        now: float,
    ) -> Line:
        """Count the sender's recent lines and store this one with the next number, in one
        transaction (told to the other processes as it commits)."""
        with self.engine.begin() as db:
            recent = db.execute(
                select(func.count())
                .select_from(CHAT)
                .where(
                    CHAT.c.table_id == table_id, CHAT.c.sender == sender, CHAT.c.at > now - WINDOW
                )
            ).scalar_one()
            if recent >= self.per_window:
                raise TableError(
                    429,
                    _("at most {lines} lines in {seconds} seconds; wait a moment").format(
                        lines=self.per_window, seconds=int(WINDOW)
                    ),
                )
            last = db.execute(
                select(func.max(CHAT.c.number)).where(CHAT.c.table_id == table_id)
            ).scalar_one()
            line = Line((last or 0) + 1, channel, seat, name, text, reaction, now)
            db.execute(insert(CHAT).values(table_id=table_id, sender=sender, **line.shown()))
            if db.dialect.name == "postgresql":
                db.execute(NOTIFY, {"payload": f"{table_id} {CHAT_NEWS} {line.number} {self.name}"})
        return line

    def recent(self, table: LiveTable, seat: int | None) -> list[Line]:
        """The latest lines of the channels `seat` reads (None: a spectator), oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(*_SHOWN)
                .where(CHAT.c.table_id == table.id, CHAT.c.channel.in_(channels(table, seat)))
                .order_by(CHAT.c.number.desc())
                .limit(RECENT)
            ).all()
        return [Line(*row) for row in reversed(rows)]

    async def heard(self, table_id: str, number: int, by: str) -> None:
        """Process `by` stored line `number` of a table (`News`): where it is another, the
        watchers here of a table held here are shown it."""
        table = self.watchers.shelf.tables.get(table_id)
        if by == self.name or table is None or not table.watchers:
            return
        with self.engine.connect() as db:
            row = db.execute(
                select(*_SHOWN).where(CHAT.c.table_id == table_id, CHAT.c.number == number)
            ).one_or_none()
        if row is not None:
            await self.show(table, Line(*row))

    async def show(self, table: LiveTable, line: Line) -> None:
        """Send `line` to the table's watchers that read its channel (under the table's lock,
        as frames are sent, so a page's messages never interleave)."""
        message = encode({"type": "chat", "line": line.shown()})

        def reads(watcher: Watcher) -> bool:
            return line.channel in channels(table, watcher.seat)

        async with table.lock:
            await self.watchers.tell(table, message, reads)


_SHOWN = (
    CHAT.c.number,
    CHAT.c.channel,
    CHAT.c.seat,
    CHAT.c.name,
    CHAT.c.text,
    CHAT.c.reaction,
    CHAT.c.at,
)
"""The columns of a line that pages see (in `Line`'s order): never its sender."""
