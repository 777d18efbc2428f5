"""Bots think in worker processes, off the event loop: a bot that thinks long at one table
delays no other table and no person's action; a person takes their seat back from a stand-in
that is thinking; a worker's death or a bot's failure leaves no seat stuck and no request
failing; a stopping server drops the questions in flight and a restarted one asks again. The
slow bot is gated by a file the test writes: the tests assert what happened before what,
never how long anything took."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.bots import registry as bot_registry
from parlour.bots.registry import BotInfo
from parlour.web.app import Settings
from parlour.web.tables import Tables, driver
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame, make_client, send_action
from tests.web.gated_bots import CrashingBot, FailingBot, GatedBot, LeavePid, PidBot
from tests.web.test_live import end_the_persons_turn, wait_for


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Dicetime's `gated`, `crashing` and `failing` bots in the registry for one test, talking
    through the returned folder."""
    gates = tmp_path / "gates"
    gates.mkdir()
    for info in (
        BotInfo("gated", "waits for its gate", lambda s, r: GatedBot(s, r, gates), "dicetime"),
        BotInfo("crashing", "kills its worker", lambda s, r: CrashingBot(s, r, gates), "dicetime"),
        BotInfo("failing", "raises", FailingBot, "dicetime"),
    ):
        monkeypatch.setitem(bot_registry._BOTS, (info.game, info.name), info)
    return gates


def layer_of(client: TestClient) -> Tables:
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return layer


def chose(client: TestClient, table_id: str, seat: int) -> Callable[[], bool]:
    """Whether `seat` has made a choice: an action other than Dicetime's roll, which starts a
    turn and is forced (no bot is asked for it)."""
    history = lambda: layer_of(client).shelf.get(table_id).state.history  # noqa: E731
    return lambda: any(s == seat and action != "roll" for s, action in history())


def test_a_thinking_bot_delays_no_other_table_and_no_person(
    settings: Settings, folder: Path
) -> None:
    with make_client(settings, bot_workers=2) as client:
        slow = create(client, "dicetime", ["person", "gated"])
        slow_id = slow["table"]["id"]
        for response in end_the_persons_turn(client, slow_id, slow["token"], "s"):
            assert response.status_code == 200, response.text
        wait_for((folder / "asked").exists)  # the gated bot is thinking now
        other = create(client, "dicetime", ["person", "greedy"])
        other_id = other["table"]["id"]
        for response in end_the_persons_turn(client, other_id, other["token"], "o"):
            assert response.status_code == 200, response.text  # answered while it thinks
        wait_for(chose(client, other_id, 1))  # the other table's bot played meanwhile
        assert not (folder / "answered").exists()
        assert not chose(client, slow_id, 1)()
        assert 1 in layer_of(client).shelf.get(slow_id).thinking
        (folder / "open").touch()
        wait_for(chose(client, slow_id, 1))  # its answer arrives and is played


