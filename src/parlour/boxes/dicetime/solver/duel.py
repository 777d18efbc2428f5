"""Two-player games in bulk, compiled: `winner` or `optimal` in each seat of the standard game
(turns, seat 0 first), for measuring the edge of playing to win over many games.

Each seat makes exactly its bot's decisions (the same candidates, values, chances and
tie-break, from `solver/winning.py`), and each seat rolls from its own stream of faces, so a
pair of games that swaps the bots over the same two streams shares its luck until the bots'
choices differ (duplicate deals). A test checks the games against the kernel's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from parlour.boxes.dicetime.components import DICE, UPPER_BONUS
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.bulk import STANDARD_REROLLS, sort_dice
from parlour.boxes.dicetime.solver.lattice import LatticeArrays, lattice_arrays, scores
from parlour.boxes.dicetime.solver.store import squares_for, table_for
from parlour.boxes.dicetime.solver.tails import tails
from parlour.boxes.dicetime.solver.widget import CAP, CATEGORY_COUNT, UPPER_COUNT, stage_chain
from parlour.boxes.dicetime.solver.winning import GRID, below_grid, candidates, chance_chain, select

SEATS = 2
FACES_PER_SEAT = CATEGORY_COUNT * DICE * (STANDARD_REROLLS + 1)
"""Dice a seat can roll at most: 13 turns of three rolls of five dice."""


@njit(cache=True)
def _duel(
    faces: Any,
    to_win: Any,
    values: Any,
    squares: Any,
    slot: Any,
    dist: Any,
    scores: Any,
    arrays: LatticeArrays,
    out: Any,
) -> None:
    """One game: `faces[seat]` are the seat's dice in rolling order, `to_win[seat]` whether
    it plays `winner` (else `optimal`); `out[seat]` its final score."""
    keep_masks = arrays.keep_masks
    count = scores.shape[0]
    worth = np.empty((STANDARD_REROLLS, count))
    chances = np.empty((STANDARD_REROLLS, count))
    primary = np.empty(keep_masks.shape[0] + CATEGORY_COUNT)
    secondary = np.empty(keep_masks.shape[0] + CATEGORY_COUNT)
    grid = np.empty(GRID)
    dice = np.empty(DICE, dtype=np.int64)
    rank = np.empty(DICE, dtype=np.int64)
    mask = np.zeros(SEATS, dtype=np.int64)
    upper = np.zeros(SEATS, dtype=np.int64)
    entered = np.zeros(SEATS, dtype=np.int64)
    cursor = np.zeros(SEATS, dtype=np.int64)
    for _ in range(CATEGORY_COUNT):
        for seat in range(SEATS):
            other = 1 - seat
            to_come = values[mask[other], upper[other], 0]
            rival_mean = entered[other] + to_come
            rival_variance = max(0.0, squares[mask[other], upper[other], 0] - to_come * to_come)
            for position in range(DICE):
                dice[position] = faces[seat, cursor[seat]]
                cursor[seat] += 1
            left = STANDARD_REROLLS
            m, u, e = mask[seat], upper[seat], entered[seat]
            stage_chain(m, u, left - 1, False, values, squares, scores, arrays, worth)
            if to_win[seat]:
                below_grid(
                    rival_mean, rival_variance, slot[mask[other]], upper[other], entered[other],
                    dist, grid,
                )  # fmt: skip
                chance_chain(
                    m, u, e, left - 1, rival_mean, rival_variance, grid, values, squares, slot,
                    dist, scores, arrays, chances,
                )  # fmt: skip
            while True:
                found = candidates(
                    dice, left, m, u, e, to_win[seat], rival_mean, rival_variance, grid, worth,
                    chances, values, squares, slot, dist, scores, arrays, primary, secondary,
                )  # fmt: skip
                choice = select(primary, secondary, found)
                if left > 0 and choice < keep_masks.shape[0]:
                    for position in range(DICE):
                        if not keep_masks[choice] >> position & 1:
                            dice[position] = faces[seat, cursor[seat]]
                            cursor[seat] += 1
                    left -= 1
                    continue
                choice -= keep_masks.shape[0] if left > 0 else 0
                roll = sort_dice(dice, rank, arrays.roll_codes)
                for category in range(CATEGORY_COUNT):
                    if m >> category & 1:
                        continue
                    if choice == 0:
                        points = scores[roll, category]
                        entered[seat] += points
                        if category < UPPER_COUNT:
                            upper[seat] = min(CAP, u + points)
                        mask[seat] = m | 1 << category
                        break
                    choice -= 1
                break
    for seat in range(SEATS):
        out[seat] = entered[seat] + (UPPER_BONUS if upper[seat] >= CAP else 0)


@njit(cache=True, parallel=True)
def _duels(
    faces: Any,
    to_win: Any,
    values: Any,
    squares: Any,
    slot: Any,
    dist: Any,
    scores: Any,
    arrays: LatticeArrays,
    out: Any,
) -> None:
    for game in prange(faces.shape[0]):
        _duel(faces[game], to_win, values, squares, slot, dist, scores, arrays, out[game])


@dataclass(frozen=True)
class Duel:
    """The standard game's table and second moments with the index arrays the games read."""

    variant: Variant

    def play(
        self, faces: npt.NDArray[np.int64], to_win: tuple[bool, bool]
    ) -> npt.NDArray[np.int64]:
        """Final scores (`[game, seat]`) of games whose dice are `faces[game, seat]` (1..6, in
        each seat's rolling order); `to_win[seat]`: that seat plays `winner`, else `optimal`."""
        assert not self.variant.puzzle, "the puzzle is solo"
        out = np.empty((faces.shape[0], SEATS), dtype=np.int64)
        _duels(
            faces,
            np.array(to_win, dtype=np.bool_),
            table_for(self.variant).values,
            squares_for(self.variant),
            *tails(self.variant),
            scores(self.variant.five_of_a_kind_is_full_house),
            lattice_arrays(),
            out,
        )
        return out
