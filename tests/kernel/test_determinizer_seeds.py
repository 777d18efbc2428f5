"""Every registered game's determinizer draws the fresh seeds it needs with `Rng.seed`, the
kernel's one 64-bit draw, and no seed-sized range with `below` (which reaches only 2**53
values); so do the kernel's other seed drawers, mcts's advisor and `Advice.simulate`."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour import Rng
from parlour.bots.registry import make_bot
from parlour.kernel.advice import ignore
from tests.advice_game import Tally

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


def counted_seeds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds `Rng.seed` hands out from now on, kept in the list returned."""
    drawn: list[int] = []
    fresh = Rng.seed

    def seed(rng: Rng) -> int:
        drawn.append(fresh(rng))
        return drawn[-1]

    monkeypatch.setattr(Rng, "seed", seed)
    return drawn


def test_mcts_seeds_its_advisor_with_rng_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = counted_seeds(monkeypatch)
    make_bot(parlour.load("dokitto", players=3), "mcts:bias=1", 0, 5)
    assert len(drawn) == 1


def test_advice_simulate_deals_each_game_from_rng_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's way (Tally has no bulk one): one fresh seed per game, past 2**53 too."""
    drawn = counted_seeds(monkeypatch)
    Tally(1, {}).advice().simulate(40, 8, ignore)
    assert len(drawn) == 40
    assert max(drawn) >= 1 << 53
