"""`parlour export`: every decision of stored, saved or simulated games as a Parquet dataset."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console

from parlour.backends import Backend
from parlour.cli.progress import progress_bar
from parlour.datasets.decisions import Decision, decisions, simulated, write_decisions
from parlour.kernel import Game, ParlourError, load
from parlour.sim import SimSpec, run_chunks, validate

LONG_RUN = 200  # games: below this no progress bar is worth drawing


def from_simulation(spec: SimSpec, backend: Backend) -> tuple[list[Decision], list[Game]]:
    """Play the games on the backend, as `parlour sim` does (a progress bar on stderr for long
    runs), and take every decision."""
    validate(spec)
    work = partial(simulated, spec)
    if spec.games >= LONG_RUN:
        with progress_bar() as bar:
            task = bar.add_task(spec.game, total=spec.games)
            games = run_chunks(work, spec.games, backend, lambda n: bar.advance(task, n))
    else:
        games = run_chunks(work, spec.games, backend)
    rows = [row for game in games for row in game]
    return rows, [load(spec.game, spec.players, **spec.options)] * spec.games


def from_records(
    records: Iterable[tuple[str, dict[str, Any]]],
) -> tuple[list[Decision], list[Game]]:
    """Every decision of each `(record id, record)`, replayed."""
    rows, games = [], []
    for record_id, record in records:
        rows.extend(decisions(record, record_id))
        games.append(load(record["game"], record["players"], **record["options"]))
    return rows, games


def write(console: Console, path: Path, rows: list[Decision], games: list[Game]) -> None:
    """Write the decisions to `path` and say how many of how many games."""
    if not games:
        raise ParlourError("there are no finished games to export")
    write_decisions(rows, games, path)
    console.print(f"Exported {len(rows)} decisions of {len(games)} games to {path}.")
