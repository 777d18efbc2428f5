"""Tables played slowly: turn limits of up to a week, an idle expiry that follows the turn
limit, and a long turn clock that a restart neither resets nor loses."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from parlour.web import app, storage
from parlour.web.app import Settings
from parlour.web.storage import ACTIONS, TABLES, now
from parlour.web.tables import Tables
from tests.web.conftest import create, frame, make_client, send_action
from tests.web.test_live import wait_for

DAY = 86_400.0


async def loop_time() -> float:
    return asyncio.get_running_loop().time()


def layer_of(client: TestClient) -> Tables:
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return layer


def test_a_turn_limit_may_be_a_week_and_no_longer(client: TestClient) -> None:
    body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "A"}
    week = client.post("/api/tables", json={**body, "turn_limit": 7 * DAY})
    assert week.status_code == 201, week.text
    assert week.json()["table"]["turn_limit"] == 7 * DAY
    stored = frame(client, week.json()["table"]["id"])["table"]["turn_limit"]
    assert stored == 7 * DAY
    longer = client.post("/api/tables", json={**body, "turn_limit": 7 * DAY + 1})
    assert longer.status_code == 422 and "turn_limit" in longer.json()["error"]


def test_every_turn_limit_the_lobby_offers_is_accepted(client: TestClient) -> None:
    lobby = (app.STATIC / "lobby.html").read_text(encoding="utf-8")
    select = re.search(r'<select id="turn-limit">(.*?)</select>', lobby, re.S)
    assert select is not None
    offered = [float(value) for value in re.findall(r'value="(\d+)"', select.group(1))]
    assert {3600.0, DAY, 3 * DAY} <= set(offered)
    for limit in offered:
        create(client, "dicetime", ["person"], turn_limit=limit)


def test_the_idle_expiry_follows_the_turn_limit(settings: Settings) -> None:
    """A week's idle expiry; three turn limits where they are longer (`IDLE_TURNS`)."""
    with make_client(settings, idle_expiry=timedelta(days=7)) as client:
        layer = layer_of(client)
        idle_days = {
            create(client, "dicetime", ["person", "person"], turn_limit=limit)["table"]["id"]: (
                days,
                limit,
            )
            for days, limit in [(8, 3 * DAY), (10, 3 * DAY), (8, None), (6, None), (8, 3600.0)]
        }
        with layer.engine.begin() as db:
            for table_id, (days, _) in idle_days.items():
                db.execute(
                    update(TABLES)
                    .where(TABLES.c.id == table_id)
                    .values(active_at=now() - timedelta(days=days))
                )
        expired = client.portal.call(layer.shelf.expire_idle)
        assert {idle_days[table_id] for table_id in expired} == {
            (8, None),
            (8, 3600.0),
            (10, 3 * DAY),
        }
        kept = [table_id for table_id in idle_days if table_id not in expired]
        assert {idle_days[table_id] for table_id in kept} == {(6, None), (8, 3 * DAY)}
        for table_id in kept:
            assert client.get(f"/api/tables/{table_id}").status_code == 200
        for table_id in expired:
            assert client.get(f"/api/tables/{table_id}").status_code == 404


def start_a_long_turn(settings: Settings) -> tuple[str, str, float]:
    """A person (seat 0) and a bot at a table with a 3-day turn limit; the person has made
    the first move of their turn (still theirs); returns the table, token and that move's
    time as stored."""
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "greedy"], turn_limit=3 * DAY)
        table_id, token = created["table"]["id"], created["token"]
        action = frame(client, table_id, token)["legal"][0]
        assert send_action(client, table_id, token, action, "first").status_code == 200
        table = layer_of(client).shelf.get(table_id)
        assert 0 in table.state.to_act
        return table_id, token, table.action_times[-1]


def age_the_turn(settings: Settings, table_id: str, days: float) -> float:
    """Make the table's start and its move `days` old in the database; returns the move's
    time."""
    at = time.time() - days * DAY
    with make_client(settings) as client, layer_of(client).engine.begin() as db:
        db.execute(update(TABLES).where(TABLES.c.id == table_id).values(started_at=at - 60))
        db.execute(update(ACTIONS).where(ACTIONS.c.table_id == table_id).values(at=at))
    return at


def test_a_restart_keeps_a_long_turn_clock(settings: Settings) -> None:
    table_id, token, moved = start_a_long_turn(settings)
    with make_client(settings) as client:  # restarted: the turn still began with the move
        assert layer_of(client).shelf.get(table_id).waiting_since[0] == moved
    at = age_the_turn(settings, table_id, 2)
    with make_client(settings) as client:  # two days of three gone: still the person's turn
        table = layer_of(client).shelf.get(table_id)
        assert table.waiting_since[0] == at
        assert isinstance(table.timer, asyncio.TimerHandle)  # the stand-in's turn: in a day
        assert table.timer.when() - client.portal.call(loop_time) == pytest.approx(DAY, abs=60)
        assert not table.seats[0].absent
    age_the_turn(settings, table_id, 4)
    with make_client(settings) as client:  # past the limit while the server was down
        table = layer_of(client).shelf.get(table_id)
        wait_for(lambda: table.seats[0].absent)
        wait_for(lambda: any(seat == 0 for seat, _ in table.state.history[1:]))
        assert frame(client, table_id, token)["table"]["seats"][0]["absent"]


def test_a_restart_keeps_the_turn_clock_of_a_seat_taken_back(settings: Settings) -> None:
    """A person back from a stand-in gets their turn's clock restarted; a restart counts it from
    that moment, not from the turn's start (which would mark them away again at once)."""
    table_id, token, _ = start_a_long_turn(settings)
    with make_client(settings) as client:
        layer = layer_of(client)
        table = layer.shelf.get(table_id)
        with layer.engine.begin() as db:  # away, as the stand-in's timer would have left it
            storage.set_absent(db, table, 0, True)
        table.seats[0].absent = True
        refused = send_action(client, table_id, token, "no such move", "back")
        assert refused.status_code == 409 and not table.seats[0].absent
        back = table.waiting_since[0]
    age_the_turn(settings, table_id, 4)  # the turn began past the limit of 3 days
    with make_client(settings) as client:
        table = layer_of(client).shelf.get(table_id)
        assert table.waiting_since[0] == back
        assert isinstance(table.timer, asyncio.TimerHandle)
        assert table.timer.when() - client.portal.call(loop_time) == pytest.approx(3 * DAY, abs=60)
        assert not table.seats[0].absent
