"""The throwaway PostgreSQL databases' drop: refused while an autovacuum worker (a process our
role may not end) is inside, it is tried again; any other refusal is raised at once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy.exc import ProgrammingError

from tests.web import databases

WORKER_INSIDE = ProgrammingError(
    "DROP DATABASE",
    {},
    Exception(
        "permission denied to terminate process\n"
        'DETAIL: Only roles with privileges of the "pg_signal_backend" role may terminate '
        "backends of roles with the SUPERUSER attribute."
    ),
)


class Server:
    """An engine whose statements fail with the given errors, one each, then succeed."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.statements: list[str] = []

    @contextmanager
    def connect(self) -> Iterator[Server]:
        yield self

    def execute(self, statement: Any) -> None:
        self.statements.append(str(statement))
        if self.errors:
            raise self.errors.pop(0)


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "sleep", lambda seconds: None)


def test_a_drop_refused_while_a_worker_is_inside_is_tried_again() -> None:
    server = Server(WORKER_INSIDE, WORKER_INSIDE)
    databases._drop(server, "parlour_test_x")  # type: ignore[arg-type]
    assert server.statements == ['DROP DATABASE IF EXISTS "parlour_test_x" WITH (FORCE)'] * 3


def test_other_refusals_and_a_worker_that_stays_are_raised() -> None:
    other = ProgrammingError("DROP DATABASE", {}, Exception("must be owner of database"))
    with pytest.raises(ProgrammingError, match="must be owner"):
        databases._drop(Server(other), "x")  # type: ignore[arg-type]
    stays = Server(*[WORKER_INSIDE] * 3)
    with pytest.raises(ProgrammingError, match="pg_signal_backend"):
        databases._drop(stays, "x", tries=3)  # type: ignore[arg-type]
    assert len(stays.statements) == 3
