"""A finished game's seat reviewed by its game's advice over HTTP (issue 30): a job beside the
bots with its progress (202) until done, the result stored and served again, the requester's
limit; on SQLite and PostgreSQL; and a review taken over by a second process."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

import parlour
from parlour.web.app import Settings
from parlour.web.database import connect
from parlour.web.storage import REVIEWS
from parlour.web.tables import Tables
from parlour.web.tables.reviews import STALE
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame
from tests.web.test_api import play_until_over
from tests.web.test_table_parts import two_people


def finished(client: TestClient, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    """A table of `game` played to its end (the person by its last legal action)."""
    created = create(client, game, seats, options=options)
    play_until_over(client, created["table"]["id"], created["token"])
    return created


def reviewed(client: TestClient, table_id: str, seat: int, language: str = "en") -> dict[str, Any]:
    """The seat's review, polled until done (each poll a 202 with its progress until then)."""
    deadline = time.monotonic() + 120
    while True:
        asked = {"Accept-Language": language}
        answer = client.get(f"/api/tables/{table_id}/review", params={"seat": seat}, headers=asked)
        if answer.status_code == 200:
            result: dict[str, Any] = answer.json()
            return result
        assert answer.status_code == 202, answer.text
        assert 0 <= answer.json()["progress"] <= 1
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_seat_is_reviewed_decision_by_decision_and_kept(client: TestClient) -> None:
    created = finished(client, "dokitto", ["person", "greedy"], max_rounds=1)
    table_id = created["table"]["id"]
    review = reviewed(client, table_id, 0)
    assert (review["seat"], review["measure"], review["exact"]) == (0, "win", False)
    record = client.get(f"/api/tables/{table_id}/record").json()
    final = parlour.replay(record)
    state = final.game.new(record["seed"])
    asked = []
    for number, (seat, action) in enumerate(final.history, start=1):
        if seat == 0 and len(state.legal_actions(0)) > 1:
            asked.append(number)
        state.apply(seat, action)
    assert [decision["number"] for decision in review["decisions"]] == asked
    for decision in review["decisions"]:
        assert decision["action"] == final.history[decision["number"] - 1][1]
        assert 0 <= decision["expected"] <= decision["best_expected"] <= 1
        assert decision["action_words"] and decision["best_words"]
    assert review["score"] == final.scores[0]
    assert client.get(f"/api/tables/{table_id}/review", params={"seat": 0}).json() == review


def test_what_cannot_be_reviewed_is_refused_by_name(
    client: TestClient, tiny_game: type[parlour.Game]
) -> None:
    created = finished(client, "dokitto", ["person", "greedy"], max_rounds=1)
    table_id = created["table"]["id"]
    wrong = client.get(f"/api/tables/{table_id}/review", params={"seat": 2})
    assert wrong.status_code == 422 and "no seat 2" in wrong.json()["error"]
    running = create(client, "dokitto", ["person", "greedy"])
    early = client.get(f"/api/tables/{running['table']['id']}/review")
    assert early.status_code == 403 and "once the game is over" in early.json()["error"]
    plain = finished(client, "tiny", ["person", "high"])
    none = client.get(f"/api/tables/{plain['table']['id']}/review")
    assert none.status_code == 404 and "has no review" in none.json()["error"]


def test_a_race_is_reviewed_for_speed_from_the_times_its_record_keeps(
    client: TestClient,
) -> None:
    """Like Dice's record holds each action's time from the game's start; its review says
    how fast and how well the seat answered, per kind of challenge (the person passes)."""
    created = finished(client, "likedice", ["person", "counter"], max_challenges=3)
    table_id = created["table"]["id"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    times = record["times"]
    assert len(times) == len(record["actions"]) and times == sorted(times) and times[0] >= 0
    assert "times" not in client.get(f"/api/tables/{finished_dokitto(client)}/record").json()
    for asked in (f"replay?step={len(times) // 2}", "moves"):  # a record cut with its times
        assert client.get(f"/api/tables/{table_id}/{asked}").status_code == 200
    speed = reviewed(client, table_id, 0)["speed"]
    passes = sum(1 for seat, action in record["actions"] if seat == 0 and action == "pass")
    assert sum(row["passed"] for row in speed["rows"]) == passes > 0
    assert all(row["answers"] == 0 and row["like"] is None for row in speed["rows"])
    counted = reviewed(client, table_id, 1)["speed"]["rows"]
    assert sum(row["answers"] for row in counted) > 0 and all(row["like"] for row in counted)
    german = reviewed(client, table_id, 1, "de")["speed"]  # kept apart from the English one
    assert "Zähl-Bot" in german["summary"] and len(german["rows"]) == len(counted)
    assert reviewed(client, table_id, 1)["speed"]["rows"] == counted


def finished_dokitto(client: TestClient) -> str:
    """A finished one-round Dokitto table's id (a game whose records keep no times)."""
    return str(finished(client, "dokitto", ["person", "greedy"], max_rounds=1)["table"]["id"])


def test_one_person_has_two_reviews_under_way_at_most(client: TestClient) -> None:
    """The third review asked while two run is refused (429); the two go on."""
    tables = [
        finished(client, "dokitto", ["person", "greedy", "greedy"], max_rounds=1)["table"]["id"]
        for _ in range(3)
    ]
    for table_id in tables[:2]:
        started = client.get(f"/api/tables/{table_id}/review")
        assert started.status_code == 202, started.text
    third = client.get(f"/api/tables/{tables[2]}/review")
    assert third.status_code == 429 and "two reviews" in third.json()["error"]
    assert client.get(f"/api/tables/{tables[0]}/review").status_code in (200, 202)
    assert frame(client, tables[0])["view"]["over"]


class Stalled:
    """A bots' pool whose workers never answer: a review stays under way."""

    async def advise(self, advice: Any, view: Any, seat: int) -> None:
        await asyncio.Event().wait()


def test_a_review_runs_once_and_is_taken_over_once_its_process_goes_quiet(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two table layers on one PostgreSQL database, as two server processes are: a review the
    first runs is not started again by the second, which takes it over once the first has
    given no news for `STALE` seconds."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)
    clock = ManualClock()
    game = parlour.load("dokitto", 2, max_rounds=1)
    final = game.new(2)
    rnd = random.Random(2)
    while not final.over:
        (seat,) = final.to_act
        final.apply(seat, rnd.choice(list(final.legal_actions(seat))))
    advice = game.advice()
    assert advice is not None

    async def main() -> None:
        first = Tables(engine, bot_pace=0.0, clock=clock)
        second = Tables(engine, bot_pace=0.0, clock=clock, server_name="second")
        for layer in (first, second):  # not started: no bots, no leases to keep
            monkeypatch.setattr(layer.reviews, "pool", Stalled())
        table, _ = await two_people(first)  # a table for the review's row to belong to
        assert first.reviews.ask(final.record, advice, table.id, 0, "ann") == (0.0, None)
        assert len(first.reviews.jobs) == 1
        assert second.reviews.ask(final.record, advice, table.id, 0, "bob") == (0.0, None)
        assert not second.reviews.jobs  # the first runs it
        clock.advance(STALE + 1)  # no news from the first for a minute
        assert second.reviews.ask(final.record, advice, table.id, 0, "bob") == (0.0, None)
        assert len(second.reviews.jobs) == 1
        await first.close()
        await second.close()
        with engine.begin() as db:  # closing forgets the reviews under way
            assert db.execute(select(REVIEWS)).first() is None

    asyncio.run(main())
