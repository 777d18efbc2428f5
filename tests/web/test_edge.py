"""The server's edge: what every response carries (a request id, the security headers, never a
traceback), the WebSocket limits, links and origins that ignore the Host header, the API docs
off by default, and the operator's health check and metrics."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from parlour.web.app import Settings, create_app
from parlour.web.database import connect
from parlour.web.envelope import NO_REQUEST
from parlour.web.tables import driver
from tests.web.conftest import QUICK, create, hello, send_action
from tests.web.test_live import end_the_persons_turn, fail_the_bots_next_move, wait_for

LOG = logging.getLogger("parlour.web")


@pytest.fixture
def quick(tmp_path: Path) -> Settings:
    """Settings on SQLite, for what no database changes."""
    return Settings(db_url=f"sqlite:///{tmp_path / 'edge.db'}", **QUICK)


@pytest.fixture
def ids(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Captured log records, each with the request id that `parlour serve`'s format shows."""
    from parlour.web.envelope import RequestIdFilter

    request_ids = RequestIdFilter()
    caplog.handler.addFilter(request_ids)
    caplog.set_level(logging.INFO, logger="parlour.web")
    yield caplog
    caplog.handler.removeFilter(request_ids)


def closed_with(ws: WebSocketTestSession) -> tuple[int, list[dict[str, Any]]]:
    """Read a socket until it closes: its close code and the messages before."""
    messages = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            messages.append(ws.receive_json())
    return closed.value.code, messages


# -- every response ---------------------------------------------------------------------------


def test_an_unhandled_error_is_a_500_with_headers_and_an_id_its_log_lines_carry(
    quick: Settings, ids: pytest.LogCaptureFixture
) -> None:
    app = create_app(quick)

    async def boom() -> None:
        LOG.info("about to fail")
        raise RuntimeError("secret detail")

    app.add_api_route("/api/boom", boom)
    with TestClient(app) as client:
        response = client.get("/api/boom")
    assert response.status_code == 500
    request_id = response.headers["x-request-id"]
    assert re.fullmatch("[0-9a-f]{32}", request_id)
    assert response.json() == {"error": response.json()["error"], "request_id": request_id}
    assert "secret detail" not in response.text and "Traceback" not in response.text
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    mine = [r for r in ids.records if getattr(r, "request_id", None) == request_id]
    assert [r.getMessage() for r in mine][:1] == ["about to fail"]
    failure = next(r for r in mine if r.levelno == logging.ERROR)
    assert failure.exc_info is not None and "secret detail" in ids.text


def test_every_response_has_its_own_request_id(quick: Settings) -> None:
    with TestClient(create_app(replace(quick, requests_per_10s=3))) as client:
        responses = [
            client.get("/"),
            client.get("/api/tables/nope"),
            client.post("/api/tables", content=b"x" * 20_000),
            *(client.get("/api/games") for _ in range(3)),
        ]
    assert [r.status_code for r in responses] == [200, 404, 413, 200, 200, 429]
    seen = {r.headers["x-request-id"] for r in responses}
    assert len(seen) == len(responses)
    assert all("frame-ancestors 'none'" in r.headers["content-security-policy"] for r in responses)


def test_a_timed_step_logs_without_the_id_of_the_request_that_planned_it(
    quick: Settings, ids: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.01)
    with TestClient(create_app(quick)) as client:
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, token = created["table"]["id"], created["token"]
        fail_the_bots_next_move(monkeypatch, client.app.state.tables)  # type: ignore[attr-defined]
        planner = end_the_persons_turn(client, table_id, token, "a")[-1]  # planned the bot's move
        wait_for(lambda: "a timed step failed" in ids.text)
    failure = next(r for r in ids.records if "a timed step failed" in r.getMessage())
    assert getattr(failure, "request_id", None) == NO_REQUEST != planner.headers["x-request-id"]


def test_the_csp_lets_pages_connect_only_to_their_own_origin(quick: Settings) -> None:
    with TestClient(create_app(quick)) as client:
        policy = client.get("/").headers["content-security-policy"]
    connect_src = next(p.strip() for p in policy.split(";") if p.strip().startswith("connect-src"))
    assert connect_src == "connect-src 'self'"


# -- WebSockets --------------------------------------------------------------------------------


