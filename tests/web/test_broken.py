"""A game that fails is confined to its table: a new table is stored only once its first state
and views have been computed; a running table whose state cannot be shown (or whose timed
steps keep failing) is logged, stored as broken, left out of the lobby and refused with a 410,
and no other table, listing or page notices, before or after a restart.

The failures are made by a Dicetime state whose clock or view raises `OverflowError`, as a
puzzle's clock of 10**400 seconds once did."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from parlour import View
from parlour.boxes.dicetime.state import DicetimeState
from parlour.web.app import Settings
from parlour.web.storage import ACTIONS, TABLES
from parlour.web.tables import Tables, driver
from tests.web.conftest import create, frame, hdr, hello, make_client, send_action
from tests.web.test_live import end_the_persons_turn, wait_for

Curse = Callable[..., None]


@pytest.fixture
def curse(monkeypatch: pytest.MonkeyPatch) -> Curse:
    """`curse(seed, clock=True)`: from now on, the views (and the clock) of Dicetime states
    of that seed raise."""
    views: set[int] = set()
    clocks: set[int] = set()
    clock, view = DicetimeState.clock, DicetimeState.view

    def cursed_clock(state: DicetimeState) -> float | None:
        if state._seed in clocks:
            raise OverflowError("int too large to convert to float")
        return clock.fget(state)  # type: ignore[attr-defined]

    def cursed_view(state: DicetimeState, seat: int | None) -> View:
        if state._seed in views:
            raise OverflowError("int too large to convert to float")
        return view(state, seat)

    def add(seed: int, *, clock: bool = True) -> None:
        views.add(seed)
        if clock:
            clocks.add(seed)

    monkeypatch.setattr(DicetimeState, "clock", property(cursed_clock))
    monkeypatch.setattr(DicetimeState, "view", cursed_view)
    return add


def seed_of(client: TestClient, table_id: str) -> int:
    seed: int = client.app.state.tables.shelf.get(table_id).seed  # type: ignore[attr-defined]
    return seed


def lobby_ids(client: TestClient) -> list[str]:
    response = client.get("/api/tables")
    assert response.status_code == 200, response.text
    return [table["id"] for table in response.json()]


def assert_refused_as_broken(client: TestClient, table_id: str, token: str) -> None:
    """Every request about the table gets a 410 saying it is broken; its socket closes."""
    answers = [
        client.get(f"/api/tables/{table_id}"),
        client.get(f"/api/tables/{table_id}/state", headers=hdr(token)),
        send_action(client, table_id, token, "roll", "late"),
        client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}),
    ]
    for answer in answers:
        assert answer.status_code == 410, answer.text
        assert "this table is broken" in answer.json()["error"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(hello(token))
        assert "broken" in socket.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def stored_tables(settings: Settings) -> int:
    engine = create_engine(settings.db_url)
    with engine.connect() as connection:
        count: int = connection.execute(select(func.count()).select_from(TABLES)).scalar_one()
    engine.dispose()
    return count


def test_options_that_cannot_start_a_game_store_nothing(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    def overflow(state: DicetimeState) -> float:
        raise OverflowError("int too large to convert to float")

    with monkeypatch.context() as patch:
        patch.setattr(DicetimeState, "clock", property(overflow))
        body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "A"}
        refused = client.post("/api/tables", json=body)
    assert refused.status_code == 422, refused.text
    assert "could not start a game of dicetime" in refused.json()["error"]
    assert "OverflowError" in refused.json()["error"] and "Traceback" not in refused.text
    assert stored_tables(settings) == 0 and lobby_ids(client) == []
    assert client.post("/api/tables", json=body).status_code == 201  # the lobby still works


def test_a_table_that_cannot_be_shown_breaks_alone(
    settings: Settings, curse: Curse, caplog: pytest.LogCaptureFixture
) -> None:
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "person"])
        broken = create(client, "dicetime", ["person", "greedy"])
        sound_id, broken_id = sound["table"]["id"], broken["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{broken_id}") as watcher:
            watcher.send_text(hello(None))
            assert watcher.receive_json()["type"] == "state"
            curse(seed_of(client, broken_id), clock=False)  # the action applies, its views fail
            acted = send_action(client, broken_id, broken["token"], "roll", "r")
            assert acted.status_code == 410 and "broken" in acted.json()["error"]
            assert "broken" in watcher.receive_json()["error"]  # the page is told
        assert "OverflowError" in caplog.text
        assert f"table {broken_id} is broken: its state could not be shown" in caplog.text
        assert lobby_ids(client) == [sound_id]
        assert_refused_as_broken(client, broken_id, broken["token"])
        joined = client.post(f"/api/tables/{sound_id}/join", json={"name": "Bob"})
        assert joined.status_code == 200 and frame(client, sound_id, sound["token"])["legal"]
    with make_client(settings) as client:  # stored as broken: a restart does not bring it back
        assert lobby_ids(client) == [sound_id]
        assert_refused_as_broken(client, broken_id, broken["token"])
        assert stored_status(settings, broken_id) == "broken"


def test_an_action_the_game_fails_to_apply_breaks_its_table_and_is_not_stored(
    settings: Settings, curse: Curse
) -> None:
    with make_client(settings) as client:
        broken = create(client, "dicetime", ["person", "greedy"])
        broken_id = broken["table"]["id"]
        curse(seed_of(client, broken_id))  # the clock of the state after the action fails
        acted = send_action(client, broken_id, broken["token"], "roll", "r")
        assert acted.status_code == 410 and "applying an action" in acted.json()["error"]
    assert stored_status(settings, broken_id) == "broken"
    engine = create_engine(settings.db_url)
    with engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(ACTIONS)).scalar_one() == 0
    engine.dispose()


def test_a_table_that_cannot_be_listed_is_left_out_of_the_lobby(
    settings: Settings, curse: Curse
) -> None:
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "person"])["table"]["id"]
        broken = create(client, "dicetime", ["person", "person"])
        curse(seed_of(client, broken["table"]["id"]))  # its clock fails: so does its listing
        assert lobby_ids(client) == [sound]
        assert_refused_as_broken(client, broken["table"]["id"], broken["token"])
        assert stored_status(settings, broken["table"]["id"]) == "broken"


def test_a_seat_whose_view_cannot_be_shown_breaks_its_table(
    settings: Settings, curse: Curse
) -> None:
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "person"])["table"]["id"]
        broken = create(client, "dicetime", ["person", "greedy"])
        broken_id = broken["table"]["id"]
        curse(seed_of(client, broken_id), clock=False)  # listed, but its views fail
        assert sorted(lobby_ids(client)) == sorted([sound, broken_id])
        state = client.get(f"/api/tables/{broken_id}/state", headers=hdr(broken["token"]))
        assert state.status_code == 410 and "could not be shown" in state.json()["error"]
        assert lobby_ids(client) == [sound]
        assert stored_status(settings, broken_id) == "broken"


def test_a_table_that_cannot_be_rebuilt_at_a_restart_breaks_alone(
    settings: Settings, curse: Curse
) -> None:
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "greedy"])
        broken = create(client, "dicetime", ["person", "greedy"])
        broken_id = broken["table"]["id"]
        seed = seed_of(client, broken_id)
    curse(seed)
    with make_client(settings) as client:
        assert lobby_ids(client) == [sound["table"]["id"]]
        assert_refused_as_broken(client, broken_id, broken["token"])
        assert frame(client, sound["table"]["id"], sound["token"])["legal"] == ["roll"]
    assert stored_status(settings, broken_id) == "broken"


def test_a_timed_step_that_keeps_failing_breaks_its_table(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.01)
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "greedy"])
        broken = create(client, "dicetime", ["person", "greedy"])
        broken_id = broken["table"]["id"]
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        bot_at = layer.driver.bot_at

        def failing(table: Any, seat: int) -> Any:
            if table.id == broken_id and seat == 1:
                raise RuntimeError("the bot fell over")
            return bot_at(table, seat)

        monkeypatch.setattr(layer.driver, "bot_at", failing)
        for response in end_the_persons_turn(client, broken_id, broken["token"], "b"):
            assert response.status_code == 200, response.text
        wait_for(lambda: client.get(f"/api/tables/{broken_id}").status_code == 410)
        assert caplog.text.count("a timed step failed") == driver.BREAK_AFTER
        assert "its timed steps kept failing" in caplog.text
        assert lobby_ids(client) == [sound["table"]["id"]]
        assert frame(client, sound["table"]["id"], sound["token"])["legal"] == ["roll"]


def stored_status(settings: Settings, table_id: str) -> str:
    engine = create_engine(settings.db_url)
    with engine.connect() as connection:
        status: str = connection.execute(
            select(TABLES.c.status).where(TABLES.c.id == table_id)
        ).scalar_one()
    engine.dispose()
    return status


def test_the_databases_failures_never_break_a_table(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.01)
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, token = created["table"]["id"], created["token"]
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        bot_at = layer.driver.bot_at
        failures: list[int] = []

        def flaky(table: Any, seat: int) -> Any:
            if seat == 1 and len(failures) < 3 * driver.BREAK_AFTER:
                failures.append(1)
                raise OperationalError("SELECT", {}, Exception("the database went away"))
            return bot_at(table, seat)

        monkeypatch.setattr(layer.driver, "bot_at", flaky)
        end_the_persons_turn(client, table_id, token, "d")
        wait_for(lambda: frame(client, table_id, token)["view"]["to_act"] == [0])
        assert len(failures) == 3 * driver.BREAK_AFTER and lobby_ids(client) == [table_id]


def test_a_table_whose_bots_cannot_be_made_at_its_start_breaks_alone(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "greedy"])
        broken = create(client, "dicetime", ["person", "person"])
        broken_id = broken["table"]["id"]

        def failing(*_: Any) -> Any:
            raise RuntimeError("the bot fell over")

        monkeypatch.setattr(driver, "make_bot", failing)
        filled = client.post(f"/api/tables/{broken_id}/bots", json={}, headers=hdr(broken["token"]))
        assert filled.status_code == 410 and "bots could not be made" in filled.json()["error"]
        assert lobby_ids(client) == [sound["table"]["id"]]
        assert_refused_as_broken(client, broken_id, broken["token"])
        assert frame(client, sound["table"]["id"], sound["token"])["legal"] == ["roll"]
    assert stored_status(settings, broken_id) == "broken"
