"""Secrets and limits: seat tokens (random, stored hashed, compared in constant time), table
ids, client addresses and origins, per-client rate limits, and the headers every response
carries."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import Scope

TOKEN_BYTES = 32
TABLE_ID_BYTES = 12

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""`connect-src 'self'` also admits WebSockets to the page's own host and port (ws: from an http:
page, wss: from https:, as CSP Level 3 says: Chrome 71 and Safari 16 on, and current Firefox),
and no other host; tests/web/test_browser.py checks the live table connects in Chromium."""
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def client_address(scope: Scope) -> str:
    """The client's address, which every per-client limit counts. uvicorn has already replaced
    the peer's address by the `X-Forwarded-For` one when, and only when, the peer is a proxy on
    127.0.0.1 (`parlour serve` sets `forwarded_allow_ips` so)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def same_origin(scope: Scope, public_url: str | None) -> bool:
    """Whether a WebSocket comes from one of this server's pages. Browsers send Origin; it must
    be the public URL's or the address the server really listens on (with `localhost` for a
    loopback one), never one taken from the Host header, which the client chooses."""
    origin = Headers(scope=scope).get("origin")
    if origin is None:
        return True  # not a browser (a browser always sends Origin on WebSockets)
    allowed = _listening_origins(scope.get("server"))
    if public_url:
        parts = urlsplit(public_url)
        allowed.add(f"{parts.scheme}://{parts.netloc}".lower())
    return origin.rstrip("/").lower() in allowed


def _listening_origins(server: tuple[str, int | None] | None) -> set[str]:
    """The origins of pages served from this socket's own address and port."""
    if server is None:
        return set()
    host, port = server
    hosts = {f"[{host}]" if ":" in host else host}
    if _loopback(host):
        hosts |= {"localhost", "127.0.0.1", "[::1]"}
    return {
        f"{scheme}://{name}" + ("" if port in (None, default) else f":{port}")
        for name in hosts
        for scheme, default in (("http", 80), ("https", 443))
    }


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def new_token() -> str:
    """A seat token: 256 bits from the operating system's CSPRNG."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A table id: unguessable (96 bits), so a private table is reachable only by its link."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_seed() -> int:
    """A game seed: 128 bits, since a seed reveals every hidden card and future die."""
    return secrets.randbits(128)


def token_hash(token: str) -> str:
    """What the database keeps of a token (SHA-256: tokens are random, no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether `token` is the one whose hash is stored, in constant time."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


@dataclass
class RateLimit:
    """At most `limit` events per `seconds` for each client (a sliding window in memory)."""

    limit: int
    seconds: float
    _events: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, client: str, now: float | None = None) -> bool:
        """Record an event for `client` if it is within the limit; whether it was."""
        now = time.monotonic() if now is None else now
        events = self._events.setdefault(client, deque())
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if len(events) >= self.limit:
            return False
        events.append(now)
        if len(self._events) > 10_000:  # forget clients with no event in the window
            for key in [k for k, v in self._events.items() if not v or v[-1] <= now - self.seconds]:
                del self._events[key]
        return True

    def give_back(self, client: str) -> None:
        """Forget `client`'s last event (it turned out not to count: a right password)."""
        events = self._events.get(client)
        if events:
            events.pop()
