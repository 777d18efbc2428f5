"""The daily challenge's server side, on both databases: one row a day, one attempt per
account, nothing that shows the day's seed (or a die not yet rolled) before the day is over,
the leaderboard by points lost against optimal play. Tally (`tests/advice_game/`) with a
daily challenge of its own stands for any game offering one (the web names none)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select
from starlette.websockets import WebSocketDisconnect

from parlour.kernel import Challenge, registry
from parlour.web import challenges
from parlour.web.accounts import SESSION_COOKIE, Account
from parlour.web.app import Settings, create_app
from parlour.web.challenges import CHALLENGES, ENTRIES
from tests.advice_game import Tally
from tests.web.conftest import hdr, hello

DAY = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)


class DailyTally(Tally):
    """Tally with a solo daily challenge."""

    @classmethod
    def challenge(cls, day: date) -> Challenge:
        return Challenge(1, {}, "Tally of the day")


class Clock:
    """A clock the test moves (to tomorrow, say)."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(DAY)


@pytest.fixture
def client(
    settings: Settings, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    """A server whose only daily challenge is Tally's, on `clock`."""
    monkeypatch.setitem(registry._registry(), "tally", DailyTally)
    monkeypatch.setattr(challenges, "games", lambda: [DailyTally.info])
    with TestClient(create_app(replace(settings, clock=clock))) as test_client:
        yield test_client


def account(client: TestClient, name: str) -> str:
    """Register `name` (the client is then logged in to it); its session cookie."""
    client.cookies.clear()  # a new login ends the browser's session before it
    response = client.post("/api/account", json={"name": name, "password": "a long password"})
    assert response.status_code == 201, response.text
    return client.cookies[SESSION_COOKIE]


def as_(client: TestClient, session: str) -> TestClient:
    """The client logged in to the account of `session` (its cookie) from now on."""
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, session)
    return client


def play(client: TestClient, actions: list[str]) -> dict[str, Any]:
    """Start today's attempt and play `actions` at it (by the account alone, no token)."""
    started = client.post("/api/challenges/tally")
    assert started.status_code == 201, started.text
    table_id = started.json()["table"]["id"]
    for number, action in enumerate(actions):
        body = {"action": action, "request_id": f"r{number}"}
        sent = client.post(f"/api/tables/{table_id}/actions", json=body)
        assert sent.status_code == 200, sent.text
    result: dict[str, Any] = started.json()
    return result


def judged(client: TestClient) -> None:
    """Wait for the background judging (no clock: it runs until done)."""
    store: challenges.Challenges = client.app.state.challenges  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(store.judged)


def today(client: TestClient) -> dict[str, Any]:
    response = client.get("/api/challenges/tally/2026-12-01")
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def seed_of(client: TestClient) -> str:
    engine = client.app.state.tables.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        seed: str = db.scalar(select(CHALLENGES.c.seed))
    return seed


def test_one_row_a_day_made_on_the_first_request(client: TestClient, clock: Clock) -> None:
    listed = client.get("/api/challenges").json()
    assert [(c["game"], c["day"], c["label"]) for c in listed["today"]] == [
        ("tally", "2026-12-01", "Tally of the day")
    ]
    seed = seed_of(client)
    assert int(seed).bit_length() > 64  # 128 random bits
    client.get("/api/challenges")
    today(client)
    engine = client.app.state.tables.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        assert db.execute(select(CHALLENGES.c.day)).scalars().all() == ["2026-12-01"]
    clock.now += timedelta(days=1)
    listed = client.get("/api/challenges").json()
    assert listed["today"][0]["day"] == "2026-12-02"
    assert listed["past"] == [
        {"day": "2026-12-01", "game": "tally", "link": "/challenge/tally/2026-12-01"}
    ]
    assert not listed["more"]


def test_the_past_days_come_a_page_at_a_time(client: TestClient) -> None:
    store: challenges.Challenges = client.app.state.challenges  # type: ignore[attr-defined]
    days = [date(2026, 11, 30) - timedelta(days=n) for n in range(challenges.PAST_PAGE + 1)]
    with store.engine.begin() as db:
        for day in days:
            row = {"game": "tally", "players": 1, "options": {}, "seed": "1", "created_at": DAY}
            db.execute(insert(CHALLENGES).values(day=day.isoformat(), **row))
    first = client.get("/api/challenges").json()
    assert [past["day"] for past in first["past"]] == [d.isoformat() for d in days[:-1]]
    assert first["more"]
    second = client.get("/api/challenges?page=1").json()
    assert [past["day"] for past in second["past"]] == [days[-1].isoformat()]
    assert not second["more"] and second["today"] == first["today"]
    assert client.get("/api/challenges?page=-1").status_code == 422


