"""Over random games of every game, each frame a seat receives is exactly the kernel's view for
that seat, its own legal actions and the table's public facts: never another seat's view, a
token, or the seed of an unfinished game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.web.tables import TableHub
from tests.web.conftest import create, hdr, hello

GAMES = sorted(info.name for info in parlour.games())


def check(
    frame: dict[str, Any], seat: int, hub: TableHub, table_id: str, secrets_: list[str]
) -> None:
    table = hub.get(table_id)
    state = table.state
    assert frame["seat"] == seat
    assert frame["view"] == json.loads(json.dumps(state.view(seat)))
    expected = list(state.legal_actions(seat)) if seat in state.to_act else []
    assert frame["legal"] == expected
    assert set(frame) == {"type", "table", "seat", "view", "legal", "now"}
    text = json.dumps(frame)
    for secret in secrets_:
        assert secret not in text


@pytest.mark.parametrize("game", GAMES)
def test_frames_hold_only_the_seats_own_view(client: TestClient, game: str) -> None:
    info = next(i for i in parlour.games() if i.name == game)
    players = max(2, info.min_players)
    rng = random.Random(game)
    hub: TableHub = client.app.state.hub  # type: ignore[attr-defined]
    for _ in range(2):
        created = create(client, game, ["person"] * players)
        table_id = created["table"]["id"]
        tokens = [created["token"]]
        for number in range(1, players):
            joined = client.post(f"/api/tables/{table_id}/join", json={"name": f"P{number}"})
            tokens.append(joined.json()["token"])
        seed = str(hub.get(table_id).seed)
        sockets = [client.websocket_connect(f"/ws/tables/{table_id}") for _ in tokens]
        for socket, token in zip(sockets, tokens, strict=True):
            socket.__enter__()
            socket.send_text(hello(token))
        try:
            for step in range(400):
                table = hub.get(table_id)
                version = table.version
                for seat, socket in enumerate(sockets):
                    frame = socket.receive_json()
                    while frame["table"]["version"] < version:
                        frame = socket.receive_json()
                    check(
                        frame,
                        seat,
                        hub,
                        table_id,
                        [seed, *tokens] if not table.state.over else tokens,
                    )
                if table.state.over:
                    break
                seat = rng.choice(table.state.to_act)
                action = rng.choice(list(table.state.legal_actions(seat)))
                response = client.post(
                    f"/api/tables/{table_id}/actions",
                    json={"action": action, "request_id": f"s{step}"},
                    headers=hdr(tokens[seat]),
                )
                assert response.status_code == 200, response.text
        finally:
            for socket in sockets:
                socket.__exit__(None, None, None)
