"""Load on the web server: many concurrent clients, each playing a table against bots.

    .venv/bin/python benchmarks/bench_server.py [--tables 100] [--seconds 30] [--think 0]
                                                [--game dicetime] [--players 2] [--bot NAME]
                                                [--bot-workers N] [--db sqlite|URL]
                                                [--processes N] [--ramp SECONDS]

The server runs in its own process (uvicorn, a fresh database: a SQLite file, or with a
PostgreSQL URL a new database on that server; bots without delay, limits off: every client
comes from 127.0.0.1), or in `--processes` processes sharing a PostgreSQL database; the clients
run here on asyncio, one WebSocket and one HTTP connection each, as browsers do (with several
processes, client i posts to process i mod N and watches through the next one, so every frame
it waits for crosses processes): wait for a frame that offers this seat actions, think for
`--think` seconds (0: none, the server's saturation; people take seconds), pick one at random,
POST it. An action's latency is the time from sending the POST to its response (the action
checked by the kernel, stored in its transaction, and every watcher sent its frame). When a
game ends, the client starts a new table. With `--ramp` the clients arrive one after another
over that many seconds (500 arriving at once time out on two cores). Reports actions per
second, the 50th/99th percentile latency, and the 50th/99th percentile of the delay from
sending an action to its frame reaching the client's WebSocket (`seen_p50_ms`, `seen_p99_ms`:
through another process when there are several), and the connections `dropped` (a WebSocket
the server closed or a request that failed; its client starts a new table).

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
import time
from typing import Any

import httpx2
import websockets
from benchmarks.soak import database

from parlour.bots.registry import bots_for, default_bot

SERVER = """
import uvicorn
from parlour.web.app import Settings, create_app
settings = Settings(
    db_url={db!r}, bot_pace=0.0, requests_per_10s=10**9, creates_per_minute=10**9,
    ws_per_address=10**9, metrics=True, server_name={name!r}, **{workers!r}
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
    watched: str,
    game: str,
    seats: list[str],
    until: float,
    think: float,
    latencies: list[float],
    seen: list[float],
    rng: random.Random,
    arrives: float = 0.0,
) -> tuple[int, int, int]:
    """Play tables one after another until `until`, acting through `base` and watching
    through `watched`; returns the games finished, the actions of ours the server applied
    (not those it refused as no longer legal) and the connections dropped (a WebSocket the
    server closed, or a request that failed: the client starts a new table)."""
    finished = applied = dropped = 0
    await asyncio.sleep(arrives)
    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        while time.perf_counter() < until:
            try:
                done, ours = await play_table(
                    http, watched, game, seats, until, think, latencies, seen, rng
                )
                finished += done
                applied += ours
            except (websockets.exceptions.WebSocketException, OSError, httpx2.HTTPError):
                dropped += 1
    return finished, applied, dropped


async def play_table(
    http: httpx2.AsyncClient,
    watched: str,
    game: str,
    seats: list[str],
    until: float,
    think: float,
    latencies: list[float],
    seen: list[float],
    rng: random.Random,
) -> tuple[int, int]:
    """One table of `client`'s: whether its game finished, and our actions applied."""
    applied = 0
    waiting: tuple[int, float] | None = None  # the version our last action made, when sent
    body = {"game": game, "players": len(seats), "seats": seats, "name": "load"}
    created = (await http.post("/api/tables", json=body)).json()
    table_id, token = created["table"]["id"], created["token"]
    headers = {"X-Seat-Token": token}
    url = watched.replace("http", "ws") + f"/ws/tables/{table_id}"
    async with websockets.connect(url, max_size=None, open_timeout=60) as socket:
        await socket.send(json.dumps({"token": token}))
        number = 0
        while time.perf_counter() < until:
            frame = json.loads(await socket.recv())
            if frame.get("type") != "state":
                continue
            if waiting is not None and frame["table"]["version"] >= waiting[0]:
                seen.append(time.perf_counter() - waiting[1])
                waiting = None
            if frame["view"] and frame["view"]["over"]:
                return 1, applied
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
            if response.status_code == 200:
                waiting = (response.json()["version"], started)
    return 0, applied


