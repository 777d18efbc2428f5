"""Dicetime's own bots. `greedy` looks one roll ahead; it reads only its seat's view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from parlour.bots.registry import Bot, BotInfo, View, register_bot
from parlour.boxes.dicetime.components import CATEGORIES, DICE, FACES, Category
from parlour.boxes.dicetime.notation import ROLL, enter_action, keep_action
from parlour.boxes.dicetime.rules import score_table
from parlour.i18n import N_
from parlour.kernel import Action

PAR = (2.1, 4.2, 6.3, 8.4, 10.5, 12.6, 15.0, 8.0, 15.0, 20.0, 15.0, 10.0, 22.0)
"""Roughly what each category is worth when chased for a turn: a category is a good target
when the dice promise more than its par, and a poor roll is best dumped where par is low."""


def _probability(outcome: tuple[int, ...]) -> float:
    """The chance that len(outcome) dice show exactly this multiset."""
    ways = factorial(len(outcome))
    for count in Counter(outcome).values():
        ways //= factorial(count)
    return float(ways / FACES ** len(outcome))


@cache
def one_roll_expectations(five_is_full_house: bool) -> dict[tuple[int, ...], tuple[float, ...]]:
    """For each kept multiset (sorted), each category's expected score after rolling the rest."""
    table = score_table(five_is_full_house)
    expectations: dict[tuple[int, ...], tuple[float, ...]] = {}
    for kept_count in range(DICE + 1):
        outcomes = [
            (outcome, _probability(outcome))
            for outcome in combinations_with_replacement(range(1, FACES + 1), DICE - kept_count)
        ]
        for kept in combinations_with_replacement(range(1, FACES + 1), kept_count):
            totals = [0.0] * len(CATEGORIES)
            for outcome, p in outcomes:
                row = table[tuple(sorted(kept + outcome))]
                for c in CATEGORIES:
                    totals[c] += p * row[c]
            expectations[kept] = tuple(totals)
    return expectations


class GreedyBot(Bot):
    """Keeps the dice that promise the most in one open category (against its par) for the
    next roll, and at the end enters the roll where it scores most (ties: lowest par)."""

    name = "greedy"
    reaction = 1.2

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        turn = view["seats"][self.seat]["turn"]
        dice: list[int] = turn["dice"]
        would: dict[str, int] = turn["would_score"]
        open_categories = [c for c in CATEGORIES if c.key in would]
        if ROLL in legal:
            five_is_full_house = bool(view["options"]["five_of_a_kind_is_full_house"])
            kept = self._best_keep(dice, open_categories, five_is_full_house)
            if kept is not None:
                return keep_action(kept)
        best = max(open_categories, key=lambda c: (would[c.key], -PAR[c]))
        return enter_action(best)

    @staticmethod
    def _best_keep(
        dice: list[int], open_categories: list[Category], five_is_full_house: bool
    ) -> list[int] | None:
        """The positions to keep for the best target, or `None` when keeping all is best."""
        expectations = one_roll_expectations(five_is_full_house)
        best_value, best_positions = float("-inf"), None
        for mask in range(1 << DICE):
            positions = [p for p in range(DICE) if mask >> p & 1]
            expected = expectations[tuple(sorted(dice[p] for p in positions))]
            value = max(expected[c] - PAR[c] for c in open_categories)
            if value > best_value + 1e-9:
                best_value, best_positions = value, positions
        return None if best_positions is None or len(best_positions) == DICE else best_positions


register_bot(
    BotInfo(
        "greedy",
        N_(
            "keeps toward the open category that promises most against its par; enters the "
            "highest-scoring open category"
        ),
        GreedyBot,
        game="dicetime",
        default=True,
        label=N_("Greedy"),
        about=N_("Takes the best score it can see right now."),
    )
)


class OptimalBot(Bot):
    """Plays the exact optimum from the solved table: solo, the highest expected score; with
    several players it maximises its own expected score (it does not play against the others)."""

    name = "optimal"
    reaction = 1.2

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        from parlour.boxes.dicetime.solver.advisor import advisor_for, position_from_view

        position = position_from_view(view, self.seat)
        assert position is not None, "a seat with choices has rolled"
        return advisor_for(view["options"]).best(position)


def _prepare_optimal(options: dict[str, object]) -> None:
    """Build the table once, before simulation workers start."""
    from parlour.boxes.dicetime.solver.advisor import advisor_for

    advisor_for(options)


register_bot(
    BotInfo(
        "optimal",
        N_(
            "exact optimal play from the solved table; with several players it maximises its "
            "own expected score"
        ),
        OptimalBot,
        game="dicetime",
        prepare=_prepare_optimal,
        label=N_("Perfect play"),
        about=N_("Plays every turn perfectly, for the highest score it can expect."),
    )
)


class WinnerBot(Bot):
    """Plays to finish first, not to score most: with other sheets on the table it chooses the
    action with the best estimated chance of winning (`solver/winning.py`: every final score
    modelled from the solo optimum, normal from the solved means and standard deviations, exact
    in a sheet's last two turns); alone it plays like `optimal`."""

    name = "winner"
    reaction = 1.2

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        from parlour.boxes.dicetime.solver.advisor import (
            advisor_for,
            position_from_view,
            variant_of,
        )
        from parlour.boxes.dicetime.solver.winning import win_advisor

        position = position_from_view(view, self.seat)
        assert position is not None, "a seat with choices has rolled"
        if len(view["seats"]) == 1:
            return advisor_for(view["options"]).best(position)
        advisor = win_advisor(variant_of(view["options"]))
        return advisor.best(position, advisor.opponents(view, self.seat))


def _prepare_winner(options: dict[str, object]) -> None:
    """Load (or build) the table, and with other seats its second moments, once, before
    simulation workers start."""
    from parlour.boxes.dicetime.solver.advisor import advisor_for, variant_of
    from parlour.boxes.dicetime.solver.winning import win_advisor

    if options["mode"] == "puzzle":
        advisor_for(options)
    else:
        win_advisor(variant_of(options))


register_bot(
    BotInfo(
        "winner",
        N_(
            "plays to win, not to score: chooses the action with the best chance of finishing "
            "ahead of every other sheet (means and spreads from the solved table); alone, optimal"
        ),
        WinnerBot,
        game="dicetime",
        prepare=_prepare_winner,
        label=N_("Plays to win"),
        about=N_("Plays perfectly for the best chance to finish first, not for points."),
    )
)
