"""Advice by search, for any game with a playout policy (the one its search bots use): each
legal action of a pending decision is played out on the same worlds the seat's view allows
(`Game.determinize`, common random numbers: one deal and one playout seed shared by the
actions), and valued by the game's objective, the seat's chance of winning (a shared win
counted as its share) or its final score, with the half-width of the estimate's 95% interval.

It reads the view and nothing else, so two states that differ only in what the seat cannot see
get the same advice; the same view gets the same advice (its generator is seeded, not drawn).
A game offers it from `Game.advice()`; the coach is as good as its playouts, which are the
greedy policies of `parlour.bots.search`'s playouts, cheap and far from perfect play.
"""

from __future__ import annotations

import math
from statistics import fmean, stdev

from parlour.bots.search import Playout, play_out
from parlour.kernel import Action, Advice, Choice, Game, Objective, Rng, State, View

PLAYOUTS = 1200
"""Playouts a decision by default, shared among its legal actions (about 2 s of CPU where a
playout to the end costs 1.5 ms)."""
FEWEST_WORLDS = 8
"""Worlds each action is played on however many actions there are."""
Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


class SearchAdvice(Advice):
    """Estimates by flat Monte Carlo over determinized worlds (see the module's docstring)."""

    version = f"search-1:{PLAYOUTS}"

    def __init__(self, game: Game, playout: Playout, playouts: int = PLAYOUTS, seed: int = 0):
        super().__init__(game)
        self.playout = playout
        self.playouts = playouts
        self.seed = seed

    def choices(self, view: View, seat: int) -> list[Choice] | None:
        rng = Rng(self.seed)
        world = self.game.determinize(view, rng)
        legal = tuple(world.legal_actions(seat)) if seat in world.to_act else ()
        if len(legal) < 2:
            return None
        samples: dict[Action, list[float]] = {action: [] for action in legal}
        for number in range(max(FEWEST_WORLDS, self.playouts // len(legal))):
            if number:
                world = self.game.determinize(view, rng)
            seed = rng.seed()
            for action in legal:
                state = world.clone()
                state.apply(seat, action)
                play_out(state, self.playout, Rng(seed))
                samples[action].append(self._value(state, seat))
        return estimated(samples)

    def _value(self, final: State, seat: int) -> float:
        """What a finished game is worth to `seat` by what this advice measures."""
        if self.measure is Objective.POINTS:
            return float(final.scores[seat])
        winners = final.winners
        return 1.0 / len(winners) if seat in winners else 0.0


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
