"""The solved tables on disk: compact, checked, rebuilt when missing, corrupt or stale.

Only the states the solver computes are stored (reachable upper totals, one per group that
shares a value), as float64 in solver order, with a JSON header holding the variant, the
solver version, the start value, its standard deviation and a SHA-256 of the values. A file
that fails any check is never trusted: it is rebuilt. The second moments of the points to come
(the `winner` bot's standard deviations) are stored the same way in a file of their own, so
that hints and the puzzle never load them. Processes sharing a cache directory (the test
workers, servers on one host) build a variant once: the first holds a lock on the variant's
lock file while it builds, the others wait for it and load what it stored.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs

from parlour.boxes.dicetime.solver.build import (
    MASKS,
    UPPERS,
    Solution,
    Variant,
    solve,
    upper_states,
)

SOLVER_VERSION = 1
MAGIC = b"PARLOUR-DICETIME-TABLE\n"


def cache_dir() -> Path:
    """`PARLOUR_CACHE` if set, else the platform's user cache directory for Parlour."""
    configured = os.environ.get("PARLOUR_CACHE")
    return Path(configured) if configured else Path(platformdirs.user_cache_dir("parlour"))


VALUES = ""
SQUARES = "-squares"
"""What a file holds, as the suffix of its variant's key: the values, or their second moments."""


def table_path(variant: Variant, quantity: str = VALUES) -> Path:
    return cache_dir() / f"dicetime-{variant.key}{quantity}-v{SOLVER_VERSION}.table"


@contextmanager
def building(variant: Variant) -> Iterator[None]:
    """Hold the variant's build lock (a POSIX lock on a file beside its tables): one process
    at a time builds it; the lock ends with its holder, however it ends."""
    path = cache_dir() / f"dicetime-{variant.key}-v{SOLVER_VERSION}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass(frozen=True)
class Table:
    """A solved variant: `values[mask, upper, level]`, the start's mean and sd, provenance."""

    variant: Variant
    values: npt.NDArray[np.float64]
    expected_score: float
    sd_score: float
    seconds: float  # to build (or to load, when `cached`)
    cached: bool
    path: Path

    @property
    def table_bytes(self) -> int:
        return self.path.stat().st_size if self.path.exists() else 0


@cache
def _stored_positions() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The (mask, upper) pairs that are stored, in a fixed order."""
    compute, _ = upper_states()
    masks, uppers = np.nonzero(compute[np.arange(MASKS) & 63])
    return masks.astype(np.int64), uppers.astype(np.int64)


def _expand(stored: npt.NDArray[np.float64], levels: int) -> npt.NDArray[np.float64]:
    """The full table from the stored states (shared totals filled from their alias)."""
    masks, uppers = _stored_positions()
    values = np.zeros((MASKS, UPPERS, levels))
    values[masks, uppers] = stored.reshape(len(masks), levels)
    _, alias = upper_states()
    shared = alias[np.arange(MASKS) & 63]
    return np.take_along_axis(values, shared[:, :, None], axis=1)


def save(
    path: Path,
    variant: Variant,
    values: npt.NDArray[np.float64],
    mean: float,
    sd: float,
    quantity: str = VALUES,
) -> None:
    """Write atomically: a reader sees the old file or the whole new one."""
    masks, uppers = _stored_positions()
    payload = np.ascontiguousarray(values[masks, uppers]).tobytes()
    header = {
        "variant": variant.key + quantity,
        "solver_version": SOLVER_VERSION,
        "levels": variant.levels,
        "expected_score": mean,
        "sd_score": sd,
        "sha256": hashlib.sha256(payload).hexdigest(),
        "bytes": len(payload),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as handle:
        handle.write(MAGIC + json.dumps(header).encode() + b"\n" + payload)
    os.replace(handle.name, path)


def load(
    path: Path, variant: Variant, quantity: str = VALUES
) -> tuple[npt.NDArray[np.float64], dict[str, Any]] | None:
    """The table in `path` if it is whole and holds this quantity of this variant and solver,
    else `None`."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if not data.startswith(MAGIC):
        return None
    line_end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC) : line_end])
    except (ValueError, UnicodeDecodeError):
        return None
    payload = data[line_end + 1 :]
    expected = {
        "variant": variant.key + quantity,
        "solver_version": SOLVER_VERSION,
        "levels": variant.levels,
    }
    if not isinstance(header, dict) or any(header.get(k) != v for k, v in expected.items()):
        return None
    masks, _ = _stored_positions()
    if len(payload) != len(masks) * variant.levels * 8:
        return None
    if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
        return None
    stored = np.frombuffer(payload, dtype=np.float64)
    return _expand(stored, variant.levels), header


def obtain(
    variant: Variant,
    rebuild: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Table:
    """The table of `variant`: from the cache when it is sound, else built and stored (by one
    process: another building it meanwhile is waited for)."""
    started = time.perf_counter()
    if not rebuild and (found := _cached(variant, started)) is not None:
        return found
    with building(variant):
        if not rebuild and (found := _cached(variant, started)) is not None:
            return found
        solution = _build(variant, progress)
    mean, sd = solution.start()
    seconds = time.perf_counter() - started
    return Table(variant, solution.values, mean, sd, seconds, False, table_path(variant))


def _cached(variant: Variant, started: float) -> Table | None:
    """The variant's table from the cache, if it is sound (`started`: when asked, for its
    seconds)."""
    path = table_path(variant)
    found = load(path, variant)
    if found is None:
        return None
    values, header = found
    mean, sd = float(header["expected_score"]), float(header["sd_score"])
    return Table(variant, values, mean, sd, time.perf_counter() - started, True, path)


def _build(variant: Variant, progress: Callable[[int], None] | None = None) -> Solution:
    """Solve `variant` and store both its files (the second moments come with the values)."""
    solution = solve(variant, progress)
    mean, sd = solution.start()
    save(table_path(variant), variant, solution.values, mean, sd)
    save(table_path(variant, SQUARES), variant, solution.squares, mean, sd, SQUARES)
    return solution


_LOADED: dict[Variant, Table] = {}
_LOADING = threading.Lock()


def table_for(variant: Variant, progress: Callable[[int], None] | None = None) -> Table:
    """The table of `variant`, loaded (or built) once per process: threads asking at once
    (the web server's hints and analyses) wait for one build instead of racing two."""
    with _LOADING:
        if variant not in _LOADED:
            _LOADED[variant] = obtain(variant, progress=progress)
        return _LOADED[variant]


_SQUARES: dict[Variant, npt.NDArray[np.float64]] = {}


def squares_for(variant: Variant) -> npt.NDArray[np.float64]:
    """`squares[mask, upper, level]`, the expected square of the points to come under the
    optimal policy (beside `values`, the standard deviation of the final score), loaded once
    per process; when its file is missing or untrusted, the variant is solved again."""
    with _LOADING:
        if variant not in _SQUARES:
            _SQUARES[variant] = _squares(variant)
        return _SQUARES[variant]


def _squares(variant: Variant) -> npt.NDArray[np.float64]:
    """The variant's second moments from the cache if sound, else solved (by one process)."""
    found = load(table_path(variant, SQUARES), variant, SQUARES)
    if found is not None:
        return found[0]
    with building(variant):
        found = load(table_path(variant, SQUARES), variant, SQUARES)
        return found[0] if found is not None else _build(variant).squares
