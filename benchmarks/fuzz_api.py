"""API fuzzing from the app's own OpenAPI document, with schemathesis, on SQLite and PostgreSQL.

    PYTHONPATH=src .venv/bin/python benchmarks/fuzz_api.py [--requests 2000]
                                                            [--pg postgresql+psycopg://...]

Every route gets generated requests, valid ones and schema-violating ones (schemathesis'
positive and negative modes), derandomised (Hypothesis' `derandomize`, a fixed number of
examples). Random ids alone only meet 404s, so requests that name a table name real ones
(open, running between two people, finished) with their seat tokens, and actions are often the
seat's legal ones, so the games move on (and chat lines often words or a reaction, so tables
talk); stateful scenarios follow the document's links (create a table, join it, act with the
seat token). Every response passes schemathesis' full checks (no
5xx, statuses and content types documented, bodies conform to their schemas). Afterwards the
lobby, a table page and the running table must still answer, and a new table must play. Prints
requests made, the statuses seen by operation and the failures (exit status 1 if any);
`tests/web/test_fuzz_api.py` runs a short campaign of the same code.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hypothesis
import requests
import schemathesis
from hypothesis import strategies as st
from pydantic import ValidationError
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.case import Case
from schemathesis.python import asgi
from schemathesis.schemas import APIOperation

from parlour.bots.registry import bot_info
from parlour.web.app import Settings, create_app
from parlour.web.schemas import REACTIONS, JoinTable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.databases import postgres_database

GAME = "dicecream"
"""The game of the fuzzed tables: short, and without the solver's minutes-long first hint."""

UNLIMITED: dict[str, Any] = {
    "bot_pace": 0.0,
    "requests_per_10s": 10**9,
    "creates_per_minute": 10**9,
    "logins_per_minute": 10**9,
    "logins_per_name": 10**9,
    "logins_per_name_anywhere": 10**9,
    "chat_lines_per_10s": 10**9,
}
"""Settings of a fuzzed server: bots without pauses, no rate limits (those have their tests)."""

LEARN_FROM = {"POST /api/tables", "POST /api/tables/{table_id}/join"}
"""Operations whose answers give a table and a seat token (the document's links say so)."""

WEIGHTS = {"POST /api/tables/{table_id}/actions": 3, "POST /api/tables": 2}
"""Shares of the requests by operation (1 unless named; none beyond one for fixed requests):
actions get more, as they are what moves a running table, and creating tables, which most
generated bodies fail (a generated game name is almost never a game)."""

TIMEOUT = 10.0
"""Seconds a request may take before it counts as unanswered."""

MODES = (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE)
CHECKS_CONFIG = {
    # A request the schema allows may still lack the seat token its route needs, or break a
    # rule no schema states (an unknown game, an option out of its game's range, a name of
    # control characters, a seat that is not yours, a move out of turn): documented 4xx.
    # Any generated body, valid or not, may also exceed the server's body limit: a 413, which
    # every route documents (schemathesis' default rejections leave it out).
    "checks": {
        "positive_data_acceptance": {
            "expected-statuses": ["2xx", 400, 401, 403, 404, 409, 413, 422]
        },
        "negative_data_rejection": {
            "expected-statuses": [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429]
        },
    }
}


@dataclass
class Figures:
    """What a campaign did: requests per operation, statuses seen, and every failed check."""

    requests: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    operations: Counter[tuple[str, int]] = field(default_factory=Counter)
    """Requests by operation and status."""
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def report(self, label: str) -> str:
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(self.statuses.items()))
        lines = [
            f"{label}: {self.requests} requests in {self.seconds:.1f} s, "
            f"{len(self.failures)} failures",
            f"  statuses: {statuses}",
            *(f"  {op}: {n}" for op, n in self._by_operation().items()),
            *(f"  FAILED {failure}" for failure in self.failures),
        ]
        return "\n".join(lines)

    def count(self, operation: str, status: int) -> None:
        self.requests += 1
        self.statuses[status] += 1
        self.operations[operation, status] += 1

    def _by_operation(self) -> dict[str, str]:
        """Each operation's requests with their statuses: `12 (200: 3, 404: 9)`."""
        names = sorted({name for name, _ in self.operations})
        shown = {}
        for name in names:
            counts = {s: n for (op, s), n in sorted(self.operations.items()) if op == name}
            detail = ", ".join(f"{s}: {n}" for s, n in counts.items())
            shown[name] = f"{sum(counts.values())} ({detail})"
        return shown


