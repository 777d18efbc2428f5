"""The optimal policy played out in bulk: many solo games at once in compiled code, straight on
the solved table, for score distributions and throughput (the peer's own simulator works so).

Each game makes exactly the decisions of the `optimal` bot (the same candidates in the engine's
legal order, the same values and the same tie-break) and consumes its dice faces in the
engine's order, so a game fed the same faces through the kernel ends with the same score; a
test checks this. Per turn, the rolls' values at every stage are computed once and shared by
the turn's decisions (the table look-ups are batched per turn, not repeated per decision).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from parlour.boxes.dicetime.components import DICE, FACES, PUZZLE_REROLLS, UPPER_BONUS
from parlour.boxes.dicetime.solver.lattice import LatticeArrays, lattice_arrays, scores
from parlour.boxes.dicetime.solver.store import Table
from parlour.boxes.dicetime.solver.widget import (
    CAP,
    CATEGORY_COUNT,
    keep_means,
    stage_chain,
)

TURNS = CATEGORY_COUNT
FACES_PER_GAME = TURNS * DICE + 2 * TURNS * DICE
"""Dice a game can roll at most: 13 first rolls and 26 rerolls of five dice, in either mode."""
TOLERANCE = 1e-9
STANDARD_REROLLS = 2


@njit(cache=True)
def sort_dice(dice: Any, rank: Any, roll_codes: Any) -> int:
    """Fill `rank` (each position's place among the dice sorted stably) and return the
    roll's index, without allocating."""
    for position in range(DICE):
        place = 0
        for other in range(DICE):
            if dice[other] < dice[position] or (dice[other] == dice[position] and other < position):
                place += 1
        rank[position] = place
    code = 0
    for place in range(DICE):
        for position in range(DICE):
            if rank[position] == place:
                code = code * 6 + dice[position] - 1
    return int(roll_codes[code])


@njit(cache=True)
def _play(
    faces: Any, values: Any, squares: Any, scores: Any, arrays: LatticeArrays, pooled: bool
) -> int:
    """One game by the optimal policy on the given faces; returns its final score."""
    sub_keeps, roll_codes, keep_masks = arrays.sub_keeps, arrays.roll_codes, arrays.keep_masks
    rolls_count = scores.shape[0]
    keeps = np.empty(arrays.child.shape[0] + 1)
    keeps_sq = np.empty(arrays.child.shape[0] + 1)
    no_squares = np.zeros(rolls_count)
    chain = np.empty((PUZZLE_REROLLS + 1, rolls_count))
    dice = np.empty(DICE, dtype=np.int64)
    rank = np.empty(DICE, dtype=np.int64)
    candidates = np.empty(keep_masks.shape[0] + CATEGORY_COUNT)
    mask = 0
    upper = 0
    entered = 0
    pool = PUZZLE_REROLLS if pooled else 0
    cursor = 0
    for _ in range(TURNS):
        for position in range(DICE):
            dice[position] = faces[cursor]
            cursor += 1
        left = pool if pooled else STANDARD_REROLLS
        # The rolls' values at every stage this turn can reach, once for all its decisions.
        stage_chain(mask, upper, max(left - 1, 0), pooled, values, squares, scores, arrays, chain)
        while True:
            count = 0
            roll = sort_dice(dice, rank, roll_codes)
            if left > 0:
                keep_means(chain[left - 1], no_squares, arrays, keeps, keeps_sq)
                for k in range(keep_masks.shape[0]):
                    kept = keep_masks[k]
                    subset = 0
                    for position in range(DICE):
                        if kept >> position & 1:
                            subset |= 1 << rank[position]
                    candidates[count] = keeps[sub_keeps[roll, subset]] + entered
                    count += 1
            level = left if pooled else 0
            for category in range(CATEGORY_COUNT):
                if mask >> category & 1:
                    continue
                points = scores[roll, category]
                nu = min(CAP, upper + points) if category < 6 else upper
                candidates[count] = entered + points + values[mask | 1 << category, nu, level]
                count += 1
            top = candidates[:count].max()
            choice = 0
            while candidates[choice] < top - TOLERANCE:
                choice += 1
            if left > 0 and choice < keep_masks.shape[0]:
                kept = keep_masks[choice]
                for position in range(DICE):
                    if not kept >> position & 1:
                        dice[position] = faces[cursor]
                        cursor += 1
                left -= 1
                if pooled:
                    pool -= 1
                continue
            choice -= keep_masks.shape[0] if left > 0 else 0
            for category in range(CATEGORY_COUNT):
                if mask >> category & 1:
                    continue
                if choice == 0:
                    points = scores[roll, category]
                    entered += points
                    if category < 6:
                        upper = min(CAP, upper + points)
                    mask |= 1 << category
                    break
                choice -= 1
            break
    return entered + (UPPER_BONUS if upper >= CAP else 0)


@njit(cache=True, parallel=True)
def _play_many(
    faces: Any,
    values: Any,
    squares: Any,
    scores: Any,
    arrays: LatticeArrays,
    pooled: bool,
    out: Any,
) -> None:
    for game in prange(faces.shape[0]):
        out[game] = _play(faces[game], values, squares, scores, arrays, pooled)


@dataclass(frozen=True)
class Player:
    """The solved table with the index arrays the compiled games read."""

    table: Table

    def play(self, faces: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Final scores of games whose dice are `faces[game]` (1..6, in rolling order)."""
        out = np.empty(faces.shape[0], dtype=np.int64)
        _play_many(
            faces,
            self.table.values,
            np.broadcast_to(np.zeros(1), self.table.values.shape),  # second moments: unused
            scores(self.table.variant.five_of_a_kind_is_full_house),
            lattice_arrays(),
            self.table.variant.puzzle,
            out,
        )
        return out


def simulate(
    table: Table,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    chunk: int = 10_000,
) -> npt.NDArray[np.int64]:
    """Final scores of `games` optimal solo games. The dice of chunk i come from PCG64 seeded by
    (seed, i), so the scores depend on the seed alone, not on threads or chunk timing."""
    player = Player(table)
    parts = []
    for index, start in enumerate(range(0, games, chunk)):
        size = min(chunk, games - start)
        generator = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, index])))
        faces = generator.integers(1, FACES + 1, size=(size, FACES_PER_GAME), dtype=np.int64)
        parts.append(player.play(faces))
        if progress is not None:
            progress(size)
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
