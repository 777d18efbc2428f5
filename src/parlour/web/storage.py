"""The table layer's writes and reads: tables, seats and the record of actions, through SQLAlchemy
Core on the mapped tables (a fraction of the ORM's cost an action), and live tables rebuilt
from their rows by replaying the record through the kernel."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import Connection, Select, Table, Update, bindparam, insert, select, text, update
from sqlalchemy.orm import selectinload

from parlour.i18n import _
from parlour.kernel import State, load
from parlour.web.kinds import Kinds
from parlour.web.live import LiveTable, SeatState, Sent, TableError
from parlour.web.models import ActionRow, ChatRow, PresenceRow, ReviewRow, SeatRow, TableRow

TABLES: Table = TableRow.__table__  # type: ignore[assignment]
SEATS: Table = SeatRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
PRESENCE: Table = PresenceRow.__table__  # type: ignore[assignment]
CHAT: Table = ChatRow.__table__  # type: ignore[assignment]
REVIEWS: Table = ReviewRow.__table__  # type: ignore[assignment]
INSERT_ACTION = insert(ACTIONS)
"""Built once: an action's row comes as parameters (building a statement costs more than
running it)."""


@cache
def table_update(columns: frozenset[str]) -> Update:
    """The UPDATE of a table's row at the version `expected`, setting `columns` from parameters
    of the same names (built once per set of columns, for the same reason)."""
    return (
        update(TABLES)
        .where(TABLES.c.id == bindparam("row_id"), TABLES.c.version == bindparam("expected"))
        .values({column: bindparam(column) for column in columns})
    )


class Stale(TableError):
    """A table's stored version moved past this process's copy: another server process changed
    it. The copy is brought up to date (`Shelf.refresh`) before anything is decided on it."""

    def __init__(self, table_id: str) -> None:
        super().__init__(409, _("this table changed meanwhile; try again"))
        self.table_id = table_id


CHANNEL = "parlour_tables"
"""The PostgreSQL channel on which each change of a table is told ("ID VERSION")."""
NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")


def whole_rows() -> Select[TableRow]:
    """The SELECT of tables' rows with their seats and records: all a table is rebuilt from."""
    return select(TableRow).options(selectinload(TableRow.seats), selectinload(TableRow.actions))


def now() -> datetime:
    return datetime.now(UTC)


