"""The API of a table's chat: saying a line (a seated player in the players' channel, a
spectator in the spectators' one while the host allows it), reading the latest lines (a page
opening, the replay of those who sat at the table) and the host's switch for the spectators'
chat. The chat itself is the table layer's (`parlour.web.tables.chat`)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

from parlour.i18n import _
from parlour.web import responses
from parlour.web.accounts import account_of
from parlour.web.live import LiveTable, TableError
from parlour.web.routing import Token, tables_of
from parlour.web.schemas import Say, SpectatorChat
from parlour.web.security import client_address
from parlour.web.tables.chat import channels, spectator_sender
from parlour.web.tables.seats import Sealed, seat_for, viewer_of


def add_routes(app: FastAPI) -> None:
    """The chat's routes of `app`."""

    @app.post("/api/tables/{table_id}/chat", responses=responses.CHAT_SAY)
    async def say(
        request: Request, table_id: str, body: Say, token: Token = None
    ) -> dict[str, Any]:
        """Say a line at the table: words (at most 300 characters) or a quick reaction. With a
        seat's token (or logged in to a seat's account) in the players' channel; else as a
        spectator while the game lasts, with a `name` unless logged in, in the spectators'
        channel (403 where the host turned it off). At most 5 lines in 10 seconds per person
        (429)."""
        tables = tables_of(request)
        table = await tables.commits.latest(table_id)
        account = account_of(request)
        seat = _reader(table, token, request)
        if seat is not None:
            name, sender = table.seats[seat].name or "", f"seat {seat}"
        else:
            name = account.name if account is not None else body.name or ""
            sender = spectator_sender(client_address(request.scope))
            if not name:
                raise TableError(422, _("name: a spectator says the name others will see"))
        line = await tables.chat.say(table, seat, name, sender, body.text, body.reaction)
        return {"line": line.shown()}

    @app.get("/api/tables/{table_id}/chat", responses=responses.CHAT_READ)
    async def read(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """The latest lines the asker may read, oldest first: a seat's the players' channel;
        a spectator both channels while the game lasts. A finished game's chat is read by
        those who sat at the table only (beside its replay)."""
        tables = tables_of(request)
        table = await tables.commits.latest(table_id)
        seat = _reader(table, token, request)
        return {"lines": [line.shown() for line in tables.chat.recent(table, seat)]}

    @app.post("/api/tables/{table_id}/chat/spectators", responses=responses.CHAT_SWITCH)
    async def switch(
        request: Request, table_id: str, body: SpectatorChat, token: Token = None
    ) -> dict[str, Any]:
        """The host turns the spectators' chat on or off (`spectator_chat` in the table's
        facts says which)."""
        commits = tables_of(request).commits
        table = await commits.spectators_may_talk(
            table_id, token, account_of(request), body.allowed
        )
        return table.public(seat_for(table, token, account_of(request)))


def _reader(table: LiveTable, token: str | None, request: Request) -> int | None:
    """Whose chat a request reads and says: a seat's; a spectator's while the game lasts
    (where the table is not sealed); after the game only a seat's."""
    seat = viewer_of(table, token, account_of(request))
    if not channels(table, seat):
        raise Sealed(_("only those who sat at this table may read its chat"))
    return seat
