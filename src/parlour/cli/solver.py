"""`parlour solve`, `parlour hint` and `parlour analyse`: the advice of any game that gives some
(`parlour.kernel.advice`): its solver, the values of a pending decision, a game's analysis."""

from __future__ import annotations

import csv
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress as RichProgress
from rich.progress import TaskID
from rich.table import Table as RichTable

from parlour.cli.progress import progress_bar
from parlour.kernel import (
    ExactAdvice,
    OptionError,
    Solution,
    State,
    advice_of,
    exact_advice_of,
    load,
    replay,
)
from parlour.terminal.hints import choices_table, worth


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
    """Build or load the solver's table for the options and report the optimal expected score
    (and, when asked, the simulated score distribution of the optimal policy)."""
    # At its fewest players; options that do not change the solution are checked, then ignored.
    checked = load(game, None, **options)
    advice = exact_advice_of(checked)
    with progress_bar() as bar:
        task = bar.add_task(f"solving {game}", total=1)
        solution = advice.solve(rebuild, lambda done: bar.update(task, completed=done))
    result: dict[str, Any] = {
        "options": checked.options,
        "expected_score": round(solution.expected_score, 6),
        "sd_score": round(solution.sd_score, 6),
        "seconds": solution.seconds,
        "cached": solution.cached,
        "table_bytes": solution.table_bytes,
    }
    if simulation.games:
        result["simulation"] = _simulate(advice, solution, simulation)
    if as_json:
        print(json.dumps(result))
    else:
        console.print(
            f"Optimal expected score: [bold]{solution.expected_score:.6f}[/bold] "
            f"(standard deviation {solution.sd_score:.6f})"
        )
        if solution.path is not None:
            source = "loaded from" if solution.cached else "built and stored in"
            console.print(
                f"Table {source} {solution.path} ({solution.table_bytes:,} bytes) "
                f"in {solution.seconds:.2f} s."
            )
        if simulation.games:
            _print_simulation(console, result["simulation"])
    return result


def _simulate(advice: ExactAdvice, solution: Solution, simulation: Simulation) -> dict[str, Any]:
    """Play the optimal policy and compare its mean with the solver's value."""
    with progress_bar() as bar:
        task = bar.add_task("optimal games", total=simulation.games)
        started = time.perf_counter()
        played = np.asarray(
            advice.simulate(
                simulation.games,
                simulation.seed,
                lambda done: bar.update(task, completed=done * simulation.games),
            )
        )
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
        "z": (mean - solution.expected_score) / error if error else 0.0,
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


def hint_command(
    console: Console, state: State, as_json: bool, seat: int | None = None
) -> list[dict[str, Any]]:
    """The pending decision's choices for each seat that has one (or only `seat`'s, counted
    from 0), each valued from that seat's view (what they measure and whether exact, with
    each entry)."""
    advice = advice_of(state.game)
    _check_seat(seat, state.game.players)
    described = advice.describe()
    pending = [{**entry, **described} for entry in advice.hints(state, seat)]
    if as_json:
        print(json.dumps(pending))
    elif not pending:
        console.print("No decision is pending (the game is over, or nobody has a choice yet).")
    for entry in [] if as_json else pending:
        title = f"Hints for seat {entry['seat'] + 1}"
        console.print(choices_table(title, entry["choices"], described["measure"]))
    return pending


def analyse_command(
    console: Console, record: dict[str, Any], as_json: bool, seat: int | None = None
) -> dict[str, Any]:
    """A finished game's decisions judged by its game's advice, per seat (or only `seat`'s,
    counted from 0): a solver's analysis against the optimum, or a search's review (each
    decision's chance to win kept against the best, the costliest first; where the record
    kept each action's time, how fast and how well the seat answered)."""
    final = replay(record)
    advice = advice_of(final.game)
    players = final.game.players
    _check_seat(seat, players)
    if isinstance(advice, ExactAdvice):
        report = advice.analyse(final)
        report["seats"] = [entry for entry in report["seats"] if seat in (None, entry["seat"])]
    else:
        report = {"game": final.game.name, "options": dict(final.game.options), "seats": []}
        times = record.get("times", ())
        with progress_bar() as bar:
            for judged in range(players) if seat is None else [seat]:
                task = bar.add_task(f"seat {judged + 1}", total=1)
                report["seats"].append(advice.review(final, judged, moving(bar, task), times))
    report |= advice.describe()
    if as_json:
        print(json.dumps(report))
    elif isinstance(advice, ExactAdvice):
        _print_analysis(console, report)
    else:
        _print_review(console, report)
    return report


