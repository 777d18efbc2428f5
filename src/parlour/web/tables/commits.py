"""The commit path: creating, joining, starting, acting and rematching. Every change to a
table happens under that table's lock: the action is tried on a clone of the state (an illegal
one raises and changes nothing), stored in the same transaction that bumps the table's
version, and only then becomes the live state; then the watchers are told and the driver plans
what comes next (`Driver.changed`)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Engine, select, update

from parlour.bots.registry import default_bot, make_bot, offered_bots
from parlour.i18n import _
from parlour.kernel import Game, IllegalAction, OptionError, ParlourError, Reason, load
from parlour.web import ratings, storage
from parlour.web.accounts import Account
from parlour.web.clock import Clock
from parlour.web.kinds import Kinds
from parlour.web.live import (
    LiveTable,
    SeatSpec,
    SeatState,
    Send,
    Sent,
    TableError,
    Watcher,
    deadline_of,
)
from parlour.web.security import new_seed, new_table_id, new_token, token_hash
from parlour.web.storage import SEATS, Stale
from parlour.web.tables.driver import Driver
from parlour.web.tables.seats import identified, seat_for, seat_of, viewer_of
from parlour.web.tables.shelf import Shelf
from parlour.web.tables.watchers import Watchers

LOG = logging.getLogger("parlour.web")
T = TypeVar("T")
STALE_TRIES = 3
"""Times a request is tried on a copy brought up to date before it is refused (409)."""
LEGAL_LISTED = " (your seat's state lists them under `legal`)"
"""The API's word where the kernel only counts the legal actions: where a client finds them."""


class Attempt(NamedTuple):
    """A daily challenge's attempt to create: its day and that day's seed."""

    day: str
    seed: int