def test_binary_frames_are_refused_with_1003_and_no_traceback(
    quick: Settings, ids: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(quick)) as client:
        table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_bytes(b'{"token": null}')
            code, messages = closed_with(ws)
        assert code == 1003 and "binary" in messages[-1]["error"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(hello(None))
            assert ws.receive_json()["type"] == "state"
            ws.send_bytes(b"\x00\xff")
            assert closed_with(ws)[0] == 1003
    assert not [r for r in ids.records if r.levelno >= logging.ERROR or r.exc_info]


def test_a_flood_of_messages_is_closed_with_1008(quick: Settings) -> None:
    with TestClient(create_app(replace(quick, ws_messages_per_second=5))) as client:
        table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(hello(None))
            assert ws.receive_json()["type"] == "state"
            for _ in range(8):
                ws.send_text("{}")
            code, messages = closed_with(ws)
    assert code == 1008
    assert [m["type"] for m in messages] == ["pong"] * 5 + ["error"]
    assert "5 messages a second" in messages[-1]["error"]


def test_opening_sockets_counts_against_the_request_rate(quick: Settings) -> None:
    with TestClient(create_app(replace(quick, requests_per_10s=3))) as client:
        path = "/ws/tables/nope"
        for _ in range(3):
            with client.websocket_connect(path) as ws:
                ws.send_text(hello(None))
                assert closed_with(ws)[0] == 4400  # no such table, but let in
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(path):
            pass
    assert refused.value.code == 1008


def test_one_address_may_hold_only_so_many_sockets(quick: Settings) -> None:
    with TestClient(create_app(replace(quick, ws_per_address=2))) as client:
        table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
        path = f"/ws/tables/{table_id}"
        with client.websocket_connect(path) as first, client.websocket_connect(path) as second:
            for ws in (first, second):
                ws.send_text(hello(None))
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(path) as third:
                code, messages = closed_with(third)
            assert code == 1008 and "2 connections from one address" in messages[-1]["error"]
        with client.websocket_connect(path) as again:  # the closed ones were released
            again.send_text(hello(None))
            assert again.receive_json()["type"] == "state"
        other = TestClient(client.app, client=("203.0.113.9", 4000))
        with other.websocket_connect(path) as elsewhere:
            elsewhere.send_text(hello(None))
            assert elsewhere.receive_json()["type"] == "state"


def test_onlookers_cannot_fill_a_table_its_players_still_connect(quick: Settings) -> None:
    with TestClient(create_app(replace(quick, ws_per_table=2))) as client:
        created = create(client, "dicetime", ["person", "person"])
        path = f"/ws/tables/{created['table']['id']}"
        with client.websocket_connect(path) as a, client.websocket_connect(path) as b:
            for ws in (a, b):
                ws.send_text(hello(None))
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(path) as onlooker:
                onlooker.send_text(hello(None))
                code, messages = closed_with(onlooker)
            assert code == 1008 and "2 connections to one table" in messages[-1]["error"]
            with client.websocket_connect(path) as player:
                player.send_text(hello(created["token"]))
                assert player.receive_json()["seat"] == 0


def test_a_websocket_origin_is_checked_against_the_listening_address_not_host(
    client: TestClient,
) -> None:
    table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
    spoofed = {"host": "evil.example", "origin": "http://evil.example"}
    path = f"/ws/tables/{table_id}"
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(path, headers=spoofed),
    ):
        pass
    assert refused.value.code == 4403
    own = {"host": "evil.example", "origin": "http://testserver"}
    with client.websocket_connect(path, headers=own) as ws:
        ws.send_text(hello(None))
        assert ws.receive_json()["type"] == "state"


