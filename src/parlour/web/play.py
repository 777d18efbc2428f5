"""The JSON API of games and tables: the games and their rules, tutorials, the lobby, and each
table's life (create, state, join, bots, actions, record, replay, rematch, hints, analysis). Each
route asks the part of the table layer that does what it asks (`parlour.web.tables`)."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, Response
from fastapi.responses import JSONResponse

from parlour.i18n import _
from parlour.kernel import SPECTATOR, ExactAdvice, load, replay
from parlour.kernel.records import cut, moves_in_words
from parlour.listing import listing
from parlour.web import learning, responses
from parlour.web.accounts import account_of
from parlour.web.live import SeatSpec, TableError
from parlour.web.preparing import Preparations
from parlour.web.routing import Token, link, tables_of
from parlour.web.schemas import Act, CreateTable, FillWithBots, JoinTable, Learn
from parlour.web.security import client_address
from parlour.web.tables.chat import spectator_sender
from parlour.web.tables.seats import seat_for, seat_of, viewer_of


def add_routes(app: FastAPI) -> None:
    """The games' and tables' routes of `app`."""
    preparations = Preparations()

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
            "link": link(request, table.id),
        }

    @app.get("/api/tables/{table_id}", responses=responses.TABLE_INFO)
    async def table_info(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """What anyone may know of a table (with `you` marked for the token's seat)."""
        tables = tables_of(request)
        table = await tables.commits.latest(table_id)
        seat = seat_of(table, token, account_of(request))
        return {**tables.watchers.public(table, seat), "link": link(request, table.id)}

    @app.get("/api/tables/{table_id}/state", responses=responses.TABLE_STATE)
    async def table_state(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """The frame the token's seat (or a spectator) would receive now."""
        tables = tables_of(request)
        table = await tables.commits.latest(table_id)
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
        """A finished game after `step` actions: the spectator's view, its score breakdowns and
        the last action."""
        record = tables_of(request).shelf.record(table_id)
        actions = record["actions"]
        step = min(step, len(actions))
        state = replay(cut(record, step))
        return {
            "step": step,
            "steps": len(actions),
            "action": actions[step - 1] if step else None,
            "view": state.view(SPECTATOR),
            "breakdowns": [shown.describe() for shown in state.breakdowns(SPECTATOR)],
        }

    @app.get("/api/tables/{table_id}/moves", responses=responses.REPLAY)
    async def moves(request: Request, table_id: str) -> dict[str, Any]:
        """A finished game's moves in words, in order, for the replay's move list: each one's
        step (the board after it), seat, action and words."""
        record = tables_of(request).shelf.record(table_id)
        return {"moves": await asyncio.to_thread(moves_in_words, record)}

    @app.post("/api/tables/{table_id}/rematch", responses=responses.REMATCH)
    async def rematch(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """The same players again at a new table, with a fresh seed; your token works there."""
        table = await tables_of(request).commits.rematch(table_id, token, account_of(request))
        return {"table": table.public(), "link": link(request, table.id)}

    @app.get("/api/tables/{table_id}/hints", responses=responses.HINTS)
    async def hints(request: Request, table_id: str, token: Token = None) -> dict[str, Any]:
        """What each choice of your pending decision is worth as your seat's view shows it, for
        a game that gives advice (never at a rated table or in the daily challenge): `measure`
        says what the values estimate (`points` or the chance to `win`), `exact` whether they
        are a solver's or a search's, each with its 95% `margin`."""
        tables = tables_of(request)
        table = await tables.commits.latest(table_id)
        seat = seat_for(table, token, account_of(request))
        advice = table.state.game.advice()
        if advice is None:
            raise TableError(404, _("{game} has no hints").format(game=table.game))
        refused = table.kind.hints_refused(table)
        if refused is not None:
            raise TableError(403, refused)
        described = advice.describe()
        if table.state.over:
            return {"choices": None, **described}
        view = table.state.view(seat)
        if advice.exact:  # a solver's lookup, in a thread: the first loads (or builds) its table
            choices = await asyncio.to_thread(advice.choices, view, seat)
        else:  # a search: seconds of CPU, in the bots' workers, off this event loop
            choices = await tables.driver.pool.advise(advice, view, seat)
        worded = None if choices is None else advice.worded(view, seat, choices)
        return {"choices": worded, **described}

    @app.get("/api/tables/{table_id}/review", responses=responses.REVIEW)
    async def review(
        request: Request,
        table_id: str,
        response: Response,
        seat: Annotated[int, Query(ge=0, le=7)] = 0,  # a table has at most 8 seats
    ) -> dict[str, Any]:
        """One seat's decisions in a finished game (`seat`, from 0), each judged by its game's
        advice from the seat's view at the time: what the choice kept (the chance to win, or
        the expected score) against the best choice's, what it gave up, give or take its
        margin. A search takes minutes: a 202 with `{"progress": 0..1}` until it is done (ask
        again); at most two under way per person (429)."""
        tables = tables_of(request)
        record = tables.shelf.record(table_id)
        advice = load(record["game"], record["players"], **record["options"]).advice()
        if advice is None:
            raise TableError(404, _("{game} has no review").format(game=record["game"]))
        if seat >= record["players"]:
            raise TableError(422, _("seat: this table has no seat {seat}").format(seat=seat))
        account = account_of(request)
        requester = (
            f"account {account.id}"
            if account is not None
            else spectator_sender(client_address(request.scope))
        )
        progress, result = tables.reviews.ask(record, advice, table_id, seat, requester)
        if result is None:
            response.status_code = 202
            return {"progress": progress}
        return result

    @app.get("/api/tables/{table_id}/analysis", responses=responses.ANALYSIS)
    async def analysis(request: Request, table_id: str, response: Response) -> dict[str, Any]:
        """Every decision of a finished game against the best, for a game with a solver.
        While its solver builds the table it needs (the first time), a 202 with
        `{"progress": 0..1}`: ask again."""
        record = tables_of(request).shelf.record(table_id)
        advice = load(record["game"], record["players"], **record["options"]).advice()
        if not isinstance(advice, ExactAdvice):
            raise TableError(404, _("{game} has no analysis").format(game=record["game"]))
        key = json.dumps([record["game"], record["options"]], sort_keys=True)
        progress = await preparations.progress(key, advice.prepare)
        if progress is not None:
            response.status_code = 202
            return {"progress": progress}
        report: dict[str, Any] = await asyncio.to_thread(lambda: advice.analyse(replay(record)))
        return report
