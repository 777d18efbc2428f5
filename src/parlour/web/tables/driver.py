"""What moves a table when no person does: its bots (thinking in worker processes, off the
event loop), the stand-ins that play for people who are away, the turn limits that mark them
away, the game's clock, and the one timer per table that wakes it when any of these falls due.
Time is read from the injected `Clock` only, so tests move it on instead of sleeping."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import math
from collections.abc import Awaitable, Callable

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from parlour.bots.pool import BotPool
from parlour.bots.registry import Bot, bot_info, default_bot, make_bot
from parlour.bots.schedule import Pending, Question, ask
from parlour.kernel import TABLE
from parlour.web import storage
from parlour.web.clock import Clock
from parlour.web.live import LiveTable
from parlour.web.security import new_seed
from parlour.web.storage import Stale
from parlour.web.tables.leases import Leases
from parlour.web.tables.shelf import Shelf
from parlour.web.tables.tasks import Tasks
from parlour.web.tables.watchers import Watchers

LOG = logging.getLogger("parlour.web")
RETRY_SECONDS = 1.0
"""How soon a timed step that failed is tried again."""
BREAK_AFTER = 5
"""Failures in a row (not the database's) after which a table's game is taken as broken."""
Apply = Callable[[LiveTable, int | None, str], Awaitable[int]]
"""How the driver applies a due action: the commit path's (`Commits.apply`)."""


class Driver:
    """Bots, stand-ins, turn limits and clocks of the running tables."""

    def __init__(
        self,
        engine: Engine,
        clock: Clock,
        shelf: Shelf,
        watchers: Watchers,
        tasks: Tasks,
        leases: Leases,
        apply: Apply,
        *,
        bot_workers: int = 1,
        bot_pace: float = 0.6,
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.shelf = shelf
        self.watchers = watchers
        self.tasks = tasks
        self.leases = leases
        self.apply = apply
        self.pool = BotPool(bot_workers)
        """The worker processes in which bots think, off the event loop."""
        self.bot_pace = bot_pace
        """Seconds a bot waits before acting on its own turn, so people can follow."""

    async def start(self) -> None:
        """Start the bots' workers (off the event loop)."""
        await asyncio.to_thread(self.pool.start)

    async def drive(self, table: LiveTable) -> None:
        """Drive a table that starts running here, or one rebuilt or loaded, if its lease is
        this process's to take (`Leases.take`): its bots made ready (a table whose bots fail
        breaks alone, raising its 410)."""
        table.driven = self.leases.take(table.id)
        if table.driven:
            await self.ready_bots(table)

    async def resume(self, table: LiveTable) -> None:
        """Drive a running table rebuilt after a restart or taken over: deadlines are
        absolute, so time spent down counts against the clock."""
        await self.drive(table)
        self.replan(table)

    async def close(self, tables: list[LiveTable]) -> None:
        """Stop every timer, drop the bots' questions and stop their workers (the server is
        shutting down; each worker finishes the decision it is making)."""
        for table in tables:
            table.thinking.clear()
            if table.timer is not None:
                table.timer.cancel()
        await asyncio.to_thread(self.pool.close)

    async def changed(self, table: LiveTable) -> None:
        """Send everyone their frame, then plan what bots, stand-ins and the clock do next."""
        await self.watchers.broadcast(table)
        self.replan(table)

    # -- bots and stand-ins ---------------------------------------------------------------

    async def _prepare_bots(self, table: LiveTable) -> None:
        """Let the table's bots get ready off the event loop (a bot that plays from a solved
        table loads or builds it), so that no other table waits for it; and in the bots'
        workers meanwhile, behind the questions already asked, so that their first move
        does not wait for it either (where it fails, the first move prepares)."""
        names = {s.bot for s in table.seats if s.bot is not None}
        if table.turn_limit is not None:
            names.add(default_bot(table.game))
        for name in sorted(names):
            prepare = bot_info(table.game, name).prepare
            if prepare is not None:
                await asyncio.to_thread(prepare, table.options)
                warming = self.pool.warm(prepare, table.options)
                self.tasks.spawn(warming, done=functools.partial(_warmed, table))

    async def ready_bots(self, table: LiveTable) -> None:
        """Prepare and make the bots of a table that starts or resumes; their failure breaks
        the table alone (raises its 410) rather than leave it running with no one to move."""
        try:
            await self._prepare_bots(table)
            self._make_bots(table)
        except Exception as error:
            raise self.shelf.break_table(table, error, "its bots could not be made") from error

    def _make_bots(self, table: LiveTable) -> None:
        for s in table.seats:
            if s.bot is not None and s.seat not in table.bots:
                table.bots[s.seat] = make_bot(table.state.game, s.bot, s.seat, new_seed())

    def _stand_in(self, table: LiveTable, seat: int) -> Bot:
        """The bot that plays for an absent person (made once per seat)."""
        key = -1 - seat
        if key not in table.bots:
            game = table.state.game
            table.bots[key] = make_bot(game, default_bot(game.name), seat, new_seed())
        return table.bots[key]

    def bot_at(self, table: LiveTable, seat: int) -> Bot | None:
        """Who decides for `seat` now: its bot, a stand-in for a person who is away, or
        nobody (`None`) for a person who is here."""
        info = table.seats[seat]
        if info.bot is not None:
            return table.bots[seat]
        return self._stand_in(table, seat) if info.absent else None

    # -- planning ---------------------------------------------------------------------------

    def replan(self, table: LiveTable) -> None:
        """`_plan`, its failure (a bot's, say) retried by the timer like a timed step's."""
        try:
            self._plan(table)
        except Exception as error:
            self.failed(table, error)

    def _plan(self, table: LiveTable) -> None:
        """Decide the next actions of bots and stand-ins for the table's current version (the
        shared `Schedule`) and set one timer for the earliest event."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        state = table.state
        if table.status != "running" or state.over:
            table.pending.clear()
            table.thinking.clear()
            return
        now = self.clock.now()
        for seat in list(table.waiting_since):
            if seat not in state.to_act:
                del table.waiting_since[seat]
        for seat in state.to_act:
            table.waiting_since.setdefault(seat, now)
        if not table.driven:  # another process drives it (`Leases`)
            table.pending.clear()
            table.thinking.clear()
            return
        bot_at = functools.partial(self.bot_at, table)
        for seat, bot in table.pending.wanted(state, bot_at, table.version):
            asked = ask(state, seat, now, table.version, self.bot_pace)
            if isinstance(asked, Pending):
                table.pending.put(asked)
            elif seat not in table.thinking:  # one question a seat at a time
                self._ask(table, bot, asked)
        for seat in list(table.thinking):
            if bot_at(seat) is None or seat not in state.to_act:
                del table.thinking[seat]  # its answer will be dropped
        if not table.thinking:
            table.failures = 0
        due = [p.ready for p in table.pending.values() if p.version == table.version]
        if table.deadline is not None:
            due.append(table.deadline)
        ends = [table.turn_ends(seat) for seat in table.waiting_since]
        due += [end for end in ends if end is not None]
        if due:
            self._set_timer(table, max(0.0, min(due) - self.clock.now()))

    def _ask(self, table: LiveTable, bot: Bot, asked: Question) -> None:
        """Send `bot` its question in a worker (`BotPool`); its answer comes to `_answered`."""
        table.thinking[asked.seat] = asked
        self.tasks.spawn(self._answered(table, bot, asked), context=contextvars.Context())

    async def _answered(self, table: LiveTable, bot: Bot, asked: Question) -> None:
        """A bot's answer, back from its worker: the bot is kept as it came back (its RNG
        advanced) if it still plays its seat; the decision is scheduled if the question is
        still the seat's and the table's version has not moved, and asked again if it has.
        Dropped when the seat was taken back, the table finished, broke or was closed. A
        failure (the bot's, or a worker's death) is a failed timed step: logged, retried."""
        try:
            decision, returned = await self.pool.think(bot, asked, self.bot_pace)
        except Exception as error:
            async with table.lock:
                if table.thinking.get(asked.seat) is asked and table.status == "running":
                    del table.thinking[asked.seat]
                    self.failed(table, error)
            return
        async with table.lock:
            for key, playing in table.bots.items():
                if playing is bot:
                    table.bots[key] = returned
            if table.thinking.get(asked.seat) is not asked or table.status != "running":
                return
            del table.thinking[asked.seat]
            table.failures = 0
            if asked.version == table.version:
                table.pending.put(decision)
            self.replan(table)

    # -- the timer ----------------------------------------------------------------------------

    def _spawn_fire(self, table: LiveTable) -> None:
        """Run `fire` as a task whose failure is logged and retried, never lost: a table must
        not stall because one timed step failed (a database hiccup, say)."""

        def done(finished: asyncio.Task[None]) -> None:
            error = None if finished.cancelled() else finished.exception()
            if error is not None and table.status != "broken":
                self.failed(table, error)

        self.tasks.spawn(self.fire(table), done=done)

    def failed(self, table: LiveTable, error: BaseException) -> None:
        """A timed step (or a plan) failed: log it and try again soon. The database's
        failures are always retried; after `BREAK_AFTER` others in a row the game is taken
        as broken (the same state fails the same way)."""
        LOG.error("table %s: a timed step failed", table.id, exc_info=error)
        if not isinstance(error, DBAPIError):
            table.failures += 1
            if table.failures >= BREAK_AFTER:
                self.shelf.break_table(table, error, "its timed steps kept failing")
                return
        self._set_timer(table, RETRY_SECONDS)

    def _set_timer(self, table: LiveTable, delay: float) -> None:
        """Run the table's next timed step in `delay` seconds, instead of any set before. It runs
        in a context of its own: its log lines carry no request id (not the planning request's)."""
        if table.timer is not None:
            table.timer.cancel()
        table.timer = self.clock.later(
            delay, self._spawn_fire, table, context=contextvars.Context()
        )

    async def fire(self, table: LiveTable) -> None:
        """Apply whatever is due (`_due`); where another server process changed the table
        meanwhile (`Stale`), bring this copy up to date and plan again instead."""
        async with table.lock:
            if table.status != "running":
                return
            try:
                await self._due(table)
            except Stale:
                self.shelf.refresh(table)
                await self.changed(table)

    async def _due(self, table: LiveTable) -> None:
        """Apply the clock's timeout, else the earliest bot decision made for this version;
        mark people whose turn ran past the limit as away."""
        now = self.clock.now()
        deadline = table.deadline
        if deadline is not None and now >= deadline and table.state.is_legal(TABLE, "timeout"):
            await self.apply(table, TABLE, "timeout")
            return
        late = [seat for seat in table.waiting_since if now >= (table.turn_ends(seat) or math.inf)]
        if late:
            with self.engine.begin() as db:
                for seat in late:
                    storage.set_absent(db, table, seat, True)
            for seat in late:
                table.seats[seat].absent = True
        first = table.pending.next(table.version)
        if first is not None and first.ready <= now:
            if table.state.is_legal(first.seat, first.action):
                await self.apply(table, first.seat, first.action)
                return
            del table.pending[first.seat]
        await self.changed(table)


def _warmed(table: LiveTable, warming: asyncio.Task[None]) -> None:
    """Log a warm-up of the bots' workers that failed: nothing waits for it."""
    error = None if warming.cancelled() else warming.exception()
    if error is not None:
        LOG.warning("table %s: the bots' workers could not prepare", table.id, exc_info=error)
