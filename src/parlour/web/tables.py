"""Live tables: each one a kernel state, its seats and the people watching it, kept in memory
and written through to the database, one action at a time.

The hub is the only writer. Every change to a table happens under that table's lock: the
action is tried on a clone of the state (an illegal one raises and changes nothing), stored in
the same transaction that bumps the table's version, and only then becomes the live state.
After a restart the hub rebuilds every unfinished table by replaying its record.

A failure of one table's game (its rules, views or bots) is confined to that table: the table
is logged, stored as broken, taken out of memory and listings, and refused with a 410 from
then on; no other table, listing or page notices.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Connection, Engine, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, selectinload

from parlour.bots.pool import BotPool
from parlour.bots.registry import Bot, bot_info, default_bot, make_bot, offered_bots
from parlour.bots.schedule import Pending, Question, ask
from parlour.i18n import N_, SOURCE, _, speaking
from parlour.kernel import (
    TABLE,
    Game,
    IllegalAction,
    OptionError,
    ParlourError,
    Reason,
    State,
    load,
)
from parlour.web import ratings, storage
from parlour.web.accounts import Account
from parlour.web.clock import Clock
from parlour.web.live import (
    Frame,
    LiveTable,
    SeatSpec,
    SeatState,
    Send,
    Sent,
    TableError,
    Watcher,
    deadline_of,
    encode,
)
from parlour.web.models import TableRow
from parlour.web.security import new_seed, new_table_id, new_token, token_hash, token_matches
from parlour.web.storage import SEATS, TABLES

LOG = logging.getLogger("parlour.web")
TOKEN_HEADER = "X-Seat-Token"
"""The header in which a seat's token travels (never in a URL)."""
T = TypeVar("T")
Finisher = Callable[[Connection, LiveTable, State], None]
"""What the hub calls when a table's game ends, in the transaction storing its last action."""


class Attempt(NamedTuple):
    """A daily challenge's attempt to create: the day, its seed, and how its entry is stored
    (with the new table, in the transaction that stores it: a failure stores neither)."""

    day: str
    seed: int
    enter: Callable[[Connection, LiveTable], None]


RETRY_SECONDS = 1.0
"""How soon a timed step that failed is tried again."""
BREAK_AFTER = 5
"""Failures in a row (not the database's) after which a table's game is taken as broken."""
BROKEN = N_("this table is broken: {}; it can no longer be played")
SEALED = N_("a daily challenge's games are shown once its day is over")
DAY_OVER = N_("this daily challenge's day is over: it can no longer be played")
FINISHED_IN_MEMORY = 600.0
"""Seconds a finished game stays in memory after anyone last asked for it."""
IDLE_TURNS = 3
"""Turn limits an unfinished table may idle before it expires, where they outlast the server's
idle expiry: a table played slowly (or waiting for a friend to join it) gets a few turns."""


