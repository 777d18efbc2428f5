"""Dicetime's rules as plain functions: what a roll scores (and the precomputed score table),
why an action is refused (one function per kind of action: `None` when it is legal), and how
long a game can last."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    FACES,
    FIVE_OF_A_KIND_SCORE,
    FULL_HOUSE_SCORE,
    KEYS,
    LARGE_STRAIGHT_SCORE,
    PUZZLE_REROLLS,
    ROLLS_PER_TURN,
    SMALL_STRAIGHT_SCORE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Category,
)
from parlour.kernel import TABLE, Reason, Seat

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


def total(sheet: Sequence[int | None], upper: int) -> int:
    """A seat's total: its entered points, and the upper bonus once its upper total (ones to
    sixes) reaches it."""
    return sum(points for points in sheet if points is not None) + upper_bonus(upper)


ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, FACES + 1), DICE))
"""The 252 distinct rolls of five dice, each sorted."""


@cache
def score_table(five_of_a_kind_is_full_house: bool) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Each sorted roll's score in every category, in category order."""
    return {
        roll: tuple(score(c, roll, five_of_a_kind_is_full_house) for c in CATEGORIES)
        for roll in ROLLS
    }


ROLL_FIRST = Reason("roll_first")
NOTHING_TO_ENTER = Reason("nothing_to_enter")
NO_ROLLS_LEFT = Reason("no_rolls_left")
POOL_EMPTY = Reason("pool_empty")
TABLE_ONLY = Reason("table_only")
GAME_OVER = Reason("game_over")
UNTIMED = Reason("untimed")
"""The reasons without parameters, made once: the checks run on every action."""


def verify_roll(kept: int, rolls: int, pool: int | None) -> Reason | None:
    """Why a seat to act may not roll the dice not in `kept` (a mask of positions; `roll` keeps
    none), having rolled `rolls` times this turn: a turn begins by rolling all five; a reroll
    needs a roll left of the turn's three, or in the puzzle a reroll left in the `pool`
    (`None`: no pool)."""
    if not rolls:
        return ROLL_FIRST if kept else None
    if pool is None:
        return None if rolls < ROLLS_PER_TURN else NO_ROLLS_LEFT
    return None if pool > 0 else POOL_EMPTY


def verify_keep_text(action: str) -> Reason:
    """A keep that names no die to roll, or a position outside 1 to 5, is never an action."""
    return Reason("bad_keep", {"action": action})


def verify_enter(category: int, rolls: int, sheet: Sequence[int | None]) -> Reason | None:
    """Why a seat to act may not enter its roll in `category` (an index), having rolled `rolls`
    times this turn: there must be a roll, and the category must be open on its `sheet`."""
    if not rolls:
        return NOTHING_TO_ENTER
    points = sheet[category]
    if points is None:
        return None
    return Reason("category_filled", {"category": KEYS[category], "points": points})


def verify_timeout(seat: Seat, time_limit: int, over: bool) -> Reason | None:
    """Why `seat` may not call time: only the table may, in a timed game that is not over."""
    if seat is not TABLE:
        return TABLE_ONLY
    if over:
        return GAME_OVER
    return None if time_limit else UNTIMED


def length_bound(players: int, puzzle: bool) -> int:
    """The most actions a game can take: each seat's 13 turns of three rolls and an entry; in
    the puzzle, 13 first rolls, the pool's rerolls and 13 entries (the table's timeout comes
    before the last entry, or never)."""
    if puzzle:
        return 2 * len(CATEGORIES) + PUZZLE_REROLLS
    return players * len(CATEGORIES) * (ROLLS_PER_TURN + 1)
