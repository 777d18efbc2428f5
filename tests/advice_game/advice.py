"""Tally's advice: exact and instant, as the answer is known (two is always best)."""

from __future__ import annotations

from parlour.kernel import Advice, Choice, Progress, Solution, State
from tests.advice_game.components import ROUNDS
from tests.advice_game.notation import POINTS
from tests.advice_game.state import TallyState


class TallyAdvice(Advice):
    """Exact and instant: two now and two in every turn to come."""

    def solve(self, rebuild: bool, progress: Progress) -> Solution:
        progress(1.0)
        return Solution(2.0 * ROUNDS, 0.0, 0.0, False, None, 0)

    def choices(self, state: State, seat: int) -> list[Choice] | None:
        assert isinstance(state, TallyState)
        if seat not in state.to_act:
            return None
        banked = state.tallies[seat]
        later = 2 * (state.rounds_left(seat) - 1)
        return [
            Choice(action, banked + points + later, banked, points + later, 2 - points)
            for action, points in POINTS.items()
        ]
