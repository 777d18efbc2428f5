"""Where a human's typed input comes from: the keyboard (with an optional deadline) or, in
tests, a script. `ask` returns `None` when the deadline passes and raises `EOFError` when the
input ends."""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Iterable
from typing import Protocol

from rich.console import Console

WAIT = "<wait>"
"""In a script: let the deadline pass instead of answering."""


class Prompt(Protocol):
    """A source of typed lines."""

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        """One line; `None` if `deadline` (a `time.monotonic()` value) passes first."""
        ...


class ConsolePrompt:
    """The keyboard, through Rich; a deadline is watched with `select` on standard input."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        if deadline is None:
            return self.console.input(prompt)
        self.console.print(prompt, end="")
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        ready, _, _ = select.select([sys.stdin], [], [], remaining)
        if not ready:
            self.console.print()
            return None
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")


class ScriptedPrompt:
    """Lines given in advance (tests and demos); `WAIT` lets the deadline pass."""

    def __init__(self, lines: Iterable[str], console: Console | None = None) -> None:
        self.lines = list(lines)
        self.console = console

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        if self.console is not None:
            self.console.print(f"{prompt}{line}")
        if line == WAIT:
            if deadline is not None:
                time.sleep(max(0.0, deadline - time.monotonic()))
            return None
        return line
