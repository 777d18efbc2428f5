"""Fixtures of the server tests: an app on a fresh database, bots without pauses. Every test
that uses `settings` runs twice: on a SQLite file and on a new database of a real PostgreSQL
server (`PARLOUR_TEST_PG`, an admin URL that `python3 dev.py test` sets after installing and
starting PostgreSQL; without it those runs skip and say so)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from argon2.profiles import CHEAPEST
from fastapi.testclient import TestClient

from parlour.web.app import Settings, create_app
from tests.web.databases import postgres_database

QUICK: dict[str, Any] = {
    "bot_pace": 0.0,
    "requests_per_10s": 1_000_000,
    "password_parameters": CHEAPEST,
}
"""Bots without pauses, no request limit (one test checks the limits themselves), and Argon2id
at its cheapest (the accounts' tests check the server's own cost)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    with fresh_database(request.param, tmp_path) as url:
        yield Settings(db_url=url, **QUICK)


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of `kind`: a SQLite file in `folder`, or a new database on
    the PostgreSQL server of `PARLOUR_TEST_PG`, dropped afterwards (skips without one)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'parlour.db'}"
        return
    admin = os.environ.get("PARLOUR_TEST_PG")
    if not admin:
        pytest.skip("no PostgreSQL: PARLOUR_TEST_PG is unset (python3 dev.py test sets it up)")
    with postgres_database(admin, "parlour_test") as url:
        yield url


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def make_client(settings: Settings, **changes: Any) -> TestClient:
    """A client of a new app on the same database (a restarted server)."""
    return TestClient(create_app(replace(settings, **changes)))


def create(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a table and return the response (table, token, seat, link)."""
    body = {"game": game, "players": len(seats), "seats": seats, "name": "Ann", **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def frame(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/state", headers=hdr(token) if token else {})
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def send_action(client: TestClient, table_id: str, token: str, action: str, request_id: str) -> Any:
    """Post one action for the token's seat, with its request id; the answer as it came."""
    return client.post(
        f"/api/tables/{table_id}/actions",
        json={"action": action, "request_id": request_id},
        headers=hdr(token),
    )


def hello(token: str | None) -> str:
    return json.dumps({"token": token})


def finish_a_solo_game(request: Any) -> str:
    """Play a solo game to its end through the API (`request`: a browser context's, sharing
    its cookies), its last legal action each time; its table's id."""
    body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "Tessa"}
    made = request.post("/api/tables", data=body).json()
    table_id, headers = made["table"]["id"], {"X-Seat-Token": made["token"]}
    for number in range(1000):
        state = request.get(f"/api/tables/{table_id}/state", headers=headers).json()
        if state["view"]["over"]:
            return str(table_id)
        action = {"action": state["legal"][-1], "request_id": f"r{number}"}
        request.post(f"/api/tables/{table_id}/actions", data=action, headers=headers)
    raise AssertionError("the game did not end")
