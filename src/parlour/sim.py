"""Simulation: many games between bots, reproducible whatever the backend (local processes or
Ray tasks) and its number of workers.

Game `i` of a run with seed `S` is dealt from a seed derived from `(S, i)` and its bots get
seeds derived from `(S, i, seat)`, so the results depend only on the command, never on how
the games were split between workers; results are combined in game order.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from parlour.backends import Backend, as_backend
from parlour.bots.match import play_match
from parlour.bots.registry import bot_info, make_bot
from parlour.kernel import Game, OptionError, State, load
from parlour.kernel.options import Value

R = TypeVar("R")


def derived_seed(*parts: object) -> int:
    """A 128-bit seed derived from the parts (stable across machines and Python versions)."""
    text = ":".join(str(part) for part in ("parlour-sim", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "big")


@dataclass(frozen=True)
class SimSpec:
    """What to simulate: bot `i` sits in seat `i`, or rotates with `rotate`."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    rotate: bool = False
    options: dict[str, Value] = field(default_factory=dict)

    def seating(self, index: int) -> list[int]:
        """For game `index`, the seat of each bot (in `bots` order)."""
        shift = index % self.players if self.rotate else 0
        return [(bot + shift) % self.players for bot in range(self.players)]

    def describe(self) -> dict[str, Any]:
        """The run, JSON-ready, with the options as the game fills them in (for summaries and
        the Parquet file's metadata)."""
        return {
            "game": self.game,
            "players": self.players,
            "options": load(self.game, self.players, **self.options).options,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "rotate": self.rotate,
        }


@dataclass(frozen=True)
class GameResult:
    """One game's outcome, per bot (in `bots` order), its length in actions (the table's
    included) and the bot whose seat alone could act first (`None`: several seats could)."""

    scores: tuple[int, ...]
    won: tuple[bool, ...]
    length: int
    first: int | None


def play_game(spec: SimSpec, index: int) -> State:
    """Play game `index` of a run to its end."""
    game = load(spec.game, spec.players, **spec.options)
    bot_at: list[Any] = [None] * spec.players
    for bot, seat in enumerate(spec.seating(index)):
        bot_at[seat] = make_bot(game, spec.bots[bot], seat, derived_seed(spec.seed, index, seat))
    return play_match(game.new(derived_seed(spec.seed, index)), bot_at)


def play_one(spec: SimSpec, index: int) -> GameResult:
    """Play game `index` of a run: its outcome per bot."""
    seats = spec.seating(index)
    opening = load(spec.game, spec.players, **spec.options).new(derived_seed(spec.seed, index))
    state = play_game(spec, index)
    scores, winners = state.scores, set(state.winners)
    return GameResult(
        tuple(scores[seat] for seat in seats),
        tuple(seat in winners for seat in seats),
        len(state.history),
        seats.index(opening.to_act[0]) if len(opening.to_act) == 1 else None,
    )


def _play_chunk(spec: SimSpec, start: int, stop: int) -> list[GameResult]:
    return [play_one(spec, index) for index in range(start, stop)]


@dataclass(frozen=True)
class Summary:
    """Per bot (in `bots` order): mean and standard deviation of its score, its win rate."""

    spec: SimSpec
    seconds: float
    mean_scores: tuple[float, ...]
    sd_scores: tuple[float, ...]
    win_rates: tuple[float, ...]
    results: tuple[GameResult, ...]  # per game, in order

    @property
    def scores(self) -> tuple[tuple[int, ...], ...]:
        """Per game (in order), each bot's score."""
        return tuple(result.scores for result in self.results)

    @property
    def games_per_second(self) -> float:
        return self.spec.games / self.seconds if self.seconds > 0 else math.inf

    def to_json(self) -> dict[str, Any]:
        return {
            **self.spec.describe(),
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "mean_scores": list(self.mean_scores),
            "sd_scores": list(self.sd_scores),
            "win_rates": list(self.win_rates),
        }


def summarise(spec: SimSpec, results: list[GameResult], seconds: float) -> Summary:
    """Combine per-game results (in game order) into a summary."""
    count = len(results)
    means, sds, wins = [], [], []
    for bot in range(spec.players):
        scores = [result.scores[bot] for result in results]
        mean = math.fsum(scores) / count
        variance = math.fsum((s - mean) ** 2 for s in scores) / (count - 1) if count > 1 else 0.0
        means.append(mean)
        sds.append(math.sqrt(variance))
        wins.append(sum(result.won[bot] for result in results) / count)
    return Summary(spec, seconds, tuple(means), tuple(sds), tuple(wins), tuple(results))


def _chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, total, size):
        yield start, min(total, start + size)


def run_chunks(
    work: Callable[[int, int], list[R]],
    total: int,
    workers: int | Backend = 1,
    progress: Callable[[int], None] | None = None,
    keep: Callable[[list[R]], None] | None = None,
) -> list[R]:
    """`work(start, stop)` over `0 .. total-1` in chunks on a backend (a number: that many
    local processes), results in order (`work` must pickle: a module-level function or a
    `partial` of one); `progress(n)` reports n more items done, `keep(chunk)` is given each
    chunk's results as they arrive. The results never depend on the backend or its workers."""
    backend = as_backend(workers)
    size = max(1, min(100, total // (max(1, backend.workers) * 8) or 1))
    results: list[R] = []
    for chunk in backend.map(work, list(_chunks(total, size))):
        results.extend(chunk)
        if keep:
            keep(chunk)
        if progress:
            progress(len(chunk))
    return results


def simulate(
    spec: SimSpec, workers: int | Backend = 1, progress: Callable[[int], None] | None = None
) -> Summary:
    """Run the simulation on a backend (a number: that many local processes); `progress(n)`
    reports n more games done."""
    validate(spec)
    started = time.perf_counter()
    results = run_chunks(partial(_play_chunk, spec), spec.games, workers, progress)
    return summarise(spec, results, time.perf_counter() - started)


def validate(spec: SimSpec) -> None:
    """Refuse a bad spec with `OptionError` before any process starts."""
    game = load(spec.game, spec.players, **spec.options)
    if len(spec.bots) != spec.players:
        raise OptionError(
            f"--bots names {len(spec.bots)} bots for {spec.players} players; give one per seat"
        )
    prepare_bots(game, spec.bots)
    if spec.games < 1:
        raise OptionError(f"--games must be at least 1, not {spec.games}")


def prepare_bots(game: Game, names: Iterable[str]) -> None:
    """Check each bot name for `game` (`OptionError` naming a bad one) and prepare each bot
    once, before any worker starts (e.g. build its table)."""
    for name in dict.fromkeys(names):
        prepare = bot_info(game.name, name).prepare
        if prepare is not None:
            prepare(game.options)
