"""The suite leaves nothing running: at the end of a test session (each pytest-xdist worker's
too) a check fails if a test left a process behind, and ends those it found.

Processes are read from `/proc` (Linux; elsewhere the check does nothing). The session's process
is made a child subreaper, so that a process orphaned by a test (a server's bot worker whose
server was killed) becomes its child instead of init's and is found too. Two helpers of
`multiprocessing` are not counted themselves: its fork server and resource tracker, one each
per process, which end with it; the bot workers the fork server forked are.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

PROC = Path("/proc")
PR_SET_CHILD_SUBREAPER = 36
HELPERS = (
    "from multiprocessing.forkserver import main",
    "from multiprocessing.resource_tracker import main",
)
"""How `multiprocessing`'s own helper processes start (their command lines)."""
GRACE_SECONDS = 15.0
"""How long processes that are on their way out (a closed pool's workers) may take to end."""


def adopt_orphans() -> None:
    """Make this process the reaper of its descendants' orphans (Linux's child subreaper)."""
    with suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def running_parents() -> dict[int, int]:
    """Each running process's parent (zombies left out: they have ended)."""
    parents = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended meanwhile
        state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
        if state not in {"Z", "X"}:
            parents[int(entry.name)] = int(parent)
    return parents


def command_line(pid: int) -> str:
    """What process `pid` runs (empty if it has ended)."""
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


def left_behind(root: int) -> list[int]:
    """The running descendants of process `root`, but its own `multiprocessing` helpers."""
    parents = running_parents()
    found: list[int] = []
    heads = [root]
    while heads:
        head = heads.pop()
        for pid, parent in parents.items():
            if parent == head:
                heads.append(pid)
                line = command_line(pid)
                if head != root or not any(helper in line for helper in HELPERS):
                    found.append(pid)
    return sorted(found)


@pytest.fixture(scope="session", autouse=True)
def nothing_left_running() -> Iterator[None]:
    """After the session's last test: no process it started is still running."""
    if not PROC.is_dir() or not sys.platform.startswith("linux"):
        yield
        return
    adopt_orphans()
    yield
    deadline = time.monotonic() + GRACE_SECONDS
    while (found := left_behind(os.getpid())) and time.monotonic() < deadline:
        time.sleep(0.1)
    if not found:
        return
    described = [f"{pid}: {command_line(pid)[:200]}" for pid in found]
    for pid in found:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    raise AssertionError("the tests left processes running:\n" + "\n".join(described))
