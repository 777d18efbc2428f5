"""The dice combinatorics of one Dicetime turn, as numpy index arrays.

Rolls are the 252 sorted outcomes of five dice; keeps are the 462 multisets of 0 to 5 dice.
`child` and `parent` link each keep to the keeps with one die more or less, so keep values are
computed on the lattice (about six operations a keep instead of a dense 462 x 252 product).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.boxes.dicetime.components import DICE, FACES
from parlour.boxes.dicetime.rules import ROLLS, score_table

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def _probability(dice: tuple[int, ...]) -> float:
    """The chance that len(dice) fair dice show exactly this multiset."""
    ways = factorial(len(dice))
    for count in Counter(dice).values():
        ways //= factorial(count)
    return float(ways / FACES ** len(dice))


@dataclass(frozen=True)
class Lattice:
    """Index arrays over keeps (462, ordered by size) and rolls (the 5-dice keeps)."""

    keeps: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    size_start: tuple[int, ...]  # keeps of size j are keeps[size_start[j]:size_start[j + 1]]
    child: IntArray  # (462, 6): the keep with one more die of each face (-1 for full keeps)
    parent: IntArray  # (462, 6): the keep with one die of each face less (the sentinel if absent)
    roll_keep: IntArray  # (252,): each roll's position among the keeps
    roll_probability: FloatArray  # (252,): the chance of each roll from nothing kept
    sentinel: int  # a row index that holds -inf in max passes

    @property
    def count(self) -> int:
        return len(self.keeps)


@cache
def lattice() -> Lattice:
    keeps = tuple(
        keep
        for size in range(DICE + 1)
        for keep in combinations_with_replacement(range(1, FACES + 1), size)
    )
    index = {keep: i for i, keep in enumerate(keeps)}
    size_start = tuple(
        [next(i for i, k in enumerate(keeps) if len(k) == size) for size in range(DICE + 1)]
        + [len(keeps)]
    )
    sentinel = len(keeps)
    child = np.full((len(keeps), FACES), -1, dtype=np.int64)
    parent = np.full((len(keeps), FACES), sentinel, dtype=np.int64)
    for i, keep in enumerate(keeps):
        for face in range(1, FACES + 1):
            if len(keep) < DICE:
                child[i, face - 1] = index[tuple(sorted((*keep, face)))]
            if face in keep:
                smaller = list(keep)
                smaller.remove(face)
                parent[i, face - 1] = index[tuple(smaller)]
    roll_keep = np.array([index[roll] for roll in ROLLS], dtype=np.int64)
    roll_probability = np.array([_probability(roll) for roll in ROLLS])
    return Lattice(keeps, index, size_start, child, parent, roll_keep, roll_probability, sentinel)


KEEP_MASKS = np.array(
    [sum(1 << p for p in kept) for size in range(DICE) for kept in combinations(range(DICE), size)],
    dtype=np.int64,
)
"""The positions each keep action keeps, as bit masks, in the engine's legal order."""


@cache
def sub_keep_table() -> IntArray:
    """For each roll (0..251, its dice sorted) and each subset of its sorted positions (a
    5-bit mask), the lattice index of the dice kept."""
    lat = lattice()
    out = np.empty((len(ROLLS), 1 << DICE), dtype=np.int64)
    for roll, faces in enumerate(ROLLS):
        for subset in range(1 << DICE):
            kept = tuple(faces[i] for i in range(DICE) if subset >> i & 1)
            out[roll, subset] = lat.index[kept]
    return out


@cache
def roll_code_table() -> IntArray:
    """Each roll's index, keyed by its sorted faces as a base-6 code (faces - 1 as digits)."""
    out = np.full(6**DICE, -1, dtype=np.int64)
    for roll, faces in enumerate(ROLLS):
        code = 0
        for face in faces:
            code = code * 6 + face - 1
        out[code] = roll
    return out


class LatticeArrays(NamedTuple):
    """The lattice's index arrays and the keep actions' look-ups as one argument of the
    compiled kernels (numba takes a named tuple of arrays as it takes the arrays)."""

    child: IntArray
    parent: IntArray
    size_start: IntArray
    roll_keep: IntArray
    probability: FloatArray
    sub_keeps: IntArray
    roll_codes: IntArray
    keep_masks: IntArray


@cache
def lattice_arrays() -> LatticeArrays:
    """The lattice's arrays, bundled for the compiled kernels."""
    lat = lattice()
    return LatticeArrays(
        lat.child,
        lat.parent,
        np.array(lat.size_start, dtype=np.int64),
        lat.roll_keep,
        lat.roll_probability,
        sub_keep_table(),
        roll_code_table(),
        KEEP_MASKS,
    )


@cache
def scores(five_of_a_kind_is_full_house: bool) -> IntArray:
    """(252, 13): each roll's score in each category."""
    table = score_table(five_of_a_kind_is_full_house)
    return np.array([table[roll] for roll in ROLLS], dtype=np.int64)
