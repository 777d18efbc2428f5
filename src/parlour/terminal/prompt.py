"""Where a human's typed input comes from: the keyboard (with an optional deadline) or, in
tests, a script. `ask` returns `None` when the deadline passes and raises `EOFError` when the
input ends; `new_question` says that what is asked next is a new question."""

from __future__ import annotations

import codecs
import os
import select
import sys
import termios
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Protocol

from rich.cells import cell_len
from rich.console import Console
from rich.control import Control
from rich.segment import ControlType
from rich.text import Text

from parlour.i18n import _

ERASE_LINE = (Control.move_to_column(0), Control((ControlType.ERASE_IN_LINE, 2)))
"""Back to the start of the line, and the line cleared."""

WAIT = "<wait>"
"""In a script: let the deadline pass instead of answering."""


class Prompt(Protocol):
    """A source of typed lines."""

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        """One line; `None` if `deadline` (a `time.monotonic()` value) passes first."""
        ...

    def new_question(self) -> None:
        """The next `ask` is a new question (the board changed): input typed before it is not
        an answer to it."""
        ...


class LineEditor:
    """The line being typed at a terminal, a key at a time: printable keys, Backspace, Ctrl-U
    (erase the line); Enter ends the line, Ctrl-D on an empty line ends the input. Other
    control keys and escape sequences (the arrows) are ignored."""

    def __init__(self) -> None:
        self.line = ""
        self._escape = ""  # the escape sequence read so far: "", ESC, or ESC [ (or ESC O)

    def key(self, char: str) -> tuple[str, str | None]:
        """Take one key: what to echo, and the finished line if the key ends it."""
        if self._escape == "\x1b":
            self._escape = "\x1b[" if char in "[O" else ""
            return "", None
        if self._escape:  # parameters, up to the sequence's final character
            if "@" <= char <= "~":
                self._escape = ""
            return "", None
        if char == "\x1b":
            self._escape = char
        elif char in "\r\n":
            line, self.line = self.line, ""
            return "\n", line
        elif char in "\x7f\b":
            if self.line:
                erased, self.line = self.line[-1], self.line[:-1]
                return "\b \b" * cell_len(erased), None
        elif char == "\x15":
            erased, self.line = self.line, ""
            return "\b \b" * cell_len(erased), None
        elif char == "\x04":
            if not self.line:
                raise EOFError
        elif char.isprintable():
            self.line += char
            return char, None
        return "", None


class ConsolePrompt:
    """The keyboard. Lines are read from the standard input's file descriptor with `select`,
    so a deadline can pass while a person thinks; Python's own buffered `sys.stdin` is never
    used, as it would swallow typed-ahead lines that `select` can no longer see. Where
    standard input has no descriptor (an in-memory stream), lines come from `input()`.

    At a terminal the line is edited here, key by key, so that what the person types survives
    what the runner prints meanwhile: when a deadline passes mid-line the prompt gives way
    (erased), and the next `ask` shows it again with the line as typed so far. Input typed
    before a new question (a line begun, lines typed ahead) is dropped, and the person told.
    Lines from a pipe or a file are a script: all are answers, in order."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._pending = b""  # from a pipe: read, not yet returned
        self._keys = ""  # at a terminal: keys read, not yet edited into the line
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._editor = LineEditor()

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            return self.console.input(prompt)
        self.console.print(prompt, end="")
        if os.isatty(fd):
            return self._edit(fd, prompt, deadline)
        while b"\n" not in self._pending:
            if not _ready(fd, deadline):
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

    def new_question(self) -> None:
        """Drop what was typed at the terminal before this question, saying what it was."""
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            return
        if not os.isatty(fd):
            return
        with _key_by_key(fd):
            while select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                self._keys += self._decoder.decode(chunk)
        dropped = []
        for char in self._keys:
            try:
                line = self._editor.key(char)[1]
            except EOFError:
                continue
            if line:
                dropped.append(line)
        dropped.append(self._editor.line)
        self._keys, self._editor = "", LineEditor()
        shown = " / ".join(line.strip() for line in dropped if line.strip())
        if shown:
            dropped_text = _('Dropped "{typed}": typed before this question.').format(typed=shown)
            self.console.print(Text(dropped_text, "dim"))

    def _edit(self, fd: int, prompt: str, deadline: float | None) -> str | None:
        """The line typed at the terminal, its keys echoed here; `None` at the deadline."""
        self._write(self._editor.line)
        with _key_by_key(fd):
            while True:
                if not self._keys:
                    if not _ready(fd, deadline):
                        self._give_way(prompt)
                        return None
                    chunk = os.read(fd, 4096)
                    if not chunk:
                        raise EOFError
                    self._keys = self._decoder.decode(chunk)
                char, self._keys = self._keys[0], self._keys[1:]
                try:
                    echo, line = self._editor.key(char)
                except EOFError:
                    self._write("\n")
                    raise
                self._write(echo)
                if line is not None:
                    return line

    def _give_way(self, prompt: str) -> None:
        """Erase the prompt and the line typed so far, for what the runner prints next (the
        next `ask` draws them again); where the output is no terminal, end the line instead."""
        if not self.console.is_terminal:
            self.console.print()
            return
        cells = Text.from_markup(prompt).cell_len + cell_len(self._editor.line)
        rows = max(cells - 1, 0) // self.console.width
        self._write("\r\x1b[2K" + "\x1b[1A\x1b[2K" * rows)

    def _write(self, text: str) -> None:
        if text:
            self.console.file.write(text)
            self.console.file.flush()


def _ready(fd: int, deadline: float | None) -> bool:
    """Whether `fd` has input before `deadline` passes (`None`: no deadline, wait for it)."""
    if deadline is None:
        return True
    wait = deadline - time.monotonic()
    return wait > 0 and bool(select.select([fd], [], [], wait)[0])


@contextmanager
def _key_by_key(fd: int) -> Iterator[None]:
    """The terminal at `fd` sends each key as typed and echoes none (the prompt echoes), for
    the time of the block; Ctrl-C still interrupts."""
    saved = termios.tcgetattr(fd)
    mode = termios.tcgetattr(fd)
    mode[3] &= ~(termios.ICANON | termios.ECHO)
    mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, mode)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)


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

    def new_question(self) -> None:
        """A script's lines are each meant for the question they meet: nothing to drop."""
