"""The table layer's parts, each on its own, without HTTP: seats, kinds, the shelf, the watchers,
the driver and the commit path, on a SQLite database and a clock that moves only when told."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from parlour.kernel import State, load
from parlour.web import storage
from parlour.web.accounts import Account
from parlour.web.app import Settings
from parlour.web.database import connect
from parlour.web.kinds import CASUAL, Kinds, TableKind
from parlour.web.live import LiveTable, SeatSpec, SeatState, TableError, Watcher
from parlour.web.models import ActionRow, TableRow
from parlour.web.ratings import Rated
from parlour.web.security import token_hash
from parlour.web.storage import ACTIONS, TABLES
from parlour.web.tables import Tables
from parlour.web.tables.seats import (
    Sealed,
    Unidentified,
    Unseated,
    identified,
    seat_for,
    seat_of,
    viewer_of,
)
from tests.web.clocks import ManualClock

ANN = Account(id=7, name="Ann")


def seated_table(*, rated: bool = False) -> LiveTable:
    """A two-seat Dicetime table in memory: seat 0 held by token "t0" and account 7, seat 1 by
    token "t1"."""
    seats = [
        SeatState(0, None, "Ann", token_hash("t0"), host=True, account_id=ANN.id),
        SeatState(1, None, "Bob", token_hash("t1")),
    ]
    table = LiveTable(
        "t" * 8, "dicetime", 2, {}, 1, True, "running", 1, None, seats, load("dicetime", 2).new(1)
    )
    table.rated = rated
    return table


class Secret(TableKind):
    """A kind that keeps spectators out (as the daily challenge does before its day is over)."""

    def sealed(self, table: LiveTable) -> str | None:
        return "not yet"


# -- seats -------------------------------------------------------------------------------------


def test_a_seat_is_found_by_its_token_else_by_the_account() -> None:
    table = seated_table()
    assert seat_of(table, "t1") == 1 and seat_of(table, "t1", ANN) == 1  # the token first
    assert seat_of(table, None, ANN) == 0 and seat_of(table, "nobody's") is None
    assert seat_of(table, "nobody's", ANN) == 0


def test_a_request_that_must_hold_a_seat_is_refused_by_name() -> None:
    table = seated_table()
    with pytest.raises(Unidentified, match="X-Seat-Token"):
        identified(table, None, None)
    with pytest.raises(Unseated, match="that token holds no seat"):
        seat_for(table, "nobody's")
    with pytest.raises(Unseated, match="your account holds no seat"):
        seat_for(table, None, Account(id=8, name="Cy"))
    assert seat_for(table, "t0") == 0


def test_spectators_are_refused_only_where_the_kind_seals_the_table() -> None:
    table = seated_table()
    assert viewer_of(table, None) is None
    table.kind = Secret()
    with pytest.raises(Sealed, match="not yet"):
        viewer_of(table, None)
    assert viewer_of(table, "t1") == 1 and viewer_of(table, None, ANN) == 0
    with pytest.raises(Unseated):  # a token holding no seat is never taken for a spectator
        viewer_of(table, "nobody's")


# -- kinds -------------------------------------------------------------------------------------


def test_the_kinds_are_asked_in_turn_and_casual_holds_the_rest() -> None:
    kinds = Kinds()
    kinds.add(Rated())
    assert kinds.of(seated_table()) is CASUAL
    assert isinstance(kinds.of(seated_table(rated=True)), Rated)
    kinds.add(Secret())  # asked first: it holds every table
    assert isinstance(kinds.of(seated_table(rated=True)), Secret)


def test_a_rated_table_refuses_what_rated_play_forbids() -> None:
    table, rated = seated_table(rated=True), Rated()
    with pytest.raises(TableError) as joined:
        rated.joining(table, None)
    with pytest.raises(TableError) as filled:
        rated.filling(table)
    assert (joined.value.status, filled.value.status) == (401, 409)
    assert rated.hints_refused(table) == "no hints at a rated table"
    rated.joining(table, ANN)  # an account may


# -- the assembled parts -----------------------------------------------------------------------


def run(tmp_path: Path, body: Callable[[Tables, ManualClock], Awaitable[None]], **kw: Any) -> None:
    """Run `body` with a started table layer on a new SQLite database, closed afterwards."""
    clock = ManualClock()
    engine = connect(f"sqlite:///{tmp_path / 'parlour.db'}")

    async def main() -> None:
        layer = Tables(engine, bot_pace=0.0, clock=clock, **kw)
        await layer.start()
        try:
            await body(layer, clock)
        finally:
            await layer.close()

    asyncio.run(main())
    engine.dispose()


async def two_people(layer: Tables, **kw: Any) -> tuple[LiveTable, list[str]]:
    """A running two-person Dicetime table and its seats' tokens."""
    people = [SeatSpec(), SeatSpec()]
    table, host = await layer.commits.create(
        "dicetime", 2, {}, people, name="Ann", listed=True, turn_limit=None, **kw
    )
    _, guest, _ = await layer.commits.join(table.id, "Bob", None)
    return table, [host, guest]


