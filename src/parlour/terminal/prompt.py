"""Where a human's typed input comes from: the keyboard (with an optional deadline) or, in
tests, a script. `ask` returns `None` when the deadline passes and raises `EOFError` when the
input ends."""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Iterable
from typing import Protocol

from rich.console import Console
from rich.control import Control
from rich.segment import ControlType

ERASE_LINE = (Control.move_to_column(0), Control((ControlType.ERASE_IN_LINE, 2)))
"""Back to the start of the line, and the line cleared."""

WAIT = "<wait>"
"""In a script: let the deadline pass instead of answering."""


class Prompt(Protocol):
    """A source of typed lines."""

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        """One line; `None` if `deadline` (a `time.monotonic()` value) passes first."""
        ...


class ConsolePrompt:
    """The keyboard. Lines are read from the standard input's file descriptor with `select`,
    so a deadline can pass while a person thinks; Python's own buffered `sys.stdin` is never
    used, as it would swallow typed-ahead lines that `select` can no longer see. Where
    standard input has no descriptor (an in-memory stream), lines come from `input()`."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._pending = b""

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            return self.console.input(prompt)
        self.console.print(prompt, end="")
        while b"\n" not in self._pending:
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and (wait <= 0 or not select.select([fd], [], [], wait)[0]):
                if self.console.is_terminal:  # the unanswered prompt goes: it is asked again
                    self.console.control(*ERASE_LINE)
                else:
                    self.console.print()
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                if not self._pending:
                    raise EOFError
                self._pending += b"\n"
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line.decode(errors="replace").rstrip("\r")


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
