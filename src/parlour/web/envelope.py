"""What every response carries, whatever went wrong inside: an `X-Request-ID` that each log
line of the request carries too, the security headers, and never a traceback (an unhandled
exception becomes a logged 500 whose JSON body names the request id).

The id is always generated here, never taken from the client or a proxy, so it cannot be
forged into someone else's log lines; an operator finds a request by the id its response shows.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from starlette.datastructures import MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.web.security import SECURITY_HEADERS

LOG = logging.getLogger("parlour.web")
REQUEST_ID_HEADER = "X-Request-ID"
NO_REQUEST = "-"
REQUEST_ID: ContextVar[str] = ContextVar("request_id", default=NO_REQUEST)
"""The id of the request (or WebSocket) being served, for log lines; "-" outside one."""

Observe = Callable[[Scope, int, float], None]
"""Told of each finished HTTP request: its scope, status and seconds taken (the metrics)."""


class RequestIdFilter(logging.Filter):
    """Gives every log record a `request_id` attribute (for formats: `%(request_id)s`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


class Envelope:
    """Pure ASGI middleware, the outermost of the app (outside Starlette's own error handler
    would be too late: that one sends its 500 without our headers)."""

    def __init__(
        self,
        app: ASGIApp,
        observe: Observe | None = None,
        on_error: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.observe = observe
        self.on_error = on_error

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = uuid.uuid4().hex
        token = REQUEST_ID.set(request_id)
        started = time.perf_counter()
        status = 500
        response_started = False

        async def send_enveloped(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = message["status"]
                headers = MutableHeaders(scope=message)
                headers[REQUEST_ID_HEADER] = request_id
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        try:
            await self.app(scope, receive, send_enveloped)
        except Exception:
            LOG.exception(
                "unhandled error in %s %s", scope.get("method", "WEBSOCKET"), scope["path"]
            )
            if self.on_error is not None:
                self.on_error()
            await self._fail(scope, receive, send_enveloped, request_id, response_started)
        finally:
            if scope["type"] == "http" and self.observe is not None:
                self.observe(scope, status, time.perf_counter() - started)
            REQUEST_ID.reset(token)

    @staticmethod
    async def _fail(
        scope: Scope, receive: Receive, send: Send, request_id: str, response_started: bool
    ) -> None:
        """Answer a request whose handler raised: a 500 naming the id, or for a WebSocket (or a
        response already under way) a close, since nothing else can be sent any more."""
        if scope["type"] == "websocket":
            try:
                await send({"type": "websocket.close", "code": 1011, "reason": "internal error"})
            except Exception:  # the connection is already closed
                LOG.debug("the failed WebSocket was already closed")
            return
        if response_started:
            return  # the server closes the connection of an unfinished response
        body = {
            "error": "internal error; quote the request id to the operator",
            "request_id": request_id,
        }
        await JSONResponse(body, status_code=500)(scope, receive, send)