def aware(stamp: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def insert_table(db: Connection, table: LiveTable) -> None:
    """Store a new table and its seats."""
    stamp = now()
    db.execute(
        insert(TABLES).values(
            id=table.id,
            game=table.game,
            players=table.players,
            options=table.options,
            seed=str(table.seed),
            listed=table.listed,
            status="open",
            version=0,
            turn_limit=table.turn_limit,
            created_at=stamp,
            active_at=stamp,
            rematch_of=table.rematch_of,
            rated=table.rated,
            challenge=table.challenge,
            spectator_chat=table.spectator_chat,
        )
    )
    db.execute(
        insert(SEATS),
        [
            {
                "table_id": table.id,
                "seat": s.seat,
                "bot": s.bot,
                "name": s.name,
                "token_hash": s.token_hash,
                "host": s.host,
                "absent": s.absent,
                "account_id": s.account_id,
            }
            for s in table.seats
        ],
    )


def record_action(
    db: Connection,
    table: LiveTable,
    number: int,
    seat: int | None,
    action: str,
    request_id: str | None,
    at: float,
    sent: str | None = None,
) -> None:
    """Store one applied action of `table`'s record (`sent`: the text a person sent)."""
    db.execute(
        INSERT_ACTION,
        {
            "table_id": table.id,
            "number": number,
            "seat": seat,
            "action": action,
            "request_id": request_id,
            "sent": sent,
            "at": at,
        },
    )


def bump(db: Connection, table: LiveTable, **values: Any) -> None:
    """Advance the table's version (and activity time) in the caller's transaction, from the
    version this copy holds only (compare and set): where another process changed the table
    since, `Stale` is raised and the caller's transaction rolls back."""
    values.update(version=table.version + 1, active_at=now())
    parameters = {"row_id": table.id, "expected": table.version, **values}
    if db.execute(table_update(frozenset(values)), parameters).rowcount != 1:
        raise Stale(table.id)
    table.version += 1
    if db.dialect.name == "postgresql":  # told to the other server processes at the commit
        db.execute(NOTIFY, {"payload": f"{table.id} {table.version}"})


def set_absent(
    db: Connection, table: LiveTable, seat: int, absent: bool, back_at: float | None = None
) -> None:
    """Store whether a person is away (a stand-in plays for them), with a new version, and
    when they took the seat back (`back_at`: their turn clock restarted then)."""
    values: dict[str, Any] = {"absent": absent}
    if back_at is not None:
        values["back_at"] = back_at
    db.execute(
        update(SEATS).where(SEATS.c.table_id == table.id, SEATS.c.seat == seat).values(values)
    )
    bump(db, table)


def mark_broken(db: Connection, table_id: str) -> None:
    """Store that a table's game failed: it is refused and left out of listings from now on."""
    db.execute(update(TABLES).where(TABLES.c.id == table_id).values(status="broken"))


def rebuild(row: TableRow, kinds: Kinds) -> LiveTable:
    """A live table from its stored row: the state rebuilt by replaying the record, and each
    acting seat's turn clock from the stored time its turn began (the start, its own last
    action, the action that made it act, or its person taking it back from a stand-in since),
    so that a restart neither resets nor loses it. Its kind is the one of `kinds` that holds it."""
    state = load(row.game, row.players, **row.options).new(int(row.seed))
    since = play_on(state, dict.fromkeys(state.to_act, row.started_at or 0.0), row.actions)
    times = [a.at for a in row.actions]
    return _live(row, kinds, state, since, times, sent_by(row.actions))


def advance(table: LiveTable, row: TableRow, newer: Sequence[ActionRow], kinds: Kinds) -> LiveTable:
    """`table`, a started copy, as its stored `row` has it: only the actions the copy lacks
    (`newer`, in order) are applied, to a clone of its state, so a copy one action behind pays
    for one action rather than for replaying the whole record."""
    state = table.state.clone()
    since = play_on(state, dict(table.waiting_since), newer)
    times = table.action_times + [a.at for a in newer]
    return _live(row, kinds, state, since, times, {**table.request_ids, **sent_by(newer)})


def play_on(
    state: State, since: dict[int, float], actions: Iterable[ActionRow]
) -> dict[int, float]:
    """Apply stored `actions` to `state`; returns when each seat to act began to wait, from
    `since` (when the seats to act before them began)."""
    for action in actions:
        before = state.to_act
        state.apply(action.seat, action.action)
        since = waiting(since, before, state.to_act, action.seat, action.at)
    return since


def waiting(
    since: dict[int, float],
    before: Sequence[int],
    to_act: Sequence[int],
    seat: int | None,
    at: float,
) -> dict[int, float]:
    """When each seat of `to_act` began to wait, after `seat` acted at `at`: a seat that was
    waiting already and did not act keeps its time; the others begin now."""
    return {s: since[s] if s in before and s != seat and s in since else at for s in to_act}


def sent_by(actions: Iterable[ActionRow]) -> dict[tuple[int, str], Sent]:
    """What each seat's request id of `actions` was used for."""
    return {
        (a.seat, a.request_id): Sent(a.number, a.sent or a.action)
        for a in actions
        if a.request_id is not None and a.seat is not None
    }


def _live(
    row: TableRow,
    kinds: Kinds,
    state: State,
    since: dict[int, float],
    action_times: list[float],
    request_ids: dict[tuple[int, str], Sent],
) -> LiveTable:
    """The live table of `row` with its replayed state and clocks (a seat's clock restarts
    when its person took it back from a stand-in)."""
    for s in row.seats:
        if s.seat in since and s.back_at is not None:
            since[s.seat] = max(since[s.seat], s.back_at)
    table = LiveTable(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        seed=int(row.seed),
        listed=row.listed,
        status=row.status,
        version=row.version,
        turn_limit=row.turn_limit,
        seats=[
            SeatState(s.seat, s.bot, s.name, s.token_hash, s.host, s.absent, s.account_id)
            for s in row.seats
        ],
        state=state,
        started_at=row.started_at,
        action_times=action_times,
        waiting_since=since if row.started_at is not None else {},
        request_ids=request_ids,
        rematch=row.rematch,
        rematch_of=row.rematch_of,
        rated=row.rated,
        challenge=row.challenge,
        spectator_chat=row.spectator_chat,
    )
    table.kind = kinds.of(table)
    return table
