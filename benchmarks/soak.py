"""Kill -9 soak: real server processes hold tables of bots and scripted people and are killed
with SIGKILL at random (seeded) moments, then restarted; nothing they acknowledged may be lost.

    PYTHONPATH=src .venv/bin/python benchmarks/soak.py --db sqlite --kills 20 --seed 1
    PYTHONPATH=src .venv/bin/python benchmarks/soak.py --kills 20 --seed 1 --processes 2 \\
        --db postgresql+psycopg://parlour:parlour@127.0.0.1:5432/postgres

With `--processes 2` (PostgreSQL only) two servers share the database: each request goes to
one of them at random (to the other while it is down), the kills take them in turn, and a
table's bots and clocks go on through the other process once the dead one's lease runs out
(`LEASE_SECONDS`), or through the restarted one, which holds its name.

`--db sqlite` soaks a fresh SQLite file; a PostgreSQL URL names a server on which a fresh
database is created (and dropped afterwards); a `sqlite:///` URL is used as it is.

The server runs in its own process from this checkout's sources (uvicorn, bots at a quick
pace, request limits off). The scripted people are HTTP clients: each polls its seat's frame
with its `X-Seat-Token`, picks a legal action and posts it with a request id of its own; when
the server is down it sends the same request again until the server answers, so an action
applied just before a kill is acknowledged once. Kinds of table (`KINDS`): a timed Dicetime
puzzle whose game clock ends it, a Dicetime table whose person goes away after a few actions
(a stand-in plays for them past the turn limit), and tables of people and bots of every game.

After every restart the soak checks that every acknowledged action (a 2xx answer) is in its
table's record in the database, with its seat, action and request id; that every record
replays through `parlour.replay` to the view the server serves; and that a seat whose person
was away when the server died (at the last kill) is played by its stand-in again at once. Each
table has a spectator on a WebSocket to one of the processes (to the next when it dies). At the
end it waits for every game to finish (bots play on, deadlines fire) and checks the finished
records, and that every spectator's last frame shows the finished game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import websockets
from sqlalchemy import Engine, create_engine, select
from websockets.exceptions import WebSocketException

import parlour
from parlour.web.storage import ACTIONS, TABLES

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.databases import postgres_database
from tests.web.live_server import free_port

ROOT = Path(__file__).resolve().parents[1]
SERVER = """
import uvicorn
from parlour.web.app import Settings, create_app
settings = Settings(db_url={db!r}, bot_pace={pace!r}, requests_per_10s=10**9,
                    creates_per_minute=10**9, server_name={name!r}, lease_seconds={lease!r})
