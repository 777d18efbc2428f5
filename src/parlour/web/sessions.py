"""Accounts and sessions: register, log in (limited per address and per name), log out, who
is logged in; a browser that logs in gives its account the seats its tokens hold."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, Response

from parlour.i18n import _
from parlour.web import responses
from parlour.web.accounts import (
    SESSION_COOKIE,
    SESSION_LIFE,
    Account,
    Accounts,
    account_of,
    name_key,
)
from parlour.web.live import TableError
from parlour.web.login_attempts import LoginAttempts
from parlour.web.routing import tables_of
from parlour.web.schemas import Credentials
from parlour.web.security import RateLimit, client_address

if TYPE_CHECKING:
    from parlour.web.app import Settings


def add_routes(app: FastAPI, settings: Settings, accounts: Accounts) -> None:
    """The account and session routes of `app`, with their limits."""
    logins = RateLimit(settings.logins_per_minute, 60.0)  # this process's password checks
    attempts = LoginAttempts(
        accounts.engine, settings.logins_per_name, settings.logins_per_name_anywhere
    )

    @app.post("/api/account", status_code=201, responses=responses.REGISTER)
    async def register(request: Request, body: Credentials, response: Response) -> dict[str, Any]:
        """A new account (its name unique, case folded); the browser is logged in to it, and
        the seats of the `tokens` it sends become the account's (`attached`: how many)."""
        slow_down(logins, request)
        account = await asyncio.to_thread(accounts.register, body.name, body.password)
        return await _logged_in(request, response, account, body.tokens)

    @app.post("/api/session", responses=responses.LOGIN)
    async def log_in(request: Request, body: Credentials, response: Response) -> dict[str, Any]:
        """Log in: a new session cookie (HttpOnly, SameSite=Lax, Secure behind TLS). A wrong
        name and a wrong password get the same 401; attempts are limited per address and
        per name. The seats of the `tokens` the browser sends become the account's."""
        slow_down(logins, request)
        # Each attempt counts (in the database: on every process) before the slow check, so
        # guesses sent at once count too; a right password takes its count back.
        attempt = attempts.count(name_key(body.name), client_address(request.scope))
        if attempt is None:
            raise TableError(429, _("too many failed logins to this name; wait a while"))
        account = await asyncio.to_thread(accounts.check, body.name, body.password)
        attempts.take_back(attempt)
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
            secure=behind_tls(request, settings.public_url),
        )
        attached = await tables_of(request).commits.attach(account, tokens)
        return {"name": account.name, "attached": attached}


def slow_down(limit: RateLimit, request: Request) -> None:
    if not limit.allow(client_address(request.scope)):
        raise TableError(429, _("too many attempts; wait a minute"))


def behind_tls(request: Request, public_url: str | None) -> bool:
    """Whether the browser reached us over TLS (directly, through the trusted proxy, or as
    the public URL says): the session cookie is then sent over TLS only."""
    return request.url.scheme == "https" or bool(public_url and public_url.startswith("https:"))
