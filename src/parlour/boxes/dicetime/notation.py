"""Dicetime's actions: their canonical text, and what players may type besides.

Canonical actions:
    roll                 roll every die that is not kept (the first roll of a turn rolls all five)
    keep 1,3,5           keep the dice in those positions (1-5) and roll the others
    enter full_house     enter the current roll in an open category; the turn ends
    timeout              (the table, timed puzzle only) the time is up; the game ends

Short forms:
r, roll                     -> roll
135, 1 3 5, k135, hold 1,3,5 -> keep 1,3,5 (dice positions 1-5)
fh, full, ss, 3k, 5er pasch  -> enter full_house, ... (English or German row names)

No bare `three`, `four` or `five`: they read as threes, fours and fives as well as the kinds
(`3k`, `4k`, `5k`), and a slip would fill the wrong row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations

from parlour.boxes.dicetime.components import CATEGORIES, DICE, Category
from parlour.kernel import Action

ROLL = "roll"
TIMEOUT = "timeout"


def keep_action(positions: Sequence[int]) -> Action:
    """The action that keeps the dice at these 0-based positions and rolls the rest."""
    return "keep " + ",".join(str(p + 1) for p in sorted(positions)) if positions else ROLL


def enter_action(category: Category) -> Action:
    """The action that enters the current roll in `category`."""
    return f"enter {category.key}"


KEEPS: dict[Action, int] = {
    keep_action(kept): sum(1 << p for p in kept)
    for size in range(DICE)
    for kept in combinations(range(DICE), size)
}
"""Each roll or keep action and the bit mask of the positions it keeps (never all five)."""
ENTRIES: dict[Action, int] = {enter_action(c): int(c) for c in CATEGORIES}
"""Each enter action and its category's index."""
ACTIONS: tuple[Action, ...] = (*KEEPS, *ENTRIES)
"""Every action a player can ever have, in a fixed order: `roll`, the 30 keeps, the 13 entries."""

_ALIASES: dict[str, Category] = {}
for _category in CATEGORIES:
    _ALIASES[_category.key] = _category
    _ALIASES[_category.key.replace("_", " ")] = _category
    _ALIASES[_category.german.lower()] = _category
_UPPER_NAMES = (("1s", "aces"), ("2s",), ("3s",), ("4s",), ("5s",), ("6s",))
for _face, _names in enumerate(_UPPER_NAMES):
    for _name in _names:
        _ALIASES[_name] = Category(_face)
_ALIASES.update(
    {
        "3k": Category.THREE_OF_A_KIND,
        "3x": Category.THREE_OF_A_KIND,
        "3er pasch": Category.THREE_OF_A_KIND,
        "4k": Category.FOUR_OF_A_KIND,
        "4x": Category.FOUR_OF_A_KIND,
        "4er pasch": Category.FOUR_OF_A_KIND,
        "fh": Category.FULL_HOUSE,
        "full": Category.FULL_HOUSE,
        "ss": Category.SMALL_STRAIGHT,
        "small": Category.SMALL_STRAIGHT,
        "kleine strasse": Category.SMALL_STRAIGHT,
        "ls": Category.LARGE_STRAIGHT,
        "large": Category.LARGE_STRAIGHT,
        "grosse strasse": Category.LARGE_STRAIGHT,
        "5k": Category.FIVE_OF_A_KIND,
        "5x": Category.FIVE_OF_A_KIND,
        "5er pasch": Category.FIVE_OF_A_KIND,
        "yahtzee": Category.FIVE_OF_A_KIND,
        "c": Category.CHANCE,
        "sos": Category.CHANCE,
    }
)

_KEEP = re.compile(r"^(?:k|keep|h|hold)?\s*([1-5](?:[\s,]*[1-5])*)$")


def normalise(text: str) -> str:
    """The canonical action `text` stands for, or the cleaned text itself when it is unknown."""
    wanted = " ".join(text.lower().replace("ß", "ss").split())
    if wanted in ("r", "roll", "k", "keep", "keep none"):
        return ROLL
    match = _KEEP.match(wanted)
    if match:
        positions = sorted({int(ch) for ch in match.group(1) if ch.isdigit()})
        return "keep " + ",".join(map(str, positions))
    name = wanted.removeprefix("enter ").removeprefix("e ").strip()
    category = _ALIASES.get(name)
    return f"enter {category.key}" if category is not None else wanted
