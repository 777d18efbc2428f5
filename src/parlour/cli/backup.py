"""`parlour backup` and `parlour restore`: a consistent copy of a running server's database,
and a new database made from one (docs/operations.md). SQLite uses its online backup API
(never a plain file copy, which can miss what the write-ahead log holds); PostgreSQL uses
pg_dump's custom format and pg_restore, with the password passed in the environment, never
on a command line."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import URL, make_url

from parlour.kernel import ParlourError

SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HEADER = b"PGDMP"


def backup(db_url: str, path: Path) -> None:
    """Write a backup of the database at `db_url` to the new file `path`; safe while the
    server runs (each is one consistent snapshot)."""
    if path.exists():
        raise ParlourError(f"{path} exists; a backup never overwrites a file")
    url = make_url(db_url)
    kind = url.get_backend_name()
    if kind not in ("sqlite", "postgresql"):
        raise ParlourError(f"cannot back up a {kind} database")
    try:
        if kind == "sqlite":
            source = _sqlite_file(url)
            if not source.is_file():
                raise ParlourError(f"there is no SQLite database at {source}")
            _sqlite_copy(source, path)
        else:
            _run_pg("pg_dump", url, ["--format=custom", "--no-owner", f"--file={path}"])
    except ParlourError:
        path.unlink(missing_ok=True)  # no partial backup left to be mistaken for one
        raise


def restore(path: Path, db_url: str) -> None:
    """Fill the empty database at `db_url` (a new SQLite file, or an existing empty
    PostgreSQL database) from the backup `path`; the server migrates it when it starts."""
    url = make_url(db_url)
    kind = url.get_backend_name()
    header = _header(path)
    if kind == "sqlite":
        if not header.startswith(SQLITE_HEADER):
            raise ParlourError(f"{path} is not a SQLite backup (made by `parlour backup`)")
        target = _sqlite_file(url)
        if target.exists() and target.stat().st_size:
            raise ParlourError(f"{target} exists; restore into a new file")
        _sqlite_copy(path, target)
    elif kind == "postgresql":
        if not header.startswith(PG_DUMP_HEADER):
            raise ParlourError(f"{path} is not a PostgreSQL backup (pg_dump --format=custom)")
        _require_empty(db_url)
        _run_pg(
            "pg_restore",
            url,
            ["--no-owner", "--exit-on-error", "--single-transaction", str(path)],
        )
    else:
        raise ParlourError(f"cannot restore into a {kind} database")
    _forget_old_processes(db_url)


def _forget_old_processes(db_url: str) -> None:
    """No process serves a restored database yet: the leases and the pages' presence the
    backup holds name processes of the old server, and a new one would wait for them to run
    out before its bots and clocks went on (a backup older than them has none)."""
    engine = create_engine(db_url)
    try:
        with engine.begin() as connection:
            found = inspect(connection)
            columns = {column["name"] for column in found.get_columns("tables")}
            if "driver" in columns:
                connection.execute(text("UPDATE tables SET driver = NULL, driven_until = NULL"))
            if found.has_table("presence"):
                connection.execute(text("DELETE FROM presence"))
    finally:
        engine.dispose()


def _header(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(16)
    except OSError as error:
        raise ParlourError(f"cannot read {path}: {error.strerror}") from None


def _sqlite_file(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise ParlourError("give the SQLite database as a file (sqlite:///path/to/parlour.db)")
    return Path(url.database)


def _sqlite_copy(source: Path, target: Path) -> None:
    """Copy a SQLite database page by page through SQLite's online backup API."""
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    writer = sqlite3.connect(target)
    try:
        with writer:
            reader.backup(writer)
    except sqlite3.Error as error:
        raise ParlourError(f"the SQLite copy failed: {error}") from None
    finally:
        reader.close()
        writer.close()


def _require_empty(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            names = inspect(connection).get_table_names()
    finally:
        engine.dispose()
    if names:
        raise ParlourError("the target database is not empty; restore into a new database")


def _run_pg(tool: str, url: URL, arguments: list[str]) -> None:
    """Run a PostgreSQL client tool on `url`'s database; its error becomes a ParlourError."""
    program = shutil.which(tool)
    if program is None:
        raise ParlourError(f"{tool} is not installed (Debian: apt install postgresql-client)")
    env = {**os.environ}
    settings = {
        "PGHOST": url.host,
        "PGPORT": url.port,
        "PGUSER": url.username,
        "PGPASSWORD": url.password,
    }
    env.update({name: str(value) for name, value in settings.items() if value is not None})
    done = subprocess.run(
        [program, f"--dbname={url.database}", *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise ParlourError(f"{tool} failed: {done.stderr.strip() or done.returncode}")
