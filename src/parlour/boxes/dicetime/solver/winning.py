"""Playing to win with several sheets on the table (the `winner` bot), after Pawlewicz
("Nearly optimal computer play in multi-player Yahtzee", 2010).

Every seat's final score is modelled from the solo optimum from its current position: normal,
with the solved mean and standard deviation (the values and their second moments), except in
the last two turns of a sheet (at most two categories open), where the normal is poorest and
the exact distribution is used (`solver/tails.py`). Within its own turn the bot decides exactly
to maximise its chance of finishing above every opponent: an entry's chance comes from the state
it leads to, exact (its distribution against each opponent's chance of staying below each
total) or normal (Φ(gap / spread) against the opponents folded into their greatest, by Clark's
moment match, exact for one opponent); keeps average these chances over the dice on the keep
lattice, as the solver averages values. Ties: a tie with an opponent counts half (in the normal
model only certain, equal scores tie). Among actions whose chances agree within 1e-9, the one
with the highest expected score is chosen (then the first in legal order), so a decided game is
played out like `optimal`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from parlour.boxes.dicetime.components import CATEGORIES, DICE, KEYS, UPPER_BONUS_THRESHOLD
from parlour.boxes.dicetime.solver.advisor import (
    ENTER_ACTIONS,
    KEEP_ACTIONS,
    Position,
    position_from_view,
)
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.bulk import sort_dice
from parlour.boxes.dicetime.solver.lattice import LatticeArrays, lattice_arrays, scores
from parlour.boxes.dicetime.solver.store import squares_for, table_for
from parlour.boxes.dicetime.solver.tails import tails
from parlour.boxes.dicetime.solver.widget import (
    CAP,
    CATEGORY_COUNT,
    NEG,
    UPPER_COUNT,
    enter_values,
    keep_means,
    keep_pass,
    stage_chain,
)
from parlour.kernel import View

TOLERANCE = 1e-9
CERTAIN = 1e-9
"""A variance below this is no spread at all: the score is known."""


GRID = 512
"""Final totals are below this (375 points and the bonus at most)."""


@dataclass(frozen=True)
class Standing:
    """A seat's final score as the model sees it: this mean and variance, normal unless its
    exact distribution is known (`tail`: its slot in the tails, `upper` and `entered` total:
    `entered` plus the points to come of state (slot, upper))."""

    mean: float
    variance: float
    tail: int = -1
    upper: int = 0
    entered: int = 0


@njit(cache=True, inline="always")
def win_chance(gap: float, spread: float) -> float:
    """The chance that a normal score beats another independent one, their means `gap` apart
    (ours minus theirs) and their variances summing to `spread`; two certain equal scores tie,
    which counts half."""
    if spread < CERTAIN:
        if gap > TOLERANCE:
            return 1.0
        return 0.5 if gap >= -TOLERANCE else 0.0
    return 0.5 * math.erfc(-gap / math.sqrt(2.0 * spread))


@njit(cache=True)
def entry_chance(
    roll: int,
    category: int,
    mask: int,
    upper: int,
    entered: int,
    rival_mean: float,
    rival_variance: float,
    grid: Any,
    values: Any,
    squares: Any,
    slot: Any,
    dist: Any,
    scores: Any,
) -> float:
    """The chance of winning after entering `roll` in `category`: the points, then the solo
    optimum's score from the state that follows, exact in the tails (against `grid`, the
    rivals' chances of staying below each total), else normal (against the greatest rival's
    normal)."""
    points = scores[roll, category]
    after = mask | 1 << category
    nu = min(CAP, upper + points) if category < UPPER_COUNT else upper
    tail = slot[after]
    if tail >= 0:
        chance = 0.0
        for x in range(dist.shape[2]):
            chance += dist[tail, nu, x] * grid[entered + points + x]
        return chance
    to_come = values[after, nu, 0]
    variance = max(0.0, squares[after, nu, 0] - to_come * to_come)
    return float(win_chance(entered + points + to_come - rival_mean, variance + rival_variance))


@njit(cache=True)
def chance_chain(
    mask: int,
    upper: int,
    entered: int,
    top: int,
    rival_mean: float,
    rival_variance: float,
    grid: Any,
    values: Any,
    squares: Any,
    slot: Any,
    dist: Any,
    scores: Any,
    arrays: LatticeArrays,
    out: Any,
) -> None:
    """`out[level, roll]`: the chance of winning with each roll and `level` rolls left this
    turn, deciding to win from there, for every level from 0 to `top`."""
    count = scores.shape[0]
    keeps = np.empty(arrays.child.shape[0] + 1)
    keeps_sq = np.empty(arrays.child.shape[0] + 1)
    no_squares = np.zeros(count)
    for roll in range(count):
        best = NEG
        for category in range(CATEGORY_COUNT):
            if not mask >> category & 1:
                chance = entry_chance(
                    roll,
                    category,
                    mask,
                    upper,
                    entered,
                    rival_mean,
                    rival_variance,
                    grid,
                    values,
                    squares,
                    slot,
                    dist,
                    scores,
                )
                best = max(best, chance)
        out[0, roll] = best
    for level in range(1, top + 1):
        keep_pass(out[level - 1], no_squares, arrays, keeps, keeps_sq)
        for roll in range(count):
            out[level, roll] = keeps[arrays.roll_keep[roll]]


@njit(cache=True)
def select(primary: Any, secondary: Any, count: int) -> int:
    """The first candidate within 1e-9 of the best `primary` and, among those, of the best
    `secondary`."""
    top = primary[:count].max()
    runner = NEG
    for i in range(count):
        if primary[i] >= top - TOLERANCE:
            runner = max(runner, secondary[i])
    for i in range(count):
        if primary[i] >= top - TOLERANCE and secondary[i] >= runner - TOLERANCE:
            return i
    return 0


@njit(cache=True)
def _keep_candidates(
    rank: Any,
    roll: int,
    stage: Any,
    arrays: LatticeArrays,
    offset: float,
    out: Any,
) -> None:
    """Each keep action's worth (in legal order) when the dice it rolls land in a stage
    worth `stage` per roll, plus `offset`."""
    sub_keeps, keep_masks = arrays.sub_keeps, arrays.keep_masks
    keeps = np.empty(arrays.child.shape[0] + 1)
    keeps_sq = np.empty(arrays.child.shape[0] + 1)
    keep_means(stage, np.zeros(stage.shape[0]), arrays, keeps, keeps_sq)
    for k in range(keep_masks.shape[0]):
        subset = 0
        for position in range(DICE):
            if keep_masks[k] >> position & 1:
                subset |= 1 << rank[position]
        out[k] = keeps[sub_keeps[roll, subset]] + offset


@njit(cache=True)
def candidates(
    dice: Any,
    left: int,
    mask: int,
    upper: int,
    entered: int,
    to_win: bool,
    rival_mean: float,
    rival_variance: float,
    grid: Any,
    worth: Any,
    chances: Any,
    values: Any,
    squares: Any,
    slot: Any,
    dist: Any,
    scores: Any,
    arrays: LatticeArrays,
    primary: Any,
    secondary: Any,
) -> int:
    """Every choice of a decision in legal order (the keeps while rolls are left, then the open
    categories): `secondary` its expected final score (`worth[level]`: each roll's value with
    `level` rolls left), `primary` its chance of winning (`chances[level]` likewise) when
    playing `to_win`, else the expected score again. Returns how many there are."""
    rank = np.empty(DICE, dtype=np.int64)
    roll = sort_dice(dice, rank, arrays.roll_codes)
    count = 0
    if left > 0:
        count = arrays.keep_masks.shape[0]
        _keep_candidates(rank, roll, worth[left - 1], arrays, float(entered), secondary)
        if to_win:
            _keep_candidates(rank, roll, chances[left - 1], arrays, 0.0, primary)
    for category in range(CATEGORY_COUNT):
        if mask >> category & 1:
            continue
        points = scores[roll, category]
        nu = min(CAP, upper + points) if category < UPPER_COUNT else upper
        secondary[count] = entered + points + values[mask | 1 << category, nu, 0]
        if to_win:
            primary[count] = entry_chance(
                roll,
                category,
                mask,
                upper,
                entered,
                rival_mean,
                rival_variance,
                grid,
                values,
                squares,
                slot,
                dist,
                scores,
            )
        count += 1
    if not to_win:
        primary[:count] = secondary[:count]
    return count


@njit(cache=True)
def mid_turn_moments(
    dice: Any,
    left: int,
    mask: int,
    upper: int,
    values: Any,
    squares: Any,
    scores: Any,
    arrays: LatticeArrays,
) -> tuple[float, float]:
    """The mean and second moment of the points still to come for a seat that has rolled
    `dice` with `left` rolls left and plays the solo optimum (the `optimal` bot's choice)."""
    roll_keep, sub_keeps, keep_masks = arrays.roll_keep, arrays.sub_keeps, arrays.keep_masks
    count = scores.shape[0]
    stage = np.empty((left + 1, count))
    stage_sq = np.empty((left + 1, count))
    enter_values(mask, upper, 0, values, squares, scores, stage[0], stage_sq[0])
    keeps = np.empty(arrays.child.shape[0] + 1)
    keeps_sq = np.empty(arrays.child.shape[0] + 1)
    for level in range(1, left + 1):
        keep_pass(stage[level - 1], stage_sq[level - 1], arrays, keeps, keeps_sq)
        for roll in range(count):
            stage[level, roll] = keeps[roll_keep[roll]]
            stage_sq[level, roll] = keeps_sq[roll_keep[roll]]
    rank = np.empty(DICE, dtype=np.int64)
    roll = sort_dice(dice, rank, arrays.roll_codes)
    best = NEG
    best_sq = 0.0
    if left > 0:
        keep_means(stage[left - 1], stage_sq[left - 1], arrays, keeps, keeps_sq)
        for k in range(keep_masks.shape[0]):
            subset = 0
            for position in range(DICE):
                if keep_masks[k] >> position & 1:
                    subset |= 1 << rank[position]
            index = sub_keeps[roll, subset]
            if keeps[index] > best + TOLERANCE:
                best, best_sq = keeps[index], keeps_sq[index]
    for category in range(CATEGORY_COUNT):
        if mask >> category & 1:
            continue
        points = scores[roll, category]
        after = mask | 1 << category
        nu = min(CAP, upper + points) if category < UPPER_COUNT else upper
        value = points + values[after, nu, 0]
        if value > best + TOLERANCE:
            best = value
            best_sq = points * points + 2.0 * points * values[after, nu, 0] + squares[after, nu, 0]
    return best, best_sq


@njit(cache=True)
def below_grid(
    mean: float, variance: float, tail: int, upper: int, entered: int, dist: Any, out: Any
) -> None:
    """`out[t]`: the chance that a seat's final score stays below the total t, a tie counting
    half: from its exact distribution in the tails (`tail` >= 0), else from its normal."""
    below = 0.0
    for total in range(out.shape[0]):
        if tail >= 0:
            x = total - entered
            p = dist[tail, upper, x] if 0 <= x < dist.shape[2] else 0.0
            out[total] = below + 0.5 * p
            below += p
        else:
            out[total] = win_chance(total - mean, variance)


def strongest(standings: list[Standing]) -> Standing:
    """The greatest of independent normal scores, matched by a normal (Clark, "The greatest
    of a finite set of random variables", 1961): exact for one; certain scores stay certain."""
    rival = standings[0]
    for other in standings[1:]:
        spread = math.sqrt(rival.variance + other.variance)
        if spread * spread < CERTAIN:
            rival = Standing(max(rival.mean, other.mean), 0.0)
            continue
        alpha = (rival.mean - other.mean) / spread
        above = 0.5 * math.erfc(-alpha / math.sqrt(2.0))
        density = math.exp(-alpha * alpha / 2.0) / math.sqrt(2.0 * math.pi)
        first = rival.mean * above + other.mean * (1.0 - above) + spread * density
        second = (
            (rival.mean**2 + rival.variance) * above
            + (other.mean**2 + other.variance) * (1.0 - above)
            + (rival.mean + other.mean) * spread * density
        )
        rival = Standing(first, max(0.0, second - first * first))
    return rival


class WinAdvisor:
    """Chances of winning for a seat's choices, from a solved table of the standard game and
    its second moments."""

    def __init__(self, variant: Variant) -> None:
        self.values = table_for(variant).values
        self.squares = squares_for(variant)
        self.scores = scores(variant.five_of_a_kind_is_full_house)
        self.arrays = lattice_arrays()
        self.slot, self.dist = tails(variant)

    def standing(
        self, position: Position | None, sheet: tuple[int | None, ...], upper: int
    ) -> Standing:
        """A seat's final score: from its decision point when it has rolled, else from the
        state between turns its `sheet` and `upper` total describe."""
        entered = sum(points for points in sheet if points is not None)
        mask = sum(1 << c for c, points in enumerate(sheet) if points is not None)
        capped = min(upper, UPPER_BONUS_THRESHOLD)
        if position is None:
            mean = float(self.values[mask, capped, 0])
            variance = max(0.0, float(self.squares[mask, capped, 0]) - mean * mean)
            return Standing(entered + mean, variance, int(self.slot[mask]), capped, entered)
        else:
            mean, second = mid_turn_moments(
                np.array(position.dice, dtype=np.int64),
                position.rerolls,
                mask,
                capped,
                self.values,
                self.squares,
                self.scores,
                self.arrays,
            )
        return Standing(entered + mean, max(0.0, second - mean * mean))

    def choices(
        self, position: Position, opponents: list[Standing]
    ) -> tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Every choice of the decision in legal order, with its chance of beating every
        opponent and its expected final score."""
        rival = strongest(opponents)
        grid = np.ones(GRID)
        below = np.empty(GRID)
        for seat in opponents:
            below_grid(
                seat.mean, seat.variance, seat.tail, seat.upper, seat.entered, self.dist, below
            )
            grid *= below
        mask, entered = position.mask, sum(p for p in position.sheet if p is not None)
        upper = min(position.upper, UPPER_BONUS_THRESHOLD)
        top = max(position.rerolls - 1, 0)
        count = self.scores.shape[0]
        worth = np.empty((top + 1, count))
        no_squares = np.broadcast_to(np.zeros(1), self.values.shape)
        stage_chain(
            mask, upper, top, False, self.values, no_squares, self.scores, self.arrays, worth
        )
        chances = np.empty((top + 1, count))
        chance_chain(
            mask,
            upper,
            entered,
            top,
            rival.mean,
            rival.variance,
            grid,
            self.values,
            self.squares,
            self.slot,
            self.dist,
            self.scores,
            self.arrays,
            chances,
        )
        primary = np.empty(len(KEEP_ACTIONS) + CATEGORY_COUNT)
        secondary = np.empty_like(primary)
        found = candidates(
            np.array(position.dice, dtype=np.int64),
            position.rerolls,
            mask,
            upper,
            entered,
            True,
            rival.mean,
            rival.variance,
            grid,
            worth,
            chances,
            self.values,
            self.squares,
            self.slot,
            self.dist,
            self.scores,
            self.arrays,
            primary,
            secondary,
        )
        actions = list(KEEP_ACTIONS) if position.rerolls > 0 else []
        actions += [ENTER_ACTIONS[c] for c in CATEGORIES if position.sheet[c] is None]
        assert len(actions) == found
        return actions, primary[:found], secondary[:found]

    def best(self, position: Position, opponents: list[Standing]) -> str:
        """The choice with the best chance of winning (ties: the higher expected score, then
        the first in legal order)."""
        actions, primary, secondary = self.choices(position, opponents)
        return actions[int(select(primary, secondary, len(actions)))]

    def opponents(self, view: View, seat: int) -> list[Standing]:
        """Every other seat's final score, from what `view` shows."""
        standings = []
        for other, info in enumerate(view["seats"]):
            if other != seat:
                sheet = tuple(info["sheet"][key] for key in KEYS)
                standings.append(
                    self.standing(position_from_view(view, other), sheet, int(info["upper"]))
                )
        return standings


@cache
def win_advisor(variant: Variant) -> WinAdvisor:
    """One advisor per variant and process (its tables load once)."""
    return WinAdvisor(variant)
