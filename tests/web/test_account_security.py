"""The accounts' security (issue 17): passwords never stored or logged in clear, sessions that
cannot be fixed or forged, no user enumeration, login rate limits, cookie flags, and one account
never reading another's hidden information or acting at its seats. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace
from datetime import timedelta
from http.cookies import SimpleCookie
from typing import Any

import httpx2 as httpx
import pytest
from argon2 import Type
from argon2.profiles import RFC_9106_LOW_MEMORY
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, select, update

import parlour
from parlour.bots.registry import default_bot
from parlour.kernel import SPECTATOR, load
from parlour.web.accounts import SESSION_COOKIE, SESSIONS
from parlour.web.app import Settings, create_app
from parlour.web.security import new_token
from parlour.web.storage import now
from tests.web.conftest import create, hello
from tests.web.test_accounts import PASSWORD, layer_of, log_in, register, switch_to

SECRET = "Tr0ub4dor&3-only-here"
"""A password found nowhere but where it is typed."""


def who(client: TestClient) -> Any:
    return client.get("/api/session").json()["account"]


def session_cookie(response: Any) -> SimpleCookie:
    """The session's Set-Cookie of a response, parsed."""
    [header] = [h for h in response.headers.get_list("set-cookie") if SESSION_COOKIE in h]
    cookie = SimpleCookie()
    cookie.load(header)
    return cookie


def test_passwords_are_stored_only_as_argon2id_hashes(client: TestClient) -> None:
    made = client.post("/api/account", json={"name": "Ann", "password": SECRET})
    assert made.status_code == 201
    again = client.post("/api/session", json={"name": "Ann", "password": SECRET})
    assert again.status_code == 200
    engine = layer_of(client).engine
    everything = MetaData()
    everything.reflect(engine)
    hashes = []
    with engine.connect() as db:
        for table in everything.sorted_tables:
            for row in db.execute(select(table)).mappings():
                dumped = json.dumps({k: str(v) for k, v in row.items()})
                assert SECRET not in dumped, f"the password is stored in clear in {table.name}"
                if table.name == "accounts":
                    hashes.append(row["password_hash"])
    assert len(hashes) == 1 and hashes[0].startswith("$argon2id$")


def test_the_servers_own_cost_is_rfc_9106s_low_memory_argon2id() -> None:
    parameters = Settings().password_parameters
    assert parameters == RFC_9106_LOW_MEMORY and parameters.type is Type.ID
    assert (parameters.memory_cost, parameters.time_cost) == (64 * 1024, 3)


