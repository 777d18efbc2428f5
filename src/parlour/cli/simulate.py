"""`parlour sim`: run a simulation with a progress bar and print its summary."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from parlour.backends import Backend
from parlour.cli.progress import progress_bar
from parlour.kernel.options import Value
from parlour.sim import SimSpec, Summary, simulate, validate

LONG_RUN = 200  # games: below this no progress bar is worth drawing


def run_sim(
    console: Console,
    game: str,
    players: int,
    bots: str,
    games: int,
    seed: int,
    rotate: bool,
    backend: Backend,
    options: dict[str, str],
    as_json: bool,
) -> Summary:
    """Validate, simulate (with a progress bar on stderr for long runs) and print."""
    spec = SimSpec(
        game=game,
        players=players,
        bots=tuple(name.strip() for name in bots.split(",")),
        games=games,
        seed=seed,
        rotate=rotate,
        options=dict[str, Value](options),
    )
    validate(spec)
    if games >= LONG_RUN:
        with progress_bar() as bar:
            task = bar.add_task(f"{game}", total=games)
            summary = simulate(spec, backend, lambda n: bar.advance(task, n))
    else:
        summary = simulate(spec, backend)
    if as_json:
        json.dump(summary.to_json(), sys.stdout)
        sys.stdout.write("\n")
    else:
        console.print(table(summary))
    return summary


def table(summary: Summary) -> Table:
    """The summary as a table, one row per bot in `--bots` order."""
    spec = summary.spec
    title = (
        f"{spec.game}: {spec.games} games, {spec.players} players, seed {spec.seed}"
        f"{', rotating seats' if spec.rotate else ''} "
        f"({summary.games_per_second:,.0f} games/s)"
    )
    result = Table(title=title)
    for column in ("bot", "seat", "mean score", "sd", "win rate"):
        result.add_column(column, justify="left" if column == "bot" else "right")
    for index, name in enumerate(spec.bots):
        result.add_row(
            name,
            "rotates" if spec.rotate else str(index + 1),
            f"{summary.mean_scores[index]:.2f}",
            f"{summary.sd_scores[index]:.2f}",
            f"{summary.win_rates[index]:.1%}",
        )
    return result


def write_scores(summary: Summary, path: Path) -> None:
    """Every game's scores as CSV: the game's number, then one column per bot."""
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["game", *summary.spec.bots])
        for number, scores in enumerate(summary.scores):
            writer.writerow([number, *scores])