class TableHub:
    """Creates, joins, starts and plays tables; the single writer of their rows."""

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
        self.pool = BotPool(bot_workers)
        """The worker processes in which bots think, off the event loop."""
        self.bot_pace = bot_pace
        """Seconds a bot waits before acting on its own turn, so people can follow."""
        self.idle_expiry = idle_expiry
        self.min_turn_limit = min_turn_limit
        """The shortest turn limit a table may have (seconds)."""
        self.tables: dict[str, LiveTable] = {}
        self.applied = 0  # actions applied since the hub started (for /metrics)
        self.broken: dict[str, str] = {}
        """Why each table that broke since the start broke (others are found in the database)."""
        self._tasks: set[asyncio.Task[None]] = set()  # timed steps running (kept referenced)
        self.create_lock = asyncio.Lock()
        self.finishers: list[Finisher] = []
        """Called in the transaction that stores a game's last action, with the table and its
        final state (ratings and the daily challenge keep their results this way)."""
        self.sealed: Callable[[LiveTable], bool] = lambda table: False
        """Whether a table's game is shown to its player alone, its record to nobody (a daily
        challenge's until its day is over: its seed deals everyone's dice; set by
        `parlour.web.challenges`)."""
        self.closed: Callable[[LiveTable], bool] = lambda table: False
        """Whether a running table takes no more actions from people (a daily challenge's
        attempt once its day is over: the day's records, which show every die, are out)."""

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
        account: Account | None = None,
        rated: bool = False,
        challenge: Attempt | None = None,
    ) -> tuple[LiveTable, str]:
        """A new table; its creator hosts it and takes the first person's seat (theirs from any
        browser too, with their `account`). Returns the table and the creator's seat token
        (shown once, kept by the browser). It is stored only once its first state, frames and
        clock have been computed without error. A `rated` table is for people with accounts
        only (`ratings.check_rated`). A daily `challenge`'s attempt is dealt from the day's
        seed and stored with the attempt's entry, in one transaction."""
        with starting(game_name):
            game = load(game_name, players, **options)  # OptionError names what was wrong
        if turn_limit is not None and turn_limit < self.min_turn_limit:
            raise TableError(
                422,
                _("turn_limit: at least {seconds:g} seconds").format(seconds=self.min_turn_limit),
            )
        if len(seats) != players:
            raise OptionError(
                _("give one seat for each of the {players} players").format(players=players)
            )
        known = offered_bots(game_name)
        for seat, spec in enumerate(seats):
            if spec.bot is not None and spec.bot not in known:
                allowed = ", ".join(sorted(known))
                raise OptionError(
                    _("{game} has no bot {bot!r} (bots: {bots})").format(
                        game=game_name, bot=spec.bot, bots=allowed
                    )
                )
            if spec.bot is not None:
                make_bot(game, spec.bot, seat, 0)  # a bot refuses a set-up it cannot play
        if rated:
            ratings.check_rated([spec.bot for spec in seats], account, turn_limit)
        if account is not None:
            name = account.name  # an account's seat shows the account's name, never another
        people = [i for i, spec in enumerate(seats) if spec.bot is None]
        if not people:
            raise OptionError("at least one seat must be a person's (the host's)")
        token = new_token()
        with starting(game_name):
            table = self._open_table(
                game,
                [
                    SeatState(
                        i,
                        spec.bot,
                        name if i == people[0] else spec.bot,
                        token_hash(token) if i == people[0] else None,
                        host=i == people[0],
                        account_id=account.id if account and i == people[0] else None,
                    )
                    for i, spec in enumerate(seats)
                ],
                listed=listed,
                turn_limit=turn_limit,
                seed=challenge.seed if challenge else None,
            )
            table.rated = rated
            table.challenge = challenge.day if challenge else None
            table.probe(self.clock.now())
        with self.engine.begin() as db:
            storage.insert_table(db, table)
            ratings.refresh(db, table)
            if challenge is not None:
                challenge.enter(db, table)
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
        seed: int | None = None,
    ) -> LiveTable:
        """A new open table of `game` with a fresh id and a fresh seed, unless given one (not
        stored yet)."""
        seed = new_seed() if seed is None else seed
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

    async def join(
        self, table_id: str, name: str, held: str | None, account: Account | None = None
    ) -> tuple[LiveTable, str, int]:
        """Take the first open person's seat. Atomic: two people racing for the last seat get
        it once; `held` is a token the browser already has for this table and `account` the
        one it is logged in to (one seat each)."""
        table = self.get(table_id)
        async with table.lock:
            self._refuse_broken(table)
            if self.seat_of(table, held, account) is not None:
                raise TableError(409, _("you already have a seat at this table"))
            if table.rated and account is None:
                raise TableError(401, _("this table is rated: log in to take a seat at it"))
            if table.status != "open":
                raise TableError(409, _("this table has no open seat: it has started"))
            if account is not None:
                name = account.name
            seat = next((s for s in table.seats if not s.taken), None)
            if seat is None:
                raise TableError(409, _("every seat of this table is taken"))
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
                    .values(
                        token_hash=hashed, name=name, account_id=account.id if account else None
                    )
                ).rowcount
                if claimed != 1:
                    raise TableError(409, _("that seat was just taken; try again"))
                storage.bump(db, table)
            seat.token_hash, seat.name = hashed, name
            seat.account_id = account.id if account else None
            if account is not None:
                with self.engine.connect() as db:
                    ratings.refresh(db, table)
            if all(s.taken for s in table.seats):
                await self._start_locked(table)
            else:
                await self._broadcast(table)
            return table, token, seat.seat

    async def fill_with_bots(
        self, table_id: str, token: str | None, bot: str | None, account: Account | None = None
    ) -> LiveTable:
        """The host starts the table now: every open seat gets a bot."""
        table = self.get(table_id)
        async with table.lock:
            self._refuse_broken(table)
            seat = self.identified(table, token, account)
            if seat is None or not table.seats[seat].host:
                raise TableError(403, _("only the table's host can fill the seats with bots"))
            if table.status != "open":
                raise TableError(409, _("this table has already started"))
            if table.rated:
                raise TableError(409, _("a rated table is for people only: no bots fill its seats"))
            choice = bot or default_bot(table.game)
            if choice not in offered_bots(table.game):
                raise TableError(
                    422, _("bot: {game} has no bot {bot!r}").format(game=table.game, bot=choice)
                )
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
        table.started_at = self.clock.now()
        with self.engine.begin() as db:
            started = {"status": "running", "started_at": table.started_at}
            storage.bump(db, table, deadline=table.deadline, **started)
        await self._ready_bots(table)
        await self._after_change(table)

    # -- playing --------------------------------------------------------------------------

    async def act(
        self,
        table_id: str,
        token: str | None,
        action_text: str,
        request_id: str,
        account: Account | None = None,
    ) -> int:
        """Apply a person's action; returns its number in the record. A request id this seat
        used before returns the first result and applies nothing (with another action: 409).
        Whatever the person sends takes their seat back from a stand-in (`_take_back`)."""
        table = self.get(table_id)
        async with table.lock:
            self._refuse_broken(table)
            seat = self.seat_for(table, token, account)
            if table.status == "running" and self.closed(table):
                raise TableError(409, _(DAY_OVER))
            returned = table.status == "running" and self._take_back(table, seat)
            try:
                accepted = self._accepted(table, seat, action_text, request_id)
            except TableError:
                if returned:
                    await self._after_change(table)
                raise
            if isinstance(accepted, Sent):
                if returned:
                    await self._after_change(table)
                return accepted.number
            return await self._apply(table, seat, accepted, request_id, action_text)

    @staticmethod
    def _accepted(table: LiveTable, seat: int, text: str, request_id: str) -> Sent | str:
        """What a person's request asks for: the first result of a repeated request id, or
        the legal action to apply; a 409 says why neither."""
        sent = table.request_ids.get((seat, request_id))
        if sent is not None:
            if sent.action != text:
                raise TableError(
                    409,
                    _(
                        "request_id {request_id!r} was already used by your seat for another "
                        "action ({action!r}); send each new action with a new request_id"
                    ).format(request_id=request_id, action=sent.action),
                )
            return sent
        if table.status != "running":
            raise TableError(409, f"the table is {table.status}, not running")
        try:
            action = table.state.parse_action(seat, text)
        except IllegalAction as error:
            raise _refused(str(error), error.reason) from error
        reason = table.state.refusal(seat, action)
        if reason is not None:
            raise _refused(table.state.explain(seat, action), reason)
        return action

    def _take_back(self, table: LiveTable, seat: int) -> bool:
        """The person at `seat` is here (they sent something, or reconnected): the seat is
        theirs again at once: not away, no stand-in decision pending, their turn clock
        restarted. Returns whether they had been away (the change is stored). A person who
        was here keeps their clock: only an applied action restarts it (`_apply`), so sending
        refused actions or reloading cannot hold a turn forever."""
        table.pending.pop(seat, None)
        info = table.seats[seat]
        if not info.absent:
            return False
        back = self.clock.now()
        if seat in table.state.to_act:
            table.waiting_since[seat] = back
        with self.engine.begin() as db:
            storage.set_absent(db, table, seat, False, back_at=back)
        info.absent = False
        return True

    async def _apply(
        self,
        table: LiveTable,
        seat: int | None,
        action: str,
        request_id: str | None,
        sent: str | None = None,
    ) -> int:
        """Try `action` on a clone, store it with the new version, then make it live
        (`sent`: the text a person sent for it with `request_id`)."""
        twin = table.state.clone()
        at = self.clock.now()
        times = [*table.action_times, at]
        try:  # legality was checked: a failure here is the game's, and nothing is stored
            twin.apply(seat, action)
            deadline = deadline_of(twin, table.started_at, times)
            over = twin.over
        except Exception as error:
            raise self.break_table(table, error, "its game failed applying an action") from error
        number = len(twin.history) - 1
        with self.engine.begin() as db:
            storage.record_action(db, table, number, seat, action, request_id, at, sent)
            values: dict[str, Any] = {"status": "finished", "finished_at": storage.now()}
            storage.bump(db, table, deadline=deadline, **(values if over else {}))
            if over:
                for finisher in self.finishers:
                    finisher(db, table, twin)
        table.state = twin
        table.action_times = times
        self.applied += 1
        table.pending.applied(twin, seat)  # the seat's decision is done; a new clock drops all
        if seat is not None:
            table.waiting_since.pop(seat, None)  # its turn clock starts again
            if request_id is not None:
                table.request_ids[seat, request_id] = Sent(number, sent or action)
        if twin.over:
            table.status = "finished"
        await self._after_change(table)
        return number

    # -- bots, stand-ins and the clock ------------------------------------------------------

    async def _prepare_bots(self, table: LiveTable) -> None:
        """Let the table's bots get ready off the event loop (a bot that plays from a solved
        table loads or builds it), so that no other table waits for it."""
        names = {s.bot for s in table.seats if s.bot is not None}
        if table.turn_limit is not None:
            names.add(default_bot(table.game))
        for name in sorted(names):
            prepare = bot_info(table.game, name).prepare
            if prepare is not None:
                await asyncio.to_thread(prepare, table.options)

    async def _ready_bots(self, table: LiveTable) -> None:
        """Prepare and make the bots of a table that starts or resumes; their failure breaks
        the table alone (raises its 410) rather than leave it running with no one to move."""
        try:
            await self._prepare_bots(table)
            self._make_bots(table)
        except Exception as error:
            raise self.break_table(table, error, "its bots could not be made") from error

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

    async def _after_change(self, table: LiveTable) -> None:
        """Send everyone their frame, then plan what bots, stand-ins and the clock do next."""
        await self._broadcast(table)
        self._replan(table)

    def _replan(self, table: LiveTable) -> None:
        """`_plan`, its failure (a bot's, say) retried by the timer like a timed step's."""
        try:
            self._plan(table)
        except Exception as error:
            self._failed(table, error)

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
        bot_at = functools.partial(self._bot_at, table)
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
        if table.turn_limit is not None:
            due += [
                since + table.turn_limit
                for seat, since in table.waiting_since.items()
                if table.seats[seat].bot is None and not table.seats[seat].absent
            ]
        if due:
            self._set_timer(table, max(0.0, min(due) - self.clock.now()))

    def _ask(self, table: LiveTable, bot: Bot, asked: Question) -> None:
        """Send `bot` its question in a worker (`BotPool`); its answer comes to `_answered`."""
        table.thinking[asked.seat] = asked
        task = asyncio.get_running_loop().create_task(
            self._answered(table, bot, asked), context=contextvars.Context()
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
                    self._failed(table, error)
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
            self._replan(table)

    def _bot_at(self, table: LiveTable, seat: int) -> Bot | None:
        """Who decides for `seat` now: its bot, a stand-in for a person who is away, or
        nobody (`None`) for a person who is here."""
        info = table.seats[seat]
        if info.bot is not None:
            return table.bots[seat]
        return self._stand_in(table, seat) if info.absent else None

    def _spawn_fire(self, table: LiveTable) -> None:
        """Run `_fire` as a task whose failure is logged and retried, never lost: a table
        must not stall because one timed step failed (a database hiccup, say)."""
        task = asyncio.create_task(self._fire(table))
        self._tasks.add(task)

        def done(finished: asyncio.Task[None]) -> None:
            self._tasks.discard(finished)
            error = None if finished.cancelled() else finished.exception()
            if error is not None and table.status != "broken":
                self._failed(table, error)

        task.add_done_callback(done)

    def _failed(self, table: LiveTable, error: BaseException) -> None:
        """A timed step (or a plan) failed: log it and try again soon. The database's
        failures are always retried; after `BREAK_AFTER` others in a row the game is taken
        as broken (the same state fails the same way)."""
        LOG.error("table %s: a timed step failed", table.id, exc_info=error)
        if not isinstance(error, DBAPIError):
            table.failures += 1
            if table.failures >= BREAK_AFTER:
                self.break_table(table, error, "its timed steps kept failing")
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

    async def _fire(self, table: LiveTable) -> None:
        """Apply whatever is due: the clock's timeout, then the earliest bot decision made
        for this version; mark people whose turn ran past the limit as away."""
        async with table.lock:
            if table.status != "running":
                return
            now = self.clock.now()
            deadline = table.deadline
            if deadline is not None and now >= deadline and table.state.is_legal(TABLE, "timeout"):
                await self._apply(table, TABLE, "timeout", None)
                return
            if table.turn_limit is not None:
                late = [
                    seat
                    for seat, since in table.waiting_since.items()
                    if table.seats[seat].bot is None
                    and not table.seats[seat].absent
                    and now >= since + table.turn_limit
                ]
                if late:
                    with self.engine.begin() as db:
                        for seat in late:
                            storage.set_absent(db, table, seat, True)
                    for seat in late:
                        table.seats[seat].absent = True
            first = table.pending.next(table.version)
            if first is not None and first.ready <= now:
                if table.state.is_legal(first.seat, first.action):
                    await self._apply(table, first.seat, first.action, None)
                    return
                del table.pending[first.seat]
            await self._after_change(table)

    # -- watching ---------------------------------------------------------------------------

    async def watch(
        self,
        table_id: str,
        token: str | None,
        send: Send,
        code: str = SOURCE,
        account: Account | None = None,
    ) -> Watcher:
        """Subscribe a connection to a table's frames in language `code`; a token (or the
        account) holding a seat sees its seat's view."""
        table = self.get(table_id)
        seat = self.viewer_of(table, token, account)
        watcher = Watcher(seat, send, code)
        async with table.lock:
            self._refuse_broken(table)
            if seat is not None and table.status == "running" and self._take_back(table, seat):
                await self._after_change(table)
            first = self._shown(table, lambda: _encoded(table, seat, code, self.clock.now()))
            table.watchers.add(watcher)
            await send(first)
        return watcher

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            table.watchers.discard(watcher)

    async def _broadcast(self, table: LiveTable) -> None:
        """Send every watcher its seat's frame in its language, computed and encoded once a
        seat and language."""
        kinds = {(watcher.seat, watcher.language) for watcher in table.watchers}
        now = self.clock.now()
        frames = self._shown(table, lambda: {kind: _encoded(table, *kind, now) for kind in kinds})
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

        return self._shown(table, proved)

    def public(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """What anyone may know of the table (`seat`: whose page asks)."""
        return self._shown(table, lambda: table.public(seat))

    def _shown(
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
            task = asyncio.get_running_loop().create_task(_tell(watchers, refusal.message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
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

    def _refuse_broken(self, table: LiveTable) -> None:
        """A 410 for a table that broke (while the request waited for it, say)."""
        if table.status == "broken":
            raise TableError(410, _(BROKEN).format(self.broken.get(table.id, _("its game failed"))))

    # -- accounts ---------------------------------------------------------------------------

    async def attach(self, account: Account, tokens: list[str]) -> int:
        """Make the people's seats these tokens hold, that no account holds yet, `account`'s
        (in the database and at the tables in memory; named as the account at a table still
        open, see `_attach_seat`), except at a table where the account already holds a seat.
        Finished games count too. Returns how many seats it gained."""
        hashes = {token_hash(token) for token in tokens}
        if not hashes:
            return 0
        with self.engine.connect() as db:
            found = db.execute(
                select(SEATS.c.table_id, SEATS.c.seat).where(
                    SEATS.c.token_hash.in_(hashes),
                    SEATS.c.bot.is_(None),
                    SEATS.c.account_id.is_(None),
                )
            ).all()
        attached = 0
        for table_id, seat in found:
            table = self.tables.get(table_id)
            async with table.lock if table is not None else contextlib.nullcontext():
                given = self._attach_seat(table_id, seat, account)
                if given and table is not None:
                    await self._broadcast(table)  # its name at an open table, its rating
                attached += given
        return attached

    def _attach_seat(self, table_id: str, seat: int, account: Account) -> int:
        """Give one seat to `account` unless it holds another at that table or someone took
        it meanwhile (1: given, 0: not); the table in memory, if any, follows. The seat takes
        the account's name only while the table waits for players: in a game begun, the
        others know it by the name it sat down with, and a seat renamed there would be a
        stranger to them."""
        table = self.tables.get(table_id)
        renamed = table is not None and table.status == "open"
        other = SEATS.alias("other")  # not correlated with the seat updated
        held = (
            select(other.c.id)
            .where(other.c.table_id == table_id, other.c.account_id == account.id)
            .exists()
        )
        with self.engine.begin() as db:
            given = db.execute(
                update(SEATS)
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.seat == seat,
                    SEATS.c.account_id.is_(None),
                    ~held,
                )
                .values(account_id=account.id, **({"name": account.name} if renamed else {}))
            ).rowcount
            if given and table is not None:
                table.seats[seat].account_id = account.id
                if renamed:
                    table.seats[seat].name = account.name
                ratings.refresh(db, table)
        return 1 if given else 0

    # -- lookups ----------------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        """A table by id: from memory, or a finished game loaded again from its record; a
        broken table is refused (410)."""
        table = self.tables.get(table_id)
        if table is None:
            if table_id in self.broken:
                raise TableError(410, _(BROKEN).format(self.broken[table_id]))
            table = self._load_stored(table_id)
        table.touched = time.monotonic()
        return table

    def _load_stored(self, table_id: str) -> LiveTable:
        """A finished game rebuilt from its record (a 410 for a broken table, 404 else)."""
        with Session(self.engine) as session:
            row = session.scalars(
                select(TableRow)
                .where(TableRow.id == table_id, TableRow.status.in_(("finished", "broken")))
                .options(selectinload(TableRow.seats), selectinload(TableRow.actions))
            ).one_or_none()
            if row is None:
                raise TableError(404, _("no such table (it may have expired)"))
            if row.status == "broken":
                raise TableError(410, _(BROKEN).format(_("its game failed (see the server's log)")))
            table = self._rebuilt(row)
            if table is None:
                raise TableError(410, _(BROKEN).format(self.broken[table_id]))
            self.tables[table_id] = table
        return table

    def _rebuilt(self, row: TableRow) -> LiveTable | None:
        """A stored table replayed and shown once to prove it, or None: it is broken."""
        try:
            table = storage.rebuild(row)
            table.probe(self.clock.now())
        except Exception as error:
            LOG.error("table %s is broken: it could not be rebuilt", row.id, exc_info=error)
            self._mark_broken(row.id, "it could not be rebuilt from its record")
            return None
        with self.engine.connect() as db:
            ratings.refresh(db, table)
        return table

    @staticmethod
    def seat_of(table: LiveTable, token: str | None, account: Account | None = None) -> int | None:
        """The seat a token holds at `table` (checked in constant time against every seat),
        else the seat of the logged-in `account`, else None."""
        found = None
        if token is not None:
            for s in table.seats:
                if token_matches(token, s.token_hash):
                    found = s.seat
        if found is None and account is not None:
            found = next((s.seat for s in table.seats if s.account_id == account.id), None)
        return found

    def identified(
        self, table: LiveTable, token: str | None, account: Account | None
    ) -> int | None:
        """`seat_of` for a request that must say who it is: a 401 with neither a token nor
        an account."""
        if token is None and account is None:
            raise TableError(
                401,
                _("this needs your seat token (the {header} header)").format(header=TOKEN_HEADER),
            )
        return self.seat_of(table, token, account)

    def seat_for(self, table: LiveTable, token: str | None, account: Account | None = None) -> int:
        """The seat a token (or the logged-in account) holds at `table`, or a 401 or 403
        naming the problem."""
        seat = self.identified(table, token, account)
        if seat is None:
            if token is None:
                raise TableError(403, _("your account holds no seat at this table"))
            raise TableError(403, _("that token holds no seat at this table"))
        return seat

    def viewer_of(
        self, table: LiveTable, token: str | None, account: Account | None = None
    ) -> int | None:
        """Whose view a request sees: the token's seat (a token holding none is refused),
        else the logged-in account's seat, else a spectator's (refused where `sealed`)."""
        seat = (
            self.seat_for(table, token) if token is not None else self.seat_of(table, None, account)
        )
        if seat is None and self.sealed(table):
            raise TableError(403, _(SEALED))
        return seat

    def listing(self) -> list[dict[str, Any]]:
        """The lobby: listed tables that are open or running, newest first (one that cannot
        be shown breaks alone and is left out)."""
        tables = [t for t in self.tables.values() if t.listed and t.status in ("open", "running")]
        listed = []
        for table in reversed(tables):
            with contextlib.suppress(TableError):  # broken alone, and logged
                listed.append(self._shown(table, table.public, "it could not be listed"))
        return listed

    def record(self, table_id: str) -> dict[str, Any]:
        """A finished game's record (its seed is no secret any more), with who sat where."""
        table = self.get(table_id)
        if table.status != "finished":
            raise TableError(403, _("a record is available once the game is over"))
        if self.sealed(table):
            raise TableError(403, _(SEALED))
        record = table.state.record
        record["meta"] = {"seats": [s.bot or "human" for s in table.seats]}
        return record

    async def rematch(
        self, table_id: str, token: str | None, account: Account | None = None
    ) -> LiveTable:
        """The same seats and options at a new table with a fresh seed; the same tokens hold
        the same seats there; the game says how a rematch starts (`Game.rematch_options`)."""
        table = self.get(table_id)
        async with table.lock:
            self._refuse_broken(table)
            seat = self.identified(table, token, account)
            if seat is None:
                raise TableError(403, _("only a player of this table can ask for a rematch"))
            if table.challenge is not None:
                raise TableError(403, _("a daily challenge is played once: no rematch"))
            if table.status != "finished":
                raise TableError(409, _("a rematch follows a finished game"))
            if table.rematch is not None:
                return self.get(table.rematch)
            with starting(table.game):
                game = load(table.game, table.players, **table.state.game.rematch_options())
                new = self._open_table(
                    game,
                    [
                        SeatState(s.seat, s.bot, s.name, s.token_hash, s.host, False, s.account_id)
                        for s in table.seats
                    ],
                    listed=table.listed,
                    turn_limit=table.turn_limit,
                    rematch_of=table.id,
                )
                new.rated = table.rated
                new.probe(self.clock.now())
            with self.engine.begin() as db:
                storage.insert_table(db, new)
                ratings.refresh(db, new)
                table.rematch = new.id
                storage.bump(db, table, rematch=new.id)
            self.tables[new.id] = new
            await self._broadcast(table)
        await self._start(new)
        return new

    # -- restart and expiry -------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bots' workers (off the event loop), then resume the unfinished tables."""
        await asyncio.to_thread(self.pool.start)
        await self.load_all()

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
                table = self._rebuilt(row)
                if table is not None:
                    self.tables[row.id] = table
        for table in list(self.tables.values()):
            if table.status == "running":
                with contextlib.suppress(TableError):  # broken alone, and logged
                    await self._ready_bots(table)
                    self._replan(table)

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

    async def close(self) -> None:
        """Stop every timer, drop the bots' questions and stop their workers (the server is
        shutting down; each worker finishes the decision it is making)."""
        for table in self.tables.values():
            table.thinking.clear()
            if table.timer is not None:
                table.timer.cancel()
        await asyncio.to_thread(self.pool.close)


LEGAL_LISTED = " (your seat's state lists them under `legal`)"
"""The API's word where the kernel only counts the legal actions: where a client finds them."""


def _encoded(table: LiveTable, seat: int | None, code: str, now: float) -> str:
    """A seat's frame told in language `code` (its log's texts), encoded."""
    with speaking(code):
        return encode(table.frame(seat, now))


def _refused(message: str, reason: Reason | None) -> TableError:
    """The 409 of a refused action: the kernel's words, and the API's hint where they count
    the legal actions without listing them."""
    if reason is not None and reason.code == "not_legal_many":
        message += LEGAL_LISTED
    return TableError(409, message, reason)


@contextlib.contextmanager
def starting(game: str) -> Iterator[None]:
    """Turn an unexpected failure while a new game starts (its rules, first state, views or
    clock) into a 422 saying the options could not start a game; the traceback is logged.
    The options' own errors (`ParlourError`) and the hub's refusals pass as they are."""
    try:
        yield
    except (ParlourError, TableError):
        raise
    except Exception as error:
        LOG.error("a new %s game could not start", game, exc_info=error)
        detail = f"{type(error).__name__}: {error}"[:200]
        raise TableError(
            422,
            _(
                "these options could not start a game of {game} ({detail}); nothing was stored"
            ).format(game=game, detail=detail),
        ) from error


async def _tell(watchers: list[Watcher], message: str) -> None:
    """Send each watcher an error frame (one gone away is skipped)."""
    for watcher in watchers:
        with contextlib.suppress(Exception):
            await watcher.send(encode({"type": "error", "error": message}))