def test_passwords_are_never_logged(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    client.post("/api/account", json={"name": "Ann", "password": SECRET})
    client.post("/api/session", json={"name": "Ann", "password": SECRET})
    client.post("/api/session", json={"name": "Ann", "password": SECRET + "!"})
    client.post("/api/session", json={"name": "Nobody", "password": SECRET})
    short = client.post("/api/account", json={"name": "Bob", "password": SECRET[:7]})
    assert short.status_code == 422 and SECRET[:7] not in short.text  # not echoed back
    assert caplog.records, "nothing was logged: the capture does not work"
    for record in caplog.records:
        told = f"{record.getMessage()} {record.args!r} {record.exc_text or ''}"
        assert SECRET[:7] not in told, f"logged by {record.name}: {told}"


def test_a_cookie_the_browser_brought_is_never_the_session(client: TestClient) -> None:
    register(client, "Ann")
    client.cookies.clear()
    planted = new_token()
    client.cookies.set(SESSION_COOKIE, planted)  # an attacker's value, planted before login
    answer = client.post("/api/session", json={"name": "Ann", "password": PASSWORD})
    given = session_cookie(answer)[SESSION_COOKIE].value
    assert given != planted and who(client) == {"name": "Ann"}
    switch_to(client, planted)
    assert who(client) is None


def test_logging_out_or_in_again_ends_the_earlier_session(client: TestClient) -> None:
    register(client, "Ann")
    first = client.cookies[SESSION_COOKIE]
    log_in(client, "Ann")
    second = client.cookies[SESSION_COOKIE]
    assert second != first
    switch_to(client, first)
    assert who(client) is None  # the login replaced the browser's earlier session
    switch_to(client, second)
    assert who(client) == {"name": "Ann"}
    out = client.delete("/api/session")
    assert out.status_code == 204 and 'parlour_session=""' in out.headers["set-cookie"]
    switch_to(client, second)  # the old cookie, sent again after logging out
    assert who(client) is None
    assert client.get("/api/me/games").status_code == 401


def test_forged_altered_and_expired_sessions_are_nobodys(client: TestClient) -> None:
    register(client, "Ann")
    real = client.cookies[SESSION_COOKIE]
    altered = real[:-1] + ("A" if real[-1] != "A" else "B")
    for forged in (new_token(), altered, real + "x", "x" * 500, ""):
        switch_to(client, forged)
        assert who(client) is None, forged
        assert client.get("/api/me/games").status_code == 401
    switch_to(client, real)
    assert who(client) == {"name": "Ann"}
    with layer_of(client).engine.begin() as db:
        db.execute(update(SESSIONS).values(expires_at=now() - timedelta(seconds=1)))
    assert who(client) is None
    assert client.get("/api/me/games").status_code == 401


def test_an_unknown_name_and_a_wrong_password_look_the_same(client: TestClient) -> None:
    register(client, "Ann")
    client.cookies.clear()
    answers = [
        client.post("/api/session", json={"name": name, "password": "not the password"})
        for name in ("Ann", "Nobody at all")
    ]
    bodies = [{k: v for k, v in a.json().items() if k != "request_id"} for a in answers]
    assert [a.status_code for a in answers] == [401, 401]
    assert bodies[0] == bodies[1] == {"error": "wrong name or password"}
    assert all("set-cookie" not in a.headers for a in answers)


def test_logins_are_limited_per_address(settings: Settings) -> None:
    with TestClient(create_app(replace(settings, logins_per_minute=3))) as client:
        register(client, "Ann")  # the registration counts as an attempt
        for _ in range(2):
            client.post("/api/session", json={"name": "Ann", "password": "guess guess"})
        refused = client.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        assert refused.status_code == 429, refused.text
        elsewhere = TestClient(client.app, client=("192.0.2.9", 5000))
        assert elsewhere.post("/api/session", json={"name": "Ann", "password": PASSWORD}).is_success


def test_failed_logins_to_one_name_from_one_address_are_limited(settings: Settings) -> None:
    """One address guessing one name is stopped; the player, elsewhere, is not locked out."""
    with TestClient(create_app(replace(settings, logins_per_name=3))) as client:
        register(client, "Ann")
        guesser = TestClient(client.app, client=("192.0.2.1", 5000))
        for _ in range(3):
            guess = guesser.post("/api/session", json={"name": "ann", "password": "guess guess"})
            assert guess.status_code == 401
        right = {"name": "Ann", "password": PASSWORD}
        assert guesser.post("/api/session", json=right).status_code == 429
        elsewhere = TestClient(client.app, client=("198.51.100.1", 5000))
        assert elsewhere.post("/api/session", json=right).is_success


def test_guesses_sent_at_once_count_before_their_passwords_are_checked(
    settings: Settings,
) -> None:
    """Two wrong passwords sent together with room for one: the second is refused without
    a check, though the first has not been answered yet."""
    app = create_app(replace(settings, logins_per_name=1))
    with TestClient(app) as client:
        register(client, "Ann")

        async def together() -> list[int]:
            transport = httpx.ASGITransport(app=app, client=("192.0.2.7", 5000))
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as guest:
                wrong = {"name": "Ann", "password": "guess guess"}
                answers = await asyncio.gather(
                    *(guest.post("/api/session", json=wrong) for _ in range(2))
                )
            return sorted(answer.status_code for answer in answers)

        assert client.portal.call(together) == [401, 429]


def test_logins_to_one_name_are_limited_across_addresses(settings: Settings) -> None:
    with TestClient(create_app(replace(settings, logins_per_name_anywhere=3))) as client:
        register(client, "Ann")
        register(client, "Bob")
        for _ in range(3):  # logging in with the right password counts for nothing
            assert client.post(
                "/api/session", json={"name": "Ann", "password": PASSWORD}
            ).is_success
        for number in range(3):
            guesser = TestClient(client.app, client=(f"192.0.2.{number}", 5000))
            guess = guesser.post("/api/session", json={"name": "ANN", "password": "guess guess"})
            assert guess.status_code == 401
        fresh = TestClient(client.app, client=("198.51.100.1", 5000))
        refused = fresh.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        assert refused.status_code == 429, refused.text
        assert "failed logins" in refused.json()["error"]
        assert fresh.post("/api/session", json={"name": "Bob", "password": PASSWORD}).is_success


def test_failed_logins_are_counted_by_every_process_on_the_database(settings: Settings) -> None:
    """Two server processes on one database count the same guesses: three to one name through
    either use up a limit of three, on both; a right password elsewhere counts for nothing."""
    limited = replace(settings, logins_per_name_anywhere=3)
    with (
        TestClient(create_app(limited)) as first,
        TestClient(create_app(limited)) as second,
    ):
        register(first, "Ann")
        right = {"name": "Ann", "password": PASSWORD}
        assert second.post("/api/session", json=right).is_success
        for number, server in enumerate((first, second, first)):
            guesser = TestClient(server.app, client=(f"192.0.2.{number}", 5000))
            guess = guesser.post("/api/session", json={"name": "ann", "password": "guess guess"})
            assert guess.status_code == 401
        for server in (first, second):
            fresh = TestClient(server.app, client=("198.51.100.1", 5000))
            assert fresh.post("/api/session", json=right).status_code == 429


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_the_session_cookie_is_httponly_lax_and_secure_over_tls(
    settings: Settings, scheme: str
) -> None:
    with TestClient(create_app(settings), base_url=f"{scheme}://testserver") as client:
        for path in ("/api/account", "/api/session"):
            answer = client.post(path, json={"name": "Ann", "password": PASSWORD})
            assert answer.is_success, answer.text
            cookie = session_cookie(answer)[SESSION_COOKIE]
            assert cookie["httponly"] is True and cookie["samesite"] == "lax"
            assert cookie["path"] == "/"
            assert bool(cookie["secure"]) is (scheme == "https")


def hidden_game() -> str:
    """A game of hidden information whose two seats see different things from the start."""
    for info in parlour.games():
        if info.hidden_information and info.min_players <= 2 <= info.max_players:
            state = load(info.name, 2).new(17)
            if state.view(0) != state.view(1):
                return info.name
    raise AssertionError("no game hides anything from its second seat at the start")


def test_one_account_never_sees_or_plays_anothers_seat(client: TestClient) -> None:
    game = hidden_game()
    register(client, "Ann")
    ann = client.cookies[SESSION_COOKIE]
    shared = create(client, game, ["person", "person"])
    against_bot = create(client, game, ["person", default_bot(game)])
    switch_to(client, None)
    register(client, "Bob")
    joined = client.post(f"/api/tables/{shared['table']['id']}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    layer = layer_of(client)
    table = layer.shelf.tables[shared["table"]["id"]]

    def seen(table_id: str) -> tuple[int | None, Any]:
        answer = client.get(f"/api/tables/{table_id}/state")
        assert answer.status_code == 200
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_text(hello(None))
            live = socket.receive_json()
        assert (live["seat"], live["view"]) == (answer.json()["seat"], answer.json()["view"])
        return live["seat"], live["view"]

    assert seen(table.id) == (1, table.state.view(1)) != (0, table.state.view(0))
    solo = layer.shelf.tables[against_bot["table"]["id"]]
    assert seen(solo.id) == (None, solo.state.view(SPECTATOR))
    acting = client.post(f"/api/tables/{solo.id}/actions", json={"action": "x", "request_id": "r"})
    assert acting.status_code == 403 and "account holds no seat" in acting.json()["error"]
    assert client.get(f"/api/tables/{solo.id}/hints").status_code == 403
    assert table.state.to_act == (0,), "the test wants Ann to move first"
    version, ann_moves = table.version, list(table.state.legal_actions(0))
    for number, action in enumerate(ann_moves[:3]):  # Bob's session cannot take her turn
        answer = client.post(
            f"/api/tables/{table.id}/actions", json={"action": action, "request_id": f"b{number}"}
        )
        assert answer.status_code == 409 and table.version == version
    switch_to(client, ann)  # Ann in a second browser: no token, her session
    assert seen(table.id) == (0, table.state.view(0))
    assert seen(solo.id) == (0, solo.state.view(0))


def test_a_form_of_another_site_cannot_act_with_the_session(client: TestClient) -> None:
    """What a cross-site form can send (text/plain or urlencoded, even holding JSON) is not
    read as a request body: logging in, creating and acting all get a 422, nothing changes."""
    register(client, "Ann")
    table = create(client, parlour.games()[0].name, ["person", "person"])["table"]
    bodies = {
        "/api/session": {"name": "Ann", "password": PASSWORD},
        "/api/tables": {"game": table["game"], "players": 2, "seats": ["person"] * 2, "name": "A"},
        f"/api/tables/{table['id']}/actions": {"action": "x", "request_id": "r"},
    }
    for kind in ("text/plain", "application/x-www-form-urlencoded"):
        for path, body in bodies.items():
            answer = client.post(path, content=json.dumps(body), headers={"Content-Type": kind})
            assert answer.status_code == 422, (path, kind)
    assert layer_of(client).shelf.tables[table["id"]].version == table["version"]
