"""My games: a logged-in account's tables, as `GET /api/me/games` lists them and the `/me` page
shows them: running ones (those awaiting the account first, longest waiting first), open ones,
then finished ones with their results, newest first, a page at a time.

Running and open tables are read from the table layer's memory (where they always are);
finished ones are rebuilt from their records off the event loop, never kept. A daily
challenge's games show their replay, record and analysis only once its UTC day is over.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse
from sqlalchemy import Engine, Row, func, select
from sqlalchemy.orm import Session

from parlour.bots.registry import bot_label
from parlour.i18n import _, language
from parlour.kernel import ExactAdvice
from parlour.web import responses, storage
from parlour.web.accounts import Account, account_of
from parlour.web.kinds import Kinds
from parlour.web.languages import page
from parlour.web.live import LiveTable, TableError
from parlour.web.models import TableRow
from parlour.web.ratings import places
from parlour.web.storage import SEATS, TABLES
from parlour.web.tables import Tables

STATIC = Path(__file__).parent / "static"
FINISHED_PAGE = 50
"""Finished games a request lists (`offset` pages through the rest)."""
MY_GAMES = responses.errors(401, 422)


@dataclass(frozen=True)
class Held:
    """The account's seat at a table, as its row says (its rating change, if rated)."""

    seat: int
    place: int | None
    rating_before: float | None
    rating_after: float | None


def add_routes(app: FastAPI) -> None:
    """`GET /api/me/games`, its page `/me`, and the page to log in or create an account."""

    @app.get("/api/me/games", responses=MY_GAMES)
    async def my_games(
        request: Request, offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0
    ) -> dict[str, Any]:
        """The logged-in account's tables: `running` (those awaiting it first, with how long
        they have waited), `open`, and `finished` with results and links, newest first,
        `FINISHED_PAGE` from `offset` (`more`: whether others follow). A 401 if logged out."""
        account = account_of(request)
        if account is None:
            raise TableError(401, _("log in to see your games"))
        tables: Tables = request.app.state.tables
        live, finished, more = await asyncio.to_thread(
            _stored, tables.engine, tables.kinds, account, offset
        )
        now = tables.clock.now()
        entries = []
        for table_id, held in live.items():
            table = tables.shelf.tables.get(table_id)
            if table is None or table.status not in ("open", "running"):
                continue
            entry = _entry(table, held)
            since = table.waiting_since.get(held.seat)
            if entry["awaited"] and since is not None:
                entry["waited"] = max(0.0, now - since)
            entries.append(entry)
        awaited = sorted((e for e in entries if e["awaited"]), key=lambda e: -e.get("waited", 0))
        others = [e for e in entries if e["status"] == "running" and not e["awaited"]]
        return {
            "running": awaited + others,
            "open": [e for e in entries if e["status"] == "open"],
            "finished": [_entry(table, held) for table, held in finished],
            "more": more,
        }

    @app.get("/me", include_in_schema=False)
    async def my_games_page() -> HTMLResponse:
        return HTMLResponse(page(STATIC / "my-games.html", language()))

    @app.get("/account", include_in_schema=False)
    async def account_page() -> HTMLResponse:
        return HTMLResponse(page(STATIC / "account.html", language()))


def _stored(
    engine: Engine, kinds: Kinds, account: Account, offset: int
) -> tuple[dict[str, Held], list[tuple[LiveTable, Held]], bool]:
    """From the database: the account's seats at open and running tables (newest first), and
    a page of its finished games rebuilt from their records (whether more follow)."""
    columns = (SEATS.c.seat, SEATS.c.place, SEATS.c.rating_before, SEATS.c.rating_after)
    mine = SEATS.c.account_id == account.id
    with engine.connect() as db:
        live = db.execute(
            select(TABLES.c.id, *columns)
            .join(SEATS, SEATS.c.table_id == TABLES.c.id)
            .where(mine, TABLES.c.status.in_(("open", "running")))
            .order_by(TABLES.c.created_at.desc())
        ).all()
        done = db.execute(
            select(TABLES.c.id, *columns)
            .join(SEATS, SEATS.c.table_id == TABLES.c.id)
            .where(mine, TABLES.c.status == "finished")
            .order_by(func.coalesce(TABLES.c.finished_at, TABLES.c.active_at).desc())
            .offset(offset)
            .limit(FINISHED_PAGE + 1)
        ).all()
    held = {row.id: _held(row) for row in done}
    ids = [row.id for row in done[:FINISHED_PAGE]]
    with Session(engine) as session:
        rows = session.scalars(storage.whole_rows().where(TableRow.id.in_(ids))).all()
        rebuilt = {row.id: storage.rebuild(row, kinds) for row in rows}
    return (
        {row.id: _held(row) for row in live},
        [(rebuilt[i], held[i]) for i in ids if i in rebuilt],
        len(done) > FINISHED_PAGE,
    )


def _held(row: Row[Any, Any, Any, Any, Any]) -> Held:
    """The account's seat as a row of (table id, seat, place, rating before, after) says."""
    return Held(row.seat, row.place, row.rating_before, row.rating_after)


def _entry(table: LiveTable, held: Held) -> dict[str, Any]:
    """One table as My games lists it: what anyone may know of it, the account's seat, whether
    it awaits the account (never where its kind takes no more moves: `closed`, a daily
    challenge's attempt left unfinished past its day), and once finished the results and links
    (replay, record and analysis only where its kind shows its record: not a daily challenge's
    before its day is over)."""
    state = table.state
    over = table.status == "finished"
    closed = not over and table.kind.closed(table) is not None
    entry: dict[str, Any] = {
        "id": table.id,
        "game": table.game,
        "status": table.status,
        "seat": held.seat,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "label": bot_label(table.game, s.bot) if s.bot else None,
            }
            for s in table.seats
        ],
        "turn_limit": table.turn_limit,
        "rated": table.rated,
        "challenge": table.challenge,
        "awaited": table.status == "running" and held.seat in state.to_act and not closed,
        "closed": closed,
        "links": {"table": f"/t/{table.id}"},
    }
    if not over:
        return entry
    scores, winners = list(state.scores), list(state.winners)
    entry["scores"] = scores
    entry["winners"] = winners
    entry["place"] = held.place or places(scores, winners, [False] * len(scores))[held.seat]
    if table.rated and held.rating_before is not None and held.rating_after is not None:
        entry["rating"] = {"before": held.rating_before, "after": held.rating_after}
    if table.kind.sealed(table) is None:
        entry["links"] |= {
            "replay": f"/replay/{table.id}",
            "record": f"/api/tables/{table.id}/record",
        }
        if isinstance(state.game.advice(), ExactAdvice):
            entry["links"]["analysis"] = f"/replay/{table.id}#analysis"
    return entry
