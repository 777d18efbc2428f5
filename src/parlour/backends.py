"""Where a run's chunks are played: worker processes on this machine, or Ray tasks on a local
Ray or a cluster. Each backend maps one chunk function over the same chunks, results in order,
so a run's results never depend on the backend or on the number of workers."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol, TypeVar

from parlour.kernel import OptionError, ParlourError

R = TypeVar("R")
Chunk = tuple[int, int]
Work = Callable[[int, int], list[R]]

BACKENDS = ("local", "ray")


class Backend(Protocol):
    """Runs `work(start, stop)` for each chunk, at most `workers` chunks at a time, and
    yields each chunk's results in chunk order (`work` must pickle)."""

    @property
    def workers(self) -> int: ...

    def map(self, work: Work[R], chunks: Sequence[Chunk]) -> Iterator[list[R]]: ...


@dataclass(frozen=True)
class LocalPool:
    """`workers` processes on this machine (one: this process, no pool)."""

    workers: int = 1

    def map(self, work: Work[R], chunks: Sequence[Chunk]) -> Iterator[list[R]]:
        if self.workers <= 1:
            for start, stop in chunks:
                yield work(start, stop)
            return
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(work, start, stop) for start, stop in chunks]
            for future in futures:
                yield future.result()


def load_ray() -> ModuleType:
    """Ray, imported only when asked for, or a clear error saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ParlourError(
            "--backend ray needs Ray, which is not installed: pip install parlour[cluster]"
        ) from None


def ray_arguments(workers: int, address: str | None) -> dict[str, Any]:
    """`ray.init`'s arguments: the cluster at `address`, else a new local Ray of `workers`
    CPUs; quiet either way."""
    common: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
    if address is not None:
        return {"address": address, **common}
    return {"address": "local", "num_cpus": max(1, workers), **common}


def _call(work: Work[R], start: int, stop: int) -> list[R]:
    """A Ray task's body: one chunk (Ray resolves `work` from the object store)."""
    return work(start, stop)


@dataclass(frozen=True)
class RayTasks:
    """Each chunk a Ray task, `workers` of them in flight at a time: on the Ray this process
    already joined, else on the cluster at `address`, else on a new local Ray of `workers`
    CPUs (shut down after the run)."""

    workers: int = 1
    address: str | None = None

    def map(self, work: Work[R], chunks: Sequence[Chunk]) -> Iterator[list[R]]:
        ray = load_ray()
        started = not ray.is_initialized()
        if started:
            ray.init(**self._init_arguments())
        try:
            yield from self._run(ray, work, chunks)
        finally:
            if started:
                ray.shutdown()

    def _init_arguments(self) -> dict[str, Any]:
        return ray_arguments(self.workers, self.address)

    def _run(self, ray: ModuleType, work: Work[R], chunks: Sequence[Chunk]) -> Iterator[list[R]]:
        task = ray.remote(_call)
        shared = ray.put(work)  # pickled once, not once per chunk
        pending: dict[Any, int] = {}
        done: dict[int, list[R]] = {}
        submitted = given = 0
        while given < len(chunks):
            while submitted < len(chunks) and len(pending) < max(1, self.workers):
                pending[task.remote(shared, *chunks[submitted])] = submitted
                submitted += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                done[pending.pop(ref)] = ray.get(ref)
            while given in done:
                yield done.pop(given)
                given += 1


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    """The backend a command line names (`local` or `ray`), or an `OptionError` naming what
    is wrong; `ray` is imported here, so a missing Ray is reported before any game is played."""
    if workers < 1:
        raise OptionError(f"--workers must be at least 1, not {workers}")
    if name == "local":
        if address is not None:
            raise OptionError("--address is a Ray cluster's: give it with --backend ray")
        return LocalPool(workers)
    if name == "ray":
        load_ray()
        return RayTasks(workers, address)
    raise OptionError(f"--backend must be one of {', '.join(BACKENDS)}, not {name!r}")


def as_backend(workers: int | Backend) -> Backend:
    """A number of workers means that many local processes."""
    return LocalPool(workers) if isinstance(workers, int) else workers
