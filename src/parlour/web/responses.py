"""Every answer each API route can give, for its OpenAPI document: the error body's schema and
the statuses per route, so clients written from the schema (in any language) handle them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.routing import Match

Responses = dict[int | str, dict[str, Any]]


class ReasonBody(BaseModel):
    """A game's refusal, language-neutral: a code such as `must_follow` and its parameters
    (the game's `reason_texts` tell them in English; clients may tell them in any language)."""

    code: str
    params: dict[str, Any]


class ErrorBody(BaseModel):
    """What every error answer carries: what was wrong, in words."""

    error: str = Field(description="what was wrong, in words a person can act on")
    request_id: str | None = Field(
        default=None, description="the request's id, as in the server's log lines about it"
    )
    reason: ReasonBody | None = Field(
        default=None, description="for an action the rules refuse: why, as code and parameters"
    )


MEANINGS = {
    400: "The body is not what its content type says (not UTF-8 JSON), or the game refuses it.",
    401: "The route needs your seat token, in the X-Seat-Token header (or to be logged in); "
    "at login: the name and password do not match an account.",
    403: "Your token holds no seat that may do this, or the table does not allow it yet.",
    404: "No such table (it may have expired), or the game has no such feature.",
    409: "The table's state does not allow it now (started, full, finished, not your turn).",
    410: "The table is broken: its game failed and it can no longer be played (the server's log "
    "has why, under the request's id).",
    413: "The request body is over the server's limit.",
    422: "The request does not match its schema; the error names the field.",
    429: "Too many requests from this client; slow down.",
}
"""What each error status means at this API."""

ANY_ROUTE = (413, 429)
"""Every API route: the body limit and the rate limit are checked before any route runs."""


def errors(*statuses: int) -> Responses:
    """The error answers of a route that can answer `statuses` (and those every route can)."""
    return {
        status: {"model": ErrorBody, "description": MEANINGS[status]}
        for status in sorted({*statuses, *ANY_ROUTE})
    }


TABLE = "/api/tables/{table_id}"
_TABLE_ID = "$response.body#/table/id"
_SEAT_TOKEN = "$response.body#/token"
_FOR_ANYONE = {"table": ("", "get"), "state": ("/state", "get"), "join": ("/join", "post")}
_FOR_A_SEAT = {
    "act": ("/actions", "post"),
    "fill_with_bots": ("/bots", "post"),
    "rematch": ("/rematch", "post"),
}


def _link(suffix: str, method: str, parameters: dict[str, str]) -> dict[str, Any]:
    """An OpenAPI link to the table route `suffix` (an `operationRef`: a JSON pointer)."""
    pointer = "#/paths/" + (TABLE + suffix).replace("~", "~0").replace("/", "~1")
    return {"operationRef": f"{pointer}/{method}", "parameters": parameters}


def _seat_links() -> dict[str, Any]:
    """Where a response giving a table and a seat token leads: what its client does next."""
    table = {"table_id": _TABLE_ID}
    seat = {**table, "header.X-Seat-Token": _SEAT_TOKEN}
    return {
        **{name: _link(*route, table) for name, route in _FOR_ANYONE.items()},
        **{name: _link(*route, seat) for name, route in _FOR_A_SEAT.items()},
    }


def error_headers(request: Request, error: HTTPException) -> dict[str, str]:
    """The headers of an HTTP error's answer: its own, and a 405's `Allow` naming every method
    the path takes (Starlette names only those of the first route that matched the path)."""
    headers = dict(error.headers or {})
    if error.status_code == 405:
        methods: set[str] = set()
        for route in request.app.router.routes:
            match, _ = route.matches(request.scope)
            if match != Match.NONE:
                methods |= getattr(route, "methods", None) or set()
        headers["Allow"] = ", ".join(sorted(methods))
    return headers


LIST_GAMES = errors()
RULES = errors(404, 422)
LEARN = errors(400, 404, 422)
LOBBY = errors()
CREATE = {
    **errors(400, 401, 410, 422),  # 401: rated, not logged in; 410: its bots could not be made
    201: {
        "description": "The table, the host's seat and token, and the table's link.",
        "links": _seat_links(),
    },
}
TABLE_INFO = errors(404, 410, 422)
TABLE_STATE = errors(403, 404, 410, 422)
JOIN = {
    **errors(400, 401, 404, 409, 410, 422),  # 401: a rated table, not logged in
    200: {
        "description": "The table, and the seat and token you now hold.",
        "links": _seat_links(),
    },
}
FILL = errors(400, 401, 403, 404, 409, 410, 422)
ACT = errors(400, 401, 403, 404, 409, 410, 422)
RECORD = errors(403, 404, 410, 422)
REPLAY = errors(403, 404, 410, 422)
REMATCH = errors(401, 403, 404, 409, 410, 422)
HINTS = errors(401, 403, 404, 410, 422)
CHAT_SAY = errors(400, 401, 403, 404, 409, 410, 422)  # 429 (every route's): past the chat's limit
CHAT_READ = errors(403, 404, 410, 422)
CHAT_SWITCH = errors(400, 401, 403, 404, 409, 410, 422)
REGISTER = errors(400, 409, 422)
LOGIN = errors(400, 401, 422)
LOGOUT = errors()
WHO = errors()


def under_way(what: str) -> Responses:
    """A 202 answer: slow work under way, `{"progress": 0..1}` the fraction of `what` done."""
    schema = {
        "type": "object",
        "properties": {"progress": {"type": "number", "minimum": 0, "maximum": 1}},
        "required": ["progress"],
    }
    return {
        202: {
            "description": f'`{{"progress": 0..1}}`, the fraction of {what} done; ask again.',
            "content": {"application/json": {"schema": schema}},
        }
    }


ANALYSIS = {
    **errors(403, 404, 410, 422),
    **under_way("the table the analysis needs (the solver builds it the first time)"),
}
REVIEW = {
    **errors(403, 404, 410, 422, 429),
    **under_way("the seat's decisions judged (a search's review takes minutes)"),
}