class Commits:
    """The one way a table changes: store it, make it live, tell the watchers."""

    def __init__(
        self,
        engine: Engine,
        clock: Clock,
        kinds: Kinds,
        shelf: Shelf,
        watchers: Watchers,
        driver: Driver,
        *,
        min_turn_limit: float = 5.0,
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.kinds = kinds
        self.shelf = shelf
        self.watchers = watchers
        self.driver = driver
        self.min_turn_limit = min_turn_limit
        """The shortest turn limit a table may have (seconds)."""
        self.applied = 0  # actions applied since the server started (for /metrics)

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
        clock have been computed without error. Its kind (`rated`, a daily `challenge`'s
        attempt, dealt from the day's seed) may refuse it, and stores what it keeps of it in
        the same transaction."""
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
        if account is not None:
            name = account.name  # an account's seat shows the account's name, never another
        host = next((i for i, spec in enumerate(seats) if spec.bot is None), None)
        token = new_token()
        with starting(game_name):
            table = _open_table(
                game,
                [
                    SeatState(
                        i,
                        spec.bot,
                        name if i == host else spec.bot,
                        token_hash(token) if i == host else None,
                        host=i == host,
                        account_id=account.id if account and i == host else None,
                    )
                    for i, spec in enumerate(seats)
                ],
                listed=listed,
                turn_limit=turn_limit,
                seed=challenge.seed if challenge else None,
            )
            table.rated = rated
            table.challenge = challenge.day if challenge else None
            table.kind = self.kinds.of(table)
            table.kind.creating(table, [spec.bot for spec in seats], account, turn_limit)
            if host is None:
                raise OptionError("at least one seat must be a person's (the host's)")
            table.probe(self.clock.now())
        with self.engine.begin() as db:
            storage.insert_table(db, table)
            ratings.refresh(db, table)
            table.kind.entering(db, table, account)
        self.shelf.add(table)
        if all(s.taken for s in table.seats):
            await self._start(table)
        return table, token

    async def join(
        self, table_id: str, name: str, held: str | None, account: Account | None = None
    ) -> tuple[LiveTable, str, int]:
        """Take the first open person's seat. Atomic: two people racing for the last seat get
        it once; `held` is a token the browser already has for this table and `account` the
        one it is logged in to (one seat each)."""
        table = self.shelf.get(table_id)
        async with table.lock:
            return await self._fresh(table, lambda: self._join(table, name, held, account))

    async def _join(
        self, table: LiveTable, name: str, held: str | None, account: Account | None
    ) -> tuple[LiveTable, str, int]:
        """`join`, under the table's lock."""
        self.shelf.refuse_broken(table)
        if seat_of(table, held, account) is not None:
            raise TableError(409, _("you already have a seat at this table"))
        table.kind.joining(table, account)
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
                .values(token_hash=hashed, name=name, account_id=account.id if account else None)
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
            await self.watchers.broadcast(table)
        return table, token, seat.seat

    async def fill_with_bots(
        self, table_id: str, token: str | None, bot: str | None, account: Account | None = None
    ) -> LiveTable:
        """The host starts the table now: every open seat gets a bot."""
        table = self.shelf.get(table_id)
        async with table.lock:
            return await self._fresh(table, lambda: self._fill(table, token, bot, account))

    async def _fill(
        self, table: LiveTable, token: str | None, bot: str | None, account: Account | None
    ) -> LiveTable:
        """`fill_with_bots`, under the table's lock."""
        self.shelf.refuse_broken(table)
        seat = identified(table, token, account)
        if seat is None or not table.seats[seat].host:
            raise TableError(403, _("only the table's host can fill the seats with bots"))
        if table.status != "open":
            raise TableError(409, _("this table has already started"))
        table.kind.filling(table)
        choice = bot or default_bot(table.game)
        if choice not in offered_bots(table.game):
            raise TableError(
                422, _("bot: {game} has no bot {bot!r}").format(game=table.game, bot=choice)
            )
        make_bot(table.state.game, choice, 0, 0)  # a bot refuses a set-up it cannot play
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

    async def heard(self, table_id: str, version: int) -> None:
        """Another server process changed a table to `version` (`News`): a copy held here that
        is behind is brought up to date, and its watchers told."""
        table = self.shelf.tables.get(table_id)
        if table is None or table.version >= version:
            return
        async with table.lock:
            if table.version < version and table.status in ("open", "running"):
                await self._catch_up(table)

    async def missed(self) -> None:
        """Bring up to date every copy held here that another process moved past while this
        one was not listening (one query for all of them)."""
        for table in self.shelf.behind():
            async with table.lock:
                await self._catch_up(table)

    async def latest(self, table_id: str) -> LiveTable:
        """A table as stored now, for a read: a copy another process moved past is brought up
        to date first (one lookup by key where processes share the database), so a person who
        acted through one process and reads through another sees their action."""
        table = self.shelf.get(table_id)
        if self.shelf.stale(table):
            async with table.lock:
                if self.shelf.stale(table):
                    await self._catch_up(table)
        return table

    async def _catch_up(self, table: LiveTable) -> None:
        self.shelf.refresh(table)
        await self.driver.changed(table)

    async def _fresh(self, table: LiveTable, step: Callable[[], Awaitable[T]]) -> T:
        """Run `step` (under the table's lock) on an up-to-date copy: where another server
        process changed the table since this copy was made (its stored version says so, or
        `Stale` at the commit), bring the copy up to date, tell the watchers and run it again.
        Nothing is decided on a stale copy."""
        for _try in range(STALE_TRIES):
            try:
                if self.shelf.stale(table):
                    raise Stale(table.id)
                return await step()
            except Stale:
                await self._catch_up(table)
        raise Stale(table.id)

    async def _start(self, table: LiveTable) -> None:
        async with table.lock:
            await self._start_locked(table)

    async def _start_locked(self, table: LiveTable) -> None:
        table.status = "running"
        table.started_at = self.clock.now()
        table.waiting_since = dict.fromkeys(table.state.to_act, table.started_at)
        with self.engine.begin() as db:
            started = {"status": "running", "started_at": table.started_at}
            storage.bump(db, table, deadline=table.deadline, **started)
        await self.driver.drive(table)
        await self.driver.changed(table)

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
        table = self.shelf.get(table_id)
        async with table.lock:
            return await self._fresh(
                table, lambda: self._act(table, token, action_text, request_id, account)
            )

    async def _act(
        self,
        table: LiveTable,
        token: str | None,
        action_text: str,
        request_id: str,
        account: Account | None,
    ) -> int:
        """`act`, under the table's lock."""
        self.shelf.refuse_broken(table)
        seat = seat_for(table, token, account)
        closed = table.kind.closed(table)
        if table.status == "running" and closed is not None:
            raise TableError(409, closed)
        returned = table.status == "running" and self._take_back(table, seat)
        try:
            accepted = _accepted(table, seat, action_text, request_id)
        except TableError:
            if returned:
                await self.driver.changed(table)
            raise
        if isinstance(accepted, Sent):
            if returned:
                await self.driver.changed(table)
            return accepted.number
        return await self.apply(table, seat, accepted, request_id, action_text)

    def _take_back(self, table: LiveTable, seat: int) -> bool:
        """The person at `seat` is here (they sent something, or reconnected): the seat is
        theirs again at once: not away, no stand-in decision pending, their turn clock
        restarted. Returns whether they had been away (the change is stored). A person who
        was here keeps their clock: only an applied action restarts it (`apply`), so sending
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

    async def apply(
        self,
        table: LiveTable,
        seat: int | None,
        action: str,
        request_id: str | None = None,
        sent: str | None = None,
    ) -> int:
        """Try `action` on a clone, store it with the new version, then make it live
        (`sent`: the text a person sent for it with `request_id`). The table's kind stores what
        it keeps of a finished game in the same transaction."""
        twin = table.state.clone()
        at = self.clock.now()
        times = [*table.action_times, at]
        try:  # legality was checked: a failure here is the game's, and nothing is stored
            twin.apply(seat, action)
            deadline = deadline_of(twin, table.started_at, times)
            over = twin.over
        except Exception as error:
            what = "its game failed applying an action"
            raise self.shelf.break_table(table, error, what) from error
        number = len(twin.history) - 1
        with self.engine.begin() as db:  # the version first: a stale copy stores nothing
            values: dict[str, Any] = {"status": "finished", "finished_at": storage.now()}
            storage.bump(db, table, deadline=deadline, **(values if over else {}))
            storage.record_action(db, table, number, seat, action, request_id, at, sent)
            if over:
                table.kind.finishing(db, table, twin)
        before = table.state.to_act
        table.state = twin
        table.action_times = times
        table.waiting_since = storage.waiting(table.waiting_since, before, twin.to_act, seat, at)
        self.applied += 1
        table.pending.applied(twin, seat)  # the seat's decision is done; a new clock drops all
        if seat is not None and request_id is not None:
            table.request_ids[seat, request_id] = Sent(number, sent or action)
        if twin.over:
            table.status = "finished"
        await self.driver.changed(table)
        return number

    # -- arriving ---------------------------------------------------------------------------

    async def watch(
        self, table_id: str, token: str | None, send: Send, code: str, account: Account | None
    ) -> Watcher:
        """A connection arrives: it watches the table in language `code`, as the seat its
        token (or account) holds, which is theirs again at once if a stand-in played it."""
        table = self.shelf.get(table_id)
        seat = viewer_of(table, token, account)
        watcher = Watcher(seat, send, code)
        async with table.lock:
            self.shelf.refuse_broken(table)
            if seat is not None and table.status == "running" and self._take_back(table, seat):
                await self.driver.changed(table)
            await self.watchers.add(table, watcher)
        return watcher

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
            table = self.shelf.tables.get(table_id)
            async with table.lock if table is not None else contextlib.nullcontext():
                given = self._attach_seat(table_id, seat, account)
                if given and table is not None:
                    await self.watchers.broadcast(table)  # its name at an open table, its rating
                attached += given
        return attached

    def _attach_seat(self, table_id: str, seat: int, account: Account) -> int:
        """Give one seat to `account` unless it holds another at that table or someone took
        it meanwhile (1: given, 0: not); the table in memory, if any, follows. The seat takes
        the account's name only while the table waits for players: in a game begun, the
        others know it by the name it sat down with, and a seat renamed there would be a
        stranger to them."""
        table = self.shelf.tables.get(table_id)
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

    # -- the spectators' chat ------------------------------------------------------------------

    async def spectators_may_talk(
        self, table_id: str, token: str | None, account: Account | None, allowed: bool
    ) -> LiveTable:
        """The host turns the spectators' chat on or off (stored with the table, a new
        version: every page, on every process, shows the switch)."""
        table = self.shelf.get(table_id)
        async with table.lock:
            return await self._fresh(table, lambda: self._switch(table, token, account, allowed))

    async def _switch(
        self, table: LiveTable, token: str | None, account: Account | None, allowed: bool
    ) -> LiveTable:
        """`spectators_may_talk`, under the table's lock."""
        self.shelf.refuse_broken(table)
        seat = identified(table, token, account)
        if seat is None or not table.seats[seat].host:
            raise TableError(403, _("only the table's host can switch the spectators' chat"))
        if table.spectator_chat != allowed:
            with self.engine.begin() as db:
                storage.bump(db, table, spectator_chat=allowed)
            table.spectator_chat = allowed
            await self.watchers.broadcast(table)
        return table

    # -- rematch ------------------------------------------------------------------------------

    async def rematch(
        self, table_id: str, token: str | None, account: Account | None = None
    ) -> LiveTable:
        """The same seats and options at a new table of the same kind, with a fresh seed; the
        same tokens hold the same seats there; the game says how a rematch starts
        (`Game.rematch_options`)."""
        table = self.shelf.get(table_id)
        async with table.lock:
            self.shelf.refuse_broken(table)
            seat = identified(table, token, account)
            if seat is None:
                raise TableError(403, _("only a player of this table can ask for a rematch"))
            table.kind.rematching(table)
            if table.status != "finished":
                raise TableError(409, _("a rematch follows a finished game"))
            if table.rematch is not None:
                return self.shelf.get(table.rematch)
            with starting(table.game):
                game = load(table.game, table.players, **table.state.game.rematch_options())
                new = _open_table(
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
                new.kind = table.kind
                new.spectator_chat = table.spectator_chat  # the host's choice holds
                new.probe(self.clock.now())
            with self.engine.begin() as db:
                storage.insert_table(db, new)
                ratings.refresh(db, new)
                table.rematch = new.id
                storage.bump(db, table, rematch=new.id)
            self.shelf.add(new)
            await self.watchers.broadcast(table)
        await self._start(new)
        return new


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


def _accepted(table: LiveTable, seat: int, text: str, request_id: str) -> Sent | str:
    """What a person's request asks for: the first result of a repeated request id, or the
    legal action to apply; a 409 says why neither."""
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
    The options' own errors (`ParlourError`) and the table layer's refusals pass as they are."""
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
