"""Talk at the table (issue 31, item 9): the players' chat and the spectators' own, quick
reactions, the limits (length, blank or hidden characters, 5 lines in 10 s), the host's switch
for the spectators' chat, who reads which channel (live over the WebSocket, on a reload and
beside the replay), a chat line that holds only its words and who said it when, and a line
said through one server process reaching a watcher on another."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.web.accounts import SESSION_COOKIE
from parlour.web.app import Settings
from parlour.web.database import connect
from parlour.web.tables import Tables
from tests.web.clocks import ManualClock
from tests.web.conftest import create, frame, hdr, hello, make_client
from tests.web.test_accounts import register, switch_to
from tests.web.test_api import play_until_over
from tests.web.test_presence import _until
from tests.web.test_table_parts import two_people

LINE_KEYS = {"number", "channel", "seat", "name", "text", "reaction", "at"}
"""All a chat line holds: its number at the table, channel, who, words or reaction, when."""


def say(client: TestClient, table_id: str, token: str | None = None, **body: Any) -> Any:
    return client.post(
        f"/api/tables/{table_id}/chat", json=body, headers=hdr(token) if token else {}
    )


def lines(client: TestClient, table_id: str, token: str | None = None) -> Any:
    return client.get(f"/api/tables/{table_id}/chat", headers=hdr(token) if token else {})


def two(client: TestClient) -> tuple[str, list[str]]:
    created = create(client, "dicetime", ["person", "person"])
    table_id = created["table"]["id"]
    guest = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    return table_id, [created["token"], guest]


def chat_line(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next chat line a page receives (frames of the game pass by)."""
    while True:
        message = socket.receive_json()
        if message["type"] == "chat":
            assert set(message) == {"type", "line"} and set(message["line"]) == LINE_KEYS
            line: dict[str, Any] = message["line"]
            return line


def test_players_talk_and_spectators_read_both_channels_players_only_theirs(
    client: TestClient,
) -> None:
    table_id, tokens = two(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as onlooker,
    ):
        ann.send_text(hello(tokens[0]))
        onlooker.send_text(hello(None))
        said = say(client, table_id, tokens[1], text="<img src=x onerror=alert(1)> hi")
        assert said.status_code == 200, said.text
        expected = {"number": 1, "channel": "players", "seat": 1, "name": "Bob"}
        for socket in (ann, onlooker):
            line = chat_line(socket)
            assert line == {
                **expected,
                "text": "<img src=x onerror=alert(1)> hi",  # words, verbatim: pages escape
                "reaction": None,
                "at": line["at"],
            }
        assert say(client, table_id, reaction="good_move", name="Zoe").status_code == 200
        assert chat_line(onlooker)["reaction"] == "good_move"
        assert say(client, table_id, tokens[0], reaction="thanks").status_code == 200
        assert chat_line(ann)["number"] == 3  # the spectators' line 2 never reached a player
        assert chat_line(onlooker)["name"] == "Ann"
    seen = [line["number"] for line in lines(client, table_id, tokens[0]).json()["lines"]]
    assert seen == [1, 3]
    watched = lines(client, table_id).json()["lines"]
    assert [line["channel"] for line in watched] == ["players", "spectators", "players"]
    assert all(set(line) == LINE_KEYS for line in watched)
    assert watched[1]["seat"] is None and watched[1]["name"] == "Zoe"