@dataclass
class World:
    """Real tables for generated requests to reach, through the app under test."""

    client: asgi.ASGIClient
    tokens: dict[str, list[str]] = field(default_factory=dict)
    """Each table's seat tokens, by table id."""
    running: str = ""
    """A table of two people, created and joined: the fuzzer plays it with their tokens."""
    open: str = ""
    """A table of two people waiting for the second, kept for joins alone (another request
    could fill it with bots first)."""
    games: list[dict[str, Any]] = field(default_factory=list)
    """The games as the API lists them (with their options and bots)."""
    sent: Iterator[int] = field(default_factory=itertools.count)
    """Numbers that make each legal action's request id new (a seat's id is its own: sent
    again with another action, it is a 409)."""

    def post(self, path: str, body: Any) -> dict[str, Any]:
        response = self.client.post(path, json=body)
        assert response.status_code in (200, 201), f"{path}: {response.text}"
        answer: dict[str, Any] = response.json()
        return answer

    def create(self, seats: list[str]) -> str:
        body = {"game": GAME, "players": len(seats), "seats": seats, "name": "Fuzz"}
        created = self.post("/api/tables", body)
        table_id: str = created["table"]["id"]
        self.tokens[table_id] = [created["token"]]
        return table_id

    def join(self, table_id: str) -> None:
        joined = self.post(f"/api/tables/{table_id}/join", {"name": "Zuff"})
        self.tokens[table_id].append(joined["token"])

    def set_up(self) -> None:
        """An open table, a running one of two people, and a finished game against a bot."""
        self.games = self.client.get("/api/games").json()
        self.open = self.create(["person", "person"])
        del self.tokens[self.open]  # joins reach it (`requests_for`), no other request does
        self.running = self.create(["person", "person"])
        self.join(self.running)
        finished = self.create(["person", "greedy"])
        self.play_out(finished)

    def legal(self, table_id: str, token: str) -> list[str]:
        response = self.client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token})
        return list(response.json().get("legal", [])) if response.status_code == 200 else []

    def to_act(self, table_id: str, start: int) -> tuple[str, list[str]]:
        """A seat token of the table that may act now (looking from its `start`th seat on),
        with its legal actions; or the `start`th token and none."""
        tokens = self.tokens[table_id]
        for step in range(len(tokens)):
            token = tokens[(start + step) % len(tokens)]
            legal = self.legal(table_id, token)
            if legal:
                return token, legal
        return tokens[start % len(tokens)], []

    def play_out(self, table_id: str, limit: float = 60.0) -> None:
        """Play the table's people with their first legal action until the game ends."""
        deadline = time.monotonic() + limit
        number = 0
        while time.monotonic() < deadline:
            state = self.client.get(f"/api/tables/{table_id}/state").json()
            if state["table"]["status"] == "finished":
                return
            for token in self.tokens[table_id]:
                for action in self.legal(table_id, token)[:1]:
                    number += 1
                    body = {"action": action, "request_id": f"setup-{number}"}
                    self.client.post(
                        f"/api/tables/{table_id}/actions",
                        json=body,
                        headers={"X-Seat-Token": token},
                    )
        raise AssertionError(f"table {table_id} did not finish")

    def learn(self, case: Case, answer: dict[str, Any]) -> None:
        """Keep the tables created and the seats taken by generated requests, to reach later."""
        table, token = answer.get("table", {}), answer.get("token")
        if table.get("game") == GAME and isinstance(token, str):
            self.tokens.setdefault(table["id"], []).append(token)

    def requests_for(self, operation: APIOperation) -> st.SearchStrategy[Case]:
        """Cases for `operation`: a real table (or a generated id), a real token (or a
        generated one, or none), for actions often a legal one, for new tables often a real
        game with generated options and names."""
        names = {p.name for p in operation.path_parameters}
        headers = {p.name for p in operation.headers}
        negatable = _has_inputs(operation)
        creates = operation.label == "POST /api/tables"
        acts = operation.label == "POST /api/tables/{table_id}/actions"
        talks = operation.label == "POST /api/tables/{table_id}/chat"
        joins = operation.label == "POST /api/tables/{table_id}/join"

        @st.composite
        def cases(draw: st.DrawFn) -> Case:
            # Every draw is made whatever the world holds (Hypothesis replays prefixes of draws,
            # and the world changes as the games move on): indices are taken modulo its sizes.
            mode = draw(st.sampled_from(MODES)) if negatable else MODES[0]
            table_pick, table_index = draw(st.integers(0, 4)), draw(INDEX)
            real_token, token_index = draw(st.integers(0, 3)) > 0, draw(INDEX)
            legal_action, action_index = draw(st.integers(0, 3)) > 0, draw(INDEX)
            request_id = draw(st.from_regex(r"\A[A-Za-z0-9_.:-]{1,64}\Z"))
            line = draw(CHAT_LINES)
            overrides: dict[str, Any] = {}
            if talks and mode.is_positive and legal_action:
                overrides["body"] = line
            if creates and mode.is_positive and draw(st.integers(0, 3)) > 0:
                overrides["body"] = draw(new_tables(self.games))
            if "table_id" in names and table_pick > 0:  # 0: a generated id
                tables = list(self.tokens)  # in the order made: ids are random
                newcomer = joins and table_pick > 1  # a free seat, while it lasts
                if newcomer:
                    table_id = self.open
                elif table_pick < 3:
                    table_id = self.running
                else:
                    table_id = tables[table_index % len(tables)]
                overrides["path_parameters"] = {"table_id": table_id}
                if "X-Seat-Token" in headers and real_token and not newcomer:
                    tokens = self.tokens[table_id]
                    token = tokens[token_index % len(tokens)]
                    overrides["headers"] = {"X-Seat-Token": token}
                    if acts and legal_action and mode.is_positive:
                        token, legal = self.to_act(table_id, token_index)
                        overrides["headers"] = {"X-Seat-Token": token}
                        action = legal[action_index % len(legal)] if legal else "pass"
                        fresh = f"{request_id[:48]}.{next(self.sent)}"
                        overrides["body"] = {"action": action, "request_id": fresh}
            return draw(operation.as_strategy(mode, **overrides))

        return cases()


