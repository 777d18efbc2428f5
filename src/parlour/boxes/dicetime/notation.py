"""What players may type for Dicetime actions besides the canonical text.

r, roll                     -> roll
135, 1 3 5, k135, hold 1,3,5 -> keep 1,3,5 (dice positions 1-5)
fh, full, ss, 3k, 5er pasch  -> enter full_house, ... (English or German row names)
"""

from __future__ import annotations

import re

from parlour.boxes.dicetime.components import CATEGORIES, Category

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
        "three": Category.THREE_OF_A_KIND,
        "4k": Category.FOUR_OF_A_KIND,
        "4x": Category.FOUR_OF_A_KIND,
        "4er pasch": Category.FOUR_OF_A_KIND,
        "four": Category.FOUR_OF_A_KIND,
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
        "five": Category.FIVE_OF_A_KIND,
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
        return "roll"
    match = _KEEP.match(wanted)
    if match:
        positions = sorted({int(ch) for ch in match.group(1) if ch.isdigit()})
        return "keep " + ",".join(map(str, positions))
    name = wanted.removeprefix("enter ").removeprefix("e ").strip()
    category = _ALIASES.get(name)
    return f"enter {category.key}" if category is not None else wanted
