"""Ratings: each account's OpenSkill rating at each game (Plackett-Luce, which rates games of
any number of players), changed when a rated table finishes, shown beside names and ranked on
a leaderboard per game.

The shown rating is the conservative estimate `mu - 3 sigma` (the model is all but sure the
player is at least this good) on a chess-like scale: a new account shows 1500, and one `beta`
of skill (the model's spread of one game's performance) is 200 points, so that 200 points
between two settled players mean what they mean in Elo: the stronger wins about 76 % of
their games (the model's own prediction, `predict_win`). A conservative estimate rises as a
player's games shrink the uncertainty, so nobody tops the leaderboard on one lucky game; it
is provisional (shown with a "?") until `PROVISIONAL_GAMES` rated games at that game.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from openskill.models import PlackettLuce
from sqlalchemy import Connection, Engine, Table, insert, select, update

from parlour.i18n import _, language
from parlour.kernel import State
from parlour.web.accounts import Account
from parlour.web.kinds import TableKind
from parlour.web.languages import page
from parlour.web.learning import info_of
from parlour.web.live import LiveTable, TableError
from parlour.web.models import AccountRow, RatingRow
from parlour.web.responses import errors
from parlour.web.storage import SEATS, now

MODEL = PlackettLuce()
NEW = (MODEL.mu, MODEL.sigma, 0)
"""A new account's (mu, sigma, games) at a game it has not played rated."""
PROVISIONAL_GAMES = 5
"""Rated games at a game before a rating there stops being provisional."""
BASE = 1500
"""The shown rating of a new account (its conservative estimate is 0)."""
POINTS_PER_MU = 200 / MODEL.beta
"""Shown points per unit of skill: one `beta` is 200 points (Elo's 76 % to win)."""
LEADERBOARD = 100
"""Accounts a leaderboard lists."""
RATINGS: Table = RatingRow.__table__  # type: ignore[assignment]
ACCOUNTS: Table = AccountRow.__table__  # type: ignore[assignment]


def shown(mu: float, sigma: float, games: int) -> dict[str, Any]:
    """A rating as players see it: `value` on the 1500 scale, and whether it is provisional."""
    value = round(BASE + POINTS_PER_MU * (mu - 3 * sigma))
    return {"value": value, "provisional": games < PROVISIONAL_GAMES}


def places(scores: Sequence[float], winners: Sequence[int], absent: Sequence[bool]) -> list[int]:
    """Each seat's place in a finished game (1: first): the winners first, then by score,
    higher better; equal seats share a place (the next place skips, as 1, 1, 3). A seat the
    stand-in played until the end (`absent`) is last, whatever its score; all such share."""

    def standing(seat: int) -> tuple[bool, bool, float]:  # lower is better
        if absent[seat]:
            return (True, False, 0.0)
        return (False, seat not in winners, -scores[seat])

    keys = [standing(seat) for seat in range(len(scores))]
    return [1 + sum(other < key for other in keys) for key in keys]


def finish(db: Connection, table: LiveTable, state: State) -> None:
    """A finished rated table changes its players' ratings at its game (`Rated.finishing`).
    Stores each account's new rating and, on the seats, the place and the shown rating
    before and after; the table's shown ratings follow."""
    if any(seat.account_id is None for seat in table.seats):
        return
    stored = _stored(db, table.game, [seat.account_id for seat in table.seats])
    before = [stored.get(seat.account_id, NEW) for seat in table.seats]
    placed = places(state.scores, state.winners, [seat.absent for seat in table.seats])
    teams = [[MODEL.rating(mu, sigma)] for mu, sigma, _games in before]
    after = MODEL.rate(teams, ranks=[float(place) for place in placed])
    stamp = now()
    table.ratings = {}
    for seat, (mu, sigma, games), [rating] in zip(table.seats, before, after, strict=True):
        values = {"mu": rating.mu, "sigma": rating.sigma, "games": games + 1, "updated_at": stamp}
        if seat.account_id in stored:
            db.execute(
                update(RATINGS)
                .where(RATINGS.c.game == table.game, RATINGS.c.account_id == seat.account_id)
                .values(values)
            )
        else:
            db.execute(
                insert(RATINGS).values(game=table.game, account_id=seat.account_id, **values)
            )
        table.ratings[seat.seat] = shown(rating.mu, rating.sigma, games + 1)
        db.execute(
            update(SEATS)
            .where(SEATS.c.table_id == table.id, SEATS.c.seat == seat.seat)
            .values(
                place=placed[seat.seat],
                rating_before=shown(mu, sigma, games)["value"],
                rating_after=table.ratings[seat.seat]["value"],
            )
        )


