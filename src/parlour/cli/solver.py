"""`parlour solve`, `parlour hint` and `parlour analyse`: the solved Dicetime tables at work."""

from __future__ import annotations

import csv
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from parlour.cli.progress import progress_bar
from parlour.kernel import OptionError, State, load
from parlour.terminal.hints import choices_table


@dataclass(frozen=True)
class Simulation:
    """What `parlour solve --simulate` asks for: games, the dice seed, where to write scores."""

    games: int = 0
    seed: int = 1
    scores: Path | None = None


def solve_command(
    console: Console,
    game: str,
    options: dict[str, str],
    rebuild: bool,
    as_json: bool,
    simulation: Simulation = Simulation(),
) -> dict[str, Any]:
    """Build or load the table for the options and report the optimal expected score (and,
    when asked, the simulated score distribution of the optimal policy)."""
    if game != "dicetime":
        raise OptionError(f"only dicetime has an exact solver, not {game!r}")
    from parlour.boxes.dicetime.solver.advisor import variant_of
    from parlour.boxes.dicetime.solver.build import MASKS
    from parlour.boxes.dicetime.solver.store import obtain

    checked = load(game, 1, **options)  # validates; the solver ignores start and time_limit
    variant = variant_of(checked.options)
    with progress_bar() as bar:
        task = bar.add_task(f"solving dicetime ({variant.key})", total=MASKS)
        table = obtain(variant, rebuild, lambda n: bar.advance(task, n))
    result: dict[str, Any] = {
        "options": checked.options,
        "expected_score": round(table.expected_score, 6),
        "sd_score": round(table.sd_score, 6),
        "seconds": table.seconds,
        "cached": table.cached,
        "table_bytes": table.table_bytes,
    }
    if simulation.games:
        result["simulation"] = _simulate(table, simulation)
    if as_json:
        print(json.dumps(result))
    else:
        source = "loaded from" if table.cached else "built and stored in"
        console.print(
            f"Optimal expected score: [bold]{table.expected_score:.6f}[/bold] "
            f"(standard deviation {table.sd_score:.6f})\n"
            f"Table {source} {table.path} ({table.table_bytes:,} bytes) "
            f"in {table.seconds:.2f} s."
        )
        if simulation.games:
            _print_simulation(console, result["simulation"])
    return result


def _simulate(table: Any, simulation: Simulation) -> dict[str, Any]:
    """Play the optimal policy in bulk and compare its mean with the table's value."""
    from parlour.boxes.dicetime.solver.bulk import simulate

    with progress_bar() as bar:
        task = bar.add_task("optimal games", total=simulation.games)
        started = time.perf_counter()
        played = simulate(table, simulation.games, simulation.seed, lambda n: bar.advance(task, n))
        seconds = time.perf_counter() - started
    if simulation.scores is not None:
        with simulation.scores.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["game", "optimal"])
            writer.writerows(enumerate(played.tolist()))
    mean = float(played.mean())
    sd = float(played.std(ddof=1)) if len(played) > 1 else 0.0
    error = sd / math.sqrt(len(played))
    return {
        "games": len(played),
        "seed": simulation.seed,
        "mean_score": mean,
        "sd_score": sd,
        "standard_error": error,
        "z": (mean - table.expected_score) / error if error else 0.0,
        "min_score": int(played.min()),
        "max_score": int(played.max()),
        "seconds": seconds,
        "games_per_second": len(played) / seconds if seconds else 0.0,
    }


def _print_simulation(console: Console, simulated: dict[str, Any]) -> None:
    console.print(
        f"{simulated['games']:,} optimal games (seed {simulated['seed']}): mean "
        f"[bold]{simulated['mean_score']:.3f}[/bold], standard deviation "
        f"{simulated['sd_score']:.3f}, standard error {simulated['standard_error']:.3f} "
        f"({simulated['z']:+.2f} standard errors from the table), scores "
        f"{simulated['min_score']} to {simulated['max_score']}, "
        f"{simulated['games_per_second']:,.0f} games/s."
    )


def hint_command(console: Console, state: State, as_json: bool) -> list[dict[str, Any]]:
    """The pending decision's choices for each seat that has one."""
    from parlour.boxes.dicetime.solver.analysis import hints

    pending = hints(state)
    if as_json:
        print(json.dumps(pending))
    elif not pending:
        console.print("No decision is pending (the game is over, or the next action is a roll).")
    for entry in [] if as_json else pending:
        console.print(choices_table(f"seat {entry['seat'] + 1}", entry["choices"]))
    return pending


def analyse_command(console: Console, record: dict[str, Any], as_json: bool) -> dict[str, Any]:
    """Every decision of a game against the optimum, per seat."""
    from parlour.boxes.dicetime.solver.analysis import analyse

    report = analyse(record)
    if as_json:
        print(json.dumps(report))
        return report
    console.print(f"Optimal expected score: {report['optimal_expected_score']:.6f}")
    for seat in report["seats"]:
        table = RichTable(title=f"Seat {seat['seat'] + 1}", title_justify="left")
        for column in ("#", "played", "best", "expected", "best expected", "lost"):
            table.add_column(column, justify="left" if column in ("played", "best") else "right")
        for decision in seat["decisions"]:
            table.add_row(
                str(decision["number"]),
                decision["action"],
                "" if decision["loss"] == 0 else decision["best"],
                f"{decision['expected']:.2f}",
                f"{decision['best_expected']:.2f}",
                f"{decision['loss']:.2f}",
            )
        console.print(table)
        console.print(
            f"Score {seat['score']}; expected points lost {seat['lost']:.2f}; "
            f"proficiency {seat['proficiency']:.1f}%"
        )
    return report
