"""Dicetime's components as data: the score sheet's categories and the seats' colours.

English names with the rulebook's German names beside them.
"""

from __future__ import annotations

from enum import IntEnum

DICE = 5
FACES = 6
ROLLS_PER_TURN = 3
PUZZLE_REROLLS = 26  # 13 turns x 2 rerolls, pooled ("Dicetime als Rätsel")
UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63  # "über 62"
FULL_HOUSE_SCORE = 25
SMALL_STRAIGHT_SCORE = 30
LARGE_STRAIGHT_SCORE = 40
FIVE_OF_A_KIND_SCORE = 50


class Category(IntEnum):
    """The thirteen rows of the sheet, in the rulebook's order."""

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    THREE_OF_A_KIND = 6
    FOUR_OF_A_KIND = 7
    FULL_HOUSE = 8
    SMALL_STRAIGHT = 9
    LARGE_STRAIGHT = 10
    FIVE_OF_A_KIND = 11
    CHANCE = 12

    @property
    def key(self) -> str:
        """The name used in actions and views, e.g. `full_house`."""
        return self.name.lower()

    @property
    def german(self) -> str:
        """The rulebook's name for this row."""
        return GERMAN[self]

    @property
    def is_upper(self) -> bool:
        return self <= Category.SIXES


GERMAN = {
    Category.ONES: "1er",
    Category.TWOS: "2er",
    Category.THREES: "3er",
    Category.FOURS: "4er",
    Category.FIVES: "5er",
    Category.SIXES: "6er",
    Category.THREE_OF_A_KIND: "3x (3er Pasch)",
    Category.FOUR_OF_A_KIND: "4x (4er Pasch)",
    Category.FULL_HOUSE: "Full House",
    Category.SMALL_STRAIGHT: "Kleine Straße",
    Category.LARGE_STRAIGHT: "Große Straße",
    Category.FIVE_OF_A_KIND: "5x (5er Pasch)",
    Category.CHANCE: "SOS (Chance)",
}

CATEGORIES = tuple(Category)
ALL_OPEN = (1 << len(CATEGORIES)) - 1

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "teal")
"""Each seat's colour (the rulebook's spaceship colours), seat 0 first."""
