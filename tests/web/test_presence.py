"""Presence and turn clocks (issue 31, item 10): every frame says of each person's seat whether
a page of it is connected to the table now, on any server process (a seat's page arriving or
leaving sends the others a frame; a process that dies without a word has its pages run out
within a lease), and, at a table with a turn limit, when the turn of each person to act runs
out, by the server's clock."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select

from parlour.web.app import Settings
from parlour.web.database import connect
from parlour.web.storage import PRESENCE
from parlour.web.tables import Tables
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame, hello, make_client, send_action
from tests.web.test_live import wait_for
from tests.web.test_table_parts import two_people


def connected(shown: dict[str, Any]) -> list[bool | None]:
    return [seat["connected"] for seat in shown["table"]["seats"]]


def test_a_seat_is_connected_while_a_page_of_it_is(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "person"])
    table_id, host = created["table"]["id"], created["token"]
    guest = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        spectator.send_text(hello(None))
        assert connected(spectator.receive_json()) == [False, False]
        with client.websocket_connect(f"/ws/tables/{table_id}") as page:
            page.send_text(hello(host))
            assert connected(page.receive_json()) == [True, False]
            assert connected(spectator.receive_json()) == [True, False]
            with client.websocket_connect(f"/ws/tables/{table_id}") as again:
                again.send_text(hello(host))  # a second tab: no news
                assert connected(again.receive_json()) == [True, False]
            assert connected(frame(client, table_id, guest)) == [True, False]
        assert connected(spectator.receive_json()) == [False, False]  # the last tab closed


def test_a_bots_seat_has_no_dot_and_a_spectator_none(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "greedy"])
    table_id = created["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        spectator.send_text(hello(None))
        assert connected(spectator.receive_json()) == [False, None]
        with client.websocket_connect(f"/ws/tables/{table_id}") as other:
            other.send_text(hello(None))
            assert connected(other.receive_json()) == [False, None]
        assert connected(frame(client, table_id)) == [False, None]


def test_a_page_on_one_process_is_seen_on_another_and_a_dead_ones_run_out(
    settings: Settings,
) -> None:
    """Two table layers on one PostgreSQL database, as two server processes are."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)
    clock = ManualClock()

    async def main() -> None:
        first = Tables(engine, bot_pace=0.0, clock=clock, lease_seconds=3)
        await first.start()
        table, tokens = await two_people(first)
        held_before_a_kill = {"table_id": table.id, "seat": 0, "until": clock.now() + 3}
        with engine.begin() as db:
            db.execute(insert(PRESENCE).values(**held_before_a_kill, server="second"))
        second = Tables(engine, bot_pace=0.0, clock=clock, lease_seconds=3, server_name="second")
        await second.start()  # under the killed one's name: its rows are not renewed
        try:
            with engine.connect() as db:
                assert db.execute(select(PRESENCE)).all() == []
            frames: list[list[bool | None]] = []

            async def send(text: str) -> None:
                frames.append(connected(json.loads(text)))

            page = await first.commits.watch(table.id, tokens[1], _ignore, "en", None)
            unwatched = second.shelf.get(table.id)  # nobody watches it there: no news
            assert connected(second.watchers.frame(unwatched, None)) == [False, True]
            await second.commits.watch(table.id, None, send, "en", None)
            await _until(lambda: frames[-1] == [False, True])
            await first.watchers.remove(table.id, page)
            await _until(lambda: frames[-1] == [False, False])
            with engine.begin() as db:  # a process that died holding seat 0's page
                db.execute(insert(PRESENCE).values(**held_before_a_kill, server="gone"))
            await second.watchers.seen(table.id)
            assert frames[-1] == [True, False]
            clock.advance(4)  # its rows were never renewed
            await second.watchers.seen_again()
            assert frames[-1] == [False, False]
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())
    engine.dispose()


async def _ignore(text: str) -> None:
    """A page that reads nothing."""


async def _until(done: Any) -> None:
    """Let the news arrive (PostgreSQL's notifications: at most 10 s on a busy machine)."""
    for _ in range(1000):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the news never came")


LIMIT = 60.0


def test_a_persons_turn_says_when_its_limit_runs_out(settings: Settings) -> None:
    """The server's time, the same in every frame: from the start, from the seat's own last
    action, from the action that made it act; a bot's seat and a seat not to act have none."""
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        created = create(client, "dicetime", ["person", "person"], turn_limit=LIMIT)
        table_id, host = created["table"]["id"], created["token"]
        client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
        started = clock.now()
        assert turn_ends(frame(client, table_id)) == [started + LIMIT, None]
        clock.advance(10)
        assert send_action(client, table_id, host, "roll", "r1").status_code == 200
        assert turn_ends(frame(client, table_id)) == [started + 10 + LIMIT, None]
        clock.advance(5)
        assert send_action(client, table_id, host, "enter chance", "r2").status_code == 200
        assert turn_ends(frame(client, table_id)) == [None, started + 15 + LIMIT]
    with make_client(settings, table_clock=clock) as client:  # restarted: the same clocks
        assert turn_ends(frame(client, table_id)) == [None, started + 15 + LIMIT]
        with_bot = create(client, "dicetime", ["person", "greedy"], turn_limit=LIMIT)
        assert turn_ends(with_bot) == [clock.now() + LIMIT, None]


def turn_ends(shown: dict[str, Any]) -> list[float | None]:
    return [seat["turn_ends"] for seat in shown["table"]["seats"]]


def test_a_seat_to_act_says_since_when_the_game_waits_for_it(settings: Settings) -> None:
    """A page shows how long a bot has been thinking from `acting_since` (the server's time,
    the same on every process); a seat not to act has none."""
    clock = ManualClock()
    with make_client(settings, table_clock=clock, bot_pace=5.0) as client:
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, host = created["table"]["id"], created["token"]
        started = clock.now()
        assert acting_since(frame(client, table_id)) == [started, None]
        clock.advance(3)
        send_action(client, table_id, host, "roll", "r1")
        send_action(client, table_id, host, "enter chance", "r2")
        assert acting_since(frame(client, table_id)) == [None, started + 3]  # its pace: 5 s


def test_a_bot_to_act_says_how_long_its_moves_have_taken(settings: Settings) -> None:
    """While a bot thinks, a page says how long its moves have taken so far: the longest wait
    for one of them, from the stored action times (None before its first move, and for a
    person)."""
    clock = ManualClock()
    with make_client(settings, table_clock=clock, bot_pace=5.0) as client:
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, host = created["table"]["id"], created["token"]
        send_action(client, table_id, host, "roll", "r1")
        send_action(client, table_id, host, "enter chance", "r2")
        assert longest_move(frame(client, table_id)) == [None, None]  # no move of its own yet
        clock.advance(5)  # its roll falls due: it took 5 s by the tables' clock
        wait_for(lambda: longest_move(frame(client, table_id)) == [None, 5.0])


def longest_move(shown: dict[str, Any]) -> list[float | None]:
    return [seat["longest_move"] for seat in shown["table"]["seats"]]


def acting_since(shown: dict[str, Any]) -> list[float | None]:
    return [seat["acting_since"] for seat in shown["table"]["seats"]]
