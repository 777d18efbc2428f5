"""Tally's advice: exact and instant, as the answer is known (two is always best)."""

from __future__ import annotations

from parlour.kernel import Choice, ExactAdvice, Progress, Solution, View
from tests.advice_game import rules
from tests.advice_game.components import ROUNDS
from tests.advice_game.notation import POINTS


class TallyAdvice(ExactAdvice):
    """Exact and instant: two now and two in every turn to come (a turn is a line of the
    log)."""

    def solve(self, rebuild: bool, progress: Progress) -> Solution:
        progress(1.0)
        return Solution(2.0 * ROUNDS, 0.0, 0.0, False, None, 0)

    def choices(self, view: View, seat: int) -> list[Choice] | None:
        if seat not in view["to_act"]:
            return None
        banked = view["scores"][seat]
        later = 2 * (rules.rounds_left(len(view["log"]), self.game.players, seat) - 1)
        return [
            Choice(
                action, banked + points + later, 2 - points, banked=banked, to_come=points + later
            )
            for action, points in POINTS.items()
        ]
