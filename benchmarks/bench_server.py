"""Load on the web server: many concurrent clients, each playing a table against bots.

    .venv/bin/python benchmarks/bench_server.py [--tables 100] [--seconds 30] [--think 0]
                                                [--game dicetime] [--players 2] [--bot NAME]
                                                [--bot-workers N]

The server runs in its own process (uvicorn, a fresh SQLite file, bots without delay, limits
off: every client comes from 127.0.0.1); the clients run here on asyncio, one WebSocket and one
HTTP connection each, as browsers do: wait for a frame that offers this seat actions, think for
`--think` seconds (0: none, the server's saturation; people take seconds), pick one at random,
POST it. An action's latency is the time from sending the POST to its response (the action
checked by the kernel, stored in its transaction, and every watcher sent its frame). When a
game ends, the client starts a new table. Reports actions per second and the 50th/99th
percentile latency.

It runs twice, on a fresh server each: first with `random` bots at the other seats (they
decide at once: no bot is thinking), then with `--bot` (default: the hardest level the game
declares, its bots' last level, else its default bot), whose thinking runs in the server's
worker processes (`--bot-workers`, default the server's): people's latency should not change
while bots think. The bots' actions are counted too (`bot_actions`, from the server's
`/metrics`: every action applied but the clients', timeouts included).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
import websockets

from parlour.bots.registry import bots_for, default_bot

SERVER = """
import uvicorn
from parlour.web.app import Settings, create_app
settings = Settings(
    db_url={db!r}, bot_pace=0.0, requests_per_10s=10**9, creates_per_minute=10**9,
    ws_per_address=10**9, metrics=True, **{workers!r}
)
uvicorn.run(create_app(settings), host="127.0.0.1", port={port}, log_level="warning",
            ws_per_message_deflate=False)
"""


def hardest(game: str) -> str:
    """The hardest level `game` declares (the last level of its last listed bot with levels;
    levels go weakest first), else its default bot."""
    levels = [bot.levels[-1] for bot in bots_for(game) if bot.listed and bot.levels]
    return levels[-1] if levels else default_bot(game)


async def client(
    base: str,
    game: str,
    seats: list[str],
    until: float,
    think: float,
    latencies: list[float],
    rng: random.Random,
) -> tuple[int, int]:
    """Play tables one after another until `until`; returns the games finished and the
    actions of ours the server applied (not those it refused as no longer legal)."""
    finished = applied = 0
    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        while time.perf_counter() < until:
            body = {"game": game, "players": len(seats), "seats": seats, "name": "load"}
            created = (await http.post("/api/tables", json=body)).json()
            table_id, token = created["table"]["id"], created["token"]
            headers = {"X-Seat-Token": token}
            url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
            async with websockets.connect(url, max_size=None) as socket:
                await socket.send(json.dumps({"token": token}))
                number = 0
                while time.perf_counter() < until:
                    frame = json.loads(await socket.recv())
                    if frame.get("type") != "state":
                        continue
                    if frame["view"] and frame["view"]["over"]:
                        finished += 1
                        break
                    if not frame["legal"]:
                        continue
                    if think:
                        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    action = rng.choice(frame["legal"])
                    started = time.perf_counter()
                    response = await http.post(
                        f"/api/tables/{table_id}/actions",
                        json={"action": action, "request_id": f"r{number}"},
                        headers=headers,
                    )
                    latencies.append(time.perf_counter() - started)
                    number += 1
                    if response.status_code != 200 and response.status_code != 409:
                        raise RuntimeError(response.text)
                    applied += response.status_code == 200
    return finished, applied


async def load(
    base: str, game: str, seats: list[str], tables: int, seconds: float, think: float = 0.0
) -> dict[str, Any]:
    latencies: list[float] = []
    until = time.perf_counter() + seconds
    started = time.perf_counter()
    played = await asyncio.gather(
        *[
            client(base, game, seats, until, think, latencies, random.Random(i))
            for i in range(tables)
        ]
    )
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    async with httpx2.AsyncClient(base_url=base) as http:
        metrics = (await http.get("/metrics")).text
    total = next(
        float(line.split()[-1])
        for line in metrics.splitlines()
        if line.startswith("parlour_actions_applied_total")
    )
    return {
        "bot": seats[-1],
        "tables": tables,
        "think": think,
        "seconds": elapsed,
        "actions": len(latencies),
        "actions_per_second": len(latencies) / elapsed,
        "games_finished": sum(games for games, _ in played),
        "bot_actions": int(total) - sum(applied for _, applied in played),
        "p50_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))],
    }


def run(args: argparse.Namespace, bot: str) -> dict[str, Any]:
    """One load run on a fresh server, the other seats played by `bot`."""
    folder = Path(tempfile.mkdtemp(prefix="parlour-load-"))
    workers = {} if args.bot_workers is None else {"bot_workers": args.bot_workers}
    code = SERVER.format(db=f"sqlite:///{folder / 'load.db'}", port=args.port, workers=workers)
    server = subprocess.Popen([sys.executable, "-c", code], env=os.environ.copy())
    base = f"http://127.0.0.1:{args.port}"
    seats = ["person"] + [bot] * (args.players - 1)
    try:
        for _ in range(300):
            try:
                httpx2.get(base + "/api/games", timeout=1)
                break
            except httpx2.HTTPError:
                time.sleep(0.1)
        return asyncio.run(load(base, args.game, seats, args.tables, args.seconds, args.think))
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--game", default="dicetime")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a client thinks")
    parser.add_argument("--bot", help="the bots thinking (default: the game's hardest level)")
    parser.add_argument("--bot-workers", type=int, help="the server's bot processes")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [run(args, bot) for bot in ("random", args.bot or hardest(args.game))]
    if args.json:
        print(json.dumps(results))
        return
    for result in results:
        print(
            f"{result['tables']} concurrent tables of {args.game} against {result['bot']} "
            f"(clients think {args.think} s) for {result['seconds']:.1f} s: "
            f"{result['actions_per_second']:,.0f} people's actions/s ({result['actions']:,} "
            f"actions, {result['games_finished']} games finished, {result['bot_actions']:,} "
            f"bot actions); people's action latency p50 {result['p50_ms']:.1f} ms, "
            f"p99 {result['p99_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
