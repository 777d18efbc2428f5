"""Questions before a move that looks like a slip (issue 31, item 11): the game asks them
(`Game.confirm`), the terminal and the web alike; each frame carries those of its seat's legal
actions, in the watcher's language."""

from __future__ import annotations

from fastapi.testclient import TestClient

import parlour
from tests.web.conftest import create, frame, send_action


def test_a_frame_carries_the_games_questions_for_its_seats_moves(client: TestClient) -> None:
    created = create(client, "dicetime", ["person", "greedy"])
    table_id, host = created["table"]["id"], created["token"]
    assert frame(client, table_id, host)["confirm"] == {}  # nothing costs before a roll
    assert send_action(client, table_id, host, "roll", "r1").status_code == 200
    shown = frame(client, table_id, host)
    game = parlour.load("dicetime", 2)
    asked = {a: game.confirm(shown["view"], a) for a in shown["legal"]}
    assert shown["confirm"] == {a: q for a, q in asked.items() if q}
    dice = shown["view"]["seats"][0]["turn"]["dice"]
    if len(set(dice)) > 1:  # some row scores 0 then (five of a kind), and Chance does not
        assert "enter five_of_a_kind" in shown["confirm"]
        assert "Enter 0 in" in shown["confirm"]["enter five_of_a_kind"]
    assert frame(client, table_id)["confirm"] == {}  # a spectator is asked nothing
    headers = {"X-Seat-Token": host, "Accept-Language": "de"}
    german = client.get(f"/api/tables/{table_id}/state", headers=headers).json()
    assert german["confirm"].keys() == shown["confirm"].keys()
    assert all(question.startswith("0 bei ") for question in german["confirm"].values())
