"""`parlour export`: every decision of stored, saved or simulated games as a Parquet dataset."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console

from parlour.backends import Backend
from parlour.bots.registry import make_bot
from parlour.cli.progress import progress_bar
from parlour.datasets.decisions import Decision, decisions, simulated, write_decisions
from parlour.kernel import ExactAdvice, Game, ParlourError, exact_advice_of, load
from parlour.kernel.advice import ignore
from parlour.sim import SimSpec, run_chunks, validate

LONG_RUN = 200  # games: below this no progress bar is worth drawing

Source = tuple[str, dict[str, Any], Sequence[str | None] | None]
"""A game to export: its record's id, the record, and who played each seat (if known)."""


def from_simulation(
    spec: SimSpec, backend: Backend, values: bool = False, label: str | None = None
) -> tuple[list[Decision], list[Game]]:
    """Play the games on the backend, as `parlour sim` does (a progress bar on stderr for long
    runs), and take every decision (with each choice's value from the game's solver, with
    `values`: prepared here, before any worker starts; with the choice of the bot `label`)."""
    validate(spec)
    game = load(spec.game, spec.players, **spec.options)
    if values:
        exact_advice_of(game).prepare(ignore)
    if label is not None:
        make_bot(game, label, 0, 0)  # an unknown bot, or one this game refuses, by name
    work = partial(simulated, spec, values, label=label)
    if spec.games >= LONG_RUN:
        with progress_bar() as bar:
            task = bar.add_task(spec.game, total=spec.games)
            games = run_chunks(work, spec.games, backend, lambda n: bar.advance(task, n))
    else:
        games = run_chunks(work, spec.games, backend)
    rows = [row for game in games for row in game]
    return rows, [game] * spec.games


def from_records(
    sources: Iterable[Source], values: bool = False
) -> tuple[list[Decision], list[Game]]:
    """Every decision of each game, replayed (valued by its game's solver, with `values`)."""
    rows, games = [], []
    advisors: dict[str, ExactAdvice] = {}
    for record_id, record, bots in sources:
        game = load(record["game"], record["players"], **record["options"])
        advice = None
        if values:
            key = json.dumps([game.name, game.players, game.options], sort_keys=True)
            advice = advisors.setdefault(key, exact_advice_of(game))
        rows.extend(decisions(record, record_id, bots, advice))
        games.append(game)
    return rows, games


def write(console: Console, path: Path, rows: list[Decision], games: list[Game]) -> None:
    """Write the decisions to `path` and say how many of how many games."""
    if not games:
        raise ParlourError("there are no finished games to export")
    write_decisions(rows, games, path)
    console.print(f"Exported {len(rows)} decisions of {len(games)} games to {path}.")
