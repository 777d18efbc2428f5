"""The open WebSockets and their limits. A client address may hold `per_address` sockets and a
table `per_table` (a seat's own token is always let in, so onlookers cannot lock its players
out); each socket may send `per_second` messages a second. What breaks a limit is closed with
a WebSocket close code that says why: 1008 (policy: a limit), 1003 (binary data: the protocol
is JSON text), 1009 (a message too large); a stopping server closes every socket with 1001
(going away), on which pages reconnect."""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter

from fastapi import WebSocket, WebSocketDisconnect

from parlour.web.security import RateLimit

POLICY = 1008
BINARY = 1003
TOO_LARGE = 1009
GOING_AWAY = 1001


class Refused(Exception):
    """A WebSocket the server closes: the close code and the reason the client reads."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Sockets:
    """Counts the open WebSockets per client address and per table, and closes them all when
    the server stops."""

    def __init__(self, per_address: int, per_table: int, per_second: int) -> None:
        self.per_address = per_address
        self.per_table = per_table
        self.per_second = per_second
        self.open: dict[WebSocket, tuple[str, str | None]] = {}  # socket: (address, table)
        self.addresses: Counter[str] = Counter()
        self.tables: Counter[str] = Counter()

    def admit(self, websocket: WebSocket, address: str) -> None:
        """Count a new socket from `address`, or refuse it (1008) over the address's limit."""
        if self.addresses[address] >= self.per_address:
            raise Refused(POLICY, f"at most {self.per_address} connections from one address")
        self.addresses[address] += 1
        self.open[websocket] = (address, None)

    def admit_to_table(self, websocket: WebSocket, table_id: str, seated: bool) -> None:
        """Count an admitted socket at `table_id`, or refuse an onlooker (1008) over its limit."""
        if not seated and self.tables[table_id] >= self.per_table:
            raise Refused(POLICY, f"at most {self.per_table} connections to one table")
        self.tables[table_id] += 1
        self.open[websocket] = (self.open[websocket][0], table_id)

    def release(self, websocket: WebSocket) -> None:
        """Forget a socket that has closed (counted or not)."""
        address, table_id = self.open.pop(websocket, ("", None))
        if address:
            self.addresses[address] -= 1
            if not self.addresses[address]:
                del self.addresses[address]
        if table_id is not None:
            self.tables[table_id] -= 1
            if not self.tables[table_id]:
                del self.tables[table_id]

    def rate(self) -> RateLimit:
        """A new socket's message allowance."""
        return RateLimit(self.per_second, 1.0)

    async def close_all(self, timeout: float = 5.0) -> None:
        """Close every open socket with 1001 (going away): the server is stopping."""

        async def close(websocket: WebSocket) -> None:
            with contextlib.suppress(Exception):  # one that closed meanwhile
                await websocket.close(GOING_AWAY, "the server is restarting; reconnect soon")

        sockets = list(self.open)
        if sockets:
            await asyncio.wait([asyncio.create_task(close(s)) for s in sockets], timeout=timeout)


async def receive_text(
    websocket: WebSocket, limit: int, rate: RateLimit | None = None
) -> str | None:
    """The next text message; None when the client has gone. Refuses (raises `Refused`) binary
    frames, a message over `limit` bytes, and one past the socket's `rate`."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raise Refused(BINARY, 'binary frames are refused: send JSON text, {"token": ...}')
    if len(text.encode()) > limit:
        raise Refused(TOO_LARGE, f"message too large: at most {limit} bytes")
    if rate is not None and not rate.allow("messages"):
        raise Refused(POLICY, f"at most {rate.limit} messages a second")
    return str(text)


async def say_and_close(websocket: WebSocket, code: int, reason: str) -> None:
    """Tell the client why (an error message its page shows), then close with `code`; the
    client may have gone already."""
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.send_json({"type": "error", "error": reason})
        await websocket.close(code, reason.encode()[:123].decode(errors="ignore"))  # its limit
