"""Dicetime's components as data: the score sheet's categories, the seats' colours, the modes,
and the five dice as one integer with the tables that roll and read them.

English names with the rulebook's German names beside them; the names people read are
marked for the catalogues (the German catalogue gives the rulebook's names).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Literal, get_args

from parlour.i18n import N_, _

Mode = Literal["turns", "simultaneous", "puzzle"]
MODES: tuple[Mode, ...] = get_args(Mode)
"""turns: rounds in seat order; simultaneous: every seat plays its own sheet at once (a
project variant); puzzle: solo with one pool of rerolls."""

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
    def title(self) -> str:
        """The row's name as a heading, in the language of the moment (`Three of a kind`)."""
        return _(TITLES[self])

    @property
    def in_sentence(self) -> str:
        """The row's name inside a sentence, in the language of the moment (`three of a kind`)."""
        return _(IN_SENTENCES[self])

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

TITLES = {
    Category.ONES: N_("Ones"),
    Category.TWOS: N_("Twos"),
    Category.THREES: N_("Threes"),
    Category.FOURS: N_("Fours"),
    Category.FIVES: N_("Fives"),
    Category.SIXES: N_("Sixes"),
    Category.THREE_OF_A_KIND: N_("Three of a kind"),
    Category.FOUR_OF_A_KIND: N_("Four of a kind"),
    Category.FULL_HOUSE: N_("Full house"),
    Category.SMALL_STRAIGHT: N_("Small straight"),
    Category.LARGE_STRAIGHT: N_("Large straight"),
    Category.FIVE_OF_A_KIND: N_("Five of a kind"),
    Category.CHANCE: N_("Chance"),
}
"""Each row's name as a heading, in English (the German catalogue gives `GERMAN`'s names)."""
IN_SENTENCES = {
    Category.ONES: N_("ones"),
    Category.TWOS: N_("twos"),
    Category.THREES: N_("threes"),
    Category.FOURS: N_("fours"),
    Category.FIVES: N_("fives"),
    Category.SIXES: N_("sixes"),
    Category.THREE_OF_A_KIND: N_("three of a kind"),
    Category.FOUR_OF_A_KIND: N_("four of a kind"),
    Category.FULL_HOUSE: N_("full house"),
    Category.SMALL_STRAIGHT: N_("small straight"),
    Category.LARGE_STRAIGHT: N_("large straight"),
    Category.FIVE_OF_A_KIND: N_("five of a kind"),
    Category.CHANCE: N_("chance"),
}
"""Each row's name inside a sentence (the log's), in English."""

CATEGORIES = tuple(Category)
ALL_OPEN = (1 << len(CATEGORIES)) - 1
KEYS = tuple(c.key for c in CATEGORIES)
"""Each category's name in actions and views, in sheet order."""
CATEGORY = {category.key: category for category in CATEGORIES}
"""Each row by its key."""

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "teal")
"""Each seat's colour (the rulebook's spaceship colours), seat 0 first."""
COLOUR_NAMES = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "orange": N_("orange"),
    "pink": N_("pink"),
    "teal": N_("teal"),
}
"""Each colour's name as people read it, in English (the colours' keys stay as they are in
options and views)."""


def colour_name(colour: str) -> str:
    """A colour's name in the language of the moment (`red`, German `rot`)."""
    return _(COLOUR_NAMES[colour])


# The dice of a seat are held in one integer, its dice code: three bits a position, holding the
# face minus one. A roll that keeps some positions is then one draw and two bit operations: the
# kept bits, or-ed with the draw's outcome spread over the rolled positions. Kept positions are
# a bit mask too (bit p: position p + 1).
_BITS = 3


def _spread(kept: int) -> tuple[int, ...]:
    """Every outcome of the rolled positions, as dice codes with the kept positions zero."""
    rolled = [p for p in range(DICE) if not kept >> p & 1]
    codes = []
    for index in range(FACES ** len(rolled)):
        code = 0
        for position in rolled:
            index, digit = divmod(index, FACES)
            code |= digit << (_BITS * position)
        codes.append(code)
    return tuple(codes)


OUTCOMES = tuple(
    (
        DICE - bin(kept).count("1"),
        sum(7 << (_BITS * p) for p in range(DICE) if kept >> p & 1),
        _spread(kept),
    )
    for kept in range(1 << DICE)
)
"""For each kept mask: how many dice are rolled, the kept bits, and every outcome of the roll
as a dice code (indexed as `Rng.dice_index` draws)."""


def decode(code: int) -> tuple[int, ...]:
    """The faces of a dice code, position 1 first."""
    return tuple((code >> (_BITS * p) & 7) + 1 for p in range(DICE))


def encode(faces: Sequence[int]) -> int:
    """The dice code of these faces, position 1 first."""
    return sum((face - 1) << (_BITS * p) for p, face in enumerate(faces))


def mask(kept: Sequence[bool]) -> int:
    """The bit mask of the kept positions."""
    return sum(1 << p for p, held in enumerate(kept) if held)


SORTED_DICE = {code: tuple(sorted(decode(code))) for code in OUTCOMES[0][2]}
"""Each dice code's faces, sorted: the key of the score table."""
