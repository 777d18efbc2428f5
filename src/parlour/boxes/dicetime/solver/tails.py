"""Exact score distributions of the last turns: for every state with at most `TAIL_OPEN`
categories open, the distribution of the points still to come (the bonus included) when the
solo optimum is played, which the `winner` bot uses where a normal model is poorest (one
category left is far from normal: five of a kind scores 0 or 50).

The same widget as the solver's, carried on vectors: an entry shifts the next state's
distribution by its points; a keep averages its children's distributions on the keep lattice;
each choice (category, keep) is the optimal policy's, by value with the solver's tie-break.
Computed once per process, in seconds.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from parlour.boxes.dicetime.components import ALL_OPEN, UPPER_BONUS
from parlour.boxes.dicetime.solver.build import MASKS, UPPERS, Variant
from parlour.boxes.dicetime.solver.lattice import LatticeArrays, lattice_arrays, scores
from parlour.boxes.dicetime.solver.store import table_for
from parlour.boxes.dicetime.solver.widget import CAP, CATEGORY_COUNT, NEG, UPPER_COUNT

TAIL_OPEN = 2
"""The distributions cover the states with at most this many categories open."""
POINTS = 128
"""Points to come on such states stay below this (five of a kind, a large straight, or sixes
with the bonus: 50 + 40 < 50 + 30 + 35 = 115)."""


@njit(cache=True)
def _state(
    mask: int,
    upper: int,
    values: Any,
    slot: Any,
    dist: Any,
    scores: Any,
    arrays: LatticeArrays,
    out: Any,
) -> None:
    """`out`: the distribution of the points to come from one state between turns."""
    child, parent, roll_keep, size_start = (
        arrays.child, arrays.parent, arrays.roll_keep, arrays.size_start
    )  # fmt: skip
    count = scores.shape[0]
    keeps = child.shape[0]
    roll_dist = np.zeros((count, POINTS))
    roll_value = np.empty(count)
    for roll in range(count):
        best = NEG
        chosen = -1
        for category in range(CATEGORY_COUNT):
            if mask >> category & 1:
                continue
            points = scores[roll, category]
            nu = min(CAP, upper + points) if category < UPPER_COUNT else upper
            value = points + values[mask | 1 << category, nu, 0]
            if value > best + 1e-9:
                best, chosen = value, category
        points = scores[roll, chosen]
        nu = min(CAP, upper + points) if chosen < UPPER_COUNT else upper
        roll_dist[roll, points:] = dist[slot[mask | 1 << chosen], nu, : POINTS - points]
        roll_value[roll] = best
    keep_dist = np.empty((keeps, POINTS))
    keep_value = np.empty(keeps + 1)
    best_keep = np.empty(keeps + 1, dtype=np.int64)
    for _ in range(2):
        for roll in range(count):
            keep_dist[roll_keep[roll]] = roll_dist[roll]
            keep_value[roll_keep[roll]] = roll_value[roll]
        for k in range(size_start[5] - 1, -1, -1):
            keep_dist[k] = 0.0
            keep_value[k] = 0.0
            for face in range(6):
                keep_dist[k] += keep_dist[child[k, face]] / 6.0
                keep_value[k] += keep_value[child[k, face]] / 6.0
        keep_value[keeps] = NEG
        best_keep[keeps] = keeps
        for k in range(keeps):
            best_keep[k] = k
        for k in range(size_start[1], keeps):
            for face in range(6):
                candidate = best_keep[parent[k, face]]
                if keep_value[candidate] > keep_value[best_keep[k]] + 1e-9:
                    best_keep[k] = candidate
        for roll in range(count):
            chosen = best_keep[roll_keep[roll]]
            roll_dist[roll] = keep_dist[chosen]
            roll_value[roll] = keep_value[chosen]
    out[:] = 0.0
    for roll in range(count):
        out += arrays.probability[roll] * roll_dist[roll]


@njit(cache=True)
def _build(
    masks: Any,
    values: Any,
    slot: Any,
    dist: Any,
    scores: Any,
    arrays: LatticeArrays,
) -> None:
    """Every state of `masks` (fewest open first), every upper total (those that cannot
    occur too: cheaper than telling them apart)."""
    for mask in masks:
        for upper in range(dist.shape[1]):
            _state(mask, upper, values, slot, dist, scores, arrays, dist[slot[mask], upper])


@cache
def tails(variant: Variant) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """`slot[mask]` (-1 beyond the tail) and `dist[slot, upper, points]`: the chance of each
    number of points still to come from a state with at most `TAIL_OPEN` categories open."""
    values = table_for(variant).values
    open_counts = np.array([CATEGORY_COUNT - bin(m).count("1") for m in range(MASKS)])
    order = [m for n in range(TAIL_OPEN + 1) for m in np.flatnonzero(open_counts == n)]
    slot = np.full(MASKS, -1, dtype=np.int64)
    slot[order] = np.arange(len(order))
    dist = np.zeros((len(order), UPPERS, POINTS))
    dist[slot[ALL_OPEN], :, 0] = 1.0
    dist[slot[ALL_OPEN], CAP] = 0.0
    dist[slot[ALL_OPEN], CAP, UPPER_BONUS] = 1.0
    _build(
        np.array([m for m in order if m != ALL_OPEN], dtype=np.int64),
        values,
        slot,
        dist,
        scores(variant.five_of_a_kind_is_full_house),
        lattice_arrays(),
    )
    return slot, dist
