"""Accounts at work: the seats of a browser's tokens become the account's at login (running,
open and finished games, one seat a table, never another account's), and My games lists the
account's tables with their results and links."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Table, insert, select, update

from parlour.kernel import load
from parlour.web import mine
from parlour.web.accounts import ACCOUNTS, SESSION_COOKIE
from parlour.web.models import ChallengeRow
from parlour.web.storage import SEATS, TABLES, now
from parlour.web.tables import Tables
from tests.web.conftest import create, frame
from tests.web.test_api import play_until_over

CHALLENGES: Table = ChallengeRow.__table__  # type: ignore[assignment]
PASSWORD = "correct horse battery"


def register(client: TestClient, name: str, tokens: list[str] | None = None) -> dict[str, Any]:
    """Create the account `name` from this client (a browser), logged in to it."""
    body: dict[str, Any] = {"name": name, "password": PASSWORD}
    if tokens is not None:
        body["tokens"] = tokens
    response = client.post("/api/account", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def log_in(client: TestClient, name: str, tokens: list[str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name, "password": PASSWORD, "tokens": tokens or []}
    response = client.post("/api/session", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def switch_to(client: TestClient, session: str | None) -> None:
    """Make the client another browser: only this session cookie (None: none at all)."""
    client.cookies.clear()
    if session is not None:
        client.cookies.set(SESSION_COOKIE, session)


def layer_of(client: TestClient) -> Tables:
    layer: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return layer


def owners(client: TestClient, table_id: str) -> list[int | None]:
    """Each seat's account, as the database has it."""
    with layer_of(client).engine.connect() as db:
        rows = db.execute(
            select(SEATS.c.account_id).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)
        )
        return [row.account_id for row in rows]


def account_id(client: TestClient, name: str) -> int:
    with layer_of(client).engine.connect() as db:
        found: int = db.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.name == name)).scalar_one()
        return found


