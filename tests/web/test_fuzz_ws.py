"""WebSocket fuzzing: seeded random frames at /ws/tables/{id} of a real server (text, binary,
oversized, malformed JSON, hello missing, repeated or out of order, chat lines sent where only
the API takes them, floods). The server stays up, logs no traceback, closes a socket it refuses
with a code (never 1006 or 1011), and a second table's watcher gets exactly its own frames and
its own table's chat lines, while both tables talk."""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from parlour.web.app import Settings
from tests.web.live_server import running

SESSIONS = 40
"""Sockets opened per campaign; each sends a few random frames."""

Frame = str | bytes
QUIET = 2.0
"""Seconds without a reply after which a socket counts as quiet."""
CHARACTERS = [*range(0xD800), *range(0xE000, 0x30000)]
"""Code points a text frame may carry (UTF-8 has no surrogates)."""
BROKEN_CLOSES = {1006, 1011}
"""Close codes of a server that failed: no close frame at all, or an internal error."""


@dataclass
class Server:
    """A running server with two tables of two people: one to fuzz, one whose watcher must see
    nothing of it."""

    base: str
    http: httpx2.Client
    fuzzed: str
    tokens: list[str]
    other: str
    other_tokens: list[str]

    def socket(self, table_id: str) -> ClientConnection:
        url = self.base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        return connect(url, open_timeout=10, max_size=None, compression=None)

    def act_on_other(self, number: int) -> None:
        """Play the other table's next legal action (whoever's turn it is)."""
        for token in self.other_tokens:
            state = self.http.get(
                f"/api/tables/{self.other}/state", headers={"X-Seat-Token": token}
            ).json()
            if state["legal"]:
                answer = self.http.post(
                    f"/api/tables/{self.other}/actions",
                    json={"action": state["legal"][0], "request_id": f"other-{number}"},
                    headers={"X-Seat-Token": token},
                )
                assert answer.status_code == 200, answer.text
                return
        raise AssertionError("no seat of the other table may act")

    def talk(self, table_id: str, token: str, number: int) -> None:
        """A seat of `table_id` says a line through the API."""
        answer = self.http.post(
            f"/api/tables/{table_id}/chat",
            json={"text": f"line {number} of {table_id}"},
            headers={"X-Seat-Token": token},
        )
        assert answer.status_code == 200, answer.text


def _two_people(http: httpx2.Client) -> tuple[str, list[str]]:
    body = {"game": "dicecream", "players": 2, "seats": ["person", "person"], "name": "Ann"}
    created = http.post("/api/tables", json=body).json()
    table_id = created["table"]["id"]
    joined = http.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    return table_id, [created["token"], joined["token"]]


@pytest.fixture
def server(settings: Settings, caplog: pytest.LogCaptureFixture) -> Iterator[Server]:
    caplog.set_level(logging.INFO)
    with running(settings) as base, httpx2.Client(base_url=base, timeout=30) as http:
        # uvicorn's loggers stop at "uvicorn" (and it sets them up as it starts): listen there
        uvicorn_log = logging.getLogger("uvicorn")
        uvicorn_log.addHandler(caplog.handler)
        try:
            fuzzed, tokens = _two_people(http)
            other, other_tokens = _two_people(http)
            yield Server(base, http, fuzzed, tokens, other, other_tokens)
        finally:
            uvicorn_log.removeHandler(caplog.handler)


def hello(token: str | None) -> str:
    return json.dumps({"token": token})


def random_text(rng: random.Random, server: Server) -> str:
    """A text frame as a broken, confused or hostile client might send it."""
    choices: list[Callable[[], str]] = [
        lambda: hello(rng.choice([*server.tokens, None, "wrong", ""])),
        lambda: json.dumps({"token": rng.choice([5, [], {}, True, 1.5, "x" * 200])}),
        lambda: json.dumps(rng.choice([[], 1, "token", None, {"tok": "x"}, {"type": "act"}])),
        lambda: json.dumps({"type": "action", "action": "roll", "request_id": "ws"}),
        lambda: json.dumps({"type": "chat", "text": "<b>not here</b>", "reaction": "oops"}),
        lambda: "".join(map(chr, rng.choices(CHARACTERS, k=rng.randrange(0, 64)))),
        lambda: '{"token": ' + rng.choice(['"', "nul", "[", "{", "'x'"]),
        lambda: "",
        lambda: "ping",
        lambda: "\x00" * rng.randrange(1, 100),
    ]
    return rng.choice(choices)()


def texts(rng: random.Random, server: Server, count: int) -> list[Frame]:
    return [random_text(rng, server) for _ in range(count)]


def session(server: Server, frames: list[Frame]) -> None:
    """One socket: `frames`, each after the reply to the one before (a frame for the hello, a
    pong after it) or until a close, as a patient client sends (floods have their own test)."""
    try:
        socket = server.socket(server.fuzzed)
    except InvalidStatus as refused:  # a limit may refuse the handshake itself
        assert refused.response.status_code < 500, refused
        return
    with socket:
        try:
            for frame in frames:
                socket.send(frame)
                socket.recv(timeout=QUIET)
            return  # every frame answered: still open
        except TimeoutError:
            return  # quiet: frames the server leaves unanswered
        except ConnectionClosed:
            pass
    close = socket.protocol.close_rcvd
    assert close is not None and close.code not in BROKEN_CLOSES, (
        f"closed with {close} after {[f[:40] for f in frames]}"
    )


