"""The ASGI application: the JSON API, the WebSocket of live frames, and the pages.

Seat tokens travel in the `X-Seat-Token` header (HTTP) or the first WebSocket message, never
in a URL, so no access log or link can leak one. Links are relative to the page unless a public
URL is configured: nothing the server hands out follows the request's `Host` header.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

from argon2 import Parameters
from argon2.profiles import RFC_9106_LOW_MEMORY
from fastapi import FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketState

from parlour.bots.pool import default_workers
from parlour.i18n import LANGUAGES, N_, _, language, page_catalogue
from parlour.kernel import SPECTATOR, OptionError, ParlourError, Reason, load, replay
from parlour.listing import listing
from parlour.web import challenges, learning, mine, ratings, responses, storage
from parlour.web.accounts import (
    SESSION_COOKIE,
    SESSION_LIFE,
    Account,
    Accounts,
    account_of,
    name_key,
)
from parlour.web.clock import Clock
from parlour.web.database import connect, default_url
from parlour.web.envelope import Envelope
from parlour.web.health import database_answers
from parlour.web.languages import Speaking, page
from parlour.web.live import SeatSpec, TableError
from parlour.web.metrics import CONTENT_TYPE, Metrics
from parlour.web.preparing import Preparations
from parlour.web.schemas import Act, CreateTable, Credentials, FillWithBots, JoinTable, Learn
from parlour.web.security import RateLimit, client_address, same_origin
from parlour.web.sockets import POLICY, Refused, Sockets, receive_text, say_and_close
from parlour.web.tables import TOKEN_HEADER, Tables
from parlour.web.tables.seats import SeatError, Unidentified, seat_for, seat_of, viewer_of

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
    preparations = Preparations()
    accounts = Accounts(engine, settings.password_parameters)
    logins = RateLimit(settings.logins_per_minute, 60.0)
    failed_here = RateLimit(settings.logins_per_name, 900.0)  # per name and address
    failed_anywhere = RateLimit(settings.logins_per_name_anywhere, 900.0)  # per name

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tables = Tables(
            engine,
            bot_pace=settings.bot_pace,
            idle_expiry=settings.idle_expiry,
            min_turn_limit=settings.min_turn_limit,
            bot_workers=settings.bot_workers,
            clock=settings.table_clock,
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
        return _error(error.status, error.message, reason=error.reason)

    @app.exception_handler(SeatError)
    async def seat_error(_: Request, error: SeatError) -> JSONResponse:
        """Who a request is, refused: no token nor account (401), none holding a seat there or
        a spectator where the table is sealed (403)."""
        return _error(401 if isinstance(error, Unidentified) else 403, error.message)

    @app.exception_handler(ParlourError)
    async def parlour_error(_: Request, error: ParlourError) -> JSONResponse:
        """A well-formed request the kernel refuses: a bad game, option or seat is a 422."""
        return _error(422 if isinstance(error, OptionError) else 400, str(error))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = []
        for item in error.errors():
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            problems.append(f"{where}: {item.get('msg', 'invalid')}" if where else item["msg"])
        return _error(422, "; ".join(problems[:5]) or _("the request is malformed"))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return _error(error.status_code, str(error.detail), responses.error_headers(request, error))

    # -- the API ------------------------------------------------------------------------------

    @app.get("/api/games", responses=responses.LIST_GAMES)
    async def list_games() -> list[dict[str, Any]]:
        """The games, their options, bots (the default, their levels) and whether they give
        advice (hints and analysis)."""
        return listing()

    @app.get("/api/games/{name}/rules", responses=responses.RULES)
    async def rules(name: str) -> list[dict[str, Any]]:
        """The game's rules for players ("How to play"), section by section."""
        return learning.rules(name)

    @app.post("/api/learn/{name}", responses=responses.LEARN)
    async def learn(name: str, body: Learn) -> dict[str, Any]:
        """The game's tutorial after the learner's accepted `moves`, with `attempt` tried: the
        step's text, the others' moves since, the feedback, the learner's view and choices;
        at the end its finale, and the bot and seats of the real game to play next."""
        return learning.lesson(name, body.moves, body.attempt)

    @app.get("/api/tables", responses=responses.LOBBY)
    async def lobby(request: Request) -> list[dict[str, Any]]:
        """Listed tables that are open (to join) or running (to watch)."""
        return tables_of(request).watchers.listing()

    @app.post("/api/tables", status_code=201, responses=responses.CREATE)
    async def create(request: Request, body: CreateTable) -> dict[str, Any]:
        """A new table; the creator hosts it and sits at the first person's seat."""
        seats = [SeatSpec(None if kind == "person" else kind) for kind in body.seats]
        table, token = await tables_of(request).commits.create(
            body.game,
            body.players,
            dict(body.options),
            seats,
            name=body.name,
            listed=body.listed,
            turn_limit=body.turn_limit,
            account=account_of(request),
            rated=body.rated,
        )
        seat = next(s.seat for s in table.seats if s.host)
        return {
            "table": table.public(seat),
            "token": token,
            "seat": seat,
            "link": _link(request, table.id),
        }

    @app.get("/api/tables/{table_id}", responses=responses.TABLE_INFO)
    async def table_info(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """What anyone may know of a table (with `you` marked for the token's seat)."""
        tables = tables_of(request)
        table = tables.shelf.get(table_id)
        seat = seat_of(table, token, account_of(request))
        return {**tables.watchers.public(table, seat), "link": _link(request, table.id)}

    @app.get("/api/tables/{table_id}/state", responses=responses.TABLE_STATE)
    async def table_state(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """The frame the token's seat (or a spectator) would receive now."""
        tables = tables_of(request)
        table = tables.shelf.get(table_id)
        return tables.watchers.frame(table, viewer_of(table, token, account_of(request)))

    @app.post("/api/tables/{table_id}/join", responses=responses.JOIN)
    async def join(
        request: Request, table_id: str, body: JoinTable, token: Token = None
    ) -> dict[str, Any]:
        """Take the first open seat (send the token you already hold for this table, if any)."""
        commits = tables_of(request).commits
        table, new_token, seat = await commits.join(table_id, body.name, token, account_of(request))
        return {"table": table.public(seat), "token": new_token, "seat": seat}

    @app.post("/api/tables/{table_id}/bots", responses=responses.FILL)
    async def fill(
        request: Request, table_id: str, body: FillWithBots, token: Token = None
    ) -> dict[str, Any]:
        """The host fills the open seats with bots, and the game starts."""
        commits = tables_of(request).commits
        table = await commits.fill_with_bots(table_id, token, body.bot, account_of(request))
        return table.public()

    @app.post("/api/tables/{table_id}/actions", responses=responses.ACT)
    async def act(
        request: Request, table_id: str, body: Act, token: Token = None
    ) -> dict[str, Any]:
        """Apply an action for the token's seat; the same request id is applied once."""
        tables = tables_of(request)
        account = account_of(request)
        number = await tables.commits.act(table_id, token, body.action, body.request_id, account)
        return {"number": number, "version": tables.shelf.get(table_id).version}

    @app.get("/api/tables/{table_id}/record", responses=responses.RECORD)
    async def record(request: Request, table_id: str) -> JSONResponse:
        """A finished game's record, in the format `parlour replay` reads."""
        data = tables_of(request).shelf.record(table_id)
        filename = f"parlour-{data['game']}-{table_id}.json"
        return JSONResponse(
            data, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @app.get("/api/tables/{table_id}/replay", responses=responses.REPLAY)
    async def replay_step(
        request: Request, table_id: str, step: Annotated[int, Query(ge=0)] = 0
    ) -> dict[str, Any]:
        """A finished game after `step` actions: the spectator's view and the last action."""
        record = tables_of(request).shelf.record(table_id)
        actions = record["actions"]
        step = min(step, len(actions))
        state = replay({**record, "actions": actions[:step]})
        return {
            "step": step,
            "steps": len(actions),
            "action": actions[step - 1] if step else None,
            "view": state.view(SPECTATOR),
        }

    @app.post("/api/tables/{table_id}/rematch", responses=responses.REMATCH)
    async def rematch(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """The same players again at a new table, with a fresh seed; your token works there."""
        table = await tables_of(request).commits.rematch(table_id, token, account_of(request))
        return {"table": table.public(), "link": _link(request, table.id)}

    @app.get("/api/tables/{table_id}/hints", responses=responses.HINTS)
    async def hints(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """What each choice of your pending decision is worth, for a game that gives advice
        (never at a rated table or in the daily challenge)."""
        tables = tables_of(request)
        table = tables.shelf.get(table_id)
        seat = seat_for(table, token, account_of(request))
        advice = table.state.game.advice()
        if advice is None:
            raise TableError(404, _("{game} has no hints").format(game=table.game))
        refused = table.kind.hints_refused(table)
        if refused is not None:
            raise TableError(403, refused)
        if table.state.over:
            return {"choices": None}
        # Off the event loop: the first hint of a variant loads (or builds) its solver's table.
        choices = await asyncio.to_thread(advice.choices, table.state.clone(), seat)
        return {"choices": None if choices is None else [asdict(c) for c in choices]}

    @app.get("/api/tables/{table_id}/analysis", responses=responses.ANALYSIS)
    async def analysis(request: Request, table_id: str, response: Response) -> dict[str, Any]:
        """Every decision of a finished game against the best, for a game that gives advice.
        While its solver builds the table it needs (the first time), a 202 with
        `{"progress": 0..1}`: ask again."""
        record = tables_of(request).shelf.record(table_id)
        advice = load(record["game"], record["players"], **record["options"]).advice()
        if advice is None:
            raise TableError(404, _("{game} has no analysis").format(game=record["game"]))
        key = json.dumps([record["game"], record["options"]], sort_keys=True)
        progress = await preparations.progress(key, advice.prepare)
        if progress is not None:
            response.status_code = 202
            return {"progress": progress}
        report: dict[str, Any] = await asyncio.to_thread(lambda: advice.analyse(replay(record)))
        return report

    # -- accounts -------------------------------------------------------------------------------

    @app.post("/api/account", status_code=201, responses=responses.REGISTER)
    async def register(request: Request, body: Credentials, response: Response) -> dict[str, Any]:
        """A new account (its name unique, case folded); the browser is logged in to it, and
        the seats of the `tokens` it sends become the account's (`attached`: how many)."""
        _slow_down(logins, request)
        account = await asyncio.to_thread(accounts.register, body.name, body.password)
        return await _logged_in(request, response, account, body.tokens)

    @app.post("/api/session", responses=responses.LOGIN)
    async def log_in(request: Request, body: Credentials, response: Response) -> dict[str, Any]:
        """Log in: a new session cookie (HttpOnly, SameSite=Lax, Secure behind TLS). A wrong
        name and a wrong password get the same 401; attempts are limited per address and
        per name. The seats of the `tokens` the browser sends become the account's."""
        _slow_down(logins, request)
        # Each attempt counts before the (slow) check, so guesses sent at once count too; a
        # right password takes its count back.
        key = name_key(body.name)
        here = f"{key}\n{client_address(request.scope)}"
        if not failed_here.allow(here) or not failed_anywhere.allow(key):
            raise TableError(429, _("too many failed logins to this name; wait a while"))
        account = await asyncio.to_thread(accounts.check, body.name, body.password)
        failed_here.give_back(here)
        failed_anywhere.give_back(key)
        return await _logged_in(request, response, account, body.tokens)

    @app.delete("/api/session", status_code=204, responses=responses.LOGOUT)
    async def log_out(request: Request, response: Response) -> None:
        """Log out: the session is ended on the server, the cookie cleared."""
        session = request.cookies.get(SESSION_COOKIE)
        if session:
            await asyncio.to_thread(accounts.close_session, session)
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")

    @app.get("/api/session", responses=responses.WHO)
    async def who(request: Request) -> dict[str, Any]:
        """Who this browser is logged in as (`account` null: nobody)."""
        account = account_of(request)
        return {"account": None if account is None else {"name": account.name}}

    async def _logged_in(
        request: Request, response: Response, account: Account, tokens: list[str]
    ) -> dict[str, Any]:
        """Log the browser in to `account` (a new session in its cookie), give the account
        the seats of the browser's `tokens`; the answer: its name and how many it gained."""
        session = accounts.open_session(account, request.cookies.get(SESSION_COOKIE))
        response.set_cookie(
            SESSION_COOKIE,
            session,
            max_age=int(SESSION_LIFE.total_seconds()),
            path="/",
            httponly=True,
            samesite="lax",
            secure=_behind_tls(request, settings.public_url),
        )
        attached = await tables_of(request).commits.attach(account, tokens)
        return {"name": account.name, "attached": attached}

    # -- live frames ----------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        """Frames for one seat or a spectator. The first message says who: `{"token": ...}`
        (or `{"token": null}` to watch). Only pages of this server may connect; the limits
        of `Settings.ws_*` hold (see `parlour.web.sockets`)."""
        if not same_origin(websocket.scope, settings.public_url):
            await websocket.close(code=4403, reason="cross-origin connections are refused")
            return
        await websocket.accept()
        tables = tables_of(websocket)
        watcher = None
        try:
            sockets.admit(websocket, client_address(websocket.scope))
            hello = await asyncio.wait_for(receive_text(websocket, settings.max_message), 10)
            if hello is None:
                return
            token = _hello_token(hello)
            account = account_of(websocket)
            table = tables.shelf.get(table_id)
            sockets.admit_to_table(websocket, table_id, seat_of(table, token, account) is not None)
            watcher = await tables.commits.watch(
                table_id, token, websocket.send_text, language(), account
            )
            rate = sockets.rate()
            while await receive_text(websocket, settings.max_message, rate) is not None:
                await websocket.send_json({"type": "pong"})
        except (TableError, SeatError, ValueError, TimeoutError) as error:
            message = (
                error.message
                if isinstance(error, TableError | SeatError)
                else str(error) or "timed out"
            )
            await say_and_close(websocket, 4400, message)
        except Refused as refusal:
            await say_and_close(websocket, refusal.code, refusal.reason)
        except WebSocketDisconnect:
            pass
        except RuntimeError:  # a send after the stopping server closed the socket (1001)
            if websocket.application_state != WebSocketState.DISCONNECTED:
                raise
        finally:
            sockets.release(websocket)
            if watcher is not None:
                tables.watchers.remove(table_id, watcher)

    # -- the operator's ---------------------------------------------------------------------

    @app.get("/healthz", include_in_schema=False)
    async def health(request: Request) -> JSONResponse:
        """200 when the database answers and the table layer runs (its check keeps the name
        "hub" that operators' monitors know), else 503; the body says which."""
        checks = {
            "database": await database_answers(engine),
            "hub": hasattr(request.app.state, "tables") and not request.app.state.expiry.done(),
        }
        healthy = all(checks.values())
        body = {"status": "ok" if healthy else "unavailable"} | {
            name: "ok" if fine else "failing" for name, fine in checks.items()
        }
        return JSONResponse(body, status_code=200 if healthy else 503)

    if metrics is not None:

        @app.get("/metrics", include_in_schema=False)
        async def metrics_text() -> Response:
            """The metrics in Prometheus' text format."""
            return Response(metrics.text(), media_type=CONTENT_TYPE)

    # -- pages ----------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return HTMLResponse(page(STATIC / "lobby.html", language()))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "table.html", language()))

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "replay.html", language()))

    @app.get("/learn/{name}", include_in_schema=False)
    async def learn_page(name: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "learn.html", language()))

    mine.add_routes(app)

    @app.get("/i18n/{code}.json", include_in_schema=False)
    async def catalogue(code: str) -> JSONResponse:
        """The pages' messages in language `code` (`static/js/i18n.js` loads it)."""
        if code not in LANGUAGES:
            wanted = ", ".join(LANGUAGES)
            return _error(
                404, _("Parlour speaks {wanted}, not {code}").format(wanted=wanted, code=code)
            )
        return JSONResponse(page_catalogue(code), headers={"Cache-Control": "public, max-age=3600"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

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
            await _error(*refusal)(scope, receive, send)
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


def _error(
    status: int,
    message: str,
    headers: Mapping[str, str] | None = None,
    reason: Reason | None = None,
) -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if reason is not None:
        body["reason"] = reason.describe()
    return JSONResponse(body, status_code=status, headers=headers)


def _slow_down(limit: RateLimit, request: Request) -> None:
    if not limit.allow(client_address(request.scope)):
        raise TableError(429, _("too many attempts; wait a minute"))


def _behind_tls(request: Request, public_url: str | None) -> bool:
    """Whether the browser reached us over TLS (directly, through the trusted proxy, or as
    the public URL says): the session cookie is then sent over TLS only."""
    return request.url.scheme == "https" or bool(public_url and public_url.startswith("https:"))


def _link(request: Request, table_id: str) -> str:
    """The table page's address: under the public URL if one is set, else relative to the page
    (which makes it absolute from its own location), never from the request's Host header."""
    public_url: str | None = request.app.state.settings.public_url
    return f"{public_url.rstrip('/') if public_url else ''}/t/{table_id}"


def _hello_token(text: str) -> str | None:
    try:
        hello = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:  # nested past the parser's depth
        raise ValueError('the first message must be JSON: {"token": ...}') from error
    if not isinstance(hello, dict) or not isinstance(hello.get("token", None), str | None):
        raise ValueError('the first message must be {"token": "..."} or {"token": null}')
    token: str | None = hello.get("token")
    return token


async def _expire_forever(tables: Tables, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        await tables.shelf.expire_idle()


__all__ = ["Settings", "create_app"]