def test_names_that_look_alike_are_one_account(client: TestClient) -> None:
    assert (
        client.post("/api/account", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    )
    for alike in ("ANN", "\uff21nn", "An\u200dn", "Ann\u200c"):
        answer = client.post("/api/account", json={"name": alike, "password": PASSWORD})
        assert answer.status_code == 409, alike


def test_a_name_longer_than_its_key_allows_once_folded_is_refused(client: TestClient) -> None:
    """Forty "ß" fold to eighty letters: a 422 naming the field, not a database error."""
    answer = client.post("/api/account", json={"name": "ß" * 40, "password": PASSWORD})
    assert answer.status_code == 422 and answer.json()["error"].startswith("name:")
    assert client.post("/api/account", json={"name": "ß" * 20, "password": PASSWORD}).is_success


def test_a_browsers_seats_become_the_account_it_creates(client: TestClient) -> None:
    running = create(client, "dicetime", ["person", "greedy"])
    waiting = create(client, "dicetime", ["person", "person"])
    finished = create(client, "dicetime", ["person"])
    play_until_over(client, finished["table"]["id"], finished["token"])
    layer = layer_of(client)
    del layer.shelf.tables[finished["table"]["id"]]  # a finished game out of memory: a row only
    tokens = [running["token"], waiting["token"], finished["token"], "not-a-token"]
    assert register(client, "Ann", tokens) == {"name": "Ann", "attached": 3}
    ann = account_id(client, "Ann")
    for made in (running, waiting, finished):
        assert owners(client, made["table"]["id"])[0] == ann
    assert owners(client, waiting["table"]["id"])[1] is None
    assert layer.shelf.tables[running["table"]["id"]].seats[0].account_id == ann
    assert layer.shelf.tables[waiting["table"]["id"]].seats[0].account_id == ann
    session = client.cookies[SESSION_COOKIE]
    switch_to(client, session)  # another browser, no token: the account holds the seats
    assert frame(client, running["table"]["id"])["seat"] == 0
    assert frame(client, finished["table"]["id"])["seat"] == 0
    assert log_in(client, "Ann", tokens)["attached"] == 0  # attached once


def test_an_account_gets_one_seat_a_table_and_never_anothers(client: TestClient) -> None:
    register(client, "Ann")
    table = create(client, "dicetime", ["person", "person"])  # Ann's seat 0
    switch_to(client, None)
    joined = client.post(f"/api/tables/{table['table']['id']}/join", json={"name": "Guest"})
    assert joined.status_code == 200, joined.text
    bobs = create(client, "dicetime", ["person", "greedy"])
    register(client, "Bob", [bobs["token"]])
    switch_to(client, None)
    answer = log_in(client, "Ann", [joined.json()["token"], bobs["token"]])
    assert answer["attached"] == 0
    ann, bob = account_id(client, "Ann"), account_id(client, "Bob")
    assert owners(client, table["table"]["id"]) == [ann, None]
    assert owners(client, bobs["table"]["id"]) == [bob, None]


@pytest.mark.parametrize(
    "tokens",
    [["x"] * 501, ["x" * 101], [""], "a string", [3]],
    ids=["too-many", "too-long", "empty", "not-a-list", "not-text"],
)
def test_tokens_sent_at_login_are_bounded(client: TestClient, tokens: Any) -> None:
    body = {"name": "Ann", "password": PASSWORD, "tokens": tokens}
    for path in ("/api/account", "/api/session"):
        response = client.post(path, json=body)
        assert response.status_code == 422, response.text
        assert response.json()["error"].startswith("tokens")


def test_my_games_needs_a_login(client: TestClient) -> None:
    response = client.get("/api/me/games")
    assert response.status_code == 401
    assert response.json()["error"] == "log in to see your games"
    assert client.get("/api/me/games", params={"offset": -1}).status_code in (401, 422)


def test_my_games_lists_awaited_tables_first_then_open_then_finished(
    client: TestClient,
) -> None:
    register(client, "Ann")
    ann = client.cookies[SESSION_COOKIE]
    hosted = create(client, "dicetime", ["person", "person"], turn_limit=3600)
    lonely = create(client, "dicetime", ["person", "person"])
    done = create(client, "dicetime", ["person", "greedy"])
    play_until_over(client, done["table"]["id"], done["token"])
    switch_to(client, None)
    bobs = create(client, "dicetime", ["person", "person"])
    register(client, "Bob")
    joined = client.post(f"/api/tables/{hosted['table']['id']}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    switch_to(client, ann)
    assert client.post(f"/api/tables/{bobs['table']['id']}/join", json={"name": "Ann"}).is_success
    mine_now = client.get("/api/me/games").json()
    running = mine_now["running"]
    assert [e["id"] for e in running] == [hosted["table"]["id"], bobs["table"]["id"]]
    first, second = running
    assert first["awaited"] and first["seat"] == 0 and first["turn_limit"] == 3600
    assert 0 <= first["waited"] < 60
    assert not second["awaited"] and "waited" not in second and second["seat"] == 1
    assert [e["id"] for e in mine_now["open"]] == [lonely["table"]["id"]]
    [finished] = mine_now["finished"]
    state = frame(client, done["table"]["id"], done["token"])["view"]
    assert finished["scores"] == state["scores"] and finished["winners"] == state["winners"]
    assert finished["place"] == (1 if 0 in state["winners"] else 2)
    assert [s["name"] for s in finished["seats"]] == ["Ann", "greedy"]
    assert [s["label"] for s in finished["seats"]] == [None, "Greedy"]  # the page shows it
    table_id = done["table"]["id"]
    assert finished["links"] == {
        "table": f"/t/{table_id}",
        "replay": f"/replay/{table_id}",
        "record": f"/api/tables/{table_id}/record",
        "analysis": f"/replay/{table_id}#analysis",
    }
    assert "rating" not in finished and not mine_now["more"]
    for entry in running + mine_now["open"]:
        assert set(entry["links"]) == {"table"} and "scores" not in entry


def test_a_game_without_advice_has_no_analysis_link(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(client, "Ann")
    made = create(client, "dicetime", ["person"])
    play_until_over(client, made["table"]["id"], made["token"])
    monkeypatch.setattr(type(load("dicetime")), "advice", lambda self: None)
    [entry] = client.get("/api/me/games").json()["finished"]
    assert set(entry["links"]) == {"table", "replay", "record"}


def test_rated_results_and_challenge_links_follow_the_rules(client: TestClient) -> None:
    register(client, "Ann")
    games = [create(client, "dicetime", ["person"]) for _ in range(3)]
    for made in games:
        play_until_over(client, made["table"]["id"], made["token"])
    rated, yesterdays, todays = (made["table"]["id"] for made in games)
    today = datetime.now(UTC).date()
    layer = layer_of(client)
    with layer.engine.begin() as db:
        for day in (today, today - timedelta(days=1)):
            db.execute(
                insert(CHALLENGES).values(
                    day=day.isoformat(),
                    game="dicetime",
                    players=1,
                    options={},
                    seed="1",
                    created_at=now(),
                )
            )
        db.execute(update(TABLES).where(TABLES.c.id == rated).values(rated=True))
        db.execute(
            update(SEATS)
            .where(SEATS.c.table_id == rated)
            .values(rating_before=20.5, rating_after=22.0)
        )
        db.execute(
            update(TABLES)
            .where(TABLES.c.id == yesterdays)
            .values(challenge=(today - timedelta(days=1)).isoformat())
        )
        db.execute(update(TABLES).where(TABLES.c.id == todays).values(challenge=today.isoformat()))
    for table_id in (rated, yesterdays, todays):
        del layer.shelf.tables[table_id]
    listed = {e["id"]: e for e in client.get("/api/me/games").json()["finished"]}
    assert listed[rated]["rating"] == {"before": 20.5, "after": 22.0}
    assert set(listed[yesterdays]["links"]) == {"table", "replay", "record", "analysis"}
    assert listed[todays]["links"] == {"table": f"/t/{todays}"}
    assert listed[todays]["challenge"] == today.isoformat()


def test_finished_games_come_a_page_at_a_time_newest_first(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mine, "FINISHED_PAGE", 2)
    register(client, "Ann")
    ids = []
    for _ in range(3):
        made = create(client, "dicetime", ["person"])
        play_until_over(client, made["table"]["id"], made["token"])
        ids.append(made["table"]["id"])
    first = client.get("/api/me/games").json()
    assert [e["id"] for e in first["finished"]] == ids[:0:-1] and first["more"]
    rest = client.get("/api/me/games", params={"offset": 2}).json()
    assert [e["id"] for e in rest["finished"]] == ids[:1] and not rest["more"]


def test_the_my_games_page_is_served_translated(client: TestClient) -> None:
    page = client.get("/me", params={"lang": "de"})
    assert page.status_code == 200
    assert '<html lang="de"' in page.text and "Meine Spiele" in page.text
