"""Bots thinking in worker processes, so that a slow bot never holds up an event loop (the
web's: other tables and people's actions go on while it thinks).

A decision is CPU-bound Python, which threads would serialise on the GIL: each runs in a
process of a `ProcessPoolExecutor`, and so does a hint by search (`advise`). The bot travels
there pickled, its RNG state with it, with its `Question` (the seat's view and legal actions,
never the state), and comes back with its answer and its advanced state: the caller keeps the
bot that came back, so a bot's decisions are the same whether it thinks in a worker or in the
caller's process. Workers are forked from a fork server (a clean process that has imported the
kernel and the registry), never from the caller, whose threads and locks a fork would copy.

A worker that dies (killed, out of memory) breaks its executor: every decision in flight raises
`BrokenProcessPool`, and the next decision starts a fresh executor. A worker ends with the
process that owns its pool, however that one ends (killed, say): each watches a pipe whose only
writing end the owner holds, and exits when it closes.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from parlour.bots.registry import Bot
from parlour.bots.schedule import Pending, Question, answer
from parlour.kernel import Advice, Choice, View

_Result = TypeVar("_Result")

PRELOAD = ["parlour.bots.pool"]
"""What the fork server imports once, so that each worker starts without importing it again."""


def default_workers() -> int:
    """One worker for each CPU this process may use but one, which the event loop keeps; at
    least one."""
    return max(1, len(os.sched_getaffinity(0)) - 1)


def think(bot: Bot, asked: Question, pace: float | None) -> tuple[Pending, Bot]:
    """In a worker: `bot`'s answer to `asked`, and the bot as it is after deciding."""
    return answer(bot, asked, pace), bot


def consult(advice: Advice, view: View, seat: int) -> list[Choice] | None:
    """In a worker: `advice`'s choices for `seat` from its `view`."""
    return advice.choices(view, seat)


def _end_with_owner(owner: Connection) -> None:
    """In a worker, first: exit as soon as the pool's owner has gone (the pipe's other end,
    which only it holds, is closed), so that no worker outlives it."""
    threading.Thread(target=_exit_at_eof, args=(owner,), daemon=True).start()


def _exit_at_eof(owner: Connection) -> None:
    with suppress(EOFError, OSError):
        owner.recv()  # nothing is ever sent: this returns only by raising at the end
    os._exit(0)


class BotPool:
    """`workers` processes that answer bots' questions (started on the first question)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, not {workers}")
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._owner: tuple[Connection, Connection] | None = None

    def _running(self) -> ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            if self._owner is None:
                self._owner = context.Pipe(duplex=False)
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_end_with_owner,
                initargs=(self._owner[0],),
            )
        return self._executor

    def start(self) -> None:
        """Start the fork server and a first worker now (blocking: call it off the event
        loop), so that no question waits for them."""
        self._running().submit(int).result()

    async def warm(
        self, prepare: Callable[[dict[str, Any]], None], options: dict[str, Any]
    ) -> None:
        """Run a bot's `prepare` (a solver's table loaded or built) in the workers before its
        first question, so that the first move does not wait for it: one run for each worker,
        which the executor gives to its idle workers (a busy one may take two)."""
        await asyncio.gather(*(self._run(prepare, options) for _ in range(self.workers)))

    async def think(
        self, bot: Bot, asked: Question, pace: float | None = None
    ) -> tuple[Pending, Bot]:
        """`bot`'s answer to `asked` from a worker, with the bot as it came back. Whatever
        the bot raises is raised here."""
        return await self._run(think, bot, asked, pace)

    async def advise(self, advice: Advice, view: View, seat: int) -> list[Choice] | None:
        """`advice`'s choices for `seat` from its `view`, from a worker: a search's hint
        costs seconds of CPU, as a bot's decision does. Asked again once of a fresh pool if a
        worker died (advice, unlike a bot, has no state to lose)."""
        try:
            return await self._run(consult, advice, view, seat)
        except BrokenProcessPool:
            return await self._run(consult, advice, view, seat)

    async def _run(self, work: Callable[..., _Result], *args: Any) -> _Result:
        """`work(*args)` in a worker. A worker's death raises `BrokenProcessPool`, and the
        broken executor is replaced for the next call."""
        executor = self._running()
        try:
            return await asyncio.wrap_future(executor.submit(work, *args))
        except BrokenProcessPool:
            if self._executor is executor:
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers: questions not yet started are cancelled; each worker finishes
        the one decision it may be making, then exits."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        if self._owner is not None:
            for end in self._owner:
                end.close()
            self._owner = None
