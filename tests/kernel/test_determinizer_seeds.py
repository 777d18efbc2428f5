"""Every registered game's determinizer draws the fresh seeds it needs with `Rng.seed`, the
kernel's one 64-bit draw, and no seed-sized range with `below` (which reaches only 2**53
values)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour import Rng

from ..helpers import all_seats


class CountingRng(Rng):
    """An RNG that counts its fresh seeds and keeps the ranges `below` was asked for."""

    __slots__ = ("ranges", "seeds")

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seeds = 0
        self.ranges: list[int] = []

    def seed(self) -> int:
        self.seeds += 1
        return super().seed()

    def below(self, n: int) -> int:
        self.ranges.append(n)
        return super().below(n)


def cases() -> list[Any]:
    """A case (name, configuration) for every configuration of every registered game."""
    return [
        pytest.param(info.name, configuration, id=f"{info.name}-{index}")
        for info in parlour.games()
        for index, configuration in enumerate(info.configurations)
    ]


@pytest.mark.parametrize(("name", "configuration"), cases())
def test_the_determinizer_draws_its_seeds_with_rng_seed(
    name: str, configuration: parlour.Configuration
) -> None:
    game = parlour.load(name, players=configuration.players, **configuration.options)
    state = game.new(3)
    rnd = random.Random(3)
    for _ in range(12):  # a few moves in, so that something may be hidden
        if state.over:
            break
        seat = rnd.choice(state.to_act) if state.to_act else None
        state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
    for seat in all_seats(state):
        rng = CountingRng(seat or 0)
        game.determinize(state.view(seat), rng)
        assert rng.seeds >= 1, f"{name}'s determinizer drew no fresh seed with Rng.seed"
        assert all(n <= 1 << 53 for n in rng.ranges), f"{name} drew a seed with below"