async def play(
    layer: Tables, table: LiveTable, tokens: list[str], actions: int, first: int = 0
) -> None:
    """Play the first legal action of whoever acts, `actions` times (request ids from `first`)."""
    for number in range(first, first + actions):
        seat = table.state.to_act[0]
        action = table.state.legal_actions(seat)[0]
        await layer.commits.act(table.id, tokens[seat], action, f"r{number}")


def test_an_action_is_stored_then_live_and_a_repeated_request_applies_nothing(
    tmp_path: Path,
) -> None:
    async def body(layer: Tables, clock: ManualClock) -> None:
        table, tokens = await two_people(layer)
        first = await layer.commits.act(table.id, tokens[0], "roll", "once")
        assert await layer.commits.act(table.id, tokens[0], "roll", "once") == first
        assert table.state.history == ((0, "roll"),) and table.version == 3
        with pytest.raises(TableError, match="already used"):
            await layer.commits.act(table.id, tokens[0], "keep 1", "once")
        with pytest.raises(TableError) as late:
            await layer.commits.join(table.id, "Cy", None)
        assert late.value.status == 409 and table.state.history == ((0, "roll"),)

    run(tmp_path, body)


def test_a_restarted_layer_rebuilds_the_tables_from_their_records(tmp_path: Path) -> None:
    played: dict[str, Any] = {}

    async def before(layer: Tables, clock: ManualClock) -> None:
        table, tokens = await two_people(layer)
        await play(layer, table, tokens, 5)
        played.update(id=table.id, history=table.state.history, version=table.version)

    async def after(layer: Tables, clock: ManualClock) -> None:
        table = layer.shelf.get(played["id"])
        assert (table.state.history, table.version) == (played["history"], played["version"])
        assert table.status == "running" and table.kind is CASUAL

    run(tmp_path, before)
    run(tmp_path, after)


