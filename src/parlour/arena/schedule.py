"""The arena's schedule: tables of bots, their seatings, and duplicate deals.

A table is a group of `players` entrants (all of them when `--bots` names one per seat, else
every combination of `players` of them: a round robin). Deal `d` is the game seed that
`parlour sim` uses for its game `d`; every table plays every deal once under each seating (a
rotation of its bots over the seats, or every permutation), so a deal group (deal `d` at
every table and seating) shares its luck as far as the game's chance stream allows. Each
game's chance draws are traced to measure how far that is.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from functools import cached_property

from parlour.bots.match import play_match
from parlour.bots.registry import Bot, make_bot
from parlour.kernel import Game, OptionError, Rng, State, load
from parlour.kernel.options import Value
from parlour.sim import derived_seed, prepare_bots


class TracingRng(Rng):
    """An `Rng` that notes every chance draw (`(kind, argument, outcome)`), so that the games
    of a deal group can be compared draw by draw. Its outcomes are exactly `Rng`'s."""

    __slots__ = ("trace",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.trace: list[tuple[int, int, int]] = []

    def copy(self) -> TracingRng:
        clone = super().copy()
        assert isinstance(clone, TracingRng)
        clone.trace = list(self.trace)
        return clone

    def below(self, n: int) -> int:
        value = super().below(n)
        self.trace.append((0, n, value))
        return value

    def die(self, sides: int = 6) -> int:
        value = super().die(sides)
        self.trace.append((1, sides, value))
        return value

    def dice_index(self, count: int, sides: int = 6) -> int:
        value = super().dice_index(count, sides)
        self.trace.append((2, sides**count, value))
        return value


def traced_game(game: Game, seed: int) -> tuple[State, TracingRng]:
    """A new game dealt from `seed`, exactly as `game.new(seed)` deals it, whose chance draws
    are traced (the kernel's `_new_state` hook with a tracing RNG)."""
    rng = TracingRng(seed)
    return game._new_state(rng, seed, ()), rng


@dataclass(frozen=True)
class ArenaSpec:
    """What the arena plays: `bots` (entrants, `NAME:SETTINGS` names) at tables of `players`,
    `deals` duplicate deals per table, each under every seating."""

    game: str
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int
    options: dict[str, Value] = field(default_factory=dict)
    permute: bool = False
    """Seat each table in every permutation of its bots, not only their rotations."""
    first_deal: int = 0
    """The deals played are `first_deal .. first_deal + deals - 1`: one range of a longer run,
    played in a sitting of its own and merged with the others (`arena.results`)."""

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Each entrant's name in reports: a bot named again is told apart (`greedy (2)`)."""
        seen: dict[str, int] = {}
        labels = []
        for name in self.bots:
            seen[name] = seen.get(name, 0) + 1
            labels.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
        return tuple(labels)

    @cached_property
    def tables(self) -> tuple[tuple[int, ...], ...]:
        """The entrants (by index) at each table: one table, or a round robin of every group
        of `players` entrants."""
        return tuple(itertools.combinations(range(len(self.bots)), self.players))

    @cached_property
    def seatings(self) -> tuple[tuple[int, ...], ...]:
        """For each seating, the seat of each of a table's bots (in table order): rotations
        (each bot once in each seat), or every permutation with `permute`."""
        count = self.players
        if self.permute:
            return tuple(itertools.permutations(range(count)))
        return tuple(tuple((bot + shift) % count for bot in range(count)) for shift in range(count))

    @property
    def units(self) -> int:
        """Deal-table pairs: the arena's units of work, each played under every seating."""
        return self.deals * len(self.tables)

    @property
    def games(self) -> int:
        return self.units * len(self.seatings)

    def unit(self, index: int) -> tuple[int, int]:
        """Unit `index` as (deal, table): deal by deal from `first_deal`, every table in turn."""
        deal, table = divmod(index, len(self.tables))
        return self.first_deal + deal, table


@dataclass(frozen=True)
class DealResult:
    """One deal at one table under every seating: per seating, each table bot's score and
    share of the win (1/w for each of w winners), and the deal's chance draws: how many each
    seating's game made and how many of the first ones all seatings share."""

    deal: int
    table: int
    scores: tuple[tuple[int, ...], ...]
    shares: tuple[tuple[float, ...], ...]
    draws: tuple[int, ...]
    aligned: int
    cpu_seconds: float = 0.0
    """The worker's CPU time for the unit (`time.process_time`), to count a run's core-hours."""


def common_prefix(traces: list[list[tuple[int, int, int]]]) -> int:
    """How many first draws every trace shares."""
    count = 0
    for draws in zip(*traces, strict=False):
        if any(draw != draws[0] for draw in draws):
            break
        count += 1
    return count


def play_deal(spec: ArenaSpec, game: Game, index: int) -> DealResult:
    """Play unit `index` (a deal at a table) under every seating."""
    started = time.process_time()
    deal, table = spec.unit(index)
    entrants = spec.tables[table]
    seed = derived_seed(spec.seed, deal)
    scores, shares, traces = [], [], []
    for number, seats in enumerate(spec.seatings):
        bot_at: dict[int, Bot] = {}
        for entrant, seat in zip(entrants, seats, strict=True):
            bot_seed = derived_seed(spec.seed, deal, "arena", table, number, seat)
            bot_at[seat] = make_bot(game, spec.bots[entrant], seat, bot_seed)
        state, rng = traced_game(game, seed)
        play_match(state, [bot_at[seat] for seat in range(spec.players)])
        winners = state.winners
        scores.append(tuple(state.scores[seat] for seat in seats))
        shares.append(tuple(1 / len(winners) if seat in winners else 0.0 for seat in seats))
        traces.append(rng.trace)
    return DealResult(
        deal,
        table,
        tuple(scores),
        tuple(shares),
        tuple(len(trace) for trace in traces),
        common_prefix(traces),
        time.process_time() - started,
    )


def play_units(spec: ArenaSpec, units: tuple[int, ...], start: int, stop: int) -> list[DealResult]:
    """Units `units[start:stop]` (a worker's chunk of those left to play)."""
    game = load(spec.game, spec.players, **spec.options)
    return [play_deal(spec, game, index) for index in units[start:stop]]


def validate(spec: ArenaSpec) -> None:
    """Refuse a bad spec with `OptionError` naming what is wrong, before any process starts."""
    game = load(spec.game, spec.players, **spec.options)
    if len(spec.bots) < spec.players:
        raise OptionError(
            f"--bots names {len(spec.bots)} bots for {spec.players} players; name at least one "
            "per seat (more make a round robin of tables)"
        )
    if len(spec.bots) > spec.players and len(set(spec.bots)) < len(spec.bots):
        repeated = next(name for name in spec.bots if spec.bots.count(name) > 1)
        raise OptionError(
            f"--bots names {repeated} twice: a round robin (more bots than players) plays "
            "distinct bots"
        )
    if spec.deals < 1:
        raise OptionError(f"--games must be at least 1, not {spec.deals}")
    if spec.first_deal < 0:
        raise OptionError(f"--first-deal must be 0 or more, not {spec.first_deal}")
    prepare_bots(game, spec.bots)
