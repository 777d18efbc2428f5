"""The compiled model of Ice Cream (`fast.py`) against the engine, step by step: the same
row, the same legal actions, greedy's same choices and the same result, in random games of
every player count (the engine's own chance draws replayed into the model)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import parlour
from parlour.boxes.icecream import IcecreamState, fast, playout
from parlour.boxes.icecream.bots import OTHERS_WEIGHT
from parlour.boxes.icecream.components import CONES
from parlour.boxes.icecream.notation import ACTIONS
from parlour.kernel import Rng


class Recording(Rng):
    """The state's own generator, noting every index it draws."""

    def __init__(self, inner: Rng) -> None:
        self.inner = inner
        self.drawn: list[int] = []

    def below(self, n: int) -> int:
        value = self.inner.below(n)
        self.drawn.append(value)
        return value


def legal_of(row: np.ndarray) -> tuple[str, ...]:
    moves = np.empty(CONES + 1, dtype=np.int64)
    return tuple(ACTIONS[move] for move in moves[: fast.legal(row, moves)])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_model_plays_as_the_engine(players: int) -> None:
    game = parlour.load("icecream", players=players)
    moves = np.empty(CONES + 1, dtype=np.int64)
    for seed in range(6):
        state = game.new(seed)
        assert isinstance(state, IcecreamState)
        recording = state._rng = Recording(state._rng)
        row = fast.from_state(state)
        chooser, rng = random.Random(seed), Rng(seed)
        greedy_agreed = 0
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            assert legal_of(row) == legal and row[fast.ACTIVE] == seat
            count = fast.legal(row, moves)
            python = playout.playout(state, seat, legal, rng) if len(legal) > 1 else legal[0]
            if python in legal:
                assert ACTIONS[fast.greedy(row, moves, count, OTHERS_WEIGHT)] == python
                greedy_agreed += 1
            action = chooser.choice(legal)
            before = len(recording.drawn)
            state.apply(seat, action)
            fast.step(row, ACTIONS.index(action), np.array(recording.drawn[before:], np.int64))
            row[fast.SCRIPT] = 0
            assert np.array_equal(row, fast.from_state(state))
        out = np.zeros(players, dtype=np.int64)
        fast.scores(row, out)
        assert tuple(out) == state.scores
        assert greedy_agreed > 100
