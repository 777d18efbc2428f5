"""What each choice of a Dicetime decision is worth, from the solved table.

A decision is a seat's choice after a roll: keep some dice and roll the rest, or enter the roll
in an open category. Each choice's value is the expected final score of the seat's sheet when it
plays optimally afterwards: the points banked so far plus the expected points to come.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
)
from parlour.boxes.dicetime.rules import score_table
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.lattice import FloatArray, lattice, scores
from parlour.boxes.dicetime.solver.store import Table
from parlour.boxes.dicetime.solver.widget import enter_values, keep_maxima, keep_means
from parlour.boxes.dicetime.state import enter_action, keep_action

TOLERANCE = 1e-9


@dataclass(frozen=True)
class Position:
    """A seat's decision point, as its view shows it."""

    sheet: tuple[int | None, ...]  # points per category, None where open
    upper: int  # the upper total (uncapped)
    dice: tuple[int, ...]  # the current roll, by position
    rerolls: int  # rolls left this turn, or the puzzle's pool
    puzzle: bool

    @property
    def mask(self) -> int:
        return sum(1 << c for c, points in enumerate(self.sheet) if points is not None)

    @property
    def banked(self) -> int:
        """Points already on the sheet, the upper bonus included once reached."""
        entered = sum(points for points in self.sheet if points is not None)
        return entered + (UPPER_BONUS if self.upper >= UPPER_BONUS_THRESHOLD else 0)


def variant_of(options: dict[str, Any]) -> Variant:
    """The table a game's options need (`simultaneous` plays like `turns`)."""
    return Variant(bool(options["five_of_a_kind_is_full_house"]), options["mode"] == "puzzle")


def position_from_view(view: dict[str, Any], seat: int) -> Position | None:
    """The seat's decision point, or `None` when it has nothing to decide (no roll yet)."""
    info = view["seats"][seat]
    turn = info["turn"]
    if turn is None or not turn["rolled"]:
        return None
    puzzle = view["mode"] == "puzzle"
    rerolls = turn["rerolls_left"] if puzzle else turn["rolls_left"]
    sheet = tuple(info["sheet"][c.key] for c in CATEGORIES)
    return Position(sheet, int(info["upper"]), tuple(turn["dice"]), int(rerolls), puzzle)


@dataclass(frozen=True)
class Choice:
    """One choice: its action, its expected final score, and what it gives up to the best."""

    action: str
    expected: float
    banked: float
    to_come: float
    loss: float


@cache
def _keep_actions() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every keep action and the positions it keeps, in the engine's legal order."""
    return tuple(
        (keep_action(kept), kept)
        for size in range(DICE)
        for kept in combinations(range(DICE), size)
    )


class Advisor:
    """Evaluates decisions against one solved table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.variant = table.variant
        self.scores = scores(self.variant.five_of_a_kind_is_full_house)
        self.score_table = score_table(self.variant.five_of_a_kind_is_full_house)
        self.lattice = lattice()
        self.size_start = np.array(self.lattice.size_start, dtype=np.int64)
        # The widget functions also carry second moments; advice needs none.
        self.no_squares = np.broadcast_to(np.zeros(1), table.values.shape)

    def advise(self, position: Position) -> list[Choice]:
        """Every choice of the decision, best first; among equal values (within 1e-9) the
        first in the engine's legal order is the best."""
        mask = position.mask
        upper = min(position.upper, UPPER_BONUS_THRESHOLD)
        entered = sum(points for points in position.sheet if points is not None)
        choices: list[tuple[str, float]] = []
        if position.rerolls > 0:
            keeps = self._keep_values(self._rolls_after(mask, upper, position.rerolls - 1))
            index = self.lattice.index
            for action, kept in _keep_actions():
                multiset = tuple(sorted(position.dice[p] for p in kept))
                choices.append((action, entered + float(keeps[index[multiset]])))
        level = position.rerolls if self.variant.puzzle else 0
        row = self.score_table[tuple(sorted(position.dice))]
        for category in CATEGORIES:
            if position.sheet[category] is not None:
                continue
            points = row[category]
            after = mask | 1 << category
            nu = min(UPPER_BONUS_THRESHOLD, upper + points) if category.is_upper else upper
            choices.append(
                (
                    enter_action(category),
                    entered + points + float(self.table.values[after, nu, level]),
                )
            )
        top = max(value for _, value in choices)
        first = next(i for i, (_, value) in enumerate(choices) if value >= top - TOLERANCE)
        rest = sorted((c for i, c in enumerate(choices) if i != first), key=lambda c: -c[1])
        banked = position.banked
        return [
            Choice(action, value, banked, value - banked, max(0.0, top - value))
            for action, value in [choices[first], *rest]
        ]

    def best(self, position: Position) -> str:
        """The optimal action."""
        return self.advise(position)[0].action

    def _keep_values(self, rolls: FloatArray) -> FloatArray:
        """Each keep's expected value when the rest is rolled into a stage worth `rolls`."""
        lat = self.lattice
        keeps = np.empty(lat.count + 1)
        keeps_sq = np.empty(lat.count + 1)
        keep_means(
            rolls, np.zeros(len(rolls)), lat.child, self.size_start, lat.roll_keep, keeps, keeps_sq
        )
        return keeps

    def _entries(self, mask: int, upper: int, level: int) -> FloatArray:
        """Each roll's value if entered now (the level is the puzzle's pool, else 0)."""
        count = len(self.scores)
        out = np.empty(count)
        enter_values(
            mask,
            upper,
            level,
            self.table.values,
            self.no_squares,
            self.scores,
            out,
            np.empty(count),
        )
        return out

    def _rolls_after(self, mask: int, upper: int, rerolls: int) -> FloatArray:
        """Each roll's value at the stage with `rerolls` left (rolls this turn, or the pool),
        deciding optimally from there."""
        lat = self.lattice
        puzzle = self.variant.puzzle
        rolls = self._entries(mask, upper, 0)
        for level in range(1, rerolls + 1):
            keeps = self._keep_values(rolls)
            keep_maxima(lat.parent, self.size_start, keeps, np.zeros(lat.count + 1))
            best_keep = keeps[lat.roll_keep]
            if puzzle:
                rolls = np.maximum(self._entries(mask, upper, level), best_keep)
            else:
                rolls = best_keep.copy()
        return rolls
