"""`parlour arena`: bots on duplicate deals, their standings as a table, JSON or a figure."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from parlour.arena import RANKED_BY, ArenaResult, ArenaSpec, Chance, run_arena, summarise
from parlour.arena.plot import load_pyplot, plot_standings
from parlour.arena.results import ResultsFile, merged
from parlour.arena.schedule import validate
from parlour.backends import Backend
from parlour.cli.progress import progress_bar
from parlour.kernel.options import Value

LONG_RUN = 200  # games: below this no progress bar is worth drawing


def run_arena_command(
    console: Console,
    spec: ArenaSpec,
    backend: Backend,
    as_json: bool,
    plot: Path | None,
    results: Path | None = None,
) -> ArenaResult:
    """Validate, play (with a progress bar on stderr for long runs; with a `results` file,
    only the units it lacks), print, and plot."""
    validate(spec)
    if plot is not None:
        load_pyplot()
    store = None if results is None else ResultsFile(results)
    if spec.games >= LONG_RUN:
        with progress_bar() as bar:
            task = bar.add_task(spec.game, total=spec.units)
            result = run_arena(spec, backend, lambda n: bar.advance(task, n), results=store)
    else:
        result = run_arena(spec, backend, results=store)
    show(console, result, as_json, plot)
    return result


def merge_command(console: Console, paths: list[Path], as_json: bool, plot: Path | None) -> None:
    """Summarise the results files of one run's sittings together, as one run."""
    if plot is not None:
        load_pyplot()
    spec, units = merged(paths)
    show(console, summarise(spec, units, 0.0), as_json, plot)


def show(console: Console, result: ArenaResult, as_json: bool, plot: Path | None) -> None:
    """Print the standings (a table, or one JSON object), and draw them to `plot`."""
    spec = result.spec
    if as_json:
        json.dump(result.to_json(), sys.stdout)
        sys.stdout.write("\n")
    else:
        console.print(standings_table(result))
        if len(spec.tables) > 1:
            console.print(tables_table(result))
    if plot is not None:
        plot_standings(result, plot)


def make_spec(
    game: str,
    players: int,
    bots: str,
    deals: int,
    seed: int,
    options: dict[str, str],
    permute: bool,
    first_deal: int = 0,
) -> ArenaSpec:
    """The spec from the command line's words."""
    return ArenaSpec(
        game=game,
        players=players,
        bots=tuple(name.strip() for name in bots.split(",")),
        deals=deals,
        seed=seed,
        options=dict[str, Value](options),
        permute=permute,
        first_deal=first_deal,
    )


def _span(values: tuple[float, float, float], form: str) -> str:
    value, low, high = values
    return f"{value:{form}} ({low:{form}} to {high:{form}})"


def standings_table(result: ArenaResult) -> Table:
    """The standings, strongest first by the game's objective: win share, mean score and
    rating with 95% intervals."""
    spec = result.spec
    tables = len(spec.tables)
    deals = (
        f"deals {spec.first_deal}-{spec.first_deal + spec.deals - 1}"
        if spec.first_deal
        else (f"{spec.deals} deals")
    )
    title = (
        f"{spec.game}, {spec.players} players: {deals} x {len(spec.seatings)} "
        f"seatings{f' x {tables} tables' if tables > 1 else ''} = {spec.games} games, "
        f"seed {spec.seed}"
    )
    caption = (
        f"Ranked by {RANKED_BY[result.objective]}. 95% intervals: {result.resamples} bootstrap "
        f"resamples of the deals. Rating: {result.model} fit, Elo scale, mean 0. Luck: "
        f"{luck(result.chance)} Played in {result.core_seconds / 3600:.2f} core-hours."
    )
    table = Table(title=title, caption=caption)
    for column in ("#", "bot", "games", "win share", "mean score", "rating"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rank, standing in enumerate(result.ranked(), 1):
        table.add_row(
            str(rank),
            standing.bot,
            str(standing.games),
            _span(standing.win_share, ".1%"),
            _span(standing.mean_score, ".1f"),
            _span(standing.rating, "+.0f"),
        )
    return table


def tables_table(result: ArenaResult) -> Table:
    """Each table of a round robin: its bots' win shares and mean scores."""
    spec = result.spec
    table = Table(title=f"Tables ({spec.deals * len(spec.seatings)} games each)")
    for column in ("table", "win shares", "mean scores"):
        table.add_column(column)
    for entrants, shares, scores in zip(
        spec.tables, result.table_shares, result.table_scores, strict=True
    ):
        names = [spec.labels[entrant] for entrant in entrants]
        table.add_row(
            " vs ".join(names),
            ", ".join(f"{share:.1%}" for share in shares),
            ", ".join(f"{score:.1f}" for score in scores),
        )
    return table


def luck(chance: Chance) -> str:
    """How far duplicate deals cancel luck, in words."""
    if chance.fully_aligned == 1:
        return "every seating of a deal drew the same chance throughout."
    return (
        f"the seatings of a deal share their first {chance.aligned:.1f} of "
        f"{chance.draws:.1f} chance draws ({chance.aligned_share:.0%}); "
        f"{chance.fully_aligned:.0%} of deals drew alike throughout."
    )
