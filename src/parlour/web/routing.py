"""What the route modules share: the header a seat's token travels in, the table layer of a
request's app, a table's link and the error body every refusal has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Header, Request, WebSocket
from fastapi.responses import JSONResponse

from parlour.kernel import Reason
from parlour.web.tables import TOKEN_HEADER, Tables

Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=100)]


def tables_of(request: Request | WebSocket) -> Tables:
    """The table layer of the app serving `request`."""
    tables: Tables = request.app.state.tables
    return tables


def link(request: Request, table_id: str) -> str:
    """The table page's address: under the public URL if one is set, else relative to the page
    (which makes it absolute from its own location), never from the request's Host header."""
    public_url: str | None = request.app.state.settings.public_url
    return f"{public_url.rstrip('/') if public_url else ''}/t/{table_id}"


def error_response(
    status: int,
    message: str,
    headers: Mapping[str, str] | None = None,
    reason: Reason | None = None,
) -> JSONResponse:
    """The JSON body of a refusal: its words, and the game's reason where the rules refused."""
    body: dict[str, Any] = {"error": message}
    if reason is not None:
        body["reason"] = reason.describe()
    return JSONResponse(body, status_code=status, headers=headers)
