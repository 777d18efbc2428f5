"""A bot stands in for a person whose turn ran past the table's limit, and gives the seat back
at once: whatever the person sends (or a reconnect) takes it back, a stand-in decision made
before is never applied, and the turn clock restarts with each of their actions. The tables
count in a `ManualClock`: a limit runs out when a test moves the clock past it, never sooner."""

from __future__ import annotations

from fastapi.testclient import TestClient

from parlour.bots.schedule import Pending
from parlour.web.app import Settings
from parlour.web.live import LiveTable
from parlour.web.tables import Tables
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame, hello, make_client, send_action
from tests.web.test_live import wait_for

LIMIT = 60.0
"""The turn limit of these tests' tables (seconds, by their manual clock)."""


def person_and_bot(client: TestClient) -> tuple[str, str, LiveTable, Tables]:
    """A running Dicetime table of a person (seat 0, to act first) and a greedy bot."""
    created = create(client, "dicetime", ["person", "greedy"], turn_limit=LIMIT)
    table_id, token = created["table"]["id"], created["token"]
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return table_id, token, layer.shelf.get(table_id), layer


def away(client: TestClient, table_id: str, token: str) -> bool:
    return bool(frame(client, table_id, token)["table"]["seats"][0]["absent"])


def test_the_turn_clock_restarts_with_every_action_of_the_person(settings: Settings) -> None:
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        table_id, token, table, _ = person_and_bot(client)
        sent = []
        for number in range(4):  # a whole turn, each action well inside the limit, the whole
            clock.advance(0.6 * LIMIT)  # turn well past it
            action = frame(client, table_id, token)["legal"][0]
            response = send_action(client, table_id, token, action, f"c{number}")
            assert response.status_code == 200, response.text
            assert not away(client, table_id, token)
            sent.append(action)
        assert [action for seat, action in table.state.history if seat == 0] == sent
        assert not any(seat.absent for seat in table.seats)


def test_refused_actions_do_not_hold_a_turn_past_its_limit(settings: Settings) -> None:
    """Only an applied action restarts the clock: a present person sending refused actions
    (or reloading) cannot keep the stand-in away for ever."""
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        table_id, token, table, _ = person_and_bot(client)
        for number in range(4):  # a refused action every 0.3 of the limit, past its end
            refused = send_action(client, table_id, token, "keep 66666", f"r{number}")
            assert refused.status_code == 409
            assert not away(client, table_id, token)
            clock.advance(0.3 * LIMIT)
        wait_for(lambda: away(client, table_id, token))
        assert table.seats[0].absent


def test_a_stand_in_decision_made_before_the_persons_action_is_never_applied(
    settings: Settings,
) -> None:
    pace = 2 * LIMIT  # the stand-in waits this long before it acts
    clock = ManualClock()
    with make_client(settings, bot_pace=pace, table_clock=clock) as client:
        table_id, token, table, layer = person_and_bot(client)
        clock.advance(LIMIT)
        wait_for(lambda: 0 in table.pending)  # the person is away, the stand-in's roll coming
        assert table.seats[0].absent and table.pending[0].action == "roll"
        assert send_action(client, table_id, token, "roll", "mine").status_code == 200
        assert not away(client, table_id, token) and 0 not in table.pending
        # The stale roll was due within `pace` of the person's; a new stand-in decision only
        # after the limit runs out again, then `pace`: past the first, before the second,
        # the table's timed step applies nothing.
        clock.advance(pace + LIMIT / 2)
        client.portal.call(layer.driver.fire, table)
        assert table.state.history == ((0, "roll"),)


def test_a_stale_decision_is_never_applied(settings: Settings) -> None:
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        _, _, table, layer = person_and_bot(client)
        table.pending[0] = Pending(clock.now(), 0, "roll", table.version - 1)  # left over
        client.portal.call(layer.driver.fire, table)
        assert table.state.history == () and 0 not in table.pending


def test_absence_is_stored_and_the_stand_in_resumes_after_a_restart(settings: Settings) -> None:
    clock = ManualClock()
    with make_client(settings, bot_pace=LIMIT, table_clock=clock) as client:  # it waits
        table_id, token, table, _ = person_and_bot(client)
        clock.advance(LIMIT)
        wait_for(lambda: away(client, table_id, token))
        assert table.state.history == ()
    with make_client(settings, table_clock=clock) as client:
        assert away(client, table_id, token)  # at once, not after another limit
        layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
        wait_for(lambda: any(seat == 0 for seat, _ in layer.shelf.get(table_id).state.history))
        refused = send_action(client, table_id, token, "dance", "back")  # anything takes it back
        assert refused.status_code == 409 and not away(client, table_id, token)
    with make_client(settings, table_clock=clock) as client:
        assert not away(client, table_id, token)


def test_a_reconnect_takes_the_seat_back_and_drops_the_stand_ins_decision(
    settings: Settings,
) -> None:
    clock = ManualClock()
    with make_client(settings, bot_pace=LIMIT, table_clock=clock) as client:
        table_id, token, table, _ = person_and_bot(client)
        clock.advance(LIMIT)
        wait_for(lambda: 0 in table.pending)
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_text(hello(token))
            assert not socket.receive_json()["table"]["seats"][0]["absent"]
            assert 0 not in table.pending and not away(client, table_id, token)


def test_a_turn_limit_below_the_servers_minimum_is_refused(client: TestClient) -> None:
    body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "A", "turn_limit": 1}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422 and "turn_limit" in response.json()["error"]
    assert client.get("/api/tables").json() == []


def test_a_timed_step_that_waited_for_the_lock_leaves_one_timer(settings: Settings) -> None:
    # A step whose timer fired while an action held the lock finds the timer that action set;
    # it must replace that one, not leave it running beside its own (each would fire again).
    with make_client(settings, bot_pace=LIMIT, table_clock=ManualClock()) as client:
        _, _, table, layer = person_and_bot(client)
        planned = table.timer
        assert planned is not None
        client.portal.call(layer.driver.fire, table)
        assert table.timer is not planned and planned.cancelled()
