"""Live frames over the WebSocket, seat races, restarts, bots standing in, clocks and expiry."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.web.app import Settings, create_app
from parlour.web.tables import Tables
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame, hdr, hello, make_client, send_action
from tests.web.test_api import play_until_over


def wait_for(check: Any, limit: float = 20) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def end_the_persons_turn(client: TestClient, table_id: str, token: str, tag: str) -> list[Any]:
    """Dicetime: the person at seat 0 rolls and enters chance, handing the turn to seat 1 (a
    bot, whose move is then a timed step); the two answers."""
    return [
        send_action(client, table_id, token, action, f"{tag}{number}")
        for number, action in enumerate(["roll", "enter chance"])
    ]


def fail_the_bots_next_move(monkeypatch: pytest.MonkeyPatch, layer: Any) -> list[str]:
    """Make the next move of the bot at seat 1 fail once, as a database would; the list of the
    moves that failed (filled when it happens)."""
    real_apply = layer.commits.apply
    failures: list[str] = []

    async def flaky(table: Any, seat: Any, action: str, *rest: Any) -> int:
        if seat == 1 and not failures:
            failures.append(action)
            raise RuntimeError("the database went away")
        return await real_apply(table, seat, action, *rest)

    monkeypatch.setattr(layer.commits, "apply", flaky)
    return failures


def test_each_seat_receives_its_own_frame_and_spectators_the_public_one(
    client: TestClient,
) -> None:
    created = create(client, "dicetime", ["person", "person"])
    table_id, host = created["table"]["id"], created["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        spectator.send_text(hello(None))
        assert spectator.receive_json()["table"]["status"] == "open"
        guest = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as mine:
            mine.send_text(hello(host))
            first = mine.receive_json()
            assert first["seat"] == 0 and first["legal"] == ["roll"]
            assert spectator.receive_json()["table"]["status"] == "running"
            assert spectator.receive_json()["table"]["seats"][0]["connected"]  # the host's page
            send_action(client, table_id, host, "roll", "1")
            after = mine.receive_json()
            watched = spectator.receive_json()
            assert after["table"]["version"] == watched["table"]["version"]
            assert after["view"]["seat"] == 0 and watched["view"]["seat"] is None
            assert watched["legal"] == [] and after["legal"]
            assert guest not in str(after) + str(watched)


@pytest.mark.parametrize(
    ("message", "words"),
    [("not json", "JSON"), ('{"token": 5}', "token"), ('{"token": "wrong"}', "no seat")],
)
def test_a_bad_hello_is_answered_and_closed(client: TestClient, message: str, words: str) -> None:
    table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(message)
        reply = socket.receive_json()
        assert reply["type"] == "error" and words in reply["error"]
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_a_websocket_from_another_origin_is_refused(client: TestClient) -> None:
    table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(
            f"/ws/tables/{table_id}", headers={"origin": "https://evil.example"}
        ) as socket,
    ):
        socket.receive_json()
    assert refused.value.code == 4403
    with client.websocket_connect(
        f"/ws/tables/{table_id}", headers={"origin": "http://testserver"}
    ) as socket:
        socket.send_text(hello(None))
        assert socket.receive_json()["type"] == "state"


def test_an_oversized_websocket_message_closes_the_connection(client: TestClient) -> None:
    table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(hello(None))
        socket.receive_json()
        socket.send_text("x" * 5000)
        assert "too large" in socket.receive_json()["error"]


async def _race(settings: Settings, table_id: str, people: int) -> list[int]:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://t") as async_client:
            responses = await asyncio.gather(
                *[
                    async_client.post(f"/api/tables/{table_id}/join", json={"name": f"P{i}"})
                    for i in range(people)
                ]
            )
    return sorted(response.status_code for response in responses)


def test_racing_for_the_last_seat_gives_it_to_one(settings: Settings) -> None:
    with make_client(settings) as client:
        table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
    assert asyncio.run(_race(settings, table_id, 5)) == [200, 409, 409, 409, 409]
    with make_client(settings) as client:
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert seats[1]["taken"] and seats[1]["name"] in {f"P{i}" for i in range(5)}


def test_a_restart_resumes_every_table_where_it_was(settings: Settings) -> None:
    with make_client(settings) as client:
        created = create(client, "dicecream", ["person", "greedy", "greedy"])
        table_id, token = created["table"]["id"], created["token"]
        sent = []
        for number in range(3):
            current = frame(client, table_id, token)
            if current["legal"]:
                sent.append(current["legal"][0])
                client.post(
                    f"/api/tables/{table_id}/actions",
                    json={"action": sent[-1], "request_id": f"q{number}"},
                    headers=hdr(token),
                )
            wait_for(lambda: bool(frame(client, table_id, token)["legal"]))
        before = frame(client, table_id, token)
    with make_client(settings) as client:
        after = frame(client, table_id, token)
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        assert after["table"]["version"] == before["table"]["version"]
        repeat = send_action(client, table_id, token, sent[0], "q0")
        assert repeat.status_code == 200 and repeat.json()["number"] == 0  # still applied once
        other = send_action(client, table_id, token, "anything", "q0")
        assert other.status_code == 409 and "q0" in other.json()["error"]


def test_bots_pending_at_a_restart_move_again(settings: Settings) -> None:
    with make_client(settings, bot_pace=30.0) as client:  # the bots wait: the server stops first
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, token = created["table"]["id"], created["token"]
        end_the_persons_turn(client, table_id, token, "a")
        assert frame(client, table_id, token)["view"]["to_act"] == [1]
    with make_client(settings) as client:
        wait_for(lambda: frame(client, table_id, token)["view"]["to_act"] == [0])


def test_the_puzzle_clock_runs_on_the_server_and_counts_time_down(settings: Settings) -> None:
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        created = create(
            client, "dicetime", ["person"], options={"mode": "puzzle", "time_limit": 60}
        )
        table_id, token = created["table"]["id"], created["token"]
        assert created["table"]["deadline"] == clock.now() + 60
    clock.advance(61)  # the server is down when the clock runs out
    with make_client(settings, table_clock=clock) as client:
        wait_for(lambda: frame(client, table_id, token)["view"]["over"])
        assert client.get(f"/api/tables/{table_id}/record").json()["actions"][-1] == [
            None,
            "timeout",
        ]


def test_a_bot_stands_in_for_an_absent_player_until_they_return(settings: Settings) -> None:

    with make_client(settings, min_turn_limit=0.05) as client:
        created = create(client, "dicetime", ["person", "greedy"], turn_limit=0.05)
        table_id, token = created["table"]["id"], created["token"]
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        table = layer.shelf.get(table_id)
        wait_for(lambda: len(table.state.history) >= 6)
        assert table.seats[0].absent
        assert frame(client, table_id, token)["table"]["seats"][0]["absent"]
        table.turn_limit = None
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_text(hello(token))
            socket.receive_json()
            assert not table.seats[0].absent


def test_idle_unfinished_tables_expire_and_finished_ones_stay(settings: Settings) -> None:
    with make_client(settings, idle_expiry=timedelta(seconds=0)) as client:
        solo = create(client, "dicetime", ["person"])
        finished = solo["table"]["id"]
        play_until_over(client, finished, solo["token"])
        idle = create(client, "dicetime", ["person", "person"])["table"]["id"]
        layer = client.app.state.tables  # type: ignore[attr-defined]
        assert client.portal.call(layer.shelf.expire_idle) == [idle]
        assert client.get(f"/api/tables/{idle}").status_code == 404
        assert client.get(f"/api/tables/{finished}/record").status_code == 200


async def _both_act(settings: Settings, options: dict[str, str]) -> tuple[list[int], list[Any]]:
    """Two people at one table send their actions at the same moment."""
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://t") as client:
            body = {"game": "dicetime", "players": 2, "seats": ["person", "person"]}
            created = (
                await client.post("/api/tables", json={**body, "name": "A", "options": options})
            ).json()
            table_id = created["table"]["id"]
            guest = (await client.post(f"/api/tables/{table_id}/join", json={"name": "B"})).json()[
                "token"
            ]
            tokens = [created["token"], guest]
            responses = await asyncio.gather(
                *[
                    client.post(
                        f"/api/tables/{table_id}/actions",
                        json={"action": "roll", "request_id": f"seat{seat}"},
                        headers=hdr(token),
                    )
                    for seat, token in enumerate(tokens)
                ]
            )
            history = list(app.state.tables.shelf.get(table_id).state.history)
    return [response.status_code for response in responses], history


def test_seats_acting_at_once_are_applied_in_arrival_order(settings: Settings) -> None:
    statuses, history = asyncio.run(_both_act(settings, {"mode": "simultaneous"}))
    assert statuses == [200, 200]
    assert history == [(0, "roll"), (1, "roll")]  # sent in this order, applied in this order


def test_a_request_made_stale_by_a_quicker_seat_is_refused(settings: Settings) -> None:
    statuses, history = asyncio.run(_both_act(settings, {"start": "race"}))
    assert statuses == [200, 409]  # the race: whoever rolls first begins
    assert history == [(0, "roll")]


def test_finished_games_leave_memory_and_come_back_from_their_records(
    settings: Settings,
) -> None:
    from parlour.web.tables import shelf

    with make_client(settings) as client:
        solo = create(client, "dicetime", ["person"])
        table_id = solo["table"]["id"]
        final = play_until_over(client, table_id, solo["token"])
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        layer.shelf.tables[table_id].touched -= shelf.FINISHED_IN_MEMORY + 1
        assert client.portal.call(layer.shelf.expire_idle) == []
        assert table_id not in layer.shelf.tables
        again = frame(client, table_id, solo["token"])
        assert again["view"] == final["view"] and table_id in layer.shelf.tables
    with make_client(settings) as client:  # after a restart too
        layer = client.app.state.tables  # type: ignore[attr-defined]
        assert table_id not in layer.shelf.tables
        assert client.get(f"/api/tables/{table_id}/record").status_code == 200


def test_the_public_url_makes_the_links_and_may_open_websockets(settings: Settings) -> None:
    public = "https://parlour.example.org"
    with make_client(settings, public_url=public) as client:
        created = create(client, "dicetime", ["person", "person"])
        table_id = created["table"]["id"]
        assert created["link"] == f"{public}/t/{table_id}"
        assert client.get(f"/api/tables/{table_id}").json()["link"] == created["link"]
        with client.websocket_connect(f"/ws/tables/{table_id}", headers={"origin": public}) as ws:
            ws.send_text(hello(None))
            assert ws.receive_json()["type"] == "state"


def test_a_timed_step_that_fails_is_logged_and_tried_again(
    settings: Settings, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.web.tables import driver

    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.05)
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, token = created["table"]["id"], created["token"]
        failures = fail_the_bots_next_move(monkeypatch, client.app.state.tables)  # type: ignore[attr-defined]
        end_the_persons_turn(client, table_id, token, "f")
        wait_for(lambda: frame(client, table_id, token)["view"]["to_act"] == [0])
        assert failures and "a timed step failed" in caplog.text