uvicorn.run(create_app(settings), host="127.0.0.1", port={port}, log_level="warning")
"""
TURN_LIMIT = 5.0
"""The shortest turn limit the API accepts (seconds before a stand-in plays)."""
AWAY_LIMIT = 15.0
"""The turn limit of the table whose host goes away. A stand-in that waited out a fresh limit
after a restart could not act sooner than this, so acting within it (`RESUME_WINDOW`) shows it
resumed at once. It is three times the shortest limit so that a busy machine's slow restart
(the bot workers' start) is not taken for a fresh limit: at 5 s it was, on a loaded machine."""
RESUME_WINDOW = AWAY_LIMIT
"""Seconds after a restart within which an away seat's stand-in must have acted again."""
LEASE_SECONDS = 1.5
"""How long a soaked process drives a table without renewing its lease: short, so that the
other process takes over a dead one's tables well within `RESUME_WINDOW`."""


@dataclass(frozen=True)
class Kind:
    """A kind of table the soak keeps running: its game, seats ("person" or a bot) and pace."""

    name: str
    game: str
    seats: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    turn_limit: float | None = TURN_LIMIT
    think: tuple[float, float] = (0.02, 0.15)
    """Seconds a scripted person waits before acting (drawn uniformly)."""
    away_after: int | None = None
    """The host stops acting after this many acknowledged actions (a stand-in takes over)."""


def kinds(puzzle_seconds: int) -> tuple[Kind, ...]:
    """Every kind of table: the clock, the stand-in, and people with bots at each game (a
    game registered without a kind of its own: one person and `random` bots, default options)."""
    chosen = (
        Kind(
            "puzzle",
            "dicetime",
            ("person",),
            {"mode": "puzzle", "time_limit": puzzle_seconds},
            None,
            think=(0.3, 0.6),
        ),
        Kind("away", "dicetime", ("person", "greedy"), turn_limit=AWAY_LIMIT, away_after=3),
        Kind("dicecream", "dicecream", ("person", "greedy")),
        Kind("dokitto", "dokitto", ("person", "greedy", "greedy")),
        Kind("icecream", "icecream", ("person", "person", "greedy")),
        Kind("simultaneous", "dicetime", ("person", "person"), {"mode": "simultaneous"}),
        Kind("likedice", "likedice", ("person", "counter"), {"time_limit": 5, "targets": [3, 3]}),
    )
    named = {kind.game for kind in chosen}
    return chosen + tuple(
        Kind(info.name, info.name, ("person",) + ("random",) * (max(2, info.min_players) - 1))
        for info in parlour.games()
        if info.name not in named
    )


QUICK_KINDS = ("puzzle", "away", "dicecream", "dokitto")
"""The kinds the test suite's short soak keeps (its games end in seconds)."""


@dataclass
class Ack:
    """An action the server acknowledged: it must be action `number` of the table's record."""

    table: str
    number: int
    seat: int
    action: str
    request_id: str


@dataclass
class Tracked:
    """A table the soak created, and what it knows of it."""

    id: str
    kind: Kind
    tokens: list[str] = field(default_factory=list)
    watched: dict[str, Any] | None = None
    """The last frame its spectator's WebSocket was sent."""


@dataclass
class Figures:
    """What a soak did and found; `problems` is empty when nothing was lost or wrong."""

    database: str
    processes: int = 1
    kills: int = 0
    tables: int = 0
    finished: int = 0
    abandoned: int = 0
    """Tables left half-seated because a kill lost the answer to a join (the join sent again
    finds the seat taken); such tables are not tracked."""
    acknowledged: int = 0
    retried: int = 0
    checked: int = 0
    replayed: int = 0
    deadlines_fired: int = 0
    watched: int = 0
    """Spectators' WebSockets (one a table, moved to another process when theirs died) whose
    last frame was the finished game's."""
    stand_ins_expected: int = 0
    stand_ins_resumed: int = 0
    slowest_resume: float = 0.0
    """Seconds from a restart to the away seat's first stand-in action, the slowest seen."""
    seconds: float = 0.0
    problems: dict[str, list[str]] = field(default_factory=dict)

    def problem(self, what: str, message: str) -> None:
        self.problems.setdefault(what, []).append(message)

    def summary(self) -> str:
        return (
            f"{self.database}, {self.processes} process(es): {self.kills} kills survived in "
            f"{self.seconds:.0f} s; "
            f"{self.tables} tables ({self.finished} finished, {self.deadlines_fired} by their "
            f"clock; {self.abandoned} left half-seated by a lost answer); "
            f"{self.acknowledged} actions acknowledged ({self.retried} requests resent "
            f"across a kill), {self.checked} acknowledgements checked against the records, "
            f"{self.replayed} records replayed, {self.watched} watchers ended with the final "
            f"frame; stand-ins resumed at once after "
            f"{self.stand_ins_resumed} of {self.stand_ins_expected} restarts with a seat away "
            f"(the slowest after {self.slowest_resume:.1f} s); "
            f"problems: {sum(map(len, self.problems.values())) or 'none'}"
        )


class Server:
    """The server process: started from this checkout, killed with SIGKILL, started again."""

    def __init__(self, db_url: str, log: Path, pace: float, name: str) -> None:
        self.port = free_port()
        self.code = SERVER.format(
            db=db_url, pace=pace, port=self.port, name=name, lease=LEASE_SECONDS
        )
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", self.code], env=env, stdout=out, stderr=out
            )
        deadline = time.monotonic() + 60
        async with httpx2.AsyncClient(base_url=self.base, timeout=2) as http:
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited; see {self.log}")
                with contextlib.suppress(httpx2.TransportError):
                    if (await http.get("/api/games")).status_code == 200:
                        return
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start in 60 s")
                await asyncio.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def tracebacks(self) -> int:
        return self.log.read_text(errors="replace").count("Traceback")


