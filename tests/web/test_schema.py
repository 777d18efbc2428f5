"""The Alembic migrations build exactly the schema the models describe, and carry stored
tables forward."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, insert, select, text
from sqlalchemy.exc import IntegrityError

from parlour.web.app import Settings
from parlour.web.database import MIGRATIONS, connect, migrate
from parlour.web.models import Base
from parlour.web.storage import ACTIONS, SEATS, TABLES


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def test_migrations_match_the_models(settings: Settings) -> None:
    engine = connect(settings.db_url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_migrating_twice_changes_nothing(settings: Settings) -> None:
    connect(settings.db_url).dispose()
    engine = connect(settings.db_url)
    with engine.connect() as connection:
        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        assert MigrationContext.configure(connection).get_current_revision() == head == "0008"
    engine.dispose()


def test_processes_starting_together_migrate_one_after_another(settings: Settings) -> None:
    """Server processes started at once on a new PostgreSQL database (`serve --processes`,
    or several machines) all start: one migrates, the others find the schema there."""
    if not settings.db_url.startswith("postgresql"):
        pytest.skip("a SQLite database is served by one process")
    engines = [create_engine(settings.db_url) for _ in range(4)]
    with ThreadPoolExecutor(len(engines)) as pool:
        list(pool.map(migrate, engines))
    with engines[0].connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == "0008"
    for engine in engines:
        engine.dispose()


def test_a_database_at_0001_with_tables_in_it_migrates_to_head(settings: Settings) -> None:
    engine = create_engine(settings.db_url)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        stamp = "2026-01-01 00:00:00+00:00"
        connection.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, listed, status, version,"
                " created_at, active_at) VALUES ('t1', 'dicetime', 2, '{}', '7', true,"
                f" 'running', 3, '{stamp}', '{stamp}')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO seats (table_id, seat, bot, name, token_hash, host) VALUES"
                " ('t1', 0, NULL, 'Ann', 'h0', true), ('t1', 1, NULL, 'Bob', 'h1', false)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO actions (table_id, number, seat, action, request_id, at) VALUES"
                " ('t1', 0, 0, 'roll', 'a', 1.0), ('t1', 1, 0, 'enter chance', 'b', 2.0)"
            )
        )
        command.upgrade(config, "head")
    with engine.begin() as connection:
        assert connection.execute(select(SEATS.c.name, SEATS.c.absent)).all() == [
            ("Ann", False),
            ("Bob", False),
        ]
        rows = connection.execute(select(ACTIONS.c.action, ACTIONS.c.request_id, ACTIONS.c.sent))
        assert rows.all() == [("roll", "a", "roll"), ("enter chance", "b", "enter chance")]
        assert connection.execute(select(TABLES.c.version)).scalar() == 3
        row = {"table_id": "t1", "number": 2, "seat": 1, "action": "roll", "at": 3.0}
        connection.execute(insert(ACTIONS), {**row, "request_id": "a"})  # another seat's "a"
    with pytest.raises(IntegrityError), engine.begin() as connection:  # the same seat's "a"
        connection.execute(insert(ACTIONS), {**row, "number": 3, "seat": 0, "request_id": "a"})
    engine.dispose()
    migrated = connect(settings.db_url)  # and the server's own start finds it up to date
    with migrated.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    migrated.dispose()
