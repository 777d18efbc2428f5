"""Throwaway PostgreSQL databases, shared by the server tests, the API fuzzer and the soak."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text


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
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()