INDEX = st.integers(0, 2**16)
"""An index into a list of the world, taken modulo its length."""

CHAT_LINES = st.one_of(
    st.fixed_dictionaries({"text": st.text(min_size=1, max_size=320)}),
    st.fixed_dictionaries({"reaction": st.sampled_from(REACTIONS)}),
    st.fixed_dictionaries({"text": st.text(min_size=1, max_size=40), "name": st.text(max_size=41)}),
)
"""A line of chat as a client might send it: any words (often too long, blank or holding
characters the chat refuses), a quick reaction, or a spectator's words and name."""

ANY_VALUE = st.one_of(
    st.integers(-(10**6), 10**6),
    st.sampled_from([10**400, -(10**400), 2**63, -(2**63) - 1]),
    st.booleans(),
    st.text(max_size=12),
    st.lists(st.text(max_size=8), max_size=4),
)
"""An option's value as a client might send it: in range or far out, of its type or not."""


@st.composite
def new_tables(draw: st.DrawFn, games: list[dict[str, Any]]) -> dict[str, Any]:
    """A new table of a real game, its player count in range, a person first and people or its
    bots after, options among the game's own (valid values or any), and any name; half the
    time its defaults and a plain name, which the API takes (a short campaign creates some)."""
    game = draw(st.sampled_from(games))
    players = draw(st.integers(game["min_players"], game["max_players"]))
    # Bots that prepare (Dicetime's optimal one builds its solved table, minutes on a cold
    # cache, while the creating request waits) would only time the solver.
    bots = [b["name"] for b in game["bots"] if bot_info(game["name"], b["name"]).prepare is None]
    seats = [
        "person",
        *draw(
            st.lists(st.sampled_from(["person", *bots]), min_size=players - 1, max_size=players - 1)
        ),
    ]
    if not draw(st.booleans()):
        return {"game": game["name"], "players": players, "seats": seats, "name": "Ann"}
    options = {}
    for option in game["options"]:
        valid = [option["default"], *option.get("choices", [])]
        for bound in ("minimum", "maximum"):
            if bound in option:
                valid.append(option[bound])
        if draw(st.booleans()):
            options[option["name"]] = draw(st.one_of(st.sampled_from(valid), ANY_VALUE))
    name = draw(st.text(min_size=1, max_size=40))
    return {
        "game": game["name"],
        "players": players,
        "seats": seats,
        "options": options,
        "name": name,
    }


def operations(schema: Any) -> Iterator[APIOperation]:
    for result in schema.get_all_operations():
        yield result.ok()


