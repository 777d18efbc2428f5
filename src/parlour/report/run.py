"""Playing a balance report: every set-up it needs, each once, between copies of one bot.

Each set-up is a `parlour sim` run (`sim.simulate`) with the same bot in every seat, fixed
seats and the report's seed, so the same command gives the same report for any `--workers`,
and set-ups compared share their deals' seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from parlour.kernel import OptionError, game_class, load
from parlour.kernel.options import Value
from parlour.report.stats import Measures, measure
from parlour.report.variants import Axis, Variant, axes, base_variant
from parlour.sim import SimSpec, simulate, validate


@dataclass(frozen=True)
class ReportSpec:
    """What to report: the game, its chosen set-up, the bot, games per set-up, seed."""

    game: str
    players: int | None
    options: dict[str, Value]
    bot: str | None
    games: int
    seed: int = 0
    compare: bool = True


@dataclass(frozen=True)
class Played:
    """One set-up's figures and the seconds its games took."""

    variant: Variant
    measures: Measures
    seconds: float


@dataclass(frozen=True)
class Report:
    """Everything the page shows: the chosen set-up's figures and each comparison's."""

    spec: ReportSpec
    bot: str
    base: Played
    comparisons: tuple[tuple[Axis, tuple[Played, ...]], ...]

    def _played(self) -> dict[tuple[int, str], Played]:
        played = {self.base.variant.key(): self.base}
        for _, rows in self.comparisons:
            played.update((row.variant.key(), row) for row in rows)
        return played

    @property
    def total_games(self) -> int:
        """Games played in all (each set-up once)."""
        return sum(row.measures.games for row in self._played().values())

    @property
    def total_seconds(self) -> float:
        """Seconds the games took in all."""
        return sum(row.seconds for row in self._played().values())


def report_bot(spec: ReportSpec) -> str:
    """The bot named, else the game's declared one (`GameInfo.balance`), else `random`."""
    if spec.bot:
        return spec.bot
    balance = game_class(spec.game).info.balance
    return balance.bot if balance else "random"


def plan(spec: ReportSpec) -> tuple[Variant, list[Axis], list[SimSpec]]:
    """The set-ups to play, each checked (`OptionError` naming what was wrong) before any game."""
    if spec.games < 2:
        raise OptionError(f"--games must be at least 2 (an interval needs two), not {spec.games}")
    base = base_variant(spec.game, spec.players, spec.options)
    explicit = dict(load(spec.game, base.players, **spec.options).options)
    given = {name: explicit[name] for name in spec.options if name in explicit}
    compared = axes(spec.game, base, given) if spec.compare else []
    bot = report_bot(spec)
    sims, seen = [], set()
    for variant in [base, *(variant for axis in compared for variant in axis.variants)]:
        if variant.key() in seen:
            continue
        seen.add(variant.key())
        sim = SimSpec(
            spec.game,
            variant.players,
            (bot,) * variant.players,
            spec.games,
            spec.seed,
            options=variant.options,
        )
        validate(sim)
        sims.append(sim)
    return base, compared, sims


def run_report(
    spec: ReportSpec, workers: int = 1, progress: Callable[[int], None] | None = None
) -> Report:
    """Play every set-up (`progress(n)`: n more games done) and measure each."""
    base, compared, sims = plan(spec)
    played: dict[tuple[int, str], Played] = {}
    for sim in sims:
        summary = simulate(sim, workers, progress)
        variant = Variant(sim.players, sim.options)
        measures = measure(summary.results, spec.seed)
        played[variant.key()] = Played(variant, measures, summary.seconds)
    comparisons = tuple(
        (axis, tuple(played[variant.key()] for variant in axis.variants)) for axis in compared
    )
    return Report(spec, report_bot(spec), played[base.key()], comparisons)
