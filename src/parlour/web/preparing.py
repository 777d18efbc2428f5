"""Slow one-off work a route needs first (a solver building its table, seconds to a minute),
run in a thread so the event loop stays free, with the progress it reports: the route answers
202 and the fraction done, and the page polls until the work has finished."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

Work = Callable[[Callable[[float], None]], None]
"""Work that reports the fraction it has done (0 to 1) through the function it is given."""


class Preparations:
    """Work in progress by key: one run at a time per key, however many requests ask."""

    def __init__(self, patience: float = 0.5) -> None:
        self.patience = patience  # seconds a request waits before answering with progress
        self._running: dict[str, asyncio.Task[None]] = {}
        self._done: dict[str, float] = {}

    async def progress(self, key: str, work: Work) -> float | None:
        """`None` once `key`'s work has finished (raising its error, if it failed: the next
        request starts it again), else the fraction done so far. The first request starts the
        work; every request waits up to `patience` seconds for it to finish."""
        task = self._running.get(key)
        if task is None:
            self._done[key] = 0.0

            def report(fraction: float) -> None:
                self._done[key] = fraction  # from the work's thread: one atomic store

            task = asyncio.create_task(asyncio.to_thread(work, report))
            self._running[key] = task
        await asyncio.wait({task}, timeout=self.patience)
        if not task.done():
            return self._done[key]
        if self._running.get(key) is task:
            del self._running[key], self._done[key]
        task.result()
        return None
