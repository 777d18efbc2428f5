"""Ice Cream's components as data: the six flavours, the two decks, the cones, and the numbers
of the setup and the days. A different printing is dropped in here, nowhere else.

The rulebook lists the decks (30 Ice Cream cards, 30 Scoop cards, 12 cones) but not how many of
each flavour; five of each in each deck is the issue's ruling (`docs/rules/icecream.md`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal, cast

from parlour.i18n import N_, _

FlavourName = Literal[
    "strawberry", "black raspberry", "chocolate chip", "chocolate", "pistachio", "vanilla"
]
"""A flavour as views and logs name it."""


class Flavour(IntEnum):
    """The six flavours, in the rulebook's order; Ice Cream cards and scoops both show one."""

    STRAWBERRY = 0
    BLACK_RASPBERRY = 1
    CHOCOLATE_CHIP = 2
    CHOCOLATE = 3
    PISTACHIO = 4
    VANILLA = 5

    @property
    def key(self) -> FlavourName:
        """The name used in views and logs, e.g. `black raspberry`."""
        return _KEYS[self]


_KEYS = cast(
    tuple[FlavourName, ...], tuple(flavour.name.lower().replace("_", " ") for flavour in Flavour)
)
FLAVOURS = tuple(Flavour)
BY_KEY: dict[str, Flavour] = {flavour.key: flavour for flavour in FLAVOURS}
"""Each flavour by its name."""
WORDS: dict[str, str] = {
    "strawberry": N_("strawberry"),
    "black raspberry": N_("black raspberry"),
    "chocolate chip": N_("chocolate chip"),
    "chocolate": N_("chocolate"),
    "pistachio": N_("pistachio"),
    "vanilla": N_("vanilla"),
}
"""Each flavour's name as people read it (English here, told through the catalogue)."""


def told(key: str) -> str:
    """The flavour named `key` (`black raspberry`) in the language of the moment."""
    return _(WORDS[key])


ICE_CREAM_CARDS = 5
"""Ice Cream cards (gallons) of each flavour: 30 in all (ruling)."""
SCOOP_CARDS = 5
"""Scoop cards of each flavour: 30 in all (ruling)."""
CONES = 12
"""Cone cards: at most this many cones a day."""
MAX_SCOOPS = 4
"""No cone may have more scoops than this."""
REMOVED = {3: 6, 4: 6, 5: 5}
"""Scoop cards removed at random at setup, unseen, for the whole game, by player count."""
FACE_UP_AT_SETUP = 1
"""Ice Cream cards dealt face up to each player at setup."""
DAYS = 4