def test_a_copy_behind_applies_only_the_actions_it_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A started copy another process moved past (held here as the copy made after three
    actions) reads and applies only the newer actions, and ends as a whole rebuild would:
    its state, clocks, request ids and version."""

    def whole(table_id: str, engine: Any) -> LiveTable:
        with Session(engine) as session:
            row = session.scalars(storage.whole_rows().where(TableRow.id == table_id)).one()
            return storage.rebuild(row, Kinds())

    async def body(layer: Tables, clock: ManualClock) -> None:
        table, tokens = await two_people(layer)
        await play(layer, table, tokens, 3)
        copy = whole(table.id, layer.engine)
        clock.advance(4.0)
        await play(layer, table, tokens, 6, first=3)
        truth = whole(table.id, layer.engine)
        with monkeypatch.context() as patched:
            patched.setattr(storage, "rebuild", None)  # a started copy is never replayed whole
            layer.shelf.refresh(copy)
        assert copy.state.history == truth.state.history == table.state.history
        assert copy.version == truth.version and copy.action_times == truth.action_times
        assert copy.waiting_since == truth.waiting_since
        assert copy.request_ids == truth.request_ids and len(copy.request_ids) == 9

    run(tmp_path, body)


def test_watchers_get_their_seats_frames_and_one_gone_away_is_forgotten(tmp_path: Path) -> None:
    async def body(layer: Tables, clock: ManualClock) -> None:
        table, tokens = await two_people(layer)
        seen: dict[str, list[str]] = {"seat": [], "spectator": []}

        async def gone(_: str) -> None:
            raise ConnectionError("closed")

        async def into(name: str) -> Callable[[str], Awaitable[None]]:
            async def send(text: str) -> None:
                seen[name].append(text)

            return send

        await layer.commits.watch(table.id, tokens[0], await into("seat"), "en", None)
        await layer.commits.watch(table.id, None, await into("spectator"), "en", None)
        table.watchers.add(Watcher(1, gone))
        await play(layer, table, tokens, 1)
        assert len(seen["seat"]) == len(seen["spectator"]) == 2
        assert '"seat":0' in seen["seat"][-1] and '"seat":null' in seen["spectator"][-1]
        assert len(table.watchers) == 2  # the one that failed is dropped

    run(tmp_path, body)


def test_a_broken_table_leaves_memory_and_is_refused_with_a_410(tmp_path: Path) -> None:
    async def body(layer: Tables, clock: ManualClock) -> None:
        table, _ = await two_people(layer)
        told: list[str] = []

        async def send(text: str) -> None:
            told.append(text)

        await layer.commits.watch(table.id, None, send, "en", None)
        layer.shelf.break_table(table, RuntimeError("the rules fell over"), "it failed here")
        await asyncio.sleep(0.01)  # the watcher is told in a task of its own
        assert table.id not in layer.shelf.tables and '"type":"error"' in told[-1]
        with pytest.raises(TableError) as refused:
            layer.shelf.get(table.id)
        assert refused.value.status == 410 and "it failed here" in refused.value.message
        assert [t["id"] for t in layer.watchers.listing()] == []

    run(tmp_path, body)


def test_the_driver_marks_a_person_away_when_the_clock_passes_their_turn_limit(
    tmp_path: Path,
) -> None:
    async def body(layer: Tables, clock: ManualClock) -> None:
        people = [SeatSpec(), SeatSpec()]
        table, _ = await layer.commits.create(
            "dicetime", 2, {}, people, name="Ann", listed=True, turn_limit=30.0
        )
        await layer.commits.join(table.id, "Bob", None)
        clock.advance(29.0)
        await asyncio.sleep(0.01)
        assert not table.seats[0].absent
        clock.advance(2.0)
        for _ in range(100):  # the timer's step runs on the loop
            if table.seats[0].absent:
                break
            await asyncio.sleep(0.01)
        assert table.seats[0].absent and not table.seats[1].absent
        assert layer.driver.bot_at(table, 0) is not None  # a stand-in plays it now

    run(tmp_path, body, min_turn_limit=1.0)


class Tournament(TableKind):
    """A new kind in one class: unlisted tables, no rematch, the final scores kept."""

    def __init__(self) -> None:
        self.results: list[tuple[str, tuple[float, ...]]] = []

    def holds(self, table: LiveTable) -> bool:
        return not table.listed

    def rematching(self, table: LiveTable) -> None:
        raise TableError(403, "a tournament's game is played once")

    def hints_refused(self, table: LiveTable) -> str | None:
        return "no hints in a tournament"

    def finishing(self, db: Any, table: LiveTable, final: State) -> None:
        self.results.append((table.id, tuple(final.scores)))


def test_a_new_kind_of_table_is_one_class(tmp_path: Path) -> None:
    tournament = Tournament()

    async def body(layer: Tables, clock: ManualClock) -> None:
        layer.kinds.add(tournament)
        table, token = await layer.commits.create(
            "dicetime", 1, {}, [SeatSpec()], name="Ann", listed=False, turn_limit=None
        )
        assert table.kind is tournament and table.public()["hints"] is False
        number = 0
        while not table.state.over:
            action = table.state.legal_actions(0)[0]
            await layer.commits.act(table.id, token, action, f"r{number}")
            number += 1
        assert tournament.results == [(table.id, tuple(table.state.scores))]
        with pytest.raises(TableError, match="played once"):
            await layer.commits.rematch(table.id, token)

    run(tmp_path, body)


def test_two_processes_on_one_database_never_act_on_a_stale_copy(settings: Settings) -> None:
    """Two table layers on one database, as two server processes are: each applies actions
    from its own copy; a copy the other moved past is brought up to date from the stored
    actions before it acts, so every action is stored once, in one order, and replays."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)

    async def main() -> None:
        first = Tables(engine, bot_pace=0.0, clock=ManualClock())
        await first.start()
        table, tokens = await two_people(first)
        second = Tables(engine, bot_pace=0.0, clock=ManualClock())
        await second.start()
        copies = [table, second.shelf.get(table.id)]
        try:
            for number in range(8):  # the layers in turn, each copy a move behind the other
                layer, copy, truth = (
                    (first, second)[number % 2],
                    copies[number % 2],
                    copies[(number + 1) % 2],
                )
                before = copy.version
                seat = truth.state.to_act[0]
                action = truth.state.legal_actions(seat)[0]
                await layer.commits.act(table.id, tokens[seat], action, f"r{number}")
                assert copy.version == before + (1 if number == 0 else 2)  # caught up, then one
            assert copies[0].state.history == copies[1].state.history[:-1]
            first.shelf.refresh(copies[0])  # replayed from the stored actions
            assert copies[0].state.history == copies[1].state.history
            assert len(copies[1].state.history) == 8
        finally:
            await first.close()
            await second.close()
        with engine.connect() as db:
            numbers = db.execute(select(ACTIONS.c.number).where(ACTIONS.c.table_id == table.id))
            assert sorted(numbers.scalars()) == list(range(8))

    asyncio.run(main())
    engine.dispose()


