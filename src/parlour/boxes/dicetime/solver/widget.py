"""One Dicetime turn evaluated exactly, compiled with numba: the "widget" of Glenn's solver.

For a state between turns (categories used, capped upper total, and in the puzzle the rerolls
left) the widget computes the value of every roll at every stage of the turn:

- entering a roll now: the best open category's score plus the value of the state it leads to;
- a keep (a multiset of kept dice): the mean over the six faces of the keep with one more die,
  starting from the full rolls (the keep lattice, about six operations a keep);
- after a roll with rerolls left: the best keep it contains, by a max pass up the same lattice.

Every value comes with its second moment (the expected square of the points to come, under the
policy that maximises the first), so the solver also gives the exact standard deviation.
Ties are broken towards the first candidate in a fixed order, so policies are stable.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from parlour.boxes.dicetime.solver.lattice import LatticeArrays

CATEGORY_COUNT = 13
UPPER_COUNT = 6
CAP = 63
NEG = -1.0e300  # stands for minus infinity in max passes


@njit(cache=True, inline="always")
def _next_upper(upper: int, category: int, points: int) -> int:
    if category < UPPER_COUNT:
        return min(CAP, upper + points)
    return upper


@njit(cache=True)
def enter_values(
    mask: int,
    upper: int,
    level: int,
    values: Any,
    squares: Any,
    scores: Any,
    out: Any,
    out_sq: Any,
) -> None:
    """For each roll: the best value of entering it now (and its second moment).
    `values[mask, upper, level]` is the table of states between turns."""
    for roll in range(scores.shape[0]):
        best = NEG
        best_sq = 0.0
        for category in range(CATEGORY_COUNT):
            bit = 1 << category
            if mask & bit:
                continue
            points = scores[roll, category]
            after = mask | bit
            nu = _next_upper(upper, category, points)
            value = points + values[after, nu, level]
            if value > best + 1e-9:
                best = value
                best_sq = points * points + 2.0 * points * values[after, nu, level]
                best_sq += squares[after, nu, level]
        out[roll] = best
        out_sq[roll] = best_sq


@njit(cache=True)
def enter_values_all_levels(
    mask: int, upper: int, values: Any, squares: Any, scores: Any, out: Any, out_sq: Any
) -> None:
    """`enter_values` for every level at once (`out[level, roll]`): each roll's categories and
    next states are worked out once, then read for all levels, which lie side by side."""
    levels = values.shape[2]
    for roll in range(scores.shape[0]):
        for level in range(levels):
            out[level, roll] = NEG
            out_sq[level, roll] = 0.0
        for category in range(CATEGORY_COUNT):
            bit = 1 << category
            if mask & bit:
                continue
            points = scores[roll, category]
            after = mask | bit
            nu = _next_upper(upper, category, points)
            for level in range(levels):
                following = values[after, nu, level]
                value = points + following
                if value > out[level, roll] + 1e-9:
                    out[level, roll] = value
                    out_sq[level, roll] = (
                        points * points + 2.0 * points * following + squares[after, nu, level]
                    )


@njit(cache=True)
def keep_means(rolls: Any, rolls_sq: Any, arrays: LatticeArrays, keeps: Any, keeps_sq: Any) -> None:
    """Keep values from roll values: `keeps[k]` is the expected value when the dice outside
    keep k are rolled (a full keep is its roll). Down the lattice, from five dice to none."""
    child, roll_keep = arrays.child, arrays.roll_keep
    for roll in range(rolls.shape[0]):
        keeps[roll_keep[roll]] = rolls[roll]
        keeps_sq[roll_keep[roll]] = rolls_sq[roll]
    for k in range(arrays.size_start[5] - 1, -1, -1):
        total = 0.0
        total_sq = 0.0
        for face in range(6):
            total += keeps[child[k, face]]
            total_sq += keeps_sq[child[k, face]]
        keeps[k] = total / 6.0
        keeps_sq[k] = total_sq / 6.0


@njit(cache=True)
def keep_maxima(arrays: LatticeArrays, keeps: Any, keeps_sq: Any) -> None:
    """In place: each keep's value becomes the best among the keeps it contains (itself
    included), up the lattice; the row after the last keep is the sentinel."""
    parent = arrays.parent
    count = parent.shape[0]
    keeps[count] = NEG
    for k in range(arrays.size_start[1], count):
        best = keeps[k]
        best_sq = keeps_sq[k]
        for face in range(6):
            p = parent[k, face]
            if keeps[p] > best + 1e-9:
                best = keeps[p]
                best_sq = keeps_sq[p]
        keeps[k] = best
        keeps_sq[k] = best_sq


@njit(cache=True)
def keep_pass(rolls: Any, rolls_sq: Any, arrays: LatticeArrays, keeps: Any, keeps_sq: Any) -> None:
    """`keep_means` then `keep_maxima`: afterwards `keeps[roll_keep[r]]` is the best value
    reachable by keeping some of roll r's dice and rolling the rest."""
    keep_means(rolls, rolls_sq, arrays, keeps, keeps_sq)
    keep_maxima(arrays, keeps, keeps_sq)


