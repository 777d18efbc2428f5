"""The tables' clock: the time turn limits, stand-ins, bots' pace and puzzle clocks count in,
and the timers that wake a table when something falls due. The table layer reads only this, so
a test can hand it a clock that moves when told instead of sleeping (`Settings.table_clock`)."""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    """A callback set to run later; cancelled, it never runs."""

    def cancel(self) -> None: ...

    def cancelled(self) -> bool: ...


class Clock:
    """Real time: the wall clock's epoch seconds, timers on the running event loop."""

    def now(self) -> float:
        return time.time()

    def later(
        self, delay: float, callback: Callable[..., Any], *args: Any, context: contextvars.Context
    ) -> Timer:
        """Run `callback(*args)` in `context` on the running event loop in `delay` seconds."""
        return asyncio.get_running_loop().call_later(delay, callback, *args, context=context)