def test_a_racing_first_request_reads_the_winners_row(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two first requests of a day: the one whose insert fails on the primary key reads the
    other's row (its seed)."""
    store: challenges.Challenges = client.app.state.challenges  # type: ignore[attr-defined]
    offered = challenges.offered_on

    def racing(day: date) -> tuple[str, Challenge] | None:
        with store.engine.begin() as db:  # the other request stores its row first
            db.execute(
                insert(CHALLENGES).values(
                    day=day.isoformat(),
                    game="tally",
                    players=1,
                    options={},
                    seed="12345",
                    created_at=DAY,
                )
            )
        return offered(day)

    monkeypatch.setattr(challenges, "offered_on", racing)
    found = store.day("2026-12-01")
    assert found is not None and found.seed == 12345
    with store.engine.connect() as db:
        assert len(db.execute(select(CHALLENGES)).all()) == 1


def test_not_logged_in_is_401(client: TestClient) -> None:
    response = client.post("/api/challenges/tally")
    assert response.status_code == 401
    assert "log in" in response.json()["error"]


def test_unknown_days_and_games_are_clear_errors(client: TestClient) -> None:
    assert client.get("/api/challenges/tally/2026-11-30").status_code == 404
    assert client.get("/api/challenges/dicecream/2026-12-01").status_code == 404
    bad = client.get("/api/challenges/tally/yesterday")
    assert bad.status_code == 422 and "YYYY-MM-DD" in bad.json()["error"]
    account(client, "Ann")
    assert client.post("/api/challenges/nosuchgame").status_code == 404


def test_one_attempt_per_account(client: TestClient) -> None:
    account(client, "Ann")
    started = client.post("/api/challenges/tally")
    assert started.status_code == 201
    table = started.json()["table"]
    assert table["challenge"] == "2026-12-01" and not table["listed"]
    assert table["status"] == "running"
    again = client.post("/api/challenges/tally")  # while running: the same table
    assert again.status_code == 200 and again.json() == {"link": f"/t/{table['id']}"}
    assert today(client)["running"] == f"/t/{table['id']}"
    for number in range(3):
        body = {"action": "two", "request_id": f"r{number}"}
        assert client.post(f"/api/tables/{table['id']}/actions", json=body).status_code == 200
    finished = client.post("/api/challenges/tally")
    assert finished.status_code == 409
    assert "played today's challenge" in finished.json()["error"]
    mine = today(client)
    assert mine["played"] and mine["running"] is None


def test_a_second_attempt_racing_the_first_gets_the_first(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entry's primary key refuses a second attempt even when both requests passed the
    check: the losing table is not stored, the first attempt is returned."""
    account(client, "Ann")
    store: challenges.Challenges = client.app.state.challenges  # type: ignore[attr-defined]
    first = client.post("/api/challenges/tally").json()
    real = store._yours
    calls: Iterator[dict[str, Any]] = iter([{"played": False, "running": None}])

    def stale(found: challenges.Day, who: Account | None) -> dict[str, Any]:
        return next(calls, None) or real(found, who)  # the first look misses the attempt

    monkeypatch.setattr(store, "_yours", stale)
    second = client.post("/api/challenges/tally")
    assert second.status_code == 200
    assert second.json() == {"link": first["link"]}
    engine = store.engine
    with engine.connect() as db:
        assert len(db.execute(select(ENTRIES)).all()) == 1


def test_no_hints_no_record_no_replay_no_analysis_no_rematch_until_the_day_is_over(
    client: TestClient, clock: Clock
) -> None:
    account(client, "Ann")
    started = client.post("/api/challenges/tally").json()
    table_id = started["table"]["id"]
    hints = client.get(f"/api/tables/{table_id}/hints")
    assert hints.status_code == 403 and "daily challenge" in hints.json()["error"]
    for number in range(3):
        body = {"action": "two", "request_id": f"r{number}"}
        client.post(f"/api/tables/{table_id}/actions", json=body)
    for route in ("record", "replay", "analysis"):
        refused = client.get(f"/api/tables/{table_id}/{route}")
        assert refused.status_code == 403, route
        assert "once its day is over" in refused.json()["error"]
    rematch = client.post(f"/api/tables/{table_id}/rematch")
    assert rematch.status_code == 403 and "played once" in rematch.json()["error"]
    assert table_id not in str(client.get("/api/tables").json())
    clock.now += timedelta(days=1)
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200 and str(record.json()["seed"]) == seed_of(client)
    assert client.get(f"/api/tables/{table_id}/replay?step=1").status_code == 200
    assert client.get(f"/api/tables/{table_id}/analysis").status_code == 200
    day = today(client)
    assert day["over"] and day["leaderboard"][0]["replay"] == f"/replay/{table_id}"


def test_an_attempt_left_running_past_midnight_takes_no_more_moves(
    client: TestClient, clock: Clock
) -> None:
    """At midnight the day's records open (every die of the day in them): an attempt not
    finished by then is played no more, so none can play on knowing its dice; My games no
    longer says it awaits its player, and says why."""
    account(client, "Ann")
    table_id = client.post("/api/challenges/tally").json()["table"]["id"]
    first = client.post(
        f"/api/tables/{table_id}/actions", json={"action": "two", "request_id": "a"}
    )
    assert first.status_code == 200
    [running] = client.get("/api/me/games").json()["running"]
    assert running["awaited"] and not running["closed"]
    clock.now += timedelta(days=1)
    [running] = client.get("/api/me/games").json()["running"]
    assert running["id"] == table_id and running["closed"] and not running["awaited"]
    late = client.post(f"/api/tables/{table_id}/actions", json={"action": "two", "request_id": "b"})
    assert late.status_code == 409 and "day is over" in late.json()["error"]
    assert (
        client.get(f"/api/tables/{table_id}/state").json()["table"]["version"]
        == first.json()["version"]
    )


def test_only_its_player_watches_an_attempt_until_the_day_is_over(
    client: TestClient, clock: Clock
) -> None:
    """Another account (or anyone) watching an attempt would see today's dice before
    playing them: the state and the live frames are refused to all but its player."""
    ann = account(client, "Ann")
    table_id = play(client, ["two"])["table"]["id"]
    assert client.get(f"/api/tables/{table_id}/state").json()["seat"] == 0
    bob = account(client, "Bob")
    for who in (bob, None):
        client.cookies.clear()
        if who:
            as_(client, who)
        refused = client.get(f"/api/tables/{table_id}/state")
        assert refused.status_code == 403 and "once its day is over" in refused.json()["error"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_text(hello(None))
            reply = socket.receive_json()
            assert reply["type"] == "error" and "once its day is over" in reply["error"]
            with pytest.raises(WebSocketDisconnect):
                socket.receive_json()
    assert client.get(f"/api/tables/{table_id}").status_code == 200  # who sits there: no dice
    as_(client, ann)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(hello(None))
        assert socket.receive_json()["seat"] == 0
    client.cookies.clear()
    clock.now += timedelta(days=1)
    assert client.get(f"/api/tables/{table_id}/state").json()["seat"] is None


def test_an_attempt_left_unjudged_is_judged_when_its_day_is_asked_for(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attempt whose judging did not run (the server stopped first, say) shows as being
    judged, and is judged when its day's leaderboard is asked for."""
    store: challenges.Challenges = client.app.state.challenges  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "judge", lambda day: None)
    account(client, "Ann")
    play(client, ["two", "one", "two"])
    [entry] = today(client)["leaderboard"]
    assert (entry["score"], entry["lost"], entry["optimal_score"]) == (5, None, None)
    monkeypatch.delattr(store, "judge")
    today(client)
    judged(client)
    [entry] = today(client)["leaderboard"]
    assert (entry["score"], entry["lost"], entry["optimal_score"]) == (5, 1.0, 6)


def test_no_response_during_play_holds_the_seed(client: TestClient) -> None:
    account(client, "Ann")
    seen = [client.get("/api/challenges").text, str(today(client))]
    seed = seed_of(client)
    started = client.post("/api/challenges/tally")
    seen.append(started.text)
    table_id = started.json()["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(hello(None))
        seen.append(socket.receive_text())
        for number in range(3):
            body = {"action": "two", "request_id": f"r{number}"}
            seen.append(client.post(f"/api/tables/{table_id}/actions", json=body).text)
            seen.append(socket.receive_text())
            seen.append(client.get(f"/api/tables/{table_id}").text)
            seen.append(client.get(f"/api/tables/{table_id}/state").text)
    for route in ("record", "replay", "analysis", "hints"):
        seen.append(client.get(f"/api/tables/{table_id}/{route}").text)
    seen.append(client.get("/api/challenges").text)
    seen.append(str(today(client)))
    assert all(seed not in text for text in seen)


def test_the_leaderboard_ranks_by_points_lost_then_score(client: TestClient) -> None:
    ann, bob, cy = account(client, "Ann"), account(client, "Bob"), account(client, "Cy")
    play(as_(client, bob), ["one", "two", "two"])  # lost 1, score 5
    play(as_(client, ann), ["two", "two", "two"])  # lost 0, score 6
    play(as_(client, cy), ["one", "one", "two"])  # lost 2, score 4
    waiting = today(client)["leaderboard"]
    assert sorted(entry["score"] for entry in waiting) == [4, 5, 6]
    judged(client)
    board = today(client)
    assert board["optimal_score"] == 6
    rows = [(e["rank"], e["name"], e["lost"], e["score"]) for e in board["leaderboard"]]
    assert {e["optimal_score"] for e in board["leaderboard"]} == {6}
    assert rows == [
        (1, "Ann", 0.0, 6),
        (2, "Bob", 1.0, 5),
        (3, "Cy", 2.0, 4),
    ]
    assert all(entry["replay"] is None for entry in board["leaderboard"])
    assert today(as_(client, ann))["played"]


@pytest.fixture
def dicetime(settings: Settings, clock: Clock) -> Iterator[TestClient]:
    """A server with the games as they are: Dicetime's challenge (the standard game on
    2026-12-01, on fixed dice)."""
    with TestClient(create_app(replace(settings, clock=clock))) as test_client:
        yield test_client


def dice_fields(message: Any) -> Iterator[list[int]]:
    """Every `dice` list anywhere in a message (the option of that name is a word)."""
    if isinstance(message, dict):
        for key, value in message.items():
            if key == "dice" and isinstance(value, list):
                yield value
            else:
                yield from dice_fields(value)
    elif isinstance(message, list):
        for item in message:
            yield from dice_fields(item)


def play_turns(client: TestClient, turns: int) -> list[list[int]]:
    """Start today's Dicetime attempt and play `turns` turns by the same choices (roll once,
    enter the first row offered), watching its frames; the dice of each roll. Every frame's
    dice are faces already rolled (the log's), and none holds the day's seed."""
    started = client.post("/api/challenges/dicetime")
    assert started.status_code == 201, started.text
    table_id, token = started.json()["table"]["id"], started.json()["token"]
    assert started.json()["table"]["options"]["dice"] == "fixed"
    seed = seed_of(client)
    rolls = []
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(hello(token))
        frames = [socket.receive_json()]
        for number in range(turns):
            for kind in ("roll", "enter"):
                action = next(a for a in frames[-1]["legal"] if a.startswith(kind))
                body = {"action": action, "request_id": f"{kind}{number}"}
                sent = client.post(f"/api/tables/{table_id}/actions", json=body)
                assert sent.status_code == 200, sent.text
                frames.append(socket.receive_json())
                if kind == "roll":
                    rolls.append(frames[-1]["view"]["seats"][0]["turn"]["dice"])
    for frame in frames:
        assert seed not in json.dumps(frame)
        rolled = [entry["dice"] for entry in frame["view"]["log"] if entry["event"] == "roll"]
        turn = frame["view"]["seats"][0]["turn"]
        assert turn["dice"] == (rolled[-1] if turn["rolled"] else [])
        assert all(dice in [*rolled, []] for dice in dice_fields(frame["view"]))
    refused = client.get(f"/api/tables/{table_id}/hints", headers=hdr(token))
    assert refused.status_code == 403
    return rolls


def test_two_accounts_making_the_same_choices_see_the_same_dice(dicetime: TestClient) -> None:
    account(dicetime, "Ann")
    ann = play_turns(dicetime, 3)
    account(dicetime, "Bob")
    bob = play_turns(dicetime, 3)
    assert len(ann) == 3 and all(len(dice) == 5 for dice in ann)
    assert ann == bob
    day = dicetime.get("/api/challenges/dicetime/2026-12-01", headers={"Accept-Language": "de"})
    assert day.json()["label"] == "Standardspiel"  # the game's words, told in German
