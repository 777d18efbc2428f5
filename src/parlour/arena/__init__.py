"""The arena: bots against each other on duplicate deals, with win shares, mean scores and
ratings, each with a 95% interval bootstrapped over deal groups (`parlour arena`).

It plays on `parlour sim`'s seeds and workers: deal `d` is `sim`'s game `d`, and the summary
is the same whatever the number of workers. See `docs/bots.md`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from parlour.arena.results import ResultsFile
from parlour.arena.schedule import ArenaSpec, DealResult, play_units, validate
from parlour.arena.stats import Floats, fit_ratings, interval, resample_weights
from parlour.backends import Backend
from parlour.kernel import Objective, load
from parlour.sim import derived_seed, run_chunks

__all__ = ["RANKED_BY", "ArenaResult", "ArenaSpec", "Chance", "Standing", "run_arena", "summarise"]

RESAMPLES = 1000
"""Bootstrap replicates behind every interval."""
RANKED_BY = {
    Objective.WIN: "rating (the game is played for the win)",
    Objective.POINTS: "mean score (the game is played for points)",
}
"""How the standings are ranked (`ArenaResult.ranked`), in words, for each objective."""


@dataclass(frozen=True)
class Standing:
    """One entrant's results: games played, and `(estimate, low, high)` of its win share,
    mean score and rating (95% intervals)."""

    bot: str
    games: int
    win_share: tuple[float, float, float]
    mean_score: tuple[float, float, float]
    rating: tuple[float, float, float]


@dataclass(frozen=True)
class Chance:
    """How far a deal's luck is shared by its seatings: chance draws a game makes, how many
    first draws all seatings of its deal share, that as a share of its draws, and the share
    of deals whose seatings draw exactly alike."""

    draws: float
    aligned: float
    aligned_share: float
    fully_aligned: float


@dataclass(frozen=True)
class ArenaResult:
    """The arena's summary: standings (in `--bots` order; `ranked` by the game's objective),
    each table's win shares and mean scores (in its bots' order), and how far luck is
    aligned."""

    spec: ArenaSpec
    seconds: float
    resamples: int
    standings: tuple[Standing, ...]
    table_shares: tuple[tuple[float, ...], ...]
    table_scores: tuple[tuple[float, ...], ...]
    chance: Chance
    core_seconds: float = 0.0
    """CPU seconds the workers spent on every unit summarised, in whichever sittings."""

    @property
    def model(self) -> str:
        return "Bradley-Terry" if self.spec.players == 2 else "Plackett-Luce (first place)"

    @property
    def objective(self) -> Objective:
        """What the game so set up is played for (`Game.objective`), which ranks the bots."""
        spec = self.spec
        return load(spec.game, spec.players, **spec.options).objective()

    def ranked(self) -> list[Standing]:
        """The standings, strongest first: by rating where the game is played for the win, by
        mean score where it is played for points."""
        points = self.objective is Objective.POINTS

        def strength(standing: Standing) -> float:
            return standing.mean_score[0] if points else standing.rating[0]

        return sorted(self.standings, key=strength, reverse=True)

    def to_json(self) -> dict[str, Any]:
        spec = self.spec

        def triple(values: tuple[float, float, float]) -> dict[str, float]:
            return dict(zip(("value", "low", "high"), values, strict=True))

        return {
            "game": spec.game,
            "players": spec.players,
            "options": load(spec.game, spec.players, **spec.options).options,
            "bots": list(spec.labels),
            "deals": spec.deals,
            "first_deal": spec.first_deal,
            "seatings": "permutations" if spec.permute else "rotations",
            "seatings_per_deal": len(spec.seatings),
            "games": spec.games,
            "seed": spec.seed,
            "seconds": self.seconds,
            "core_hours": self.core_seconds / 3600,
            "resamples": self.resamples,
            "model": self.model,
            "objective": self.objective.value,
            "standings": [
                {
                    "bot": standing.bot,
                    "games": standing.games,
                    "win_share": triple(standing.win_share),
                    "mean_score": triple(standing.mean_score),
                    "rating": triple(standing.rating),
                }
                for standing in self.standings
            ],
            "tables": [
                {
                    "bots": [spec.labels[entrant] for entrant in entrants],
                    "games": spec.deals * len(spec.seatings),
                    "win_shares": list(shares),
                    "mean_scores": list(scores),
                }
                for entrants, shares, scores in zip(
                    spec.tables, self.table_shares, self.table_scores, strict=True
                )
            ],
            "chance": {
                "draws_per_game": self.chance.draws,
                "aligned_draws": self.chance.aligned,
                "aligned_share": self.chance.aligned_share,
                "fully_aligned_deals": self.chance.fully_aligned,
            },
        }


def run_arena(
    spec: ArenaSpec,
    workers: int | Backend = 1,
    progress: Callable[[int], None] | None = None,
    resamples: int = RESAMPLES,
    results: ResultsFile | None = None,
) -> ArenaResult:
    """Play the arena on a backend (a number: that many local processes; `progress(n)`: n
    more deal-table units done) and summarise it; the summary depends on the spec alone,
    never on the backend or its workers. With a `results` file, the units it holds are not
    played again, and those played are added to it as they finish."""
    validate(spec)
    started = time.perf_counter()
    kept = results.played(spec) if results else []
    done = {(result.deal, result.table) for result in kept}
    todo = tuple(index for index in range(spec.units) if spec.unit(index) not in done)
    if progress and kept:
        progress(len(kept))
    work = partial(play_units, spec, todo)
    played = run_chunks(work, len(todo), workers, progress, results.keep if results else None)
    return summarise(spec, [*kept, *played], time.perf_counter() - started, resamples)


def summarise(
    spec: ArenaSpec, results: Sequence[DealResult], seconds: float, resamples: int = RESAMPLES
) -> ArenaResult:
    """Standings with bootstrap intervals over deal groups (deal `d` at every table and
    seating is one group, resampled whole), from every unit's result (each unit once)."""
    deals, tables, entrants = spec.deals, len(spec.tables), len(spec.bots)
    seatings = len(spec.seatings)
    wins = np.zeros((deals, tables, entrants))
    scores = np.zeros((deals, tables, entrants))
    for result in results:
        for shares, points in zip(result.shares, result.scores, strict=True):
            for place, entrant in enumerate(spec.tables[result.table]):
                row = result.deal - spec.first_deal
                wins[row, result.table, entrant] += shares[place]
                scores[row, result.table, entrant] += points[place]
    members = np.zeros((tables, entrants), dtype=np.bool_)
    for table, seated in enumerate(spec.tables):
        members[table, list(seated)] = True
    games = deals * seatings * members.sum(axis=0)  # per entrant, in every replicate alike
    table_games = np.full(tables, float(deals * seatings))

    def measures(won: Floats, points: Floats) -> tuple[Floats, Floats, Floats]:
        """Win shares, mean scores and ratings from wins and scores summed over deals."""
        shares = won.sum(axis=-2) / games
        means = points.sum(axis=-2) / games
        return shares, means, fit_ratings(won, table_games, members)

    estimate = measures(wins.sum(axis=0), scores.sum(axis=0))
    replicates: list[list[Floats]] = [[], [], []]
    flat = (deals, tables * entrants)
    for weights in resample_weights(deals, resamples, derived_seed(spec.seed, "bootstrap")):
        shape = (len(weights), tables, entrants)
        batch = measures(
            (weights @ wins.reshape(flat)).reshape(shape),
            (weights @ scores.reshape(flat)).reshape(shape),
        )
        for store, values in zip(replicates, batch, strict=True):
            store.append(values)
    bounds = [
        interval(value, np.concatenate(store))
        for value, store in zip(estimate, replicates, strict=True)
    ]
    standings = tuple(
        Standing(
            spec.labels[entrant],
            int(games[entrant]),
            *(_triple(bound[:, entrant]) for bound in bounds),
        )
        for entrant in range(entrants)
    )
    per_table = deals * seatings
    return ArenaResult(
        spec,
        seconds,
        resamples,
        standings,
        tuple(
            tuple(float(wins[:, table, e].sum() / per_table) for e in seated)
            for table, seated in enumerate(spec.tables)
        ),
        tuple(
            tuple(float(scores[:, table, e].sum() / per_table) for e in seated)
            for table, seated in enumerate(spec.tables)
        ),
        chance_alignment(results),
        sum(result.cpu_seconds for result in results),
    )


def _triple(values: Floats) -> tuple[float, float, float]:
    return float(values[0]), float(values[1]), float(values[2])


def chance_alignment(results: Sequence[DealResult]) -> Chance:
    """How far the seatings of each deal drew the same chance (see `Chance`)."""
    draws = [count for result in results for count in result.draws]
    aligned = [result.aligned for result in results for _ in result.draws]
    shares = [a / d if d else 1.0 for a, d in zip(aligned, draws, strict=True)]
    full = [all(count == result.aligned for count in result.draws) for result in results]
    return Chance(
        float(np.mean(draws)), float(np.mean(aligned)), float(np.mean(shares)), float(np.mean(full))
    )
