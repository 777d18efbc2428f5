"""Undo through the API (issue 31, item 11), on SQLite and PostgreSQL: a seat's frame says
whether it may take back its last move (`can_undo`), `undo` goes through the action route like
any move and is stored like one (a restarted server rebuilds the table with it), everyone's
frame then says who took a move back and where in the log (`taken_back`), a refused undo is a
409 with the kernel's reason, rated tables allow it, and a stand-in's decision made for the
undone state is dropped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.bots import registry as bot_registry
from parlour.bots.registry import BotInfo
from parlour.web.app import Settings
from parlour.web.tables import Tables, driver
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame, make_client, send_action
from tests.web.gated_bots import GatedBot
from tests.web.test_live import wait_for
from tests.web.test_ratings import rated_duel


def layer_of(client: TestClient) -> Tables:
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return layer


def unlocked(client: TestClient, **extra: Any) -> tuple[str, str, dict[str, Any]]:
    """A Dicecream table of a person (seat 0, first to act) and a bot, after the person's roll
    and first unlock: the table, the person's token and their frame after the roll."""
    created = create(client, "dicecream", ["person", "greedy"], **extra)
    table_id, token = created["table"]["id"], created["token"]
    assert send_action(client, table_id, token, "roll", "r").status_code == 200
    rolled = frame(client, table_id, token)
    assert rolled["can_undo"] is False and rolled["taken_back"] == []  # a roll stays
    unlock = next(a for a in rolled["legal"] if a.startswith("unlock "))
    assert send_action(client, table_id, token, unlock, "u").status_code == 200
    return table_id, token, rolled


def test_undo_takes_back_the_move_for_everyone_and_is_stored(settings: Settings) -> None:
    with make_client(settings) as client:
        table_id, token, rolled = unlocked(client)
        assert frame(client, table_id, token)["can_undo"] is True
        assert frame(client, table_id)["can_undo"] is False  # a spectator takes nothing back
        assert send_action(client, table_id, token, "undo", "x").status_code == 200
        mine, watched = frame(client, table_id, token), frame(client, table_id)
        assert mine["view"] == rolled["view"] and mine["legal"] == rolled["legal"]
        logged = len(rolled["view"]["log"])
        assert mine["taken_back"] == watched["taken_back"] == [{"seat": 0, "after": logged}]
        assert mine["can_undo"] is False  # the roll is next
        refused = send_action(client, table_id, token, "undo", "y")
        assert refused.status_code == 409
        assert refused.json()["reason"]["code"] == "undo_not_allowed"
        record = layer_of(client).shelf.get(table_id).state.record
        assert [action for _, action in record["actions"]] == [
            "roll",
            record["actions"][1][1],
            "undo",
        ]
        assert parlour.replay(record).view(0) == mine["view"]
    with make_client(settings) as again:  # rebuilt from the stored actions, the undo included
        shown = frame(again, table_id, token)
        keys = ("view", "legal", "can_undo", "taken_back")
        assert {k: shown[k] for k in keys} == {k: mine[k] for k in keys}


def test_a_refused_undo_says_why_in_the_readers_language(client: TestClient) -> None:
    created = create(client, "dicecream", ["person", "greedy"])
    table_id, token = created["table"]["id"], created["token"]
    headers = {"X-Seat-Token": token, "Accept-Language": "de"}
    body = {"action": "undo", "request_id": "n"}
    refused = client.post(f"/api/tables/{table_id}/actions", json=body, headers=headers)
    assert refused.status_code == 409
    assert refused.json()["reason"]["code"] == "undo_nothing"
    assert "keinen Zug zum Zurücknehmen" in refused.text


def test_a_rated_table_allows_undo_as_a_casual_one_does(client: TestClient) -> None:
    table_id, (ann, _) = rated_duel(client, game="dicecream")
    for number, action in enumerate(["roll", "unlock red", "undo"]):
        assert send_action(client, table_id, ann, action, f"a{number}").status_code == 200
    assert [note["seat"] for note in frame(client, table_id, ann)["taken_back"]] == [0]


@pytest.fixture
def gates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Dicecream's `gated` bot (it answers when the test opens its gate) as every stand-in."""
    folder = tmp_path / "gates"
    folder.mkdir()
    info = BotInfo("gated", "waits for its gate", lambda s, r: GatedBot(s, r, folder), "dicecream")
    monkeypatch.setitem(bot_registry._BOTS, (info.game, info.name), info)
    monkeypatch.setattr(driver, "default_bot", lambda game: "gated")
    return folder


def test_a_stand_in_thinking_when_the_person_undoes_has_its_decision_dropped(
    settings: Settings, gates: Path
) -> None:
    """The one moment a bot can be deciding when an undo arrives: only the seat alone to act
    may undo, so it is that seat's own stand-in, playing for a person away past the turn limit.
    The person's undo takes the seat back; the answer, made for the undone state's version, is
    never applied."""
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        table_id, token, rolled = unlocked(client, turn_limit=60)
        table = layer_of(client).shelf.get(table_id)
        clock.advance(60)
        wait_for((gates / "asked").exists)  # away: the stand-in thinks on the unlocked state
        assert table.seats[0].absent and 0 in table.thinking
        assert send_action(client, table_id, token, "undo", "back").status_code == 200
        assert not table.seats[0].absent and 0 not in table.thinking
        (gates / "open").touch()
        wait_for((gates / "answered").exists)
        wait_for(lambda: not layer_of(client).tasks.running)  # its answer is back, and dropped
        assert [action for _, action in table.state.history][2:] == ["undo"]
        assert frame(client, table_id, token)["view"] == rolled["view"]
