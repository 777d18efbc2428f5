"""API fuzzing from the app's own OpenAPI document, with schemathesis, on SQLite and PostgreSQL.

    PYTHONPATH=src .venv/bin/python benchmarks/fuzz_api.py [--requests 2000] [--seed 0]
                                                            [--pg postgresql+psycopg://...]

Every route gets generated requests, valid ones and schema-violating ones (schemathesis'
positive and negative modes), derandomised (Hypothesis' `derandomize`, a fixed number of
examples). Random ids alone only meet 404s, so requests that name a table name real ones
(open, running between two people, finished) with their seat tokens, and actions are often the
seat's legal ones, so the games move on; stateful scenarios follow the document's links (create
a table, join it, act with the seat token). Every response passes schemathesis' full checks (no
5xx, statuses and content types documented, bodies conform to their schemas). Afterwards the
lobby, a table page and the running table must still answer. Prints requests made, the statuses
seen and the failures; `tests/web/test_fuzz_api.py` runs a short campaign of the same code.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hypothesis
import schemathesis
from hypothesis import strategies as st
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.case import Case
from schemathesis.python import asgi
from schemathesis.schemas import APIOperation
from sqlalchemy import create_engine, text

from parlour.web.app import Settings, create_app

GAME = "dicecream"
"""The game of the fuzzed tables: short, and without the solver's minutes-long first hint."""

UNLIMITED: dict[str, Any] = {
    "bot_pace": 0.0,
    "requests_per_10s": 10**9,
    "creates_per_minute": 10**9,
}
"""Settings of a fuzzed server: bots without pauses, no rate limits (those have their tests)."""

LEARN_FROM = {"POST /api/tables", "POST /api/tables/{table_id}/join"}
"""Operations whose answers give a table and a seat token (the document's links say so)."""

MODES = (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE)
CHECKS_CONFIG = {
    # A request the schema allows may still lack the seat token its route needs, or break a
    # game's rule (an unknown game, a bot it has not, a seat that is not yours, a move out of
    # turn): those answers are documented 4xx.
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", 400, 401, 403, 404, 409]}}
}


@dataclass
class Figures:
    """What a campaign did: requests per operation, statuses seen, and every failed check."""

    requests: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    operations: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def report(self, label: str) -> str:
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(self.statuses.items()))
        lines = [
            f"{label}: {self.requests} requests in {self.seconds:.1f} s, "
            f"{len(self.failures)} failures",
            f"  statuses: {statuses}",
            *(f"  {op}: {n}" for op, n in sorted(self.operations.items())),
            *(f"  FAILED {failure}" for failure in self.failures),
        ]
        return "\n".join(lines)


@dataclass
class World:
    """Real tables for generated requests to reach, through the app under test."""

    client: asgi.ASGIClient
    tokens: dict[str, list[str]] = field(default_factory=dict)
    """Each table's seat tokens, by table id."""
    running: str = ""
    """A table of two people, created and joined: the fuzzer plays it with their tokens."""
    games: list[dict[str, Any]] = field(default_factory=list)
    """The games as the API lists them (with their options and bots)."""

    def post(self, path: str, body: Any, token: str | None = None) -> dict[str, Any]:
        headers = {"X-Seat-Token": token} if token else {}
        response = self.client.post(path, json=body, headers=headers)
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
        self.create(["person", "person"])
        self.running = self.create(["person", "person"])
        self.join(self.running)
        finished = self.create(["person", "greedy"])
        self.play_out(finished)

    def legal(self, table_id: str, token: str) -> list[str]:
        response = self.client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token})
        return list(response.json().get("legal", [])) if response.status_code == 200 else []

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

        @st.composite
        def cases(draw: st.DrawFn) -> Case:
            # Every draw is made whatever the world holds (Hypothesis replays prefixes of draws,
            # and the world changes as the games move on): indices are taken modulo its sizes.
            mode = draw(st.sampled_from(MODES)) if negatable else MODES[0]
            real_table, table_index = draw(st.integers(0, 4)) > 0, draw(INDEX)
            real_token, token_index = draw(st.integers(0, 3)) > 0, draw(INDEX)
            legal_action, action_index = draw(st.booleans()), draw(INDEX)
            request_id = draw(st.from_regex(r"\A[A-Za-z0-9_.:-]{1,64}\Z"))
            overrides: dict[str, Any] = {}
            if creates and mode.is_positive and draw(st.integers(0, 3)) > 0:
                overrides["body"] = draw(new_tables(self.games))
            if "table_id" in names and real_table:
                tables = sorted(self.tokens)
                table_id = tables[table_index % len(tables)]
                overrides["path_parameters"] = {"table_id": table_id}
                tokens = self.tokens[table_id]
                if "X-Seat-Token" in headers and real_token:
                    token = tokens[token_index % len(tokens)]
                    overrides["headers"] = {"X-Seat-Token": token}
                    if acts and legal_action and mode.is_positive:
                        legal = self.legal(table_id, token) or ["pass"]
                        action = legal[action_index % len(legal)]
                        overrides["body"] = {"action": action, "request_id": request_id}
            return draw(operation.as_strategy(mode, **overrides))

        return cases()


INDEX = st.integers(0, 2**16)
"""An index into a list of the world, taken modulo its length."""

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
    bots after, options among the game's own (valid values or any), and any name."""
    game = draw(st.sampled_from(games))
    players = draw(st.integers(game["min_players"], game["max_players"]))
    bots = [bot["name"] for bot in game["bots"]]
    seats = [
        "person",
        *draw(
            st.lists(st.sampled_from(["person", *bots]), min_size=players - 1, max_size=players - 1)
        ),
    ]
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
        share = -(-requests // sum(1 for op in ops if _has_inputs(op)))
        for operation in ops:
            _run(operation, world, share if _has_inputs(operation) else 1, client, figures)
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
        figures.requests += 1
        try:
            response = case.call(session=client)
        except Exception as error:  # the app raised: Starlette answered 500 and re-raised
            figures.statuses[500] += 1
            figures.failures.append(_describe(case, 500, f"{type(error).__name__}: {error}"))
            return
        figures.statuses[response.status_code] += 1
        figures.operations[operation.label] += 1
        if response.status_code in (200, 201) and operation.label in LEARN_FROM:
            world.learn(case, response.json())
        try:
            case.validate_response(response, transport_kwargs={"session": client})
        except FailureGroup as group:
            for failure in group.exceptions:
                figures.failures.append(_describe(case, response.status_code, failure.title))

    send()


def _unsupported_methods(document: dict[str, Any], world: World, figures: Figures) -> None:
    """Every path with each method it does not take: a 405 whose `Allow` names those it does."""
    for path, operations in document["paths"].items():
        allowed = {method.upper() for method in operations}
        url = path.replace("{table_id}", world.running)
        for method in sorted({"GET", "POST", "PUT", "PATCH", "DELETE"} - allowed):
            response = world.client.request(method, url)
            figures.requests += 1
            figures.statuses[response.status_code] += 1
            figures.operations[f"{method} {path} (not documented)"] += 1
            answer = set(response.headers.get("Allow", "").replace(" ", "").split(","))
            if response.status_code != 405 or answer != allowed:
                problem = f"not a 405 naming {sorted(allowed)}: {response.headers.get('Allow')}"
                figures.failures.append(f"{method} {url} -> {response.status_code}: {problem}")


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
    """After the campaign: the lobby, a table page and the running table answer as they should."""
    problems = []
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
    name = f"parlour_fuzz_{secrets.token_hex(6)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{admin.rsplit('/', 1)[0]}/{name}"
    finally:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


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
