"""Advice estimated over worlds dealt from the seat's view (`SampledAdvice`: the frame the
games' advisors share), and by search for any game with a playout policy (`SearchAdvice`, the
policy its search bots use): each legal action of a pending decision is played out on the same
worlds the seat's view allows (`Game.determinize`, common random numbers: one deal and one
playout seed shared by the actions), and valued by the game's objective, the seat's chance of
winning (a shared win counted as its share) or its final score, with the half-width of the
estimate's 95% interval.

It reads the view and nothing else, so two states that differ only in what the seat cannot see
get the same advice; the same view gets the same advice (its generator is seeded, not drawn).
A game offers it from `Game.advice()`; a search's hint is as good as its playouts, the greedy
policies of `parlour.bots.search`'s playouts, cheap and far from perfect play.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Sequence
from statistics import fmean, stdev

from parlour.bots.search import Playout, play_out
from parlour.kernel import Action, Advice, Choice, Game, Rng, State, View
from parlour.kernel.returns import worth

PLAYOUTS = 1200
"""Playouts a decision by default, shared among its legal actions (about 2 s of CPU where a
playout to the end costs 1.5 ms)."""
FEWEST_WORLDS = 8
"""Worlds each action is played on however many actions there are."""
Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


class SampledAdvice(Advice):
    """Advice estimated over worlds dealt from the seat's view (`Game.determinize`), seeded so
    the same view gets the same advice: in each world every legal action gets a value (a
    sample of what the advice measures), and each action's estimate is its mean, with its
    margin (`estimated`). Subclasses say how many worlds and how a world values the actions."""

    seed = 0
    """The seed of the advice's generator: the same view, the same advice."""

    def choices(self, view: View, seat: int) -> list[Choice] | None:
        rng = Rng(self.seed)
        world = self.game.determinize(view, rng)
        legal = tuple(world.legal_actions(seat)) if seat in world.to_act else ()
        if len(legal) < 2:
            return None
        samples: dict[Action, list[float]] = {action: [] for action in legal}
        for number in range(self.worlds(len(legal))):
            if number:
                world = self.game.determinize(view, rng)
            for action, value in zip(legal, self.values(world, seat, legal, rng), strict=True):
                samples[action].append(value)
        return estimated(samples)

    @abstractmethod
    def worlds(self, choices: int) -> int:
        """How many worlds a decision of `choices` legal actions is judged in (two or more)."""

    @abstractmethod
    def values(self, world: State, seat: int, legal: Sequence[Action], rng: Rng) -> Sequence[float]:
        """Each of `legal`'s value for `seat` in `world` (chance drawn from `rng`)."""


class SearchAdvice(SampledAdvice):
    """Estimates by flat Monte Carlo over determinized worlds (see the module's docstring)."""

    version = f"search-1:{PLAYOUTS}"

    def __init__(self, game: Game, playout: Playout, playouts: int = PLAYOUTS):
        super().__init__(game)
        self.playout = playout
        self.playouts = playouts

    def worlds(self, choices: int) -> int:
        return max(FEWEST_WORLDS, self.playouts // choices)

    def values(self, world: State, seat: int, legal: Sequence[Action], rng: Rng) -> list[float]:
        """Each action played out from the same chance (one seed for all)."""
        seed = rng.seed()
        found = []
        for action in legal:
            state = world.clone()
            state.apply(seat, action)
            play_out(state, self.playout, Rng(seed))
            found.append(worth(state, seat))
        return found


def margin_worlds(worlds: int) -> int:
    """`worlds`, refused below two (an estimate's margin needs two samples or more)."""
    if worlds < 2:
        raise ValueError(f"a hint's margin needs two worlds or more, not {worlds}")
    return worlds


def estimated(samples: dict[Action, list[float]]) -> list[Choice]:
    """Each action's mean over its samples (each a world's value, two or more), the best first
    (equals in the order given), with what it gives up to the best and the half-width of its
    mean's 95% interval (normal approximation)."""
    means = {action: fmean(values) for action, values in samples.items()}
    best = max(means.values())
    ranked = sorted(samples, key=lambda action: -means[action])
    return [
        Choice(
            action,
            means[action],
            best - means[action],
            Z95 * stdev(samples[action]) / math.sqrt(len(samples[action])),
        )
        for action in ranked
    ]
