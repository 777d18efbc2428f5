"""Fixtures of the server tests: an app on a fresh SQLite file, bots without pauses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.web.app import Settings, create_app


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db_url=f"sqlite:///{tmp_path / 'parlour.db'}", bot_pace=0.0)


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


def hello(token: str | None) -> str:
    return json.dumps({"token": token})
