"""The database: SQLite in the user's data directory by default, PostgreSQL by URL; the schema
is brought up to date by Alembic's migrations when the server starts."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO, Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATING = 7_240_001
"""The PostgreSQL advisory lock that migrations hold (any number that is Parlour's own)."""


def default_url() -> str:
    """`PARLOUR_DB`, else a SQLite file in the per-user data directory."""
    url = os.environ.get("PARLOUR_DB")
    if url:
        return url
    folder = Path(platformdirs.user_data_dir("parlour"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"


def connect(url: str) -> Engine:
    """An engine for `url`, its schema migrated to the newest revision."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    migrate(engine)
    return engine


def shared(engine: Engine) -> bool:
    """Whether several server processes may share the database: PostgreSQL; a SQLite file is
    served by one (`hold_alone`), whose copies of the tables are never stale."""
    return engine.dialect.name == "postgresql"


class DatabaseInUse(Exception):
    """Another server process already serves this SQLite database."""


def hold_alone(url: str) -> IO[str] | None:
    """For a SQLite file, a lock on it for this server process's life (the open lock file,
    released when it is closed or the process ends); `DatabaseInUse` if another server holds
    it. A table lives in one process's memory on SQLite: two servers on one file would apply
    actions from stale copies and both drive the bots. PostgreSQL (no lock) serves several."""
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return None
    path = Path(url.removeprefix("sqlite:///"))
    held = (path.parent / f"{path.name}.server-lock").open("w")
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise DatabaseInUse(
            f"another Parlour server is serving {path}: a SQLite database is served by one "
            "process; stop the other, or serve several processes from PostgreSQL "
            "(docs/scaling.md)"
        ) from None
    return held


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Write-ahead logging (readers never wait for the writer) and enforced foreign keys."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Run Alembic's migrations up to `head` on `engine`. On PostgreSQL, server processes
    starting together migrate one after another (a transaction's advisory lock): the first
    brings the schema up, the others find it there."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
