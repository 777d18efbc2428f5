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
import numpy.typing as npt

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    KEYS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
)
from parlour.boxes.dicetime.notation import enter_action, keep_action
from parlour.boxes.dicetime.rules import score_table
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.lattice import FloatArray, lattice, lattice_arrays, scores
from parlour.boxes.dicetime.solver.store import Table, table_for
from parlour.boxes.dicetime.solver.widget import keep_means, stage_values
from parlour.kernel import Choice, View

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


def position_from_view(view: View, seat: int) -> Position | None:
    """The seat's decision point, or `None` when it has nothing to decide (no roll yet)."""
    info = view["seats"][seat]
    turn = info["turn"]
    if turn is None or not turn["rolled"]:
        return None
    puzzle = view["mode"] == "puzzle"
    rerolls = turn["rerolls_left"] if puzzle else turn["rolls_left"]
    sheet = tuple(info["sheet"][key] for key in KEYS)
    return Position(sheet, int(info["upper"]), tuple(turn["dice"]), int(rerolls), puzzle)


KEEP_POSITIONS = tuple(kept for size in range(DICE) for kept in combinations(range(DICE), size))
"""The positions each keep action keeps, in the engine's legal order."""
KEEP_ACTIONS = tuple(keep_action(kept) for kept in KEEP_POSITIONS)
ENTER_ACTIONS = tuple(enter_action(category) for category in CATEGORIES)


@cache
def _keep_indices(dice: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """For a roll by position, the lattice index of what each keep action keeps."""
    index = lattice().index
    return np.array(
        [index[tuple(sorted(dice[p] for p in kept))] for kept in KEEP_POSITIONS], dtype=np.int64
    )


class Advisor:
    """Evaluates decisions against one solved table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.variant = table.variant
        self.scores = scores(self.variant.five_of_a_kind_is_full_house)
        self.score_table = score_table(self.variant.five_of_a_kind_is_full_house)
        self.arrays = lattice_arrays()
        # The widget functions also carry second moments; advice needs none.
        self.no_squares = np.broadcast_to(np.zeros(1), table.values.shape)

    def values(self, position: Position) -> tuple[list[str], list[float]]:
        """Every choice of the decision in the engine's legal order, with its expected final
        score (the points entered so far plus the optimal expectation of the rest)."""
        mask = position.mask
        upper = min(position.upper, UPPER_BONUS_THRESHOLD)
        entered = sum(points for points in position.sheet if points is not None)
        actions: list[str] = []
        values: list[float] = []
        if position.rerolls > 0:
            keeps = self._keep_values(self._rolls_after(mask, upper, position.rerolls - 1))
            actions.extend(KEEP_ACTIONS)
            values.extend((keeps[_keep_indices(position.dice)] + entered).tolist())
        level = position.rerolls if self.variant.puzzle else 0
        row = self.score_table[tuple(sorted(position.dice))]
        table = self.table.values
        for category in CATEGORIES:
            if position.sheet[category] is not None:
                continue
            points = row[category]
            nu = min(UPPER_BONUS_THRESHOLD, upper + points) if category < 6 else upper
            actions.append(ENTER_ACTIONS[category])
            values.append(entered + points + float(table[mask | 1 << category, nu, level]))
        return actions, values

    def best(self, position: Position) -> str:
        """The optimal action: the first in legal order within 1e-9 of the best value."""
        actions, values = self.values(position)
        top = max(values)
        return next(a for a, v in zip(actions, values, strict=True) if v >= top - TOLERANCE)

    def advise(self, position: Position) -> list[Choice]:
        """Every choice of the decision, the optimal one first (see `best`), then by value."""
        actions, values = self.values(position)
        top = max(values)
        first = next(i for i, value in enumerate(values) if value >= top - TOLERANCE)
        rest = sorted((i for i in range(len(values)) if i != first), key=lambda i: -values[i])
        banked = position.banked
        return [
            Choice(
                actions[i],
                values[i],
                max(0.0, top - values[i]),
                banked=banked,
                to_come=values[i] - banked,
            )
            for i in [first, *rest]
        ]

    def _keep_values(self, rolls: FloatArray) -> FloatArray:
        """Each keep's expected value when the rest is rolled into a stage worth `rolls`."""
        keeps = np.empty(len(self.arrays.child) + 1)
        keeps_sq = np.empty(len(self.arrays.child) + 1)
        keep_means(rolls, np.zeros(len(rolls)), self.arrays, keeps, keeps_sq)
        return keeps

    def _rolls_after(self, mask: int, upper: int, rerolls: int) -> FloatArray:
        """Each roll's value at the stage with `rerolls` left (rolls this turn, or the pool),
        deciding optimally from there."""
        result: FloatArray = stage_values(
            mask,
            upper,
            rerolls,
            self.variant.puzzle,
            self.table.values,
            self.no_squares,
            self.scores,
            self.arrays,
        )
        return result


@cache
def _advisor(variant: Variant) -> Advisor:
    return Advisor(table_for(variant))


def advisor_for(options: dict[str, Any]) -> Advisor:
    """The advisor for a game's options; its table is loaded (or built) once per process."""
    return _advisor(variant_of(options))
