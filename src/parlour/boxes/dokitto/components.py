"""Dokitto! Ice's components as data: five flavours of 13 numbered cards, three Ice tiles a
flavour (one with the star), a Topping token a flavour, and the numbers of the setup and the
scoring. A different printing is dropped in here, nowhere else.

Cards are small integers (`flavour * 13 + number - 1`, so sorting them sorts by flavour, then
number); the tables below give each card's flavour, number and name without any arithmetic in
the engine's hot paths.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import NamedTuple


class Flavour(IntEnum):
    """The five flavours, in the rulebook's order: cards, Ice tiles and Topping tokens."""

    STRAWBERRY = 0
    CHOCOLATE = 1
    MATCHA = 2
    GRAPE = 3
    VANILLA = 4

    @property
    def key(self) -> str:
        """The name used in actions, options and views, e.g. `grape`."""
        return _KEYS[self]


_KEYS = tuple(flavour.name.lower() for flavour in Flavour)
FLAVOURS = tuple(Flavour)
FLAVOUR_NAMES = {flavour.key: flavour for flavour in FLAVOURS}

NUMBERS = 13
"""Cards of each flavour, numbered 1 to 13 (ruling, from the publisher's description)."""
TILES = 3
"""Ice tiles of each flavour; exactly one of them carries the star (ruling)."""
PLAYER_COUNTS = (2, 3, 4, 5)
FLAVOURS_IN_PLAY = {2: 3, 3: 3, 4: 4, 5: 5}
"""Flavours used by player count (the rulebook's)."""
HAND_SIZE = {2: 6, 3: 8, 4: 10, 5: 13}
"""Cards dealt to each player each round (the rulebook's); the rest are set aside unseen."""
BUST_TILE = 4
"""A player who must take this many-th Ice tile ends the round and scores nothing in it."""
TILE_POINTS = 1
TOPPING_POINTS = 1
"""Happiness points for each Ice tile and each Topping token on a cone at a round's end."""
TARGET = 10
"""The game ends after a round in which a player's total reaches this many points."""

Card = int
"""A flavour card: `flavour * NUMBERS + number - 1`, from 0 to 64."""

CARDS: tuple[Card, ...] = tuple(range(len(FLAVOURS) * NUMBERS))
FLAVOUR_OF: tuple[Flavour, ...] = tuple(Flavour(card // NUMBERS) for card in CARDS)
NUMBER_OF: tuple[int, ...] = tuple(card % NUMBERS + 1 for card in CARDS)
CARD_NAMES: tuple[str, ...] = tuple(f"{FLAVOUR_OF[c].key} {NUMBER_OF[c]}" for c in CARDS)
"""Each card's name, e.g. `grape 7`: how views and the log show it."""
CARD_OF_NAME = {name: card for card, name in enumerate(CARD_NAMES)}


@cache
def cards_of(flavours: tuple[Flavour, ...]) -> tuple[Card, ...]:
    """Every card of these flavours, in card order (flavour, then number); memoised."""
    return tuple(card for card in CARDS if FLAVOUR_OF[card] in flavours)


class Tile(NamedTuple):
    """An Ice tile on a cone: its flavour and whether it carries the star."""

    flavour: Flavour
    starred: bool


TILE_OF: tuple[tuple[Tile, Tile], ...] = tuple(
    (Tile(flavour, False), Tile(flavour, True)) for flavour in FLAVOURS
)
"""Every tile, by flavour and starred (shared: a tile is immutable)."""


class Trick(NamedTuple):
    """A finished trick of round `round`: who led, the cards in play order, the winner, the
    tile taken (None: the winner had to take a fourth one) and whether it carried the star.
    The log records it too, as the event of the tile taken (or of the fourth tile)."""

    round: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    tile: Flavour | None
    starred: bool