def test_a_bot_that_prepares_is_prepared_in_its_worker_before_its_first_move(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = lambda seat, rng: PidBot(seat, rng, tmp_path)  # noqa: E731
    info = BotInfo("pid", "leaves its pid", bot, "dicetime", prepare=LeavePid(tmp_path))
    monkeypatch.setitem(bot_registry._BOTS, (info.game, info.name), info)
    with make_client(settings, bot_workers=1) as client:
        made = create(client, "dicetime", ["person", "pid"])
        for response in end_the_persons_turn(client, made["table"]["id"], made["token"], "p"):
            assert response.status_code == 200, response.text
        wait_for(lambda: any(tmp_path.glob("decided-*")))
    (decided,) = tmp_path.glob("decided-*")
    assert (tmp_path / decided.name.replace("decided", "prepared")).exists()  # in the worker
    assert len(list(tmp_path.glob("prepared-*"))) == 2  # and here


def test_a_person_takes_their_seat_back_from_a_stand_in_that_is_thinking(
    settings: Settings, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver, "default_bot", lambda game: "gated")  # the stand-in
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        created = create(client, "dicetime", ["person", "greedy"], turn_limit=60)
        table_id, token = created["table"]["id"], created["token"]
        table = layer_of(client).shelf.get(table_id)
        clock.advance(60)
        wait_for((folder / "asked").exists)  # away: its stand-in rolled, and now thinks
        assert table.seats[0].absent and table.state.history == ((0, "roll"),)
        response = send_action(client, table_id, token, "enter chance", "back")
        assert response.status_code == 200, response.text  # answered while it thinks
        assert not (folder / "answered").exists()
        assert not table.seats[0].absent and 0 not in table.thinking
        (folder / "open").touch()
        wait_for((folder / "answered").exists)
        wait_for(lambda: not layer_of(client).tasks.running)  # its answer is back, and dropped
        assert table.state.history[:2] == ((0, "roll"), (0, "enter chance"))
        assert frame(client, table_id, token)["table"]["seats"][0]["absent"] is False


def test_a_worker_that_dies_is_replaced_and_the_seat_plays_on(
    settings: Settings,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.01)
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "crashing"])
        table_id, token = created["table"]["id"], created["token"]
        for response in end_the_persons_turn(client, table_id, token, "c"):
            assert response.status_code == 200, response.text
        wait_for(chose(client, table_id, 1))  # asked again, in a fresh worker
        assert (folder / "crashed").exists()
        assert "a timed step failed" in caplog.text and "BrokenProcessPool" in caplog.text
        assert frame(client, table_id, token)["table"]["status"] == "running"


def test_a_bot_that_fails_in_its_worker_breaks_its_table_alone(
    settings: Settings,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.01)
    with make_client(settings) as client:
        sound = create(client, "dicetime", ["person", "greedy"])
        broken = create(client, "dicetime", ["person", "failing"])
        broken_id = broken["table"]["id"]
        for response in end_the_persons_turn(client, broken_id, broken["token"], "b"):
            assert response.status_code == 200, response.text
        wait_for(lambda: client.get(f"/api/tables/{broken_id}").status_code == 410)
        assert caplog.text.count("a timed step failed") == driver.BREAK_AFTER
        assert "the bot fell over in its worker" in caplog.text
        assert frame(client, sound["table"]["id"], sound["token"])["legal"] == ["roll"]


def test_a_stopping_server_drops_the_questions_in_flight_and_a_restart_asks_again(
    settings: Settings, folder: Path
) -> None:
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "gated"])
        table_id, token = created["table"]["id"], created["token"]
        for response in end_the_persons_turn(client, table_id, token, "s"):
            assert response.status_code == 200, response.text
        wait_for((folder / "asked").exists)
        table = layer_of(client).shelf.get(table_id)
        threading.Timer(0.2, (folder / "open").touch).start()  # the worker ends its decision
    assert (folder / "answered").exists()  # the server waited for its worker to finish
    assert table.state.history[-1] == (1, "roll")  # its answer was dropped
    with make_client(settings) as client:
        wait_for(chose(client, table_id, 1))  # the restarted server asks again


def test_a_table_that_expires_while_its_bot_thinks_drops_the_answer(
    settings: Settings, folder: Path
) -> None:
    with make_client(settings, idle_expiry=timedelta(seconds=0)) as client:
        created = create(client, "dicetime", ["person", "gated"])
        table_id, token = created["table"]["id"], created["token"]
        for response in end_the_persons_turn(client, table_id, token, "e"):
            assert response.status_code == 200, response.text
        wait_for((folder / "asked").exists)
        layer = layer_of(client)
        table = layer.shelf.get(table_id)
        assert client.portal.call(layer.shelf.expire_idle) == [table_id]
        (folder / "open").touch()
        wait_for((folder / "answered").exists)
        wait_for(lambda: not layer.tasks.running)  # its answer is back, and dropped
        assert table.status == "expired" and table.timer is None
        assert table.state.history[-1] == (1, "roll")
        assert client.get(f"/api/tables/{table_id}").status_code == 404
