"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from parlour.web.app import Settings
from parlour.web.database import connect
from parlour.web.models import Base


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
        assert MigrationContext.configure(connection).get_current_revision() == "0001"
    engine.dispose()
