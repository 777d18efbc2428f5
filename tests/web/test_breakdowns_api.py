"""The score breakdowns over HTTP: a seat's frame carries its breakdowns (none before a round
is scored), and a finished game's replay carries each step's, the game's at the last step
adding up to the final scores, in the language asked for."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import create, frame
from tests.web.test_api import play_until_over


def test_the_frames_and_the_replay_carry_the_breakdowns(client: TestClient) -> None:
    created = create(client, "dokitto", ["person", "random"], options={"max_rounds": 1})
    table_id, token = created["table"]["id"], created["token"]
    assert frame(client, table_id, token)["breakdowns"] == []  # nothing scored yet
    final = play_until_over(client, table_id, token)
    kinds = [shown["kind"] for shown in final["breakdowns"]]
    assert kinds == ["round", "game"]
    assert final["breakdowns"][1]["totals"] == final["view"]["scores"]
    replayed = f"/api/tables/{table_id}/replay"
    assert client.get(replayed, params={"step": 0}).json()["breakdowns"] == []
    last = client.get(replayed, params={"step": 10_000}).json()
    assert last["breakdowns"] == frame(client, table_id)["breakdowns"]  # a spectator's
    german = client.get(replayed, params={"step": 10_000, "lang": "de"}).json()
    assert [shown["title"] for shown in german["breakdowns"]] == ["Runde 1", "Endwertung"]