def campaign(server: Server, make: Callable[[random.Random], list[Frame]], seed: int) -> None:
    """`SESSIONS` seeded sessions of `make`'s frames while the other table plays on and both
    tables talk; then the server answers, and the other table's watcher got exactly one frame
    per change and its own table's lines."""
    rng = random.Random(seed)
    with server.socket(server.other) as watcher:
        watcher.send(hello(None))
        first = json.loads(watcher.recv(timeout=10))
        moves = 0
        for number in range(SESSIONS):
            session(server, make(rng))
            if number % 10 == 0:
                server.act_on_other(moves)
                server.talk(server.other, server.other_tokens[0], moves)
                server.talk(server.fuzzed, server.tokens[0], moves)
                moves += 1
        received = [json.loads(watcher.recv(timeout=10)) for _ in range(2 * moves)]
        with pytest.raises(TimeoutError):
            watcher.recv(timeout=0.3)  # nothing more
    frames = [message for message in received if message["type"] == "state"]
    lines = [message["line"]["text"] for message in received if message["type"] == "chat"]
    assert lines == [f"line {number} of {server.other}" for number in range(moves)]
    versions = [frame["table"]["version"] for frame in [first, *frames]]
    assert {frame["table"]["id"] for frame in frames} == {server.other}
    assert versions == list(range(versions[0], versions[0] + moves + 1))
    assert server.http.get("/api/tables").status_code == 200
    with server.socket(server.fuzzed) as socket:  # a well-behaved client still gets its frame
        socket.send(hello(server.tokens[0]))
        assert json.loads(socket.recv(timeout=10))["seat"] == 0


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    """The server logged no error (the test's own client library may: it sees the vanishing)."""
    logged = [
        r
        for r in caplog.records
        if (r.exc_info or r.levelno >= logging.ERROR) and not r.name.startswith("websockets.client")
    ]
    assert logged == [], [r.getMessage() for r in logged]


def test_random_text_frames_are_answered_or_closed_cleanly(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    campaign(server, lambda rng: texts(rng, server, rng.randrange(1, 6)), seed=1)
    no_tracebacks(caplog)


def test_text_frames_past_the_limits_close_with_a_code(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    def oversized(rng: random.Random) -> list[Frame]:
        size = rng.choice([4097, 5000, 70_000, 1 << 20])
        big = (rng.choice(["x", "[", '{"token": "']) * size)[:size]
        return [*texts(rng, server, rng.randrange(0, 3)), big]  # the server stops reading there

    campaign(server, oversized, seed=2)
    no_tracebacks(caplog)


def test_deeply_nested_json_is_refused_cleanly(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    campaign(server, lambda rng: ["[" * rng.randrange(1_000, 4_000)], seed=3)
    no_tracebacks(caplog)


def test_binary_frames_close_with_1003(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    def binary(rng: random.Random) -> list[Frame]:
        frames: list[Frame] = texts(rng, server, rng.randrange(0, 3))
        frames.insert(rng.randrange(len(frames) + 1), rng.randbytes(rng.choice([0, 1, 16, 4000])))
        return frames

    campaign(server, binary, seed=4)
    no_tracebacks(caplog)
    with server.socket(server.fuzzed) as socket:
        socket.send(b"\x00\x01")
        with pytest.raises(ConnectionClosed):  # the error message, then the close
            assert json.loads(socket.recv(timeout=10))["type"] == "error"
            socket.recv(timeout=10)
    assert socket.protocol.close_rcvd is not None and socket.protocol.close_rcvd.code == 1003


def test_a_flood_is_closed_with_1008_and_others_notice_nothing(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    closes: list[Any] = []
    with server.socket(server.other) as watcher:
        watcher.send(hello(None))
        first = json.loads(watcher.recv(timeout=10))
        with server.socket(server.fuzzed) as socket:
            socket.send(hello(server.tokens[0]))
            socket.recv(timeout=10)
            try:
                # Five times the limit at once. Far more (2,000) proves nothing more and fills the
                # server's queue ahead of our closing frame: it then waits 10 s to hang up.
                for _ in range(100):
                    socket.send("ping")
                while True:
                    socket.recv(timeout=5)
            except (ConnectionClosed, TimeoutError):
                pass
            closes.append(socket.protocol.close_rcvd)
        server.act_on_other(0)
        after = json.loads(watcher.recv(timeout=10))
        with pytest.raises(TimeoutError):
            watcher.recv(timeout=0.3)  # nothing more
    assert closes[0] is not None and closes[0].code == 1008
    assert after["table"]["version"] == first["table"]["version"] + 1
    no_tracebacks(caplog)


def test_clients_that_vanish_mid_hello_leave_no_trace(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    for hello_text in [hello("wrong"), "not json", hello(None), hello(server.tokens[0])] * 5:
        with server.socket(server.fuzzed) as socket:
            socket.send(hello_text)
            socket.socket.close()  # gone, without a closing handshake
    time.sleep(0.5)
    assert server.http.get("/api/tables").status_code == 200
    no_tracebacks(caplog)