def refresh(db: Connection, table: LiveTable) -> None:
    """Keep on a rated table the shown rating at its game of each seat held by an account (the
    frames show it beside names without asking the database). Other tables show none: a
    rating beside a name at a game that cannot change it (a casual or solo game, the daily
    challenge) would read as if it were at stake."""
    if not table.rated:
        table.ratings = {}
        return
    held = {seat.seat: seat.account_id for seat in table.seats if seat.account_id is not None}
    stored = _stored(db, table.game, list(held.values())) if held else {}
    table.ratings = {seat: shown(*stored.get(account, NEW)) for seat, account in held.items()}


def leaderboard(engine: Engine, game: str) -> list[dict[str, Any]]:
    """The accounts rated at `game`, best first: established ratings by shown value, then the
    provisional ones; each with its rank, name, value and games played."""
    with engine.connect() as db:
        rows = db.execute(
            select(ACCOUNTS.c.name, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games)
            .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account_id)
            .where(RATINGS.c.game == game)
        ).all()
    board = [
        {"name": name, **shown(mu, sigma, games), "games": games} for name, mu, sigma, games in rows
    ]
    board.sort(key=lambda entry: (entry["provisional"], -entry["value"], -entry["games"]))
    return [{"rank": rank, **entry} for rank, entry in enumerate(board[:LEADERBOARD], 1)]


def _stored(
    db: Connection, game: str, accounts: Sequence[int | None]
) -> dict[int | None, tuple[float, float, int]]:
    """The stored (mu, sigma, games) at `game` of those of `accounts` that have one."""
    rows = db.execute(
        select(RATINGS.c.account_id, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games).where(
            RATINGS.c.game == game, RATINGS.c.account_id.in_(accounts)
        )
    ).all()
    return {account: (mu, sigma, games) for account, mu, sigma, games in rows}


def check_rated(
    seats: Sequence[str | None], account: Account | None, turn_limit: float | None
) -> None:
    """Refuse a rated table that is not for people with accounts: its creator must be logged
    in (401), it needs two seats or more and every one a person's (422 naming the first bot),
    and a turn limit, so that a stand-in finishes for whoever leaves (and they lose)."""
    if account is None:
        raise TableError(
            401, _("log in to create a rated table: only players with accounts sit at one")
        )
    if len(seats) < 2:
        raise TableError(422, _("players: a rated table needs at least 2 players"))
    if turn_limit is None:
        raise TableError(
            422,
            _(
                "turn_limit: a rated table needs one (a bot finishes for a player who leaves, "
                "who loses as if last)"
            ),
        )
    for number, bot in enumerate(seats, 1):
        if bot is not None:
            raise TableError(
                422,
                _(
                    "seats: a rated table seats only people, and seat {number} is the bot {bot}"
                ).format(number=number, bot=bot),
            )


class Rated(TableKind):
    """People with accounts only, a turn limit, no bots and no hints; finishing rates them."""

    def holds(self, table: LiveTable) -> bool:
        return table.rated

    def creating(
        self,
        table: LiveTable,
        bots: Sequence[str | None],
        account: Account | None,
        turn_limit: float | None,
    ) -> None:
        check_rated(bots, account, turn_limit)

    def joining(self, table: LiveTable, account: Account | None) -> None:
        if account is None:
            raise TableError(401, _("this table is rated: log in to take a seat at it"))

    def filling(self, table: LiveTable) -> None:
        raise TableError(409, _("a rated table is for people only: no bots fill its seats"))

    def hints_refused(self, table: LiveTable) -> str | None:
        return _("no hints at a rated table")

    def finishing(self, db: Connection, table: LiveTable, final: State) -> None:
        finish(db, table, final)


PAGE = Path(__file__).parent / "static" / "ratings.html"


def add_routes(app: FastAPI) -> None:
    """The leaderboards: `GET /api/ratings/{game}` and its page `/ratings/{game}`."""

    @app.get("/api/ratings/{game}", responses=errors(404, 422))
    async def ratings_of(request: Request, game: str) -> dict[str, Any]:
        """The leaderboard of `game`: its rated accounts, best first (provisional ratings
        after the established ones), with their shown rating and the rated games they played;
        `provisional_games`: the rated games after which a rating is no longer provisional."""
        info = info_of(game)  # a 404 naming the games there are
        board = leaderboard(request.app.state.tables.engine, info.name)
        return {"game": info.name, "provisional_games": PROVISIONAL_GAMES, "ratings": board}

    @app.get("/ratings/{game}", include_in_schema=False)
    async def ratings_page(game: str) -> HTMLResponse:
        return HTMLResponse(page(PAGE, language()))