def test_a_stopping_server_closes_sockets_with_1001_without_a_traceback(
    quick: Settings, ids: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(quick)) as client:
        table_id = create(client, "dicetime", ["person", "person"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(hello(None))
            assert ws.receive_json()["type"] == "state"
            client.portal.call(client.app.state.sockets.close_all)  # type: ignore[attr-defined, call-arg]
            ws.send_text("{}")  # a message that crosses the close
            assert closed_with(ws)[0] == 1001
    assert not [r for r in ids.records if r.levelno >= logging.ERROR or r.exc_info]


@pytest.mark.parametrize(
    ("origin", "server", "public_url", "admitted"),
    [
        ("http://192.0.2.7:8000", ("192.0.2.7", 8000), None, True),
        ("http://localhost:8000", ("127.0.0.1", 8000), None, True),
        ("http://[::1]:8000", ("::1", 8000), None, True),
        ("http://localhost:8001", ("127.0.0.1", 8000), None, False),
        ("http://localhost:8000", ("192.0.2.7", 8000), None, False),
        ("https://parlour.example.org", ("127.0.0.1", 8000), "https://parlour.example.org/", True),
        ("http://parlour.example.org", ("127.0.0.1", 8000), "https://parlour.example.org", False),
        ("https://evil.example", ("127.0.0.1", 8000), "https://parlour.example.org", False),
    ],
)
def test_origins_admitted_are_the_public_urls_and_the_listening_addresss(
    origin: str, server: tuple[str, int], public_url: str | None, admitted: bool
) -> None:
    from parlour.web.security import same_origin

    scope = {"type": "websocket", "headers": [(b"origin", origin.encode())], "server": server}
    assert same_origin(scope, public_url) is admitted


# -- links and docs ----------------------------------------------------------------------------


def test_links_never_follow_the_host_header(client: TestClient) -> None:
    evil = {"host": "evil.example"}
    body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "Ann"}
    created = client.post("/api/tables", json=body, headers=evil).json()
    table_id = created["table"]["id"]
    assert created["link"] == f"/t/{table_id}"
    assert client.get(f"/api/tables/{table_id}", headers=evil).json()["link"] == f"/t/{table_id}"


def test_the_api_docs_are_off_unless_asked_for(quick: Settings) -> None:
    with TestClient(create_app(quick)) as client:
        for path in ("/docs", "/redoc", "/openapi.json"):
            assert client.get(path).status_code == 404, path
        assert "/api/tables" in client.app.openapi()["paths"]  # type: ignore[attr-defined]
    with TestClient(create_app(replace(quick, api_docs=True))) as client:
        for path in ("/docs", "/redoc", "/openapi.json"):
            assert client.get(path).status_code == 200, path


# -- the operator's ----------------------------------------------------------------------------


def test_the_health_check_asks_the_database_and_the_hub(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = connect(settings.db_url)
    with TestClient(create_app(settings, engine)) as client:
        healthy = client.get("/healthz")
        assert healthy.status_code == 200
        assert healthy.json() == {"status": "ok", "database": "ok", "hub": "ok"}

        def down(*_: Any, **__: Any) -> Any:
            raise OperationalError("SELECT 1", {}, Exception("connection refused"))

        monkeypatch.setattr(engine, "connect", down)
        sick = client.get("/healthz")
        assert sick.status_code == 503
        assert sick.json() == {"status": "unavailable", "database": "failing", "hub": "ok"}
    engine.dispose()


def test_metrics_are_off_unless_asked_for(quick: Settings) -> None:
    with TestClient(create_app(quick)) as client:
        assert client.get("/metrics").status_code == 404


def test_metrics_count_tables_actions_latency_sockets_and_errors(settings: Settings) -> None:
    app = create_app(replace(settings, metrics=True))

    async def boom() -> None:
        raise RuntimeError("boom")

    app.add_api_route("/api/boom", boom)
    with TestClient(app) as client:
        created = create(client, "dicetime", ["person"])
        table_id, token = created["table"]["id"], created["token"]
        acted = send_action(client, table_id, token, "roll", "r1")
        assert acted.status_code == 200, acted.text
        assert client.get("/api/boom").status_code == 500
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(json.dumps({"token": None}))
            ws.receive_json()
            scraped = client.get("/metrics")
    assert scraped.status_code == 200
    assert scraped.headers["content-type"].startswith("text/plain; version=0.0.4")
    values = _samples(scraped.text)
    assert values['parlour_tables_live{status="running"}'] == 1
    assert values["parlour_actions_applied_total"] == 1
    assert values["parlour_websockets_open"] == 1
    assert values["parlour_unhandled_errors_total"] == 1
    created_count = (
        'parlour_request_duration_seconds_count{method="POST",route="/api/tables",status="201"}'
    )
    assert values[created_count] == 1
    assert (
        values[
            'parlour_request_duration_seconds_count{method="GET",route="/api/boom",status="500"}'
        ]
        == 1
    )


def _samples(text: str) -> dict[str, float]:
    """Prometheus' text format as {series: value}."""
    lines = (line.rsplit(" ", 1) for line in text.splitlines() if line and not line.startswith("#"))
    return {series: float(value) for series, value in lines}


def test_a_real_server_counts_sockets_per_forwarded_address_and_admits_its_own_origin(
    quick: Settings,
) -> None:
    """uvicorn behind a proxy on 127.0.0.1: `X-Forwarded-For` names the client that the limits
    count; the origins admitted are those of the address the server listens on."""
    import httpx2
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect as ws_connect

    from tests.web.live_server import running

    with running(replace(quick, ws_per_address=1)) as base:
        body = {"game": "dicetime", "players": 2, "seats": ["person", "person"], "name": "Ann"}
        table_id = httpx2.post(base + "/api/tables", json=body).json()["table"]["id"]
        url = "ws" + base.removeprefix("http") + f"/ws/tables/{table_id}"
        port = base.rsplit(":", 1)[1]
        ann = {"X-Forwarded-For": "198.51.100.1", "Origin": f"http://localhost:{port}"}
        with ws_connect(url, additional_headers=ann, open_timeout=10) as first:
            first.send(hello(None))
            assert json.loads(first.recv(timeout=10))["type"] == "state"
            with ws_connect(url, additional_headers=ann, open_timeout=10) as again:
                refusal = json.loads(again.recv(timeout=10))
                with pytest.raises(ConnectionClosed) as closed:
                    again.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert "1 connections from one address" in refusal["error"]
            bob = {"X-Forwarded-For": "198.51.100.2", "Origin": f"http://127.0.0.1:{port}"}
            with ws_connect(url, additional_headers=bob, open_timeout=10) as second:
                second.send(hello(None))
                assert json.loads(second.recv(timeout=10))["type"] == "state"
        foreign = {"Origin": f"http://evil.example:{port}"}
        with pytest.raises(InvalidStatus):
            ws_connect(url, additional_headers=foreign, open_timeout=10)
