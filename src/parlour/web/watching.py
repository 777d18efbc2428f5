"""The WebSocket of a table (`/ws/tables/ID`): its first message says who watches, then every
change brings the watcher its seat's frame (`parlour.web.tables.watchers`)."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from parlour.i18n import language
from parlour.web.accounts import account_of
from parlour.web.live import TableError
from parlour.web.routing import tables_of
from parlour.web.security import client_address, same_origin
from parlour.web.sockets import Refused, Sockets, receive_text, say_and_close
from parlour.web.tables.seats import SeatError, seat_of

if TYPE_CHECKING:
    from parlour.web.app import Settings


def add_routes(app: FastAPI, settings: Settings, sockets: Sockets) -> None:
    """The WebSocket route of `app`, within the limits of `sockets`."""

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
            token = hello_token(hello)
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
                await tables.watchers.remove(table_id, watcher)


def hello_token(text: str) -> str | None:
    try:
        hello = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:  # nested past the parser's depth
        raise ValueError('the first message must be JSON: {"token": ...}') from error
    if not isinstance(hello, dict) or not isinstance(hello.get("token", None), str | None):
        raise ValueError('the first message must be {"token": "..."} or {"token": null}')
    token: str | None = hello.get("token")
    return token
