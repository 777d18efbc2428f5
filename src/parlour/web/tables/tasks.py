"""The table layer's background tasks, kept referenced until they finish: asyncio holds only
weak references to running tasks, so one nobody keeps may vanish mid-step."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any


class Tasks:
    """Tasks running for the tables (bots' answers, timed steps, goodbyes to watchers)."""

    def __init__(self) -> None:
        self.running: set[asyncio.Task[None]] = set()

    def spawn(
        self,
        step: Coroutine[Any, Any, None],
        *,
        context: contextvars.Context | None = None,
        done: Callable[[asyncio.Task[None]], None] | None = None,
    ) -> asyncio.Task[None]:
        """Run `step` on the running loop (in `context`), then `done` with the finished task."""
        task = asyncio.get_running_loop().create_task(step, context=context)
        self.running.add(task)

        def finished(task: asyncio.Task[None]) -> None:
            self.running.discard(task)
            if done is not None:
                done(task)

        task.add_done_callback(finished)
        return task
