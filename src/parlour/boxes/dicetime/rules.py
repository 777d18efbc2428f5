"""Dicetime's scoring rules as plain functions, and the precomputed score table they define."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations_with_replacement

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    FACES,
    FIVE_OF_A_KIND_SCORE,
    FULL_HOUSE_SCORE,
    LARGE_STRAIGHT_SCORE,
    SMALL_STRAIGHT_SCORE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Category,
)

SMALL_RUNS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
LARGE_RUNS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def score(
    category: Category, dice: Iterable[int], five_of_a_kind_is_full_house: bool = True
) -> int:
    """What `dice` score in `category` (0 when its condition is not met); order never matters."""
    dice = tuple(dice)
    counts = sorted(Counter(dice).values())
    faces = set(dice)
    if category.is_upper:
        face = category + 1
        return face * dice.count(face)
    if category is Category.THREE_OF_A_KIND:
        return sum(dice) if counts[-1] >= 3 else 0
    if category is Category.FOUR_OF_A_KIND:
        return sum(dice) if counts[-1] >= 4 else 0
    if category is Category.FULL_HOUSE:
        full = counts == [2, 3] or (five_of_a_kind_is_full_house and counts == [5])
        return FULL_HOUSE_SCORE if full else 0
    if category is Category.SMALL_STRAIGHT:
        return SMALL_STRAIGHT_SCORE if any(run <= faces for run in SMALL_RUNS) else 0
    if category is Category.LARGE_STRAIGHT:
        return LARGE_STRAIGHT_SCORE if any(run == faces for run in LARGE_RUNS) else 0
    if category is Category.FIVE_OF_A_KIND:
        return FIVE_OF_A_KIND_SCORE if counts == [5] else 0
    return sum(dice)  # chance


def upper_bonus(upper_total: int) -> int:
    """The bonus entered automatically once ones to sixes total 63 or more."""
    return UPPER_BONUS if upper_total >= UPPER_BONUS_THRESHOLD else 0


ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, FACES + 1), DICE))
"""The 252 distinct rolls of five dice, each sorted."""


@cache
def score_table(five_of_a_kind_is_full_house: bool) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Each sorted roll's score in every category, in category order."""
    return {
        roll: tuple(score(c, roll, five_of_a_kind_is_full_house) for c in CATEGORIES)
        for roll in ROLLS
    }
