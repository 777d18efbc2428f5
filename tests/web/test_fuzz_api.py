"""API fuzzing in the test suite: a short, derandomised campaign of `benchmarks/fuzz_api.py` on
each database (the benchmark runs the long one), and the OpenAPI document it relies on."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import schemathesis
from benchmarks.fuzz_api import CHECKS_CONFIG, UNLIMITED, fuzz
from fastapi.testclient import TestClient
from hypothesis.internal.cache import LRUCache
from hypothesis.internal.conjecture import providers
from hypothesis.internal.constants_ast import Constants
from schemathesis.python import asgi

import parlour
from parlour.bots.registry import offered_bots
from parlour.web.app import Settings, create_app
from parlour.web.responses import ANY_ROUTE

REQUESTS = 300


def vocabulary() -> Constants:
    """The words and numbers of the API's domain, from the registry: games, their options,
    allowed values and bounds, player counts, bots."""
    strings: set[str] = set()
    integers: set[int] = set()
    for info in parlour.games():
        strings |= {info.name, *offered_bots(info.name)}
        integers |= {info.min_players, info.max_players}
        for option in info.options:
            strings.add(option.name)
            strings |= set(option.choices)
            integers |= {bound for bound in (option.minimum, option.maximum) if bound is not None}
    return Constants(strings=strings, integers=integers)


@pytest.fixture
def same_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hypothesis mixes into its data the literals of every project module imported so far, and
    caches what it drew from them, so the derandomised campaign would change with what earlier
    tests happened to import and run: give it the API's vocabulary instead, and an empty cache,
    the same whatever ran before."""
    words = vocabulary()
    monkeypatch.setattr(providers, "_get_local_constants", lambda: words)
    monkeypatch.setattr(providers, "CONSTANTS_CACHE", LRUCache(providers.CONSTANTS_CACHE.max_size))


def test_generated_requests_get_documented_answers_and_break_nothing(
    settings: Settings, same_constants: None
) -> None:
    app = create_app(replace(settings, **UNLIMITED))
    try:
        figures = fuzz(app, REQUESTS)
    finally:
        asgi.shutdown_lifespans()
    report = figures.report("fuzzed")
    assert figures.requests >= REQUESTS, report
    assert figures.failures == [], report
    assert not any(status >= 500 for status in figures.statuses), report
    # The campaign reached real tables: created some, joined them, and played the running one.
    created = figures.operations["POST /api/tables", 201]
    assert created + figures.operations["POST /api/tables (scenarios)", 201] > 0, report
    joined = figures.operations["POST /api/tables/{table_id}/join", 200]
    assert joined + figures.operations["POST /api/tables/{table_id}/join (scenarios)", 200] > 0, (
        report
    )
    assert figures.operations["POST /api/tables/{table_id}/actions", 200] > 0, report
    assert figures.operations["POST /api/tables/{table_id}/chat", 200] > 0, report  # talked


def test_every_error_status_is_documented_with_the_error_body(settings: Settings) -> None:
    document = create_app(settings).openapi()
    error = document["components"]["schemas"]["ErrorBody"]
    assert error["required"] == ["error"] and "request_id" in error["properties"]
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            answers = operation["responses"]
            if path.startswith("/api/"):  # the body and rate limits guard every API route
                assert {"413", "429"} <= answers.keys(), f"{method} {path}"
            for status, answer in answers.items():
                if status.startswith("4"):
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (path, status)
    acts = document["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    assert {"400", "401", "403", "404", "409", "413", "422", "429"} <= acts.keys()


def test_the_fuzzer_accepts_the_answers_every_route_documents() -> None:
    """A generated body over the server's limit gets a 413, valid or not, and any request may meet
    a 429: both are documented on every route, so neither check may count them as failures (a
    schema-violating body over the limit once failed CI with schemathesis' default statuses)."""
    checks = schemathesis.Config.from_dict(CHECKS_CONFIG).projects.get_default().checks
    for status in map(str, ANY_ROUTE):
        assert status in checks.negative_data_rejection.expected_statuses, status
    assert "413" in checks.positive_data_acceptance.expected_statuses


def test_a_422_answers_the_documented_shape(client: TestClient) -> None:
    refused = client.post("/api/tables", json={"game": "dicetime"})
    assert refused.status_code == 422
    assert set(refused.json()) <= {"error", "request_id"} and "players" in refused.json()["error"]


def test_a_405_names_the_methods_allowed(client: TestClient) -> None:
    refused = client.delete("/api/tables")
    assert refused.status_code == 405
    assert set(refused.headers["Allow"].replace(" ", "").split(",")) == {"GET", "POST"}
    assert "error" in refused.json()


KNOWN_BAD = [
    pytest.param(
        {
            "game": "dicetime",
            "players": 1,
            "seats": ["person"],
            "options": {"mode": "puzzle", "time_limit": 10**400},
        },
        "time_limit",
        id="enormous-option",
    ),
    pytest.param({"options": {"level": "expert"}, "game": "likedice"}, "level", id="bad-choice"),
    pytest.param({"name": "Ann\x00"}, "name", id="nul-in-name"),
    pytest.param({"name": "\u202eevil"}, "name", id="bidi-override"),
    pytest.param({"name": " \t "}, "name", id="blank-name"),
]
"""Requests that broke a table, the lobby or a database before: each a 422 naming its field."""


@pytest.mark.parametrize(("changes", "field"), KNOWN_BAD)
def test_requests_that_broke_things_before_get_a_422_naming_the_field(
    client: TestClient, changes: dict[str, Any], field: str
) -> None:
    body = {"game": "dicecream", "players": 2, "seats": ["person", "person"], "name": "Ann"}
    refused = client.post("/api/tables", json={**body, **changes})
    assert refused.status_code == 422 and field in refused.json()["error"], refused.text
    assert client.get("/api/tables").status_code == 200
