"""The daily challenge on the web: one game a UTC day that every account may play once, on the
same secret seed, ranked by the points lost against the best choices on its own chance.

The web names no game: a day's challenge is the first game whose `Game.challenge(day)` offers
one. Its row (game, options, a 128-bit seed) is made on the day's first request; an attempt is
an unlisted table dealt from that seed, stored with its entry (one per account and day: the
primary key). Until the day is over nothing shows the seed or a die not yet rolled: only its
player sees an attempt, its record, replay and analysis are refused (`DailyChallenge.sealed`), and
hints, rematches and the lobby are never offered for it. A finished
attempt keeps its score at once; its analysis (`Advice.analyse`) and the day's optimal score
(`Advice.best_game`) are computed off the event loop, and the leaderboard says "being judged"
until they are.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, Response
from fastapi.responses import HTMLResponse
from sqlalchemy import Connection, Engine, Table, insert, select, update
from sqlalchemy.exc import IntegrityError

from parlour.bots.registry import default_bot
from parlour.i18n import N_, _, language
from parlour.kernel import Challenge, ExactAdvice, State, game_class, games, load
from parlour.kernel.advice import ignore
from parlour.web.accounts import Account, account_of
from parlour.web.kinds import TableKind
from parlour.web.languages import page
from parlour.web.live import LiveTable, SeatSpec, TableError
from parlour.web.models import AccountRow, ChallengeEntryRow, ChallengeRow
from parlour.web.responses import errors
from parlour.web.security import new_seed
from parlour.web.storage import TABLES, now
from parlour.web.tables import Attempt, Tables

LOG = logging.getLogger("parlour.web")
CHALLENGES: Table = ChallengeRow.__table__  # type: ignore[assignment]
ENTRIES: Table = ChallengeEntryRow.__table__  # type: ignore[assignment]
ACCOUNTS: Table = AccountRow.__table__  # type: ignore[assignment]
STATIC = Path(__file__).parent / "static"
PAST_PAGE = 14
"""Past days a page of the listing holds."""
Clock = Callable[[], datetime]
SEALED = N_("a daily challenge's games are shown once its day is over")
DAY_OVER = N_("this daily challenge's day is over: it can no longer be played")
"""The server's clock (`Settings.clock`: `storage.now` unless tests move it to tomorrow)."""


@dataclass(frozen=True)
class Day:
    """A day's challenge as stored: the seed stays on the server."""

    day: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    optimal_score: float | None

    @property
    def label(self) -> str:
        """What the game calls this day's challenge, told in the request's language."""
        offered = game_class(self.game).challenge(date.fromisoformat(self.day))
        return _(offered.label) if offered and offered.label else ""


