"""The finished games the web server stored, as records: read from its database (SQLite or
PostgreSQL, by URL), never written, its schema never migrated."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, selectinload

from parlour.kernel import ParlourError
from parlour.web.models import TableRow

PERSON = "person"
"""Who played a person's seat, in a dataset's `bot` column."""


def stored_records(
    db_url: str, game: str | None = None, players: int | None = None
) -> Iterator[tuple[str, dict[str, Any], list[str | None]]]:
    """Each finished table (of `game` and with `players` only, if given) as `(table id,
    record, who played each seat: its bot's name or "person")`, oldest first."""
    url = make_url(db_url)
    if url.get_backend_name() == "sqlite" and not (url.database and Path(url.database).is_file()):
        raise ParlourError(f"there is no SQLite database at {url.database or db_url}")
    query = (
        select(TableRow)
        .where(TableRow.status == "finished")
        .options(selectinload(TableRow.actions), selectinload(TableRow.seats))
        .order_by(TableRow.created_at, TableRow.id)
    )
    if game is not None:
        query = query.where(TableRow.game == game)
    if players is not None:
        query = query.where(TableRow.players == players)
    engine = create_engine(url)
    try:
        with Session(engine) as session:
            for row in session.scalars(query):
                yield (
                    row.id,
                    {
                        "game": row.game,
                        "players": row.players,
                        "options": dict(row.options),
                        "seed": int(row.seed),
                        "actions": [[action.seat, action.action] for action in row.actions],
                    },
                    _players(row),
                )
    except SQLAlchemyError as error:
        cause = getattr(error, "orig", None) or error
        raise ParlourError(f"cannot read stored games from {url!r}: {cause}") from None
    finally:
        engine.dispose()


def _players(row: TableRow) -> list[str | None]:
    """Who played each seat of a stored table: its bot, or a person (`None`: no seat row)."""
    who: list[str | None] = [None] * row.players
    for seat in row.seats:
        who[seat.seat] = seat.bot or PERSON
    return who
