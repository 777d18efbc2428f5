"""What one abusive client gets from the WebSocket limits of a real server (default settings).

    .venv/bin/python benchmarks/bench_ws_limits.py [--sockets 300] [--messages 5000]

Opens `--sockets` sockets at once from one address, floods one socket with `--messages`
messages, sends a binary frame and an oversized one, and reports how each was answered (close
codes: 1008 a limit, 1003 binary data, 1009 too large; "refused": the handshake itself, past
the request rate) and whether the server logged a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx2
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.live_server import running

from parlour.web.app import Settings

HELLO = json.dumps({"token": None})


async def outcome(
    url: str, first: str | bytes = HELLO, hold: asyncio.Event | None = None
) -> str | int:
    """Connect, send `first`, and say how it went: "open" (a frame came), the close code, or
    "refused" (at the handshake: the request rate); an open socket stays open until `hold`."""
    try:
        ws = await websockets.connect(url, max_size=None)
    except websockets.InvalidStatus:
        return "refused"
    async with ws:
        try:
            await ws.send(first)
            while json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] != "state":
                pass
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else "dropped"
        if hold is not None:
            await hold.wait()
        return "open"


async def flood(url: str, messages: int) -> tuple[int, int | None]:
    """Answers to a flood of messages on one socket, and its close code."""
    answered = 0
    async with websockets.connect(url) as ws:
        await ws.send(HELLO)
        await ws.recv()
        with contextlib.suppress(websockets.ConnectionClosed):
            for _ in range(messages):
                await ws.send("{}")
        try:
            while True:
                answered += json.loads(await ws.recv())["type"] == "pong"
        except websockets.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
    return answered, code


async def at_once(url: str, sockets: int) -> str:
    """Open `sockets` sockets at once, holding those let in; how each went."""
    started = time.perf_counter()
    release = asyncio.Event()
    tasks = [asyncio.create_task(outcome(url, hold=release)) for _ in range(sockets)]
    while sum(t.done() for t in tasks) < sockets - 20 and time.perf_counter() - started < 60:
        await asyncio.sleep(0.01)  # every socket over the limit has its answer
    seconds = time.perf_counter() - started
    release.set()
    results = Counter(await asyncio.gather(*tasks))
    return f"{sockets} sockets at once from one address ({seconds:.2f} s): {dict(results)}"


async def flooded(url: str, messages: int) -> str:
    answered, code = await flood(url, messages)
    return f"{messages} messages on one socket: {answered} answered, closed with {code}"


async def binary(url: str) -> str:
    return f"a binary frame: closed with {await outcome(url, b'{}')}"


async def oversized(url: str) -> str:
    return f"a 5,000-byte message: closed with {await outcome(url, 'x' * 5000)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--messages", type=int, default=5000)
    args = parser.parse_args()
    phases: list[Callable[[str], Awaitable[str]]] = [
        lambda url: at_once(url, args.sockets),
        lambda url: flooded(url, args.messages),
        binary,
        oversized,
    ]
    log = io.StringIO()
    with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stderr(log):
        for number, phase in enumerate(phases):  # each on a fresh server: no limit carries over
            with running(Settings(db_url=f"sqlite:///{folder}/limits{number}.db")) as base:
                body = {"game": "dicetime", "players": 2, "seats": ["person"] * 2, "name": "A"}
                table_id = httpx2.post(base + "/api/tables", json=body).json()["table"]["id"]
                url = "ws" + base.removeprefix("http") + f"/ws/tables/{table_id}"
                print(asyncio.run(phase(url)))
    print(f"tracebacks in the server's log: {log.getvalue().count('Traceback')}")


if __name__ == "__main__":
    main()
