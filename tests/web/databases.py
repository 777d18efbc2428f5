"""Throwaway PostgreSQL databases, shared by the server tests, the API fuzzer and the soak."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import ProgrammingError


@contextmanager
def postgres_database(admin: str, prefix: str) -> Iterator[str]:
    """The URL of a new, empty database on the server of the `admin` URL, named `prefix` and a
    random suffix, dropped (its connections forced closed) afterwards."""
    name = f"{prefix}_{secrets.token_hex(6)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{admin.rsplit('/', 1)[0]}/{name}"
    finally:
        _drop(engine, name)
        engine.dispose()


def _drop(engine: Engine, name: str, tries: int = 20) -> None:
    """Drop database `name`, closing its connections. An autovacuum worker that has just
    entered the new database is a process our role may not end: the drop is refused
    (insufficient privilege) until the worker leaves, a moment later, so it is tried again."""
    for attempt in range(tries):
        try:
            with engine.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except ProgrammingError as error:
            if attempt == tries - 1 or "pg_signal_backend" not in str(error):
                raise
            time.sleep(0.25)