class Challenges:
    """The days' challenges, their attempts and their judging, for one table layer and clock."""

    def __init__(self, engine: Engine, tables: Tables, clock: Clock = now) -> None:
        self.engine = engine
        self.tables = tables
        self.clock = clock
        self._judging: dict[str, asyncio.Task[None]] = {}
        tables.kinds.add(DailyChallenge(self))

    def today(self) -> date:
        return self.clock().astimezone(UTC).date()

    def over(self, day: str) -> bool:
        """Whether `day` has ended (UTC): its games may be shown from then on."""
        return date.fromisoformat(day) < self.today()

    # -- the days -------------------------------------------------------------------------

    def day(self, day: str) -> Day | None:
        """`day`'s challenge; today's is made on its first request (a race makes it once:
        the day is the primary key, the loser reads the winner's)."""
        with self.engine.connect() as db:
            row = db.execute(select(CHALLENGES).where(CHALLENGES.c.day == day)).one_or_none()
        if row is None and day == self.today().isoformat():
            offered = offered_on(self.today())
            if offered is None:
                return None
            name, challenge = offered
            try:
                with self.engine.begin() as db:
                    db.execute(
                        insert(CHALLENGES).values(
                            day=day,
                            game=name,
                            players=challenge.players,
                            options=dict(challenge.options),
                            seed=str(new_seed()),
                            created_at=now(),
                        )
                    )
            except IntegrityError:
                pass  # made by a request racing this one: read it
            return self.day(day)
        if row is None:
            return None
        return Day(
            row.day, row.game, row.players, dict(row.options), int(row.seed), row.optimal_score
        )

    def of(self, game: str, day: str) -> Day:
        """`game`'s challenge on `day`, or a 404 saying there was none."""
        found = self.day(_checked_day(day))
        if found is None or found.game != game:
            raise TableError(
                404, _("{game} has no daily challenge on {day}").format(game=game, day=day)
            )
        return found

    def listing(self, account: Account | None, page_number: int) -> dict[str, Any]:
        """Today's challenge (with the account's part) and a page of the past days, newest first."""
        today = self.day(self.today().isoformat())
        with self.engine.connect() as db:
            rows = db.execute(
                select(CHALLENGES.c.day, CHALLENGES.c.game)
                .where(CHALLENGES.c.day < self.today().isoformat())
                .order_by(CHALLENGES.c.day.desc())
                .offset(page_number * PAST_PAGE)
                .limit(PAST_PAGE + 1)
            ).all()
        if today is not None:
            self.judge(today.day)
        return {
            "today": []
            if today is None
            else [{**self._summary(today), **self._yours(today, account)}],
            "past": [
                {"day": row.day, "game": row.game, "link": f"/challenge/{row.game}/{row.day}"}
                for row in rows[:PAST_PAGE]
            ],
            "more": len(rows) > PAST_PAGE,
        }

    def detail(self, found: Day, account: Account | None) -> dict[str, Any]:
        """A day: its game, label and options, whether it is over, its leaderboard and the
        account's part (played, or its running attempt's link)."""
        self.judge(found.day)
        return {
            **self._summary(found),
            "options": found.options,
            "optimal_score": found.optimal_score,
            "leaderboard": self.leaderboard(found),
            **self._yours(found, account),
        }

    def _summary(self, found: Day) -> dict[str, Any]:
        return {
            "day": found.day,
            "game": found.game,
            "label": found.label,
            "over": self.over(found.day),
            "link": f"/challenge/{found.game}/{found.day}",
        }

    def _yours(self, found: Day, account: Account | None) -> dict[str, Any]:
        """The account's part of the day: `played` (an attempt of any state) and the link of
        its attempt while it runs."""
        if account is None:
            return {"played": False, "running": None}
        with self.engine.connect() as db:
            entry = db.execute(
                select(ENTRIES.c.table_id, TABLES.c.status)
                .join(TABLES, TABLES.c.id == ENTRIES.c.table_id)
                .where(ENTRIES.c.day == found.day, ENTRIES.c.account_id == account.id)
            ).one_or_none()
        if entry is None:
            return {"played": False, "running": None}
        running = entry.status in ("open", "running")
        return {"played": True, "running": f"/t/{entry.table_id}" if running else None}

    def leaderboard(self, found: Day) -> list[dict[str, Any]]:
        """The day's finished attempts, the fewest points lost first (ties: the higher score);
        those still being judged after them (`lost` null). Replays once the day is over."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(ENTRIES, ACCOUNTS.c.name)
                .join(ACCOUNTS, ACCOUNTS.c.id == ENTRIES.c.account_id)
                .where(ENTRIES.c.day == found.day, ENTRIES.c.score.is_not(None))
            ).all()
        over = self.over(found.day)
        ranked = sorted(
            rows, key=lambda r: (r.lost is None, r.lost or 0.0, -r.score, r.finished_at)
        )
        return [
            {
                "rank": number,
                "name": row.name,
                "lost": None if row.lost is None else round(row.lost, 1),
                "score": row.score,
                "optimal_score": found.optimal_score,
                "replay": f"/replay/{row.table_id}" if over else None,
            }
            for number, row in enumerate(ranked, start=1)
        ]

    # -- attempts -------------------------------------------------------------------------

    async def start(self, game: str, account: Account) -> tuple[dict[str, Any], bool]:
        """Today's attempt of `account` at `game`'s challenge: a new one (True), or the one it
        is still playing (False); a 409 once it has played."""
        found = self.of(game, self.today().isoformat())
        running = self._yours(found, account)
        if running["played"]:
            return self._continued(running["running"])
        seats = [SeatSpec()] + [SeatSpec(default_bot(game))] * (found.players - 1)
        try:
            table, token = await self.tables.commits.create(
                game,
                found.players,
                found.options,
                seats,
                name=account.name,
                listed=False,
                turn_limit=None,
                account=account,
                challenge=Attempt(found.day, found.seed),
            )
        except IntegrityError:  # a request racing this one made the attempt first
            return self._continued(self._yours(found, account)["running"])
        return {"table": table.public(0), "token": token, "seat": 0, "link": f"/t/{table.id}"}, True

    @staticmethod
    def _continued(link: str | None) -> tuple[dict[str, Any], bool]:
        if link is None:
            raise TableError(409, _("you have played today's challenge; come back tomorrow"))
        return {"link": link}, False

    def finished(self, db: Connection, table: LiveTable, final: State) -> None:
        """An attempt's score is kept with its last action (`DailyChallenge.finishing`); its
        judging is scheduled (it runs after this transaction, off the event loop)."""
        assert table.challenge is not None  # only an attempt's kind calls this
        db.execute(
            update(ENTRIES)
            .where(ENTRIES.c.table_id == table.id)
            .values(score=float(final.scores[0]), finished_at=now())
        )
        self.judge(table.challenge)

    # -- judging --------------------------------------------------------------------------

    def judge(self, day: str) -> None:
        """Judge `day`'s finished attempts and find its optimal score, in the background (one
        run a day at a time; a run judges whatever is waiting when it looks; nothing waiting,
        no solver is woken)."""
        running = self._judging.get(day)
        if running is None or running.done():
            self._judging[day] = asyncio.get_running_loop().create_task(self._judge(day))

    async def judged(self) -> None:
        """Wait until every judging under way has finished (tests, shutdown)."""
        while any(not task.done() for task in self._judging.values()):
            await asyncio.gather(*self._judging.values(), return_exceptions=True)

    async def _judge(self, day: str) -> None:
        """Judge the attempts waiting (the first run also finds the optimal score) until
        none is left but those that cannot be (broken tables stay "being judged")."""
        tried: set[str] = set()
        while True:
            found = self.day(day)
            waiting = self._unjudged(day) - tried
            if found is None or not waiting:
                return
            tried |= waiting
            finals = {}
            for table_id in waiting:
                try:
                    finals[table_id] = self.tables.shelf.get(table_id).state
                except TableError:  # broken: logged by the table layer
                    continue
            try:
                await asyncio.to_thread(self._judge_now, found, finals)
            except Exception:
                LOG.exception("challenge %s could not be judged", day)
                return

    def _unjudged(self, day: str) -> set[str]:
        with self.engine.connect() as db:
            return set(
                db.scalars(
                    select(ENTRIES.c.table_id).where(
                        ENTRIES.c.day == day, ENTRIES.c.score.is_not(None), ENTRIES.c.lost.is_(None)
                    )
                )
            )

    def _judge_now(self, found: Day, finals: dict[str, State]) -> None:
        """In a thread: the solver made ready, the day's optimal score and each final state's
        points lost (seat 0's, against the best choices on its own chance), stored."""
        given = load(found.game, found.players, **found.options).advice()
        advice = given if isinstance(given, ExactAdvice) else None  # a solver judges
        if advice is not None:
            advice.prepare(ignore)
        with self.engine.begin() as db:
            if found.optimal_score is None and advice is not None:
                optimal = float(advice.best_game(found.seed).scores[0])
                db.execute(
                    update(CHALLENGES)
                    .where(CHALLENGES.c.day == found.day)
                    .values(optimal_score=optimal)
                )
            for table_id, final in finals.items():
                lost = 0.0 if advice is None else float(advice.analyse(final)["seats"][0]["lost"])
                db.execute(update(ENTRIES).where(ENTRIES.c.table_id == table_id).values(lost=lost))


class DailyChallenge(TableKind):
    """A daily challenge's attempt: one account plays it, once; until its day is over nobody
    else sees it, its record or replay (its seed deals everyone's dice), and once the day is
    over it takes no more moves (the day's records, which show every die, are out). No hints,
    no rematch; finishing keeps its score and has it judged."""

    def __init__(self, challenges: Challenges) -> None:
        self.challenges = challenges

    def holds(self, table: LiveTable) -> bool:
        return table.challenge is not None

    def entering(self, db: Connection, table: LiveTable, account: Account | None) -> None:
        """The attempt's entry, stored with its table (one per account and day: a second
        attempt fails the primary key, and neither is stored)."""
        assert account is not None  # an attempt is made for an account (`Challenges.start`)
        db.execute(
            insert(ENTRIES).values(day=table.challenge, account_id=account.id, table_id=table.id)
        )

    def closed(self, table: LiveTable) -> str | None:
        over = table.challenge is not None and self.challenges.over(table.challenge)
        return _(DAY_OVER) if over else None

    def sealed(self, table: LiveTable) -> str | None:
        over = table.challenge is not None and self.challenges.over(table.challenge)
        return None if over else _(SEALED)

    def hints_refused(self, table: LiveTable) -> str | None:
        return _("no hints during the daily challenge")

    def rematching(self, table: LiveTable) -> None:
        raise TableError(403, _("a daily challenge is played once: no rematch"))

    def finishing(self, db: Connection, table: LiveTable, final: State) -> None:
        self.challenges.finished(db, table, final)


def offered_on(day: date) -> tuple[str, Challenge] | None:
    """The first game (in the registry's order) offering a challenge on `day`, and it."""
    for info in games():
        challenge = game_class(info.name).challenge(day)
        if challenge is not None:
            return info.name, challenge
    return None


def _checked_day(day: str) -> str:
    """`day` if it is a date written YYYY-MM-DD, else a 422 saying so."""
    try:
        if date.fromisoformat(day).isoformat() == day:
            return day
    except ValueError:
        pass
    raise TableError(422, _("day: {day!r} is not a date (YYYY-MM-DD)").format(day=day[:20]))


# -- the routes -------------------------------------------------------------------------------


def _of(request: Request) -> Challenges:
    challenges: Challenges = request.app.state.challenges
    return challenges


def add_routes(app: FastAPI) -> None:
    """The challenges' API and pages, on `app` (its routes themselves: a 405 names the
    methods of every route of a path)."""

    @app.get("/api/challenges", responses=errors(422))
    async def list_challenges(
        request: Request, page_number: Annotated[int, Query(alias="page", ge=0, le=10_000)] = 0
    ) -> dict[str, Any]:
        """Today's daily challenge (and whether you have played it) and a page of past days."""
        return _of(request).listing(account_of(request), page_number)

    @app.get("/api/challenges/{game}/{day}", responses=errors(404, 422))
    async def challenge_day(request: Request, game: str, day: str) -> dict[str, Any]:
        """A day's challenge: its game, label and options, whether the day is over, its
        leaderboard (replays once it is over) and whether you played it or are playing it."""
        challenges = _of(request)
        return challenges.detail(challenges.of(game, day), account_of(request))

    @app.post("/api/challenges/{game}", status_code=201, responses=errors(401, 404, 409, 410, 422))
    async def play_challenge(request: Request, response: Response, game: str) -> dict[str, Any]:
        """Start today's attempt (logged in): a new solo table dealt from the day's seed (201),
        or the attempt you are playing (200, its link); once played, a 409."""
        account = account_of(request)
        if account is None:
            raise TableError(401, _("log in to play the daily challenge"))
        body, new = await _of(request).start(game, account)
        if not new:
            response.status_code = 200
        return body

    @app.get("/challenge", include_in_schema=False)
    async def challenge_page() -> HTMLResponse:
        return HTMLResponse(page(STATIC / "challenge.html", language()))

    @app.get("/challenge/{game}/{day}", include_in_schema=False)
    async def challenge_day_page(game: str, day: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "challenge.html", language()))


def setup(app: FastAPI, tables: Tables, clock: Clock) -> Challenges:
    """The challenges of `app`'s tables, kept in `app.state` for the routes."""
    challenges = Challenges(tables.engine, tables, clock)
    app.state.challenges = challenges
    return challenges
