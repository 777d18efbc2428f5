"""Live tables: each one a kernel state, its seats and the people watching it, kept in memory
and written through to the database, one action at a time.

The hub is the only writer. Every change to a table happens under that table's lock: the
action is tried on a clone of the state (an illegal one raises and changes nothing), stored in
the same transaction that bumps the table's version, and only then becomes the live state.
After a restart the hub rebuilds every unfinished table by replaying its record.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session, selectinload

from parlour.bots.registry import Bot, bot_info, bots_for, make_bot
from parlour.kernel import TABLE, Game, IllegalAction, OptionError, load
from parlour.web import storage
from parlour.web.live import (
    Frame,
    LiveTable,
    Pending,
    SeatSpec,
    SeatState,
    Send,
    TableError,
    Watcher,
    deadline_of,
)
from parlour.web.models import TableRow
from parlour.web.security import new_seed, new_table_id, new_token, token_hash, token_matches
from parlour.web.storage import SEATS, TABLES

LOG = logging.getLogger("parlour.web")
RETRY_SECONDS = 1.0
"""How soon a timed step that failed is tried again."""
FINISHED_IN_MEMORY = 600.0
"""Seconds a finished game stays in memory after anyone last asked for it."""


class TableHub:
    """Creates, joins, starts and plays tables; the single writer of their rows."""

    def __init__(
        self,
        engine: Engine,
        *,
        bot_pace: float = 0.6,
        idle_expiry: timedelta = timedelta(days=7),
    ) -> None:
        self.engine = engine
        self.bot_pace = bot_pace
        """Seconds a bot waits before acting on its own turn, so people can follow."""
        self.idle_expiry = idle_expiry
        self.tables: dict[str, LiveTable] = {}
        self.applied = 0  # actions applied since the hub started (for /metrics)
        self._tasks: set[asyncio.Task[None]] = set()  # timed steps running (kept referenced)
        self.create_lock = asyncio.Lock()

    # -- creating, joining, starting ------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        *,
        name: str,
        listed: bool,
        turn_limit: float | None,
    ) -> tuple[LiveTable, str]:
        """A new table; its creator hosts it and takes the first person's seat. Returns the
        table and the creator's seat token (shown once, kept by the browser)."""
        game = load(game_name, players, **options)  # OptionError names what was wrong
        if len(seats) != players:
            raise OptionError(f"give one seat for each of the {players} players")
        known = {bot.name for bot in bots_for(game_name)}
        for spec in seats:
            if spec.bot is not None and spec.bot not in known:
                allowed = ", ".join(sorted(known))
                raise OptionError(f"{game_name} has no bot {spec.bot!r} (bots: {allowed})")
        people = [i for i, spec in enumerate(seats) if spec.bot is None]
        if not people:
            raise OptionError("at least one seat must be a person's (the host's)")
        token = new_token()
        table = self._open_table(
            game,
            [
                SeatState(
                    i,
                    spec.bot,
                    name if i == people[0] else spec.bot,
                    token_hash(token) if i == people[0] else None,
                    host=i == people[0],
                )
                for i, spec in enumerate(seats)
            ],
            listed=listed,
            turn_limit=turn_limit,
        )
        with self.engine.begin() as db:
            storage.insert_table(db, table)
        self.tables[table.id] = table
        if all(s.taken for s in table.seats):
            await self._start(table)
        return table, token

    @staticmethod
    def _open_table(
        game: Game,
        seats: list[SeatState],
        *,
        listed: bool,
        turn_limit: float | None,
        rematch_of: str | None = None,
    ) -> LiveTable:
        """A new open table of `game` with a fresh id and seed (not stored yet)."""
        seed = new_seed()
        return LiveTable(
            id=new_table_id(),
            game=game.name,
            players=game.players,
            options=dict(game.options),
            seed=seed,
            listed=listed,
            status="open",
            version=0,
            turn_limit=turn_limit,
            seats=seats,
            state=game.new(seed),
            rematch_of=rematch_of,
        )

    async def join(self, table_id: str, name: str, held: str | None) -> tuple[LiveTable, str, int]:
        """Take the first open person's seat. Atomic: two people racing for the last seat get
        it once; `held` is a token the browser already has for this table (one seat each)."""
        table = self.get(table_id)
        async with table.lock:
            if held is not None and self.seat_of(table, held) is not None:
                raise TableError(409, "you already have a seat at this table")
            if table.status != "open":
                raise TableError(409, "this table has no open seat: it has started")
            seat = next((s for s in table.seats if not s.taken), None)
            if seat is None:
                raise TableError(409, "every seat of this table is taken")
            token = new_token()
            hashed = token_hash(token)
            with self.engine.begin() as db:
                claimed = db.execute(
                    update(SEATS)
                    .where(
                        SEATS.c.table_id == table.id,
                        SEATS.c.seat == seat.seat,
                        SEATS.c.token_hash.is_(None),
                        SEATS.c.bot.is_(None),
                    )
                    .values(token_hash=hashed, name=name)
                ).rowcount
                if claimed != 1:
                    raise TableError(409, "that seat was just taken; try again")
                storage.bump(db, table)
            seat.token_hash, seat.name = hashed, name
            if all(s.taken for s in table.seats):
                await self._start_locked(table)
            else:
                await self._broadcast(table)
            return table, token, seat.seat

    async def fill_with_bots(self, table_id: str, token: str, bot: str | None) -> LiveTable:
        """The host starts the table now: every open seat gets a bot."""
        table = self.get(table_id)
        async with table.lock:
            seat = self.seat_of(table, token)
            if seat is None or not table.seats[seat].host:
                raise TableError(403, "only the table's host can fill the seats with bots")
            if table.status != "open":
                raise TableError(409, "this table has already started")
            choice = bot or default_bot(table.game)
            if choice not in {b.name for b in bots_for(table.game)}:
                raise TableError(400, f"{table.game} has no bot {choice!r}")
            with self.engine.begin() as db:
                for s in table.seats:
                    if not s.taken:
                        db.execute(
                            update(SEATS)
                            .where(SEATS.c.table_id == table.id, SEATS.c.seat == s.seat)
                            .values(bot=choice, name=choice)
                        )
                        s.bot = s.name = choice
                storage.bump(db, table)
            await self._start_locked(table)
            return table

    async def _start(self, table: LiveTable) -> None:
        async with table.lock:
            await self._start_locked(table)

    async def _start_locked(self, table: LiveTable) -> None:
        table.status = "running"
        table.started_at = time.time()
        with self.engine.begin() as db:
            started = {"status": "running", "started_at": table.started_at}
            storage.bump(db, table, deadline=table.deadline, **started)
        await self._prepare_bots(table)
        self._make_bots(table)
        await self._after_change(table)

    # -- playing --------------------------------------------------------------------------

    async def act(self, table_id: str, token: str, action_text: str, request_id: str) -> int:
        """Apply a person's action; returns its number in the record. A request id seen
        before returns the first result and applies nothing."""
        table = self.get(table_id)
        async with table.lock:
            seat = self.seat_for(table, token)
            if request_id in table.request_ids:
                return table.request_ids[request_id]
            if table.status != "running":
                raise TableError(409, f"the table is {table.status}, not running")
            table.seats[seat].absent = False
            try:
                action = table.state.parse_action(seat, action_text)
            except IllegalAction as error:
                raise TableError(409, str(error)) from error
            if not table.state.is_legal(seat, action):
                raise TableError(409, table.state.explain(seat, action))
            return await self._apply(table, seat, action, request_id)

    async def _apply(
        self, table: LiveTable, seat: int | None, action: str, request_id: str | None
    ) -> int:
        """Try `action` on a clone, store it with the new version, then make it live."""
        twin = table.state.clone()
        twin.apply(seat, action)
        number = len(twin.history) - 1
        at = time.time()
        times = [*table.action_times, at]
        with self.engine.begin() as db:
            storage.record_action(db, table, number, seat, action, request_id, at)
            values: dict[str, Any] = {"status": "finished"} if twin.over else {}
            deadline = deadline_of(twin, table.started_at, times)
            storage.bump(db, table, deadline=deadline, **values)
        table.state = twin
        table.action_times = times
        self.applied += 1
        if request_id is not None:
            table.request_ids[request_id] = number
        if twin.over:
            table.status = "finished"
        await self._after_change(table)
        return number

    # -- bots, stand-ins and the clock ------------------------------------------------------

    async def _prepare_bots(self, table: LiveTable) -> None:
        """Let the table's bots get ready off the event loop (the optimal Dicetime bot loads
        or builds its solved table), so that no other table waits for it."""
        names = {s.bot for s in table.seats if s.bot is not None}
        if table.turn_limit is not None:
            names.add(default_bot(table.game))
        for name in sorted(names):
            prepare = bot_info(table.game, name).prepare
            if prepare is not None:
                await asyncio.to_thread(prepare, table.options)

    def _make_bots(self, table: LiveTable) -> None:
        for s in table.seats:
            if s.bot is not None and s.seat not in table.bots:
                table.bots[s.seat] = make_bot(table.game, s.bot, s.seat, new_seed())

    def _stand_in(self, table: LiveTable, seat: int) -> Bot:
        """The bot that plays for an absent person (made once per seat)."""
        key = -1 - seat
        if key not in table.bots:
            table.bots[key] = make_bot(table.game, default_bot(table.game), seat, new_seed())
        return table.bots[key]

    async def _after_change(self, table: LiveTable) -> None:
        """Send everyone their frame, then plan what bots, stand-ins and the clock do next."""
        await self._broadcast(table)
        self._plan(table)

    def _plan(self, table: LiveTable) -> None:
        """Decide the bots' next actions and set one timer for the earliest event."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        state = table.state
        if table.status != "running" or state.over:
            table.pending.clear()
            return
        now = time.time()
        if state.clock_since == len(state.history):
            table.pending.clear()  # a new clock, a new question: old decisions are stale
        for seat in list(table.pending):
            if seat not in state.to_act or not state.is_legal(seat, table.pending[seat].action):
                del table.pending[seat]
        for seat in list(table.waiting_since):
            if seat not in state.to_act:
                del table.waiting_since[seat]
        for seat in state.to_act:
            table.waiting_since.setdefault(seat, now)
            info = table.seats[seat]
            if seat in table.pending:
                continue
            if info.bot is not None:
                table.pending[seat] = self._decide(table, table.bots[seat], seat, now)
            elif info.absent:
                table.pending[seat] = self._decide(table, self._stand_in(table, seat), seat, now)
        due = [p.ready for p in table.pending.values()]
        if table.deadline is not None:
            due.append(table.deadline)
        if table.turn_limit is not None:
            due += [
                since + table.turn_limit
                for seat, since in table.waiting_since.items()
                if table.seats[seat].bot is None and not table.seats[seat].absent
            ]
        if due:
            loop = asyncio.get_running_loop()
            delay = max(0.0, min(due) - time.time())
            table.timer = loop.call_later(delay, self._spawn_fire, table)

    def _decide(self, table: LiveTable, bot: Bot, seat: int, now: float) -> Pending:
        state = table.state
        legal = state.legal_actions(seat)
        alone = len(state.to_act) == 1
        if len(legal) == 1 and alone:
            return Pending(now + self.bot_pace, seat, legal[0])
        view = state.view(seat)
        action = bot.choose(view, legal)
        delay = self.bot_pace if alone else max(0.0, bot.think_time(view, legal))
        return Pending(now + (delay if self.bot_pace else 0.0), seat, action)

    def _spawn_fire(self, table: LiveTable) -> None:
        """Run `_fire` as a task whose failure is logged and retried, never lost: a table
        must not stall because one timed step failed (a database hiccup, say)."""
        task = asyncio.create_task(self._fire(table))
        self._tasks.add(task)

        def done(finished: asyncio.Task[None]) -> None:
            self._tasks.discard(finished)
            if not finished.cancelled() and finished.exception() is not None:
                LOG.error("table %s: a timed step failed", table.id, exc_info=finished.exception())
                loop = asyncio.get_running_loop()
                table.timer = loop.call_later(RETRY_SECONDS, self._spawn_fire, table)

        task.add_done_callback(done)

    async def _fire(self, table: LiveTable) -> None:
        """Apply whatever is due: the clock's timeout, then the earliest bot decision; mark
        people whose turn ran past the limit as absent."""
        async with table.lock:
            table.timer = None
            if table.status != "running":
                return
            now = time.time()
            deadline = table.deadline
            if deadline is not None and now >= deadline and table.state.is_legal(TABLE, "timeout"):
                await self._apply(table, TABLE, "timeout", None)
                return
            if table.turn_limit is not None:
                for seat, since in table.waiting_since.items():
                    info = table.seats[seat]
                    if info.bot is None and not info.absent and now >= since + table.turn_limit:
                        info.absent = True
            due = [p for p in table.pending.values() if p.ready <= now]
            if due:
                first = min(due, key=lambda p: (p.ready, p.seat))
                del table.pending[first.seat]
                if table.state.is_legal(first.seat, first.action):
                    await self._apply(table, first.seat, first.action, None)
                    return
            await self._after_change(table)

    # -- watching ---------------------------------------------------------------------------

    async def watch(self, table_id: str, token: str | None, send: Send) -> Watcher:
        """Subscribe a connection to a table's frames; a token sees its seat's view."""
        table = self.get(table_id)
        seat = self.viewer_of(table, token)
        watcher = Watcher(seat, send)
        async with table.lock:
            table.watchers.add(watcher)
            if seat is not None and table.seats[seat].absent:
                table.seats[seat].absent = False
                table.waiting_since.pop(seat, None)
                table.pending.pop(seat, None)
                self._plan(table)
            await send(table.frame(seat))
        return watcher

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            table.watchers.discard(watcher)

    async def _broadcast(self, table: LiveTable) -> None:
        frames: dict[int | None, Frame] = {}
        for watcher in list(table.watchers):
            if watcher.seat not in frames:
                frames[watcher.seat] = table.frame(watcher.seat)
            try:
                await watcher.send(frames[watcher.seat])
            except Exception:  # a connection that went away: forget it
                table.watchers.discard(watcher)

    # -- lookups ----------------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        """A table by id: from memory, or a finished game loaded again from its record."""
        table = self.tables.get(table_id)
        if table is None:
            table = self._load_finished(table_id)
        table.touched = time.monotonic()
        return table

    def _load_finished(self, table_id: str) -> LiveTable:
        with Session(self.engine) as session:
            row = session.scalars(
                select(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "finished")
                .options(selectinload(TableRow.seats), selectinload(TableRow.actions))
            ).one_or_none()
            if row is None:
                raise TableError(404, "no such table (it may have expired)")
            table = self.tables[table_id] = storage.rebuild(row)
        return table

    @staticmethod
    def seat_of(table: LiveTable, token: str) -> int | None:
        """The seat a token holds at `table`, checked in constant time against every seat."""
        found = None
        for s in table.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        return found

    def seat_for(self, table: LiveTable, token: str) -> int:
        """The seat a token holds at `table`, or a 403 naming the problem."""
        seat = self.seat_of(table, token)
        if seat is None:
            raise TableError(403, "that token holds no seat at this table")
        return seat

    def viewer_of(self, table: LiveTable, token: str | None) -> int | None:
        """Whose view a request sees: its seat, or a spectator's (None) without a token."""
        return None if token is None else self.seat_for(table, token)

    def listing(self) -> list[dict[str, Any]]:
        """The lobby: listed tables that are open or running, newest first."""
        tables = [t for t in self.tables.values() if t.listed and t.status in ("open", "running")]
        return [t.public() for t in reversed(tables)]

    def record(self, table_id: str) -> dict[str, Any]:
        """A finished game's record (its seed is no secret any more), with who sat where."""
        table = self.get(table_id)
        if table.status != "finished":
            raise TableError(403, "a record is available once the game is over")
        record = table.state.record
        record["meta"] = {"seats": [s.bot or "human" for s in table.seats]}
        return record

    async def rematch(self, table_id: str, token: str) -> LiveTable:
        """The same seats and options at a new table with a fresh seed; the same tokens hold
        the same seats there; the game says how a rematch starts (`Game.rematch_options`)."""
        table = self.get(table_id)
        async with table.lock:
            seat = self.seat_of(table, token)
            if seat is None:
                raise TableError(403, "only a player of this table can ask for a rematch")
            if table.status != "finished":
                raise TableError(409, "a rematch follows a finished game")
            if table.rematch is not None:
                return self.get(table.rematch)
            game = load(table.game, table.players, **table.state.game.rematch_options())
            new = self._open_table(
                game,
                [SeatState(s.seat, s.bot, s.name, s.token_hash, s.host) for s in table.seats],
                listed=table.listed,
                turn_limit=table.turn_limit,
                rematch_of=table.id,
            )
            with self.engine.begin() as db:
                storage.insert_table(db, new)
                table.rematch = new.id
                storage.bump(db, table, rematch=new.id)
            self.tables[new.id] = new
            await self._broadcast(table)
        await self._start(new)
        return new

    # -- restart and expiry -------------------------------------------------------------------

    async def load_all(self) -> None:
        """Rebuild every unfinished table from its record, and resume its bots and clock:
        deadlines are absolute, so time spent down counts against the clock. (Finished games
        are loaded when someone asks for one.)"""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status.in_(("open", "running")))
                .options(selectinload(TableRow.seats), selectinload(TableRow.actions))
                .order_by(TableRow.created_at)
            ).all()
            for row in rows:
                self.tables[row.id] = storage.rebuild(row)
        for table in self.tables.values():
            if table.status == "running":
                await self._prepare_bots(table)
                self._make_bots(table)
                self._plan(table)

    async def expire_idle(self) -> list[str]:
        """Unfinished tables idle longer than `idle_expiry` expire (finished ones stay, as
        records; those nobody has looked at for `FINISHED_IN_MEMORY` leave memory)."""
        unwatched = time.monotonic() - FINISHED_IN_MEMORY
        for table_id, table in list(self.tables.items()):
            if table.status == "finished" and not table.watchers and table.touched < unwatched:
                del self.tables[table_id]
        cutoff = storage.now() - self.idle_expiry
        with self.engine.begin() as db:
            ids = db.scalars(
                select(TABLES.c.id).where(
                    TABLES.c.status.in_(("open", "running")), TABLES.c.active_at < cutoff
                )
            ).all()
            if ids:
                db.execute(update(TABLES).where(TABLES.c.id.in_(ids)).values(status="expired"))
        for table_id in ids:
            gone = self.tables.pop(table_id, None)
            if gone is not None and gone.timer is not None:
                gone.timer.cancel()
        return list(ids)

    def close(self) -> None:
        """Stop every timer (the server is shutting down)."""
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()


def default_bot(game: str) -> str:
    """The bot that fills seats and stands in for absent people: the game's strongest
    registered one that is not random (its first listed otherwise)."""
    names = [bot.name for bot in bots_for(game)]
    for preferred in ("greedy", "counter"):
        if preferred in names:
            return preferred
    return next((n for n in names if n != "random"), names[0])