def test_a_read_through_another_process_sees_the_latest_action(settings: Settings) -> None:
    """A person who acts through one process and reads the table through another (a proxy
    without sticky sessions) sees their action there, even before its news arrives: a read
    brings a stale copy up to date first (the soak saw a view one move old)."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)

    async def main() -> None:
        first = Tables(engine, bot_pace=0.0, clock=ManualClock())
        second = Tables(engine, bot_pace=0.0, clock=ManualClock())
        await first.start()
        await second.start()
        await second.news.close()  # deaf: what it knows, it must ask for
        try:
            table, tokens = await two_people(first)
            copy = second.shelf.get(table.id)
            await play(first, table, tokens, 1)
            assert copy.version == table.version - 1
            assert await second.commits.latest(table.id) is copy
            assert copy.version == table.version
            assert copy.state.history == table.state.history
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())
    engine.dispose()


def test_a_copy_is_read_from_one_moment_of_the_database(settings: Settings) -> None:
    """A table's row and its actions are read by separate queries: an action another process
    stores between them must not be read (its copy would have one version's state under
    another's number, and a watcher there was sent stale frames marked new)."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)

    async def main() -> None:
        layer = Tables(engine, bot_pace=0.0, clock=ManualClock())
        await layer.start()
        try:
            table, tokens = await two_people(layer)
            await play(layer, table, tokens, 2)
            with layer.shelf.snapshot() as session:
                version = session.scalars(select(TableRow.version).where(TableRow.id == table.id))
                assert version.one() == table.version
                await play(layer, table, tokens, 1, first=2)  # stored meanwhile, elsewhere
                actions = session.scalars(select(ActionRow).where(ActionRow.table_id == table.id))
                assert len(actions.all()) == 2
        finally:
            await layer.close()

    asyncio.run(main())
    engine.dispose()


def test_a_watcher_on_one_process_sees_a_move_made_through_another(settings: Settings) -> None:
    """Processes tell each other of every change (PostgreSQL's LISTEN/NOTIFY): a table made
    through one is served by the other, and a move made through one reaches the other's
    watchers without anyone asking."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)

    async def main() -> None:
        first = Tables(engine, bot_pace=0.0, clock=ManualClock())
        second = Tables(engine, bot_pace=0.0, clock=ManualClock())
        await first.start()
        await second.start()
        try:
            table, tokens = await two_people(first)
            versions: list[int] = []

            async def send(text: str) -> None:
                versions.append(json.loads(text)["table"]["version"])

            await second.commits.watch(table.id, None, send, "en", None)
            await first.commits.act(table.id, tokens[0], "roll", "r0")
            for _ in range(500):
                if versions[-1] == table.version:
                    break
                await asyncio.sleep(0.01)
            assert versions[-1] == table.version
            assert second.shelf.get(table.id).state.history == ((0, "roll"),)
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())
    engine.dispose()


def test_a_table_whose_driving_process_died_is_taken_over_by_another(settings: Settings) -> None:
    """A running table is driven (its turn limits, bots and clock) by the one process holding
    its lease; when that process dies, another takes the lease once it has run out and drives
    the table on: here it marks the person whose turn ran past the limit as away."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process, which drives every table")
    engine = connect(settings.db_url)
    clocks = [ManualClock(), ManualClock()]

    def layer(number: int) -> Tables:
        return Tables(
            engine,
            bot_pace=0.0,
            clock=clocks[number],
            min_turn_limit=1.0,
            lease_seconds=1.5,
            server_name=f"process {number}",
        )

    async def main() -> None:
        first, second = layer(0), layer(1)
        await first.start()
        await second.start()
        people = [SeatSpec(), SeatSpec()]
        table, _ = await first.commits.create(
            "dicetime", 2, {}, people, name="Ann", listed=True, turn_limit=30.0
        )
        await first.commits.join(table.id, "Bob", None)
        copy = second.shelf.get(table.id)
        await asyncio.sleep(0.1)  # the second tries to drive the copy it loaded, and may not
        assert table.driven and not copy.driven
        first.leases.release = lambda: None  # type: ignore[method-assign]  # killed: nothing let go
        await first.close()
        clocks[1].advance(31.0)  # past the dead process's lease, and past the turn limit
        for _ in range(500):
            if copy.seats[0].absent:
                break
            await asyncio.sleep(0.01)
        try:
            assert copy.driven and copy.seats[0].absent
            with engine.connect() as db:
                driver = db.execute(select(TABLES.c.driver).where(TABLES.c.id == table.id))
                assert driver.scalar_one() == "process 1"
        finally:
            await second.close()

    asyncio.run(main())
    engine.dispose()
