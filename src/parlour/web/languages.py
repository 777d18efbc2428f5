"""The language of a visit: `?lang=` on any request (kept in a cookie for the next ones),
else the cookie, else the browser's `Accept-Language`. Every HTTP request and WebSocket is
served speaking it (API errors, option and bot descriptions, logs), and pages are served
translated, with `<html lang>` set and a switch to the other languages."""

from __future__ import annotations

import re
from functools import cache
from html import escape
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import parse_qs

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.i18n import LANGUAGES, NAMES, _, negotiate, speaking
from parlour.i18n.html import translated

COOKIE = "parlour_lang"
QUERY = "lang"
YEAR = 365 * 24 * 3600
SWITCH = "<!-- languages -->"
"""Where a page's HTML has its language switch, filled in when it is served."""


def asked(scope: Scope) -> str | None:
    """The language the request's `?lang=` asks for, if it is one Parlour speaks."""
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(QUERY, [])
    return next((value for value in values if value in LANGUAGES), None)


def of_visit(scope: Scope) -> str:
    """The language to speak to this request: `?lang=`, else the cookie, else the browser's."""
    headers = Headers(scope=scope)
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is ignored, as browsers would
        cookie = SimpleCookie()
    kept = cookie[COOKIE].value if COOKIE in cookie else None
    return (
        asked(scope)
        or (kept if kept in LANGUAGES else None)
        or negotiate(headers.get("accept-language"))
    )


class Speaking:
    """Pure ASGI middleware: serve each request and WebSocket in the language of its visit, and
    keep a language asked by `?lang=` in a cookie (SameSite=Lax, a year)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        code = of_visit(scope)
        chosen = asked(scope) if scope["type"] == "http" else None

        async def keeping(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.append("Content-Language", code)
                headers.append("Vary", "Cookie, Accept-Language")
                if chosen is not None:
                    headers.append(
                        "Set-Cookie",
                        f"{COOKIE}={chosen}; Max-Age={YEAR}; Path=/; SameSite=Lax",
                    )
            await send(message)

        with speaking(code):
            await self.app(scope, receive, keeping)


@cache
def page(path: Path, code: str) -> str:
    """The page at `path` in `code`: its messages translated, `<html lang>` set and its
    language switch filled in (a link per language, keeping the page). Made once a page and
    language: the pages and catalogues do not change while the server runs."""
    with speaking(code):
        html = translated(path.read_text(encoding="utf-8"), _)
        switch = " ".join(
            f'<a href="?{QUERY}={other}" lang="{other}" hreflang="{other}"'
            + (' aria-current="true"' if other == code else "")
            + f">{escape(NAMES[other])}</a>"
            for other in LANGUAGES
        )
        label = escape(_("Language"))
    html = re.sub(r'<html lang="[^"]*"', f'<html lang="{code}"', html, count=1)
    return html.replace(SWITCH, f'<nav class="languages" aria-label="{label}">{switch}</nav>', 1)
