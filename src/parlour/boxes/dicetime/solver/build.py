"""Building the tables: every state between turns, layer by layer from full sheets down.

`values[mask, upper, level]` is the optimal expected score still to come (the upper bonus
included) with the categories in `mask` used and the upper total `upper` (capped at 63);
`level` is the puzzle's rerolls left in the pool (one level in the standard game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from parlour.boxes.dicetime.components import (
    ALL_OPEN,
    CATEGORIES,
    PUZZLE_REROLLS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
)
from parlour.boxes.dicetime.solver.lattice import lattice_arrays, scores
from parlour.boxes.dicetime.solver.widget import solve_layer

MASKS = ALL_OPEN + 1
UPPERS = UPPER_BONUS_THRESHOLD + 1


@dataclass(frozen=True)
class Variant:
    """What changes the optimal play: the full-house reading and whether rerolls are pooled."""

    five_of_a_kind_is_full_house: bool
    puzzle: bool

    @property
    def levels(self) -> int:
        return PUZZLE_REROLLS + 1 if self.puzzle else 1

    @property
    def key(self) -> str:
        mode = "puzzle" if self.puzzle else "turns"
        return f"{mode}-{'fh5' if self.five_of_a_kind_is_full_house else 'nofh5'}"


@dataclass(frozen=True)
class Solution:
    """The value table and the second moments of the points to come, per state."""

    variant: Variant
    values: npt.NDArray[np.float64]
    squares: npt.NDArray[np.float64]

    def start(self) -> tuple[float, float]:
        """The expected score of a new game and its standard deviation."""
        level = self.variant.levels - 1
        mean = float(self.values[0, 0, level])
        variance = float(self.squares[0, 0, level]) - mean * mean
        return mean, max(0.0, variance) ** 0.5


@cache
def upper_states() -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Per (upper categories used: 6 bits, upper total): whether to compute the state, and the
    total whose values it shares. Totals that cannot occur are skipped; totals from which the
    bonus can no longer be reached all share one value (the bonus is all the total decides)."""
    compute = np.zeros((64, UPPERS), dtype=np.bool_)
    alias = np.tile(np.arange(UPPERS, dtype=np.int64), (64, 1))
    for used in range(64):
        totals = {0}
        for face in range(1, 7):
            if used >> (face - 1) & 1:
                totals = {
                    min(UPPER_BONUS_THRESHOLD, t + face * k) for t in totals for k in range(6)
                }
        still_open = sum(5 * face for face in range(1, 7) if not used >> (face - 1) & 1)
        hopeless = sorted(t for t in totals if t + still_open < UPPER_BONUS_THRESHOLD)
        for total in totals:
            compute[used, total] = not hopeless or total not in hopeless[1:]
        for total in hopeless[1:]:
            alias[used, total] = hopeless[0]
    return compute, alias


def layers() -> list[npt.NDArray[np.int64]]:
    """Masks grouped by the number of categories used, fullest (but not full) first."""
    masks = np.arange(MASKS, dtype=np.int64)
    used = np.array([bin(m).count("1") for m in range(MASKS)])
    return [masks[used == n] for n in range(len(CATEGORIES) - 1, -1, -1)]


def solve(variant: Variant, progress: Callable[[int], None] | None = None) -> Solution:
    """Compute the whole table; `progress(n)` reports n more masks done (8192 in all)."""
    values = np.zeros((MASKS, UPPERS, variant.levels))
    squares = np.zeros((MASKS, UPPERS, variant.levels))
    values[ALL_OPEN, UPPER_BONUS_THRESHOLD, :] = UPPER_BONUS
    squares[ALL_OPEN, UPPER_BONUS_THRESHOLD, :] = UPPER_BONUS**2
    if progress:
        progress(1)
    table = scores(variant.five_of_a_kind_is_full_house)
    arrays = lattice_arrays()
    compute, alias = upper_states()
    for masks in layers():
        solve_layer(masks, compute, values, squares, table, arrays, variant.levels, variant.puzzle)
        shared = alias[masks & 63]  # (masks, uppers): where each total takes its values from
        values[masks] = np.take_along_axis(values[masks], shared[:, :, None], axis=1)
        squares[masks] = np.take_along_axis(squares[masks], shared[:, :, None], axis=1)
        if progress:
            progress(len(masks))
    return Solution(variant, values, squares)