def _check_seat(seat: int | None, players: int) -> None:
    """Refuse a `--seat` (counted from 0 here) the game does not have."""
    if seat is not None and not 0 <= seat < players:
        raise OptionError(f"--seat must be 1 to {players}, not {seat + 1}")


def moving(bar: RichProgress, task: TaskID) -> Callable[[float], None]:
    """A progress callback (the kernel's `Progress`) that moves `task` of `bar`."""
    return lambda fraction: bar.update(task, completed=fraction)


def _print_analysis(console: Console, report: dict[str, Any]) -> None:
    """A solver's analysis: every decision of each seat against the optimum."""
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
        _print_whys(console, seat["decisions"])
        console.print(
            f"Score {seat['score']}; expected points lost {seat['lost']:.2f}; "
            f"proficiency {seat['proficiency']:.1f}%"
        )


COSTLIEST = 5
"""The decisions a review prints for each seat (`--json` has them all)."""


def _print_review(console: Console, report: dict[str, Any]) -> None:
    """A search's review: each seat's costliest decisions, by the chance to win given up."""
    measure = report["measure"]
    for seat in report["seats"]:
        table = RichTable(
            title=f"Seat {seat['seat'] + 1}: the costliest decisions", title_justify="left"
        )
        spread = any(decision["margin"] > 0 for decision in seat["decisions"])
        heads = ("#", "played", "best", "kept", "best's", "given up", "give or take")
        for column in heads[: len(heads) - (not spread)]:
            table.add_column(column, justify="left" if column in ("played", "best") else "right")
        costliest = sorted(seat["decisions"], key=lambda decision: -decision["loss"])
        for decision in costliest[:COSTLIEST]:
            table.add_row(
                str(decision["number"]),
                decision["action_words"],
                "" if decision["loss"] == 0 else decision["best_words"],
                worth(decision["expected"], measure),
                worth(decision["best_expected"], measure),
                worth(decision["loss"], measure),
                *([f"±{worth(decision['margin'], measure)}"] if spread else []),
            )
        console.print(table)
        _print_whys(console, costliest[:COSTLIEST])
        count = len(seat["decisions"])
        console.print(
            f"Score {seat['score']}; {count} decisions; "
            f"{'chance to win' if measure == 'win' else 'expected points'} given up per "
            f"decision, on average: {worth(seat['lost'] / max(1, count), measure)}"
            + (" (estimates: a loss within its margin may be noise)." if spread else ".")
        )
        if "speed" in seat:
            _print_speed(console, seat["speed"])


def _print_whys(console: Console, decisions: list[dict[str, Any]]) -> None:
    """Why the best would have been better, for each of `decisions` the game can say it of."""
    for decision in decisions:
        if decision.get("why"):
            console.print(f"#{decision['number']}: {decision['why']}", highlight=False)


def _print_speed(console: Console, speed: dict[str, Any]) -> None:
    """A review's speed section: per kind of task, the answers, errors and median time, and
    the level of bot the seat answered like."""
    table = RichTable(title="Speed and accuracy", title_justify="left")
    for column in ("kind", "answers", "wrong", "passed", "median time", "answers like"):
        table.add_column(column, justify="left" if column in ("kind", "answers like") else "right")
    for row in speed["rows"]:
        seconds = row["seconds"]
        table.add_row(
            row["label"],
            str(row["answers"]),
            str(row["wrong"]),
            str(row["passed"]),
            "" if seconds is None else f"{seconds:.1f} s",
            row["like"] or "",
        )
    console.print(table)
    console.print(speed["summary"])