def _has_inputs(operation: APIOperation) -> bool:
    """Whether requests to `operation` vary (parameters or a body), so more than one is worth it."""
    parts = (operation.path_parameters, operation.headers, operation.query, operation.body)
    return any(len(part) for part in parts)


def fuzz(app: Any, requests: int) -> Figures:
    """About `requests` generated requests at `app` (its lifespan runs for the campaign), spread
    over every operation of its document; the figures, with every failed check."""
    raw = app.openapi()
    config = schemathesis.Config.from_dict(CHECKS_CONFIG)
    schema = schemathesis.openapi.from_dict(raw, config=config)
    schema.app = app
    figures = Figures()
    started = time.perf_counter()
    with asgi.get_client(app) as client:
        world = World(client)
        world.set_up()
        ops = list(operations(schema))
        weights = {op.label: WEIGHTS.get(op.label, 1) if _has_inputs(op) else 0 for op in ops}
        share = -(-requests // sum(weights.values()))
        for operation in ops:
            _run(operation, world, max(1, share * weights[operation.label]), client, figures)
        _scenarios(schema, world, max(1, requests // 20), figures)
        _unsupported_methods(raw, world, figures)
        figures.seconds = time.perf_counter() - started
        figures.failures.extend(still_answers(client, world))
    return figures


def _run(
    operation: APIOperation, world: World, examples: int, client: Any, figures: Figures
) -> None:
    """Send `examples` derandomised cases of `operation` and check every answer."""

    @hypothesis.settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
        suppress_health_check=list(hypothesis.HealthCheck),
    )
    @hypothesis.given(case=world.requests_for(operation))
    def send(case: Case) -> None:
        response = _call(case, client, figures)
        if response is None:
            return
        figures.count(operation.label, response.status_code)
        if response.status_code in (200, 201) and operation.label in LEARN_FROM:
            world.learn(case, response.json())
        try:
            case.validate_response(response, transport_kwargs={"session": client})
        except FailureGroup as group:
            for failure in group.exceptions:
                figures.failures.append(_describe(case, response.status_code, failure.title))

    send()


def _scenarios(schema: Any, world: World, scenarios: int, figures: Figures) -> None:
    """Schemathesis' stateful runs along the document's links: create a table, join it, act
    with the seat token it gave, and so on. Created tables are two people's (a generated game
    name is almost never a game), and half the actions a seat sends are legal ones (picked by a
    checksum of the request id: `hash` would change with each process's hash seed)."""
    client = world.client

    class Scenario(schema.as_state_machine()):
        def before_call(self, case: Case) -> None:
            if case.meta is None or not case.meta.generation.mode.is_positive:
                return  # a request meant to be refused stays as generated
            if case.operation.label == "POST /api/tables" and isinstance(case.body, dict):
                case.body = {
                    "game": GAME,
                    "players": 2,
                    "seats": ["person", "person"],
                    "name": _acceptable_name(case.body.get("name")),
                }
            if case.operation.label.endswith("/join") and isinstance(case.body, dict):
                case.body["name"] = _acceptable_name(case.body.get("name"))
            token = case.headers.get("X-Seat-Token") if case.headers else None
            table_id = case.path_parameters.get("table_id")
            acting = case.operation.label.endswith("/actions") and isinstance(case.body, dict)
            pick = zlib.crc32(str(case.body.get("request_id")).encode()) if acting else 0
            if acting and token and table_id and pick % 2:
                legal = world.legal(table_id, token)
                if legal:
                    case.body["action"] = legal[pick % len(legal)]

        def call(self, case: Case, **kwargs: Any) -> Any:
            response = _call(case, client, figures)
            if response is None:
                hypothesis.reject()  # the scenario cannot go on; the failure is recorded
            return response

        def after_call(self, response: Any, case: Case) -> None:
            super().after_call(response, case)
            figures.count(f"{case.operation.label} (scenarios)", response.status_code)

        def validate_response(self, response: Any, case: Case, *args: Any, **kwargs: Any) -> None:
            try:
                super().validate_response(response, case, *args, **kwargs)
            except FailureGroup as group:
                for failure in group.exceptions:
                    problem = failure.title
                    figures.failures.append(_describe(case, response.status_code, problem))

    Scenario.run(
        settings=hypothesis.settings(
            max_examples=scenarios,
            derandomize=True,
            database=None,
            deadline=None,
            stateful_step_count=8,
            phases=[hypothesis.Phase.generate],
            suppress_health_check=list(hypothesis.HealthCheck),
        )
    )


def _acceptable_name(name: Any) -> str:
    """`name` if the API takes it as a player's name, else "Ann": so that a scenario goes on
    past its create or join (refused names have generated requests of their own)."""
    try:
        return JoinTable(name=name).name
    except ValidationError:
        return "Ann"


def _unsupported_methods(document: dict[str, Any], world: World, figures: Figures) -> None:
    """Every path with each method it does not take: a 405 whose `Allow` names those it does."""
    for path, operations in document["paths"].items():
        allowed = {method.upper() for method in operations}
        url = path.replace("{table_id}", world.running)
        for method in sorted({"GET", "POST", "PUT", "PATCH", "DELETE"} - allowed):
            response = world.client.request(method, url)
            figures.count(f"{method} {path} (not documented)", response.status_code)
            answer = set(response.headers.get("Allow", "").replace(" ", "").split(","))
            if response.status_code != 405 or answer != allowed:
                problem = f"not a 405 naming {sorted(allowed)}: {response.headers.get('Allow')}"
                figures.failures.append(f"{method} {url} -> {response.status_code}: {problem}")


def _call(case: Case, client: Any, figures: Figures) -> Any:
    """Send `case`; if the app raises (Starlette answered 500, then re-raised), record it. No
    cookie outlives its request: a generated login must not make later requests an account's
    (whose one seat a table would then refuse a second time)."""
    try:
        return case.call(session=client, timeout=TIMEOUT)
    except requests.Timeout:
        figures.failures.append(_describe(case, 0, f"no answer within {TIMEOUT} s"))
    except Exception as error:
        figures.count(f"{case.operation.label} (raised)", 500)
        figures.failures.append(_describe(case, 500, f"{type(error).__name__}: {error}"))
    finally:
        client.cookies.clear()
    return None


def _describe(case: Case, status: int, problem: str) -> str:
    request = f"{case.method} {case.formatted_path}"
    if case.headers:
        request += f" headers={dict(case.headers)!r}"
    if case.query:
        request += f" query={case.query!r}"
    if case.body is not None and not isinstance(case.body, type(schemathesis.core.NOT_SET)):
        request += f" body={case.body!r}"
    return f"{request} -> {status}: {problem}"


def still_answers(client: Any, world: World) -> list[str]:
    """After the campaign: the lobby, a table page and the running table answer as they should,
    and a new table of two people plays its first action."""
    problems = []
    fresh = world.create(["person", "person"])
    world.join(fresh)
    token, legal = world.to_act(fresh, 0)
    played = client.post(
        f"/api/tables/{fresh}/actions",
        json={"action": legal[0] if legal else "?", "request_id": "afterwards"},
        headers={"X-Seat-Token": token},
    )
    if played.status_code != 200:
        problems.append(f"afterwards a new table's action -> {played.status_code}: {played.text}")
    checks: list[tuple[str, Callable[[Any], bool]]] = [
        ("/api/tables", lambda r: r.status_code == 200 and isinstance(r.json(), list)),
        (f"/t/{world.running}", lambda r: r.status_code == 200 and "<html" in r.text.lower()),
        (
            f"/api/tables/{world.running}/state",
            lambda r: r.status_code == 200 and r.json()["table"]["id"] == world.running,
        ),
        ("/api/games", lambda r: r.status_code == 200 and bool(r.json())),
    ]
    for path, ok in checks:
        response = client.get(path)
        if not ok(response):
            problems.append(
                f"afterwards GET {path} -> {response.status_code}: {response.text[:200]}"
            )
    return problems


@contextmanager
def database(kind: str, admin: str | None) -> Iterator[str]:
    """A fresh database of `kind` (a SQLite file, or a new PostgreSQL database), then gone."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'fuzz.db'}"
        return
    assert admin is not None
    with postgres_database(admin, "parlour_fuzz") as url:
        yield url


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="per database")
    parser.add_argument("--pg", default=os.environ.get("PARLOUR_TEST_PG"), help="admin URL")
    args = parser.parse_args()
    kinds = ["sqlite"] + (["postgresql"] if args.pg else [])
    failed = False
    for kind in kinds:
        with database(kind, args.pg) as url:
            figures = fuzz(create_app(Settings(db_url=url, **UNLIMITED)), args.requests)
            asgi.shutdown_lifespans()
        print(figures.report(kind), flush=True)
        failed = failed or bool(figures.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
