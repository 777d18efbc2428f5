"""Reviews of a finished game's seat by its game's advice (issue 30): each of the seat's
decisions judged from its view at the time (`Advice.review`, in parts). A search's review costs
seconds of CPU a decision, minutes a game, so it runs as a job beside the bots: its decisions
are asked of the bots' workers one by one (`BotPool.advise`), off the event loop, at most
`running` jobs at once in a process (the rest queue) and `PER_REQUESTER` at once per person.
Its progress and result are stored with the table, so any process answers a poll, and none
starts a review again while the process running it keeps it fresh (`STALE`); a result is kept
under the advisor's version, so new judgement reviews again, and its words' language.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from sqlalchemy import ColumnElement, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from parlour.bots.pool import BotPool
from parlour.i18n import _, language
from parlour.kernel import Advice, replay
from parlour.web.clock import Clock
from parlour.web.live import TableError
from parlour.web.storage import REVIEWS
from parlour.web.tables.tasks import Tasks

LOG = logging.getLogger("parlour.web")
STALE = 60.0
"""Seconds a running review's row may go without news before another process takes it over
(its owner refreshes it at every decision, and every `STALE / 3` seconds while it queues)."""
PER_REQUESTER = 2
"""Reviews one person may have running at once."""


class Reviews:
    """The stored reviews, and the jobs that make them."""

    def __init__(
        self, engine: Engine, clock: Clock, pool: BotPool, tasks: Tasks, running: int = 1
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.pool = pool
        self.tasks = tasks
        self.slots = asyncio.Semaphore(running)
        """Reviews this process runs at once; the others wait their turn."""
        self.jobs: set[asyncio.Task[None]] = set()

    def ask(
        self, record: dict[str, Any], advice: Advice, table_id: str, seat: int, requester: str
    ) -> tuple[float, dict[str, Any] | None]:
        """`seat`'s review of the finished game `record`: `(1.0, review)` once done, else
        `(progress, None)`, the job started here if nobody runs it (429 past the requester's
        limit)."""
        key = _key(table_id, seat, advice)
        now = self.clock.now()
        with self.engine.begin() as db:
            row = db.execute(select(REVIEWS).where(*key)).first()
            if row is not None and row.result is not None:
                return 1.0, dict(json.loads(row.result))
            if row is not None and now - row.updated < STALE:
                return row.progress, None
            mine = db.execute(
                select(func.count()).where(
                    REVIEWS.c.requester == requester,
                    REVIEWS.c.result.is_(None),
                    REVIEWS.c.updated > now - STALE,
                )
            ).scalar_one()
            if mine >= PER_REQUESTER:
                raise TableError(429, _("two reviews of yours are under way: wait for one"))
            fresh = {"requester": requester, "progress": 0.0, "updated": now}
            try:
                with db.begin_nested():  # a refused insert leaves the transaction usable
                    if row is None:
                        named = {"table_id": table_id, "seat": seat, "version": _edition(advice)}
                        db.execute(insert(REVIEWS).values(**named, **fresh))
                    elif not db.execute(
                        update(REVIEWS).where(*key, REVIEWS.c.updated == row.updated).values(fresh)
                    ).rowcount:
                        return row.progress, None  # another process took it over first
            except IntegrityError:  # another process started it first
                return 0.0, None
        job = self.tasks.spawn(self._run(record, advice, table_id, seat), done=self.jobs.discard)
        self.jobs.add(job)
        return 0.0, None

    async def close(self) -> None:
        """Stop the reviews under way (the server is shutting down, before the bots' workers
        stop): each is forgotten, and the next poll, on any process, starts it again."""
        for job in self.jobs:
            job.cancel()
        await asyncio.gather(*self.jobs, return_exceptions=True)

    async def _run(self, record: dict[str, Any], advice: Advice, table_id: str, seat: int) -> None:
        """Judge the seat's decisions in the bots' workers, storing progress and the result;
        a review that fails is forgotten, and the next poll starts it again."""
        key = _key(table_id, seat, advice)
        try:
            while True:  # waiting for a slot, keep the row fresh for the pollers
                try:
                    await asyncio.wait_for(self.slots.acquire(), STALE / 3)
                    break
                except TimeoutError:
                    self._store(key, progress=0.0)
            try:
                final = replay(record)
                moves = advice.moves(final, seat)
                judged = []
                for done, (number, view, action) in enumerate(moves, start=1):
                    choices = await self.pool.advise(advice, view, seat)
                    if choices is not None:
                        judged.append(advice.judged(view, seat, number, action, choices))
                    self._store(key, progress=done / len(moves))
                times = record.get("times", ())
                review = advice.reviewed(final, seat, judged, times) | advice.describe()
                self._store(key, progress=1.0, result=json.dumps(review))
            finally:
                self.slots.release()
        except Exception:
            LOG.exception("review of table %s, seat %s failed", table_id, seat)
            self._forget(key)
        except asyncio.CancelledError:
            self._forget(key)
            raise

    def _forget(self, key: tuple[ColumnElement[bool], ...]) -> None:
        """Delete an unfinished review's row: the next poll starts it again."""
        with self.engine.begin() as db:
            db.execute(delete(REVIEWS).where(*key))

    def _store(self, key: tuple[ColumnElement[bool], ...], **values: Any) -> None:
        """Update the review's row, its time refreshed."""
        with self.engine.begin() as db:
            db.execute(update(REVIEWS).where(*key).values(updated=self.clock.now(), **values))


def _key(table_id: str, seat: int, advice: Advice) -> tuple[ColumnElement[bool], ...]:
    """Which row holds the review of `seat` at the table by `advice`'s version, in the
    language of the moment (`_edition`)."""
    return (
        REVIEWS.c.table_id == table_id,
        REVIEWS.c.seat == seat,
        REVIEWS.c.version == _edition(advice),
    )


def _edition(advice: Advice) -> str:
    """What a stored review is kept under: the advisor's version, for new judgement reviews
    again, and the language its words are in (a job runs in its requester's), for a German
    player never reads an English one's."""
    return f"{advice.version} {language()}"
