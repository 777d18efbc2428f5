"""What a Dicecream sheet is worth before the game ends: its points now plus the points it may
still gain, learned from self-play (`boxes/dicecream/train.py`) as a linear function of a few
features of each sundae, one set of weights for each point of the game.

A point of the game is where the next turn begins (`turn`, counted from 0 over the whole
game) and whether the bonus cards of the round just ended are still to be chosen (`pending`):
what is left of the game from there is the same for every seat. The features of a sundae:
its points (cubes, cream and the cream bonus, not doubled), its empty cubes and its two empty
cream spaces; whether one, two or three toppings are ticked, and with them its points and
(with two or three) its empty cubes, as doubling makes them worth more; for the sheet, its
beans and a constant. They are shared by the four sundaes (alike but for colours) and by every
number of ticks, so a state that self-play met rarely still gets a sensible worth. The
table's file, `value.npz`, holds arrays only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

from parlour.boxes.dicecream.components import (
    BEAN_POINTS,
    CREAM_BONUS,
    FLAVOURS,
    ROUNDS,
    SPACES,
    TOPPINGS_MULTIPLIER,
    Kind,
    Side,
)
from parlour.boxes.dicecream.rules import Sheet

FILE = Path(__file__).with_name("value.npz")
FORMAT = "parlour-dicecream-value-2"
"""The file's `format`: what this module reads."""

PER_SUNDAE = 12
"""Features of a sundae (see `sundae_features`)."""
FEATURES = PER_SUNDAE + 2
"""Every feature of a sheet: its sundaes' summed, then its beans and a constant."""

_LAYOUT = tuple(
    (
        tuple(s.index for s in SPACES if s.sundae is sundae and s.kind is Kind.CUBE),
        next(s.index for s in SPACES if s.sundae is sundae and s.side is Side.LEFT),
        next(s.index for s in SPACES if s.sundae is sundae and s.side is Side.RIGHT),
        tuple(s.index for s in SPACES if s.sundae is sundae and s.kind is Kind.TOPPING),
    )
    for sundae in FLAVOURS
)
"""Each sundae's cubes, left and right cream and toppings, as indices into a sheet."""


def sundae_features(sheet: Sheet, sundae: int) -> tuple[int, ...]:
    """One sundae's features: its points, empty cubes, empty left and right cream; whether
    one, two or three toppings are ticked; those times its points; with two or three ticked,
    its empty cubes."""
    cubes, left, right, toppings = _LAYOUT[sundae]
    ticks = sheet[toppings[0]] + sheet[toppings[1]] + sheet[toppings[2]]
    base = sheet[left] + sheet[right]
    empty = 0
    for index in cubes:
        base += sheet[index]
        empty += not sheet[index]
    if sheet[left] and sheet[right]:
        base += CREAM_BONUS
    one, two, three = ticks == 1, ticks == 2, ticks == 3
    return (
        base,
        empty,
        not sheet[left],
        not sheet[right],
        one,
        two,
        three,
        one * base,
        two * base,
        three * base,
        two * empty,
        three * empty,
    )


def features(sheet: Sheet, beans: int) -> np.ndarray:
    """The sheet's features: its sundaes' summed, its beans, a constant."""
    row = np.zeros(FEATURES)
    for sundae in range(len(FLAVOURS)):
        row[:PER_SUNDAE] += sundae_features(sheet, sundae)
    row[-2] = beans
    row[-1] = 1
    return row


def slot(turn: int, pending: bool) -> int:
    """The row of the weights for the point of the game where `turn` begins."""
    return 2 * turn + pending


@dataclass(frozen=True)
class Judge:
    """The learned weights for one player count: `weights[slot]` for each point of the game."""

    players: int
    weights: np.ndarray
    rows: list[list[float]] = field(init=False, repr=False, compare=False)
    """The weights as floats, quicker than numpy's one by one."""

    @property
    def turns(self) -> int:
        """The turns of a whole game at this player count."""
        return ROUNDS[self.players] * self.players

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", [list(map(float, row)) for row in self.weights])

    def row(self, turn: int, pending: bool) -> list[float]:
        """The weights for the point of the game where `turn` begins (`pending`: the last
        round's bonus cards still to be chosen); none once the game is over."""
        if turn >= self.turns and not pending:
            return _OVER
        return self.rows[slot(turn, pending)]

    def worth(self, sheet: Sheet, beans: int, turn: int, pending: bool) -> float:
        """The sheet's expected final score from the point where `turn` begins."""
        w = self.row(turn, pending)
        return self.rest(w, beans) + sum(part(w, sheet, sundae) for sundae in range(4))

    @staticmethod
    def rest(w: Sequence[float], beans: int) -> float:
        """The worth that is no sundae's: the beans' points now and to come, and a constant."""
        return float(BEAN_POINTS * beans + w[-1] + w[-2] * beans)


_OVER = [0.0] * FEATURES


def part(w: Sequence[float], sheet: Sheet, sundae: int) -> float:
    """One sundae's worth under the weights `w`: its points now and those it may gain
    (`sundae_features` written out, as the planner asks this at every step of its search)."""
    cubes, left, right, toppings = _LAYOUT[sundae]
    ticks = sheet[toppings[0]] + sheet[toppings[1]] + sheet[toppings[2]]
    base = sheet[left] + sheet[right]
    empty = 0
    for index in cubes:
        base += sheet[index]
        empty += not sheet[index]
    if sheet[left] and sheet[right]:
        base += CREAM_BONUS
    worth = base + w[0] * base + w[1] * empty + w[2] * (not sheet[left]) + w[3] * (not sheet[right])
    if ticks == 1:
        worth += w[4] + w[7] * base
    elif ticks == 2:
        worth += w[5] + w[8] * base + w[10] * empty
    elif ticks == 3:
        worth += w[6] + w[9] * base + w[11] * empty + (TOPPINGS_MULTIPLIER - 1) * base
    return worth


@cache
def points_now(players: int) -> Judge:
    """A judge that sees no future: a sheet is worth its points now."""
    return Judge(players, np.zeros((2 * ROUNDS[players] * players + 2, FEATURES)))


@cache
def judge(players: int) -> Judge:
    """The committed weights for `players` (read once)."""
    with np.load(FILE, allow_pickle=False) as data:
        if str(data["format"]) != FORMAT:
            raise ValueError(f"{FILE.name} is not {FORMAT}")
        return Judge(players, np.array(data[f"players_{players}"]))
