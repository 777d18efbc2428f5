"""Request ids belong to the seat that sends them: a retry returns the first result, the same
id with another action is refused, and another seat's equal id is its own."""

from __future__ import annotations

from parlour.web.app import Settings
from tests.web.conftest import create, make_client, send_action


def test_request_ids_are_scoped_to_the_seat(settings: Settings) -> None:
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "person"], options={"mode": "simultaneous"})
        table_id, ann = created["table"]["id"], created["token"]
        bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
        first = send_action(client, table_id, ann, "roll", "same")
        assert first.status_code == 200 and first.json()["number"] == 0
        theirs = send_action(client, table_id, bob, "roll", "same")  # Bob's own "same"
        assert theirs.status_code == 200 and theirs.json()["number"] == 1
        layer = client.app.state.tables  # type: ignore[attr-defined]
        assert layer.shelf.get(table_id).state.history == ((0, "roll"), (1, "roll"))
        assert send_action(client, table_id, ann, "roll", "same").json()["number"] == 0  # a retry
        other = send_action(client, table_id, ann, "keep 1", "same")
        assert other.status_code == 409
        assert "request_id 'same'" in other.json()["error"] and "'roll'" in other.json()["error"]
        assert len(layer.shelf.get(table_id).state.history) == 2
    with make_client(settings) as client:  # the same after a restart
        assert send_action(client, table_id, bob, "roll", "same").json()["number"] == 1
        assert send_action(client, table_id, ann, "roll", "same").json()["number"] == 0
        assert send_action(client, table_id, ann, "keep 1", "same").status_code == 409
        assert send_action(client, table_id, bob, "keep 1", "new").json()["number"] == 2