@njit(cache=True)
def stage_chain(
    mask: int,
    upper: int,
    top: int,
    pooled: bool,
    values: Any,
    squares: Any,
    scores: Any,
    arrays: LatticeArrays,
    out: Any,
) -> None:
    """`out[level, roll]`: each roll's value in one state with `level` rerolls left (rolls this
    turn, or the pool), deciding optimally from there, for every level from 0 to `top`: the
    widget for a single state, as advice and the bulk player need it."""
    count = scores.shape[0]
    entered = np.empty(count)
    entered_sq = np.empty(count)
    rolls_sq = np.empty(count)
    keeps = np.empty(arrays.child.shape[0] + 1)
    keeps_sq = np.empty(arrays.child.shape[0] + 1)
    roll_keep = arrays.roll_keep
    enter_values(mask, upper, 0, values, squares, scores, out[0], rolls_sq)
    for level in range(1, top + 1):
        keep_pass(out[level - 1], rolls_sq, arrays, keeps, keeps_sq)
        if pooled:
            enter_values(mask, upper, level, values, squares, scores, entered, entered_sq)
        for roll in range(count):
            best = keeps[roll_keep[roll]]
            if pooled and entered[roll] >= best - 1e-9:
                best = entered[roll]
            out[level, roll] = best


@njit(cache=True)
def stage_values(
    mask: int,
    upper: int,
    rerolls: int,
    pooled: bool,
    values: Any,
    squares: Any,
    scores: Any,
    arrays: LatticeArrays,
) -> Any:
    """Each roll's value in one state when `rerolls` are left (the last level of
    `stage_chain`)."""
    out = np.empty((rerolls + 1, scores.shape[0]))
    stage_chain(mask, upper, rerolls, pooled, values, squares, scores, arrays, out)
    return out[rerolls]


@njit(cache=True)
def _expectation(probability: Any, rolls: Any) -> float:
    total = 0.0
    for roll in range(rolls.shape[0]):
        total += probability[roll] * rolls[roll]
    return total


@njit(cache=True, parallel=True)
def solve_layer(
    masks: Any,
    reachable: Any,
    values: Any,
    squares: Any,
    scores: Any,
    arrays: LatticeArrays,
    levels: int,
    pooled: bool,
) -> None:
    """Fill `values[mask, upper, :]` for every mask of one layer and every reachable upper.

    Standard game (`pooled` false): one level, three rolls a turn. Puzzle (`pooled` true):
    level p is the pool of rerolls left; after a roll, either enter (keeping p) or keep and
    reroll at the cost of one (worth the roll values of level p - 1)."""
    uppers = values.shape[1]
    rolls_count = scores.shape[0]
    child, roll_keep, probability = arrays.child, arrays.roll_keep, arrays.probability
    for index in prange(masks.shape[0] * uppers):
        mask = masks[index // uppers]
        upper = index % uppers
        if not reachable[mask & 63, upper]:
            continue
        rolls = np.empty(rolls_count)
        rolls_sq = np.empty(rolls_count)
        keeps = np.empty(child.shape[0] + 1)
        keeps_sq = np.empty(child.shape[0] + 1)
        if not pooled:
            enter_values(mask, upper, 0, values, squares, scores, rolls, rolls_sq)
            for _ in range(2):
                keep_pass(rolls, rolls_sq, arrays, keeps, keeps_sq)
                for roll in range(rolls_count):
                    rolls[roll] = keeps[roll_keep[roll]]
                    rolls_sq[roll] = keeps_sq[roll_keep[roll]]
            values[mask, upper, 0] = _expectation(probability, rolls)
            squares[mask, upper, 0] = _expectation(probability, rolls_sq)
            continue
        all_entered = np.empty((levels, rolls_count))
        all_entered_sq = np.empty((levels, rolls_count))
        enter_values_all_levels(mask, upper, values, squares, scores, all_entered, all_entered_sq)
        for level in range(levels):
            entered = all_entered[level]
            entered_sq = all_entered_sq[level]
            if level == 0:
                rolls[:] = entered
                rolls_sq[:] = entered_sq
            else:
                keep_pass(rolls, rolls_sq, arrays, keeps, keeps_sq)
                for roll in range(rolls_count):
                    if entered[roll] >= keeps[roll_keep[roll]] - 1e-9:  # ties: enter
                        rolls[roll] = entered[roll]
                        rolls_sq[roll] = entered_sq[roll]
                    else:
                        rolls[roll] = keeps[roll_keep[roll]]
                        rolls_sq[roll] = keeps_sq[roll_keep[roll]]
            values[mask, upper, level] = _expectation(probability, rolls)
            squares[mask, upper, level] = _expectation(probability, rolls_sq)
