"""Bots for the tests of thinking off the event loop (`test_thinking.py`), registered only
there. They are pickled to worker processes, so they talk to the test through files in their
`folder`: a gated bot says it was asked and waits for the test to let it answer; a crashing
bot kills its worker the first time it is asked."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from parlour.bots.registry import Bot, View
from parlour.kernel import Action, Rng

WAIT = 20.0
"""The longest a gated bot waits for its gate (a test that never opens it still ends)."""


class GatedBot(Bot):
    """Writes `asked` in its folder, waits until `open` is there, writes `answered` and plays
    its first legal action: a bot as slow as the test wants, with nothing measured in time."""

    name = "gated"

    def __init__(self, seat: int, rng: Rng, folder: Path) -> None:
        super().__init__(seat, rng)
        self.folder = folder

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        (self.folder / "asked").touch()
        until = time.monotonic() + WAIT
        while not (self.folder / "open").exists() and time.monotonic() < until:
            time.sleep(0.005)
        (self.folder / "answered").touch()
        return legal[0]


class CrashingBot(Bot):
    """Kills the process it thinks in the first time it is asked (it leaves `crashed` in its
    folder); then plays its first legal action."""

    name = "crashing"

    def __init__(self, seat: int, rng: Rng, folder: Path) -> None:
        super().__init__(seat, rng)
        self.folder = folder

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        crashed = self.folder / "crashed"
        if not crashed.exists():
            crashed.touch()
            os._exit(1)
        return legal[0]


class FailingBot(Bot):
    """Raises whenever it is asked: a bot with a bug."""

    name = "failing"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("the bot fell over in its worker")


@dataclass(frozen=True)
class LeavePid:
    """A bot's `prepare` (picklable, to run in a worker): leaves the id of the process it ran
    in as `prepared-PID` in `folder` (the main process prepares too)."""

    folder: Path

    def __call__(self, options: dict[str, object]) -> None:
        (self.folder / f"prepared-{os.getpid()}").touch()


class PidBot(Bot):
    """Plays its first legal action and leaves the id of the process it decided in as
    `decided-PID` in its folder."""

    name = "pid"

    def __init__(self, seat: int, rng: Rng, folder: Path) -> None:
        super().__init__(seat, rng)
        self.folder = folder

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        (self.folder / f"decided-{os.getpid()}").touch()
        return legal[0]
