"""The ASGI application, assembled: settings, the database, the limits, the table layer
(`parlour.web.tables`), the middleware and the error handlers; the routes live in their own
modules (`play`: games and tables, `talking`: the tables' chat, `sessions`, `watching`: the
WebSocket, `pages`, `operator`, `mine`, `ratings`, `challenges`).

Seat tokens travel in the `X-Seat-Token` header (HTTP) or the first WebSocket message, never
in a URL, so no access log or link can leak one. Links are relative to the page unless a public
URL is configured: nothing the server hands out follows the request's `Host` header.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Annotated

from argon2 import Parameters
from argon2.profiles import RFC_9106_LOW_MEMORY
from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.bots.pool import default_workers
from parlour.i18n import N_, _
from parlour.kernel import OptionError, ParlourError
from parlour.web import (
    challenges,
    mine,
    operator,
    pages,
    play,
    ratings,
    responses,
    sessions,
    storage,
    talking,
    watching,
)
from parlour.web.accounts import (
    Accounts,
)
from parlour.web.clock import Clock
from parlour.web.database import connect, default_url
from parlour.web.envelope import Envelope
from parlour.web.languages import Speaking
from parlour.web.live import TableError
from parlour.web.metrics import Metrics
from parlour.web.routing import error_response
from parlour.web.security import RateLimit, client_address
from parlour.web.sockets import POLICY, Sockets
from parlour.web.tables import TOKEN_HEADER, Tables
from parlour.web.tables.seats import SeatError, Unidentified

STATIC = Path(__file__).parent / "static"
BODY_OVER = N_("the request body is over {limit} bytes")
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=100)]


@dataclass(frozen=True)
class Settings:
    """How the server runs; tests and the load benchmark change these."""

    db_url: str = field(default_factory=default_url)
    public_url: str | None = None
    bot_pace: float = 0.6
    idle_expiry: timedelta = timedelta(days=7)
    max_body: int = 16 * 1024
    max_message: int = 4 * 1024
    creates_per_minute: int = 20
    requests_per_10s: int = 200
    expiry_check_seconds: float = 600.0
    chat_lines_per_10s: int = 5
    """Lines one person (a seat, or a spectator's address) may say at a table in 10 seconds."""
    ws_per_address: int = 20
    """Open WebSockets one client address may hold (a household or a small club behind one
    address fits; a flood of sockets does not)."""
    ws_per_table: int = 50
    """Open WebSockets at one table, its players' and onlookers' together; past it only its
    seated players are let in (onlookers cannot lock them out)."""
    ws_messages_per_second: int = 20
    """Messages one WebSocket may send a second (pages send one, the hello)."""
    api_docs: bool = False
    """Serve `/docs`, `/redoc` and `/openapi.json` (`parlour serve --api-docs`)."""
    metrics: bool = False
    """Serve `/metrics` in Prometheus' text format (`parlour serve --metrics`)."""
    min_turn_limit: float = 5.0
    """The shortest turn limit a table may ask for, in seconds (tests lower it)."""
    logins_per_minute: int = 10
    """Login and registration attempts one client address may make a minute."""
    logins_per_name: int = 10
    """Failed logins to one account name from one address per quarter of an hour."""
    logins_per_name_anywhere: int = 100
    """Failed logins to one account name per quarter of an hour from all addresses together
    (guessing from many addresses; looser, so that one address cannot lock a player out)."""
    password_parameters: Parameters = field(default_factory=lambda: RFC_9106_LOW_MEMORY)
    """Argon2id's cost (RFC 9106's second recommendation: 64 MiB, 3 passes; tests lower it)."""
    clock: Callable[[], datetime] = storage.now
    """The time of day: the daily challenge's UTC day comes from it (tests move it)."""
    table_clock: Clock = field(default_factory=Clock)
    """The time the tables count in: turn limits, stand-ins, bots' pace, puzzle clocks (tests
    hand in one that moves only when told)."""
    lease_seconds: float = 10.0
    """How long a server process drives a table (its bots and clocks) without renewing its
    lease; another process takes it over once it has run out (PostgreSQL only)."""
    server_name: str | None = None
    """Who this process is among several on one database (`parlour serve`: host and port); a
    process started again under its name drives its tables again at once. None: a new name."""
    bot_workers: int = field(default_factory=default_workers)
    """Worker processes in which bots think, off the event loop (`parlour serve
    --bot-workers`; docs/operations.md)."""


def create_app(settings: Settings | None = None, engine: Engine | None = None) -> FastAPI:
    """The application for `settings` (its database migrated, its tables resumed)."""
    settings = settings or Settings()
    engine = engine or connect(settings.db_url)
    creates = RateLimit(settings.creates_per_minute, 60.0)
    requests = RateLimit(settings.requests_per_10s, 10.0)
    sockets = Sockets(
        settings.ws_per_address, settings.ws_per_table, settings.ws_messages_per_second
    )
    accounts = Accounts(engine, settings.password_parameters)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tables = Tables(
            engine,
            bot_pace=settings.bot_pace,
            idle_expiry=settings.idle_expiry,
            min_turn_limit=settings.min_turn_limit,
            bot_workers=settings.bot_workers,
            clock=settings.table_clock,
            lease_seconds=settings.lease_seconds,
            server_name=settings.server_name,
            chat_lines=settings.chat_lines_per_10s,
        )
        tables.kinds.add(ratings.Rated())
        app.state.tables = tables
        challenges.setup(app, tables, settings.clock)
        await tables.start()
        expiry = asyncio.create_task(_expire_forever(tables, settings.expiry_check_seconds))
        app.state.expiry = expiry
        yield
        expiry.cancel()
        await app.state.challenges.judged()
        await tables.close()

    app = FastAPI(
        title="Parlour",
        description="Play Parlour's games at shared tables: every action goes through "
        "the game kernel, each seat sees only its own view.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url="/docs" if settings.api_docs else None,
        redoc_url="/redoc" if settings.api_docs else None,
        openapi_url="/openapi.json" if settings.api_docs else None,
    )
    app.state.settings = settings
    app.state.accounts = accounts
    app.state.sockets = sockets
    metrics = (
        Metrics(lambda: getattr(app.state, "tables", None), sockets) if settings.metrics else None
    )

    def tables_of(request: Request | WebSocket) -> Tables:
        tables: Tables = request.app.state.tables
        return tables

    app.add_middleware(Guard, settings=settings, creates=creates, requests=requests)
    app.add_middleware(Speaking)
    app.add_middleware(
        Envelope,
        observe=metrics.observe if metrics else None,
        on_error=metrics.error if metrics else None,
    )

    @app.exception_handler(TableError)
    async def table_error(_: Request, error: TableError) -> JSONResponse:
        return error_response(error.status, error.message, reason=error.reason)

    @app.exception_handler(SeatError)
    async def seat_error(_: Request, error: SeatError) -> JSONResponse:
        """Who a request is, refused: no token nor account (401), none holding a seat there or
        a spectator where the table is sealed (403)."""
        return error_response(401 if isinstance(error, Unidentified) else 403, error.message)

    @app.exception_handler(ParlourError)
    async def parlour_error(_: Request, error: ParlourError) -> JSONResponse:
        """A well-formed request the kernel refuses: a bad game, option or seat is a 422."""
        return error_response(422 if isinstance(error, OptionError) else 400, str(error))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = []
        for item in error.errors():
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            problems.append(f"{where}: {item.get('msg', 'invalid')}" if where else item["msg"])
        return error_response(422, "; ".join(problems[:5]) or _("the request is malformed"))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return error_response(
            error.status_code, str(error.detail), responses.error_headers(request, error)
        )

    play.add_routes(app)
    talking.add_routes(app)
    sessions.add_routes(app, settings, accounts)
    watching.add_routes(app, settings, sockets)
    operator.add_routes(app, engine, metrics)
    pages.add_routes(app)
    mine.add_routes(app)
    challenges.add_routes(app)
    ratings.add_routes(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


class Guard:
    """Pure ASGI middleware: body-size and request-rate limits before any route runs (a
    WebSocket's opening counts as a request), and the `Envelope` around it adds the headers
    every response carries."""

    def __init__(
        self, app: ASGIApp, settings: Settings, creates: RateLimit, requests: RateLimit
    ) -> None:
        self.app = app
        self.settings = settings
        self.creates = creates
        self.requests = requests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not self.requests.allow(client_address(scope)):
            await send({"type": "websocket.close", "code": POLICY, "reason": "slow down"})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is None and "content-length" not in Headers(scope=scope):
            receive, refusal = await self._buffered(receive)
        if refusal is not None:
            await error_response(*refusal)(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _buffered(self, receive: Receive) -> tuple[Receive, tuple[int, str] | None]:
        """Read a body sent without a length (chunked) up to the limit, then replay it."""
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            size += len(message.get("body", b""))
            if size > self.settings.max_body:
                return receive, (413, _(BODY_OVER).format(limit=self.settings.max_body))
            if message["type"] != "http.request" or not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        return replay, None

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        client = client_address(scope)
        path: str = scope["path"]
        length = Headers(scope=scope).get("content-length")
        limit = self.settings.max_body
        if length is not None and (not length.isdigit() or int(length) > limit):
            return 413, _(BODY_OVER).format(limit=limit)
        if path.startswith("/api/") and not self.requests.allow(client):
            return 429, _("too many requests; slow down")
        if scope["method"] == "POST" and path == "/api/tables" and not self.creates.allow(client):
            return 429, _("too many tables created; wait a minute")
        return None


async def _expire_forever(tables: Tables, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        await tables.shelf.expire_idle()


__all__ = ["Settings", "create_app"]