class Soak:
    """One soak campaign against one database."""

    def __init__(
        self, db_url: str, seed: int, kinds: tuple[Kind, ...], log: Path, processes: int = 1
    ) -> None:
        self.servers = [
            Server(db_url, log.with_name(f"{log.stem}-{i}{log.suffix}"), 0.05, f"soak {i}")
            for i in range(processes)
        ]
        self.engine: Engine = create_engine(db_url)
        self.rng = random.Random(seed)
        self.seed = seed
        self.kinds = kinds
        self.tables: list[Tracked] = []
        self.acks: list[Ack] = []
        self.figures = Figures(
            database=db_url.split(":", 1)[0].split("+", 1)[0], processes=processes
        )
        self.stopping = False
        self.watchers: list[asyncio.Task[None]] = []
        self.clients = [httpx2.AsyncClient(base_url=s.base, timeout=10) for s in self.servers]
        self.routes = random.Random(f"{seed}/routes")
        """Which process each request goes to first (apart from `rng`, which times the kills)."""

    # -- the campaign ---------------------------------------------------------------------------

    async def run(self, kills: int, between: tuple[float, float], finish_within: float) -> Figures:
        started = time.monotonic()
        await asyncio.gather(*(server.start() for server in self.servers))
        players = [asyncio.create_task(self._keep_playing(kind)) for kind in self.kinds]
        try:
            for number in range(kills):
                await asyncio.sleep(self.rng.uniform(*between))
                if number == kills - 1:  # the last kill lands while a stand-in plays for someone
                    await self._until_someone_is_away(2 * AWAY_LIMIT)
                away = await self._away_seats()
                victim = self.servers[number % len(self.servers)]
                victim.kill()
                self.figures.kills += 1
                away = self._still_running(away)
                await victim.start()
                await self._check_stand_ins(away)  # first: its window counts from the restart
                await self._check_records()
            self.stopping = True
            await asyncio.wait_for(asyncio.gather(*players), finish_within)
            await self._until_finished(finish_within)
            await self._check_records()
            await asyncio.wait_for(asyncio.gather(*self.watchers), finish_within)
            await self._check_finished()
        except TimeoutError:
            self.figures.problem("unfinished", f"games still running after {finish_within} s")
        finally:
            for task in players + self.watchers:
                task.cancel()
            await asyncio.gather(*players, *self.watchers, return_exceptions=True)
            for server, client in zip(self.servers, self.clients, strict=True):
                server.kill()
                await client.aclose()
            self.engine.dispose()
        tracebacks = sum(server.tracebacks() for server in self.servers)
        if tracebacks:
            self.figures.problem("log", f"{tracebacks} tracebacks in the servers' logs")
        self.figures.seconds = time.monotonic() - started
        self.figures.tables = len(self.tables)
        self.figures.acknowledged = len(self.acks)
        return self.figures

    async def _keep_playing(self, kind: Kind) -> None:
        """Tables of `kind` one after another until the soak stops (then the last one ends)."""
        count = 0
        while not self.stopping or count == 0:
            table = await self._create(kind)
            if table is None:
                continue
            count += 1
            people = [
                self._person(table, seat, token, random.Random(f"{self.seed}/{table.id}/{seat}"))
                for seat, token in enumerate(table.tokens)
                if token
            ]
            await asyncio.gather(*people)
            while (await self._call("GET", f"/api/tables/{table.id}")).json()["status"] != (
                "finished"
            ):
                await asyncio.sleep(0.2)  # an away host's stand-in plays on

    async def _create(self, kind: Kind) -> Tracked | None:
        """A table of `kind` with every person seated, or None when a kill lost an answer
        on the way (a resent join finds its seat taken: that table is left, untracked)."""
        body = {
            "game": kind.game,
            "players": len(kind.seats),
            "seats": list(kind.seats),
            "options": kind.options,
            "turn_limit": kind.turn_limit,
            "name": "host",
        }
        created = await self._call("POST", "/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = Tracked(created.json()["table"]["id"], kind, [""] * len(kind.seats))
        table.tokens[created.json()["seat"]] = created.json()["token"]
        for _ in range(kind.seats.count("person") - 1):
            joined = await self._call("POST", f"/api/tables/{table.id}/join", json={"name": "p"})
            if joined.status_code != 200:
                self.figures.abandoned += 1
                return None
            table.tokens[joined.json()["seat"]] = joined.json()["token"]
        self.tables.append(table)
        self.watchers.append(asyncio.create_task(self._watch(table)))
        return table

    async def _watch(self, table: Tracked) -> None:
        """Watch `table` as a spectator over a WebSocket to one of the processes (to the next
        when its process dies) until it is sent the finished game."""
        first = self.routes.randrange(len(self.servers))
        for attempt in itertools.count():
            server = self.servers[(first + attempt) % len(self.servers)]
            url = server.base.replace("http", "ws") + f"/ws/tables/{table.id}"
            with contextlib.suppress(OSError, WebSocketException):
                async with websockets.connect(url, max_size=None) as socket:
                    await socket.send(json.dumps({"token": None}))
                    async for text in socket:
                        frame = json.loads(text)
                        if frame.get("type") == "state":
                            table.watched = frame
                            if frame["table"]["status"] == "finished":
                                return
            await asyncio.sleep(0.1)

    async def _person(self, table: Tracked, seat: int, token: str, rng: random.Random) -> None:
        """Play `seat` until the game ends (or, for an away kind's host, stop after a few)."""
        headers = {"X-Seat-Token": token}
        sent = 0
        acked = 0
        while True:
            response = await self._call("GET", f"/api/tables/{table.id}/state", headers=headers)
            frame = response.json()
            if frame["table"]["status"] != "running":
                if frame["table"]["status"] == "open":
                    await asyncio.sleep(0.05)
                    continue
                return
            away = table.kind.away_after
            if away is not None and seat == 0 and acked >= away:
                return  # gone: the stand-in plays from the turn limit on
            if not frame["legal"]:
                await asyncio.sleep(0.02)
                continue
            await asyncio.sleep(rng.uniform(*table.kind.think))
            action = rng.choice(frame["legal"])
            request_id = f"s{seat}r{sent}"  # unique at the table, as a browser's are
            sent += 1
            answer = await self._call(
                "POST",
                f"/api/tables/{table.id}/actions",
                json={"action": action, "request_id": request_id},
                headers=headers,
            )
            if answer.status_code == 200:
                acked += 1
                self.acks.append(Ack(table.id, answer.json()["number"], seat, action, request_id))
            elif answer.status_code != 409:  # 409: the table moved on before the action
                self.figures.problem("refused", f"{table.id}: {answer.status_code} {answer.text}")

    async def _call(self, method: str, url: str, **kwargs: Any) -> httpx2.Response:
        """A request to one of the processes (chosen at random), sent again (the same request)
        to the next while it is down, until one answers."""
        first = self.routes.randrange(len(self.clients))
        resent = False
        while True:
            for client in self.clients[first:] + self.clients[:first]:
                try:
                    return await client.request(method, url, **kwargs)
                except httpx2.TransportError:
                    self.figures.retried += method == "POST" and not resent
                    resent = True
            await asyncio.sleep(0.1)

    # -- the checks -----------------------------------------------------------------------------

    async def _check_records(self) -> None:
        """Every acknowledged action is in its record; every record replays to the view the
        server serves."""
        records = self._records()
        for ack in list(self.acks):
            stored = records.get(ack.table, {}).get("rows", [])
            row = stored[ack.number] if ack.number < len(stored) else None
            self.figures.checked += 1
            if row != (ack.number, ack.seat, ack.action, ack.request_id):
                self.figures.problem("lost", f"{ack} is not in the record (found {row})")
        for table in self.tables:
            before = len(self._records([table.id])[table.id]["rows"])
            frame = (await self._call("GET", f"/api/tables/{table.id}/state")).json()
            if frame["view"] is not None:
                self._check_replay(table, frame, self._records([table.id])[table.id], before)

    def _records(self, ids: list[str] | None = None) -> dict[str, dict[str, Any]]:
        """The stored records (setup and action rows) of `ids` (all tables: None)."""
        ids = ids if ids is not None else [t.id for t in self.tables]
        with self.engine.connect() as db:
            setups = db.execute(select(TABLES).where(TABLES.c.id.in_(ids))).mappings().all()
            rows = db.execute(
                select(
                    ACTIONS.c.table_id,
                    ACTIONS.c.number,
                    ACTIONS.c.seat,
                    ACTIONS.c.action,
                    ACTIONS.c.request_id,
                )
                .where(ACTIONS.c.table_id.in_(ids))
                .order_by(ACTIONS.c.table_id, ACTIONS.c.number)
            ).all()
        records = {s["id"]: {**s, "rows": []} for s in setups}
        for table_id, *row in rows:
            records[table_id]["rows"].append(tuple(row))
        return records

    def _check_replay(
        self, table: Tracked, frame: dict[str, Any], stored: dict[str, Any], before: int
    ) -> None:
        """The served view is the replayed record's after at least the `before` actions
        stored before it was asked for (the server may have applied more since it answered;
        it answers only once an action is stored, so never fewer)."""
        rows = stored["rows"]
        if [row[0] for row in rows] != list(range(len(rows))):
            self.figures.problem("replay", f"{table.id}: the record's numbers have gaps")
            return
        record = {
            "game": stored["game"],
            "players": stored["players"],
            "options": stored["options"],
            "seed": int(stored["seed"]),
            "actions": [[seat, action] for _, seat, action, _ in rows],
        }
        served = frame["view"]
        for end in range(len(rows), before - 1, -1):
            state = parlour.replay({**record, "actions": record["actions"][:end]})
            if json.loads(json.dumps(state.view(None))) == served:
                self.figures.replayed += 1
                return
        self.figures.problem("replay", f"{table.id}: no prefix of its record replays to its view")

    async def _away_seats(self) -> list[str]:
        """The running tables whose host is away (a stand-in plays for them)."""
        away = []
        for table in self.tables:
            if table.kind.away_after is None:
                continue
            info = (await self._call("GET", f"/api/tables/{table.id}")).json()
            if info["status"] == "running" and info["seats"][0]["absent"]:
                away.append(table.id)
        return away

    def _still_running(self, ids: list[str]) -> list[tuple[str, int]]:
        """Of the tables `ids`, those still running in the database, each with its count of
        stored actions (read while the server is down)."""
        records = self._records(ids) if ids else {}
        return [(i, len(r["rows"])) for i, r in records.items() if r["status"] == "running"]

    async def _until_someone_is_away(self, within: float) -> None:
        until = time.monotonic() + within
        while time.monotonic() < until and not await self._away_seats():
            await asyncio.sleep(0.2)

    async def _check_stand_ins(self, away: list[tuple[str, int]]) -> None:
        """A seat that was away when the server died is played by its stand-in again at once
        (not only after another turn limit)."""
        restarted = time.monotonic()
        until = restarted + RESUME_WINDOW
        waiting = dict(away)
        self.figures.stand_ins_expected += len(waiting)
        while waiting and time.monotonic() < until:
            await asyncio.sleep(0.1)
            records = self._records(list(waiting))
            for table_id, count in list(waiting.items()):
                record = records[table_id]
                if record["status"] != "running" or any(
                    row[1] == 0 for row in record["rows"][count:]
                ):  # the away seat played (or the bot's last move ended the game)
                    self.figures.stand_ins_resumed += 1
                    self.figures.slowest_resume = max(
                        self.figures.slowest_resume, time.monotonic() - restarted
                    )
                    del waiting[table_id]
        for table_id in waiting:
            self.figures.problem(
                "stand-in", f"{table_id}: no stand-in action {RESUME_WINDOW} s after a restart"
            )

    async def _until_finished(self, within: float) -> None:
        until = time.monotonic() + within
        while True:
            records = self._records()
            if all(record["status"] == "finished" for record in records.values()):
                return
            if time.monotonic() > until:
                raise TimeoutError
            await asyncio.sleep(0.2)

    async def _check_finished(self) -> None:
        """Every game is over; its downloadable record is the stored one and replays to a
        finished game; a timed puzzle ended by its clock."""
        records = self._records()
        for table in self.tables:
            answer = await self._call("GET", f"/api/tables/{table.id}/record")
            if answer.status_code != 200:
                self.figures.problem("unfinished", f"{table.id}: {answer.status_code}")
                continue
            record = answer.json()
            stored = [[seat, action] for _, seat, action, _ in records[table.id]["rows"]]
            if record["actions"] != stored or not parlour.replay(record).over:
                self.figures.problem("replay", f"{table.id}: its record is not the stored one")
                continue
            self.figures.finished += 1
            self.figures.replayed += 1
            final = json.loads(json.dumps(parlour.replay(record).view(None)))
            if table.watched is None or table.watched["view"] != final:
                self.figures.problem("watcher", f"{table.id}: its watcher saw no end")
            else:
                self.figures.watched += 1
            if table.kind.options.get("mode") == "puzzle" and stored[-1] == [None, "timeout"]:
                self.figures.deadlines_fired += 1
        puzzles = [t for t in self.tables if t.kind.options.get("mode") == "puzzle"]
        if puzzles and not self.figures.deadlines_fired:
            self.figures.problem("clock", "no puzzle ended by its clock")


def soak(
    db_url: str,
    *,
    kills: int,
    seed: int,
    kinds_kept: tuple[str, ...] | None = None,
    between: tuple[float, float] = (0.5, 4.0),
    puzzle_seconds: int = 20,
    finish_within: float = 180.0,
    log: Path | None = None,
    processes: int = 1,
) -> Figures:
    """Run one soak on `db_url` (an existing, empty or Parlour database) with `processes`
    servers sharing it (several on PostgreSQL only)."""
    if processes > 1 and db_url.startswith("sqlite"):
        raise ValueError("a SQLite database is served by one process; soak several on PostgreSQL")
    chosen = tuple(k for k in kinds(puzzle_seconds) if kinds_kept is None or k.name in kinds_kept)
    log = log or Path(tempfile.mkdtemp(prefix="parlour-soak-")) / "server.log"
    campaign = Soak(db_url, seed, chosen, log, processes)
    return asyncio.run(campaign.run(kills, between, finish_within))


@contextlib.contextmanager
def database(spec: str) -> Iterator[str]:
    """The URL to soak: a fresh SQLite file (`sqlite`), a fresh database on the PostgreSQL
    server a URL names (dropped afterwards), or a `sqlite:///` URL as it is."""
    if spec == "sqlite":
        yield f"sqlite:///{Path(tempfile.mkdtemp(prefix='parlour-soak-')) / 'soak.db'}"
        return
    if spec.startswith("sqlite"):
        yield spec
        return
    with postgres_database(spec, "parlour_soak") as url:
        yield url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--db", default="sqlite", help="sqlite, a sqlite:/// URL or a PostgreSQL URL"
    )
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--puzzle-seconds", type=int, default=20)
    parser.add_argument("--processes", type=int, default=1, help="servers (several: PostgreSQL)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with database(args.db) as url:
        figures = soak(
            url,
            kills=args.kills,
            seed=args.seed,
            puzzle_seconds=args.puzzle_seconds,
            processes=args.processes,
        )
    if args.json:
        print(json.dumps(figures.__dict__))
    else:
        print(figures.summary())
        for what, messages in figures.problems.items():
            print(f"  {what}: {len(messages)}, e.g. {messages[0]}")
    sys.exit(1 if figures.problems else 0)


if __name__ == "__main__":
    main()
