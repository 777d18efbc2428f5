"""A tables' clock for tests: it stands still until the test moves it on, so that a turn limit,
a stand-in's pace or a puzzle's clock runs out exactly when the test says, however fast or busy
the machine is."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from parlour.web.clock import Clock


class ManualTimer:
    """A callback due at `when` by a `ManualClock`, run on the event loop that set it."""

    def __init__(self, when: float, loop: asyncio.AbstractEventLoop, run: Callable[[], Any]):
        self.when = when
        self._loop = loop
        self._run = run
        self._cancelled = False

    def cancel(self) -> None:
        self._cancelled = True

    def cancelled(self) -> bool:
        return self._cancelled

    def fire(self) -> None:
        """Run the callback soon on its loop (from any thread), unless cancelled by then; a
        loop that has closed (a stopped server's) drops it, as it drops its own timers."""
        with suppress(RuntimeError):  # the loop is closed
            self._loop.call_soon_threadsafe(lambda: None if self._cancelled else self._run())


class ManualClock(Clock):
    """Epoch seconds that move only by `advance` (from the real time when made); the timers
    that fall due then run, earliest first. A timer set for now or earlier runs at once."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._timers: list[ManualTimer] = []
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def later(
        self, delay: float, callback: Callable[..., Any], *args: Any, context: contextvars.Context
    ) -> ManualTimer:
        with self._lock:
            loop = asyncio.get_running_loop()
            timer = ManualTimer(self._now + delay, loop, lambda: context.run(callback, *args))
            if delay > 0:
                self._timers.append(timer)
        if delay <= 0:
            timer.fire()
        return timer

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds` and run the timers that fall due meanwhile."""
        with self._lock:
            self._now += seconds
            self._timers = [t for t in self._timers if not t.cancelled()]
            due = sorted((t for t in self._timers if t.when <= self._now), key=lambda t: t.when)
            self._timers = [t for t in self._timers if t.when > self._now]
        for timer in due:
            timer.fire()