def test_bad_lines_get_a_clear_4xx_and_store_nothing(client: TestClient) -> None:
    table_id, tokens = two(client)
    refusals: list[tuple[dict[str, Any], int]] = [
        ({"text": ""}, 422),
        ({"text": "   "}, 422),
        ({"text": "x" * 301}, 422),
        ({"text": "evil\u202elive"}, 422),
        ({"text": "two\nlines"}, 422),
        ({}, 422),
        ({"text": "hi", "reaction": "oops"}, 422),
        ({"reaction": "boo"}, 422),
        ({"text": "hi", "seat": 0}, 422),
    ]
    for body, status in refusals:
        answer = say(client, table_id, tokens[0], **body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["error"]
    assert say(client, table_id, "not-a-token", text="hi").status_code == 403
    assert say(client, table_id, text="hi").status_code == 422  # a spectator without a name
    assert say(client, "nosuchtable", tokens[0], text="hi").status_code == 404
    assert lines(client, table_id).json()["lines"] == []
    assert say(client, table_id, tokens[0], text="x" * 300).status_code == 200


def test_each_person_may_say_five_lines_in_ten_seconds(settings: Settings) -> None:
    clock = ManualClock()
    with make_client(settings, table_clock=clock) as client:
        table_id, tokens = two(client)
        for number in range(5):
            assert say(client, table_id, tokens[0], text=f"line {number}").status_code == 200
        refused = say(client, table_id, tokens[0], text="one too many")
        assert refused.status_code == 429 and "10 seconds" in refused.json()["error"]
        assert say(client, table_id, tokens[1], text="my own five").status_code == 200
        for number in range(5):
            assert say(client, table_id, name="Zoe", text=f"s{number}").status_code == 200
        assert say(client, table_id, name="Another name", text="same address").status_code == 429
        clock.advance(10.5)
        assert say(client, table_id, tokens[0], text="later").status_code == 200
        assert len(lines(client, table_id).json()["lines"]) == 12


def test_the_host_turns_the_spectators_chat_off_and_it_stays_off(settings: Settings) -> None:
    with make_client(settings) as client:
        table_id, tokens = two(client)
        switch = f"/api/tables/{table_id}/chat/spectators"
        assert frame(client, table_id)["table"]["spectator_chat"] is True
        guest = client.post(switch, json={"allowed": False}, headers=hdr(tokens[1]))
        assert guest.status_code == 403
        assert client.post(switch, json={"allowed": False}).status_code == 401
        with client.websocket_connect(f"/ws/tables/{table_id}") as onlooker:
            onlooker.send_text(hello(None))
            onlooker.receive_json()
            answer = client.post(switch, json={"allowed": False}, headers=hdr(tokens[0]))
            assert answer.status_code == 200 and answer.json()["spectator_chat"] is False
            assert onlooker.receive_json()["table"]["spectator_chat"] is False
        refused = say(client, table_id, name="Zoe", text="hello")
        assert refused.status_code == 403 and "off" in refused.json()["error"]
        assert say(client, table_id, tokens[1], text="players still talk").status_code == 200
    with make_client(settings) as client:  # restarted: the switch was stored
        assert frame(client, table_id)["table"]["spectator_chat"] is False
        assert say(client, table_id, name="Zoe", text="hello").status_code == 403
        switched = client.post(switch, json={"allowed": True}, headers=hdr(tokens[0]))
        assert switched.json()["spectator_chat"] is True
        assert say(client, table_id, name="Zoe", text="hello").status_code == 200


def test_a_rematch_keeps_the_hosts_choice_for_the_spectators_chat(client: TestClient) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    switch = f"/api/tables/{table_id}/chat/spectators"
    assert client.post(switch, json={"allowed": False}, headers=hdr(token)).status_code == 200
    play_until_over(client, table_id, token)
    rematch = client.post(f"/api/tables/{table_id}/rematch", headers=hdr(token)).json()
    assert rematch["table"]["spectator_chat"] is False
    assert say(client, rematch["table"]["id"], name="Zoe", text="hi").status_code == 403


def test_a_finished_games_chat_is_for_those_who_sat_and_never_in_its_record(
    client: TestClient,
) -> None:
    created = create(client, "dicetime", ["person"])
    table_id, token = created["table"]["id"], created["token"]
    assert say(client, table_id, token, text="secret words").status_code == 200
    assert say(client, table_id, name="Zoe", text="onlooker words").status_code == 200
    with client.websocket_connect(f"/ws/tables/{table_id}") as onlooker:
        onlooker.send_text(hello(None))
        play_until_over(client, table_id, token)
        assert say(client, table_id, token, text="good game").status_code == 200
        assert client.post(f"/api/tables/{table_id}/rematch", headers=hdr(token)).is_success
        while not (message := onlooker.receive_json()).get("table", {}).get("rematch"):
            # up to the rematch's frame, sent after the line: a spectator's page still open
            assert message["type"] != "chat" or message["line"]["text"] != "good game"
    mine = lines(client, table_id, token)
    assert [line["text"] for line in mine.json()["lines"]] == ["secret words", "good game"]
    assert lines(client, table_id).status_code == 403  # a spectator, after the game
    assert say(client, table_id, name="Zoe", text="too late").status_code == 403
    record = client.get(f"/api/tables/{table_id}/record").text
    assert "secret words" not in record and "onlooker" not in record and "good game" not in record


def test_an_account_talks_from_its_seat_and_reads_its_finished_games_chat_anywhere(
    client: TestClient,
) -> None:
    """A logged-in person needs no token: their account's seat talks in the players' channel
    and reads the chat beside the replay from any browser; a logged-in spectator talks under
    the account's name."""
    created = create(client, "dicetime", ["person"])
    table_id = created["table"]["id"]
    register(client, "Ann", [created["token"]])
    ann = client.cookies.get(SESSION_COOKIE)
    assert say(client, table_id, text="from my account").json()["line"]["seat"] == 0
    play_until_over(client, table_id, created["token"])
    switch_to(client, None)
    register(client, "Zoe")
    assert lines(client, table_id).status_code == 403  # Zoe never sat there
    running = create(client, "dicetime", ["person", "person"])["table"]["id"]
    switch_to(client, None)
    register(client, "Max")
    spoken = say(client, running, text="hello from the stands").json()["line"]
    assert (spoken["channel"], spoken["seat"], spoken["name"]) == ("spectators", None, "Max")
    switch_to(client, ann)
    assert [line["text"] for line in lines(client, table_id).json()["lines"]] == ["from my account"]


def test_a_line_said_through_one_process_reaches_a_watcher_on_another(
    settings: Settings,
) -> None:
    """Two table layers on one PostgreSQL database, as two server processes are."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("SQLite is served by one process")
    engine = connect(settings.db_url)
    clock = ManualClock()

    async def main() -> None:
        first = Tables(engine, bot_pace=0.0, clock=clock, lease_seconds=3)
        second = Tables(engine, bot_pace=0.0, clock=clock, lease_seconds=3)
        await first.start()
        await second.start()
        try:
            table, _tokens = await two_people(first)
            heard: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
            for seat in heard:

                async def send(text: str, seat: int | None = seat) -> None:
                    message = json.loads(text)
                    if message["type"] == "chat":
                        heard[seat].append(message["line"])

                token = _tokens[0] if seat == 0 else None
                await second.commits.watch(table.id, token, send, "en", None)
            await first.chat.say(table, 1, "Bob", "seat 1", "from the first", None)
            await first.chat.say(table, None, "Zoe", "spectator x", None, "oops")
            await _until(lambda: len(heard[None]) == 2)
            assert [line["text"] for line in heard[0]] == ["from the first"]
            assert [line["reaction"] for line in heard[None]] == [None, "oops"]
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())
    engine.dispose()