async def load(
    bases: list[str],
    game: str,
    seats: list[str],
    tables: int,
    seconds: float,
    think: float = 0.0,
    ramp: float = 0.0,
) -> dict[str, Any]:
    latencies: list[float] = []
    seen: list[float] = []
    until = time.perf_counter() + seconds
    started = time.perf_counter()
    n = len(bases)
    played = await asyncio.gather(
        *[
            client(
                bases[i % n],
                bases[(i + 1) % n],
                game,
                seats,
                until,
                think,
                latencies,
                seen,
                random.Random(i),
                ramp * i / tables,
            )
            for i in range(tables)
        ]
    )
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    total = 0.0
    for base in bases:
        async with httpx2.AsyncClient(base_url=base) as http:
            metrics = (await http.get("/metrics")).text
        total += next(
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
        "games_finished": sum(games for games, _, _ in played),
        "bot_actions": int(total) - sum(applied for _, applied, _ in played),
        "dropped": sum(dropped for _, _, dropped in played),
        "p50_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))],
        "processes": n,
        "seen_p50_ms": 1000 * statistics.median(seen) if seen else None,
        "seen_p99_ms": 1000 * sorted(seen)[int(0.99 * (len(seen) - 1))] if seen else None,
    }


def run(args: argparse.Namespace, bot: str) -> dict[str, Any]:
    """One load run on fresh servers and a fresh database, the other seats played by `bot`."""
    if args.processes > 1 and args.db == "sqlite":
        raise SystemExit("several processes share a PostgreSQL database: give --db URL")
    workers = {} if args.bot_workers is None else {"bot_workers": args.bot_workers}
    with database(args.db) as url:
        ports = [args.port + i for i in range(args.processes)]
        servers = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    SERVER.format(db=url, port=port, workers=workers, name=f"load {port}"),
                ],
                env=os.environ.copy(),
            )
            for port in ports
        ]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        seats = ["person"] + [bot] * (args.players - 1)
        try:
            for base in bases:
                for _ in range(300):
                    try:
                        httpx2.get(base + "/api/games", timeout=1)
                        break
                    except httpx2.HTTPError:
                        time.sleep(0.1)
            return asyncio.run(
                load(bases, args.game, seats, args.tables, args.seconds, args.think, args.ramp)
            )
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--game", default="dicetime")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a client thinks")
    parser.add_argument(
        "--ramp", type=float, default=0.0, help="seconds over which the clients arrive"
    )
    parser.add_argument("--bot", help="the bots thinking (default: the game's hardest level)")
    parser.add_argument("--bot-workers", type=int, help="the server's bot processes")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--db", default="sqlite", help="sqlite, or a PostgreSQL server's URL")
    parser.add_argument("--processes", type=int, default=1, help="servers (several: PostgreSQL)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [run(args, bot) for bot in ("random", args.bot or hardest(args.game))]
    if args.json:
        print(json.dumps(results))
        return
    for result in results:
        print(
            f"{result['processes']} process(es), "
            f"{result['tables']} concurrent tables of {args.game} against {result['bot']} "
            f"(clients think {args.think} s) for {result['seconds']:.1f} s: "
            f"{result['actions_per_second']:,.0f} people's actions/s ({result['actions']:,} "
            f"actions, {result['games_finished']} games finished, {result['bot_actions']:,} "
            f"bot actions); people's action latency p50 {result['p50_ms']:.1f} ms, "
            f"p99 {result['p99_ms']:.1f} ms; its frame seen p50 {result['seen_p50_ms']:.1f} ms, "
            f"p99 {result['seen_p99_ms']:.1f} ms; {result['dropped']} connections dropped"
        )


if __name__ == "__main__":
    main()
