"""Dicecream's components as data: the dice, the sheet's four sundaes, the 18 bonus cards, and
the numbers of the setup and the scoring. A different printing is dropped in here, nowhere else.

The rulebook shows no components; the sheet layout and the cards are the project's rulings
(issue 3, `docs/rules/dicecream.md`). Everything else is derived from these tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cached_property
from typing import Literal


class Colour(IntEnum):
    """The five dice. The first four are also the sundaes' colours (bowls, cubes, toppings)."""

    BLUE = 0
    YELLOW = 1
    RED = 2
    GREEN = 3
    WHITE = 4

    @property
    def key(self) -> str:
        """The name used in actions and views, e.g. `blue`."""
        return _KEYS[self]


_KEYS = tuple(colour.name.lower() for colour in Colour)
DICE = tuple(Colour)
"""One die of each colour; rolls, rerolls and views list them in this order."""
FLAVOURS = DICE[:4]
"""The colours of bowls, ice cream cubes and toppings (every die but the white one)."""
CREAM = Colour.WHITE
"""The die of the cream."""
FACES = 6
ColourName = Literal["blue", "yellow", "red", "green", "white"]
COLOUR_NAMES: tuple[ColourName, ...] = ("blue", "yellow", "red", "green", "white")
"""Each die's name in views, by `Colour` (the same as `Colour.key`)."""


class Kind(Enum):
    """The kinds of space on a sundae that take a die (the bowl only unlocks the sundae)."""

    CUBE = "cube"
    CREAM = "cream"
    TOPPING = "topping"


class Side(Enum):
    """The two cream spaces of a sundae."""

    LEFT = "left"
    RIGHT = "right"


CREAM_FACES = {Side.LEFT: (1, 2, 3), Side.RIGHT: (4, 5, 6)}
"""Which white faces each cream space takes ("1, 2 or 3: the left one; 4, 5 or 6: the right")."""


@dataclass(frozen=True)
class Sundae:
    """One sundae of the sheet: its bowl's colour and its cubes' and toppings' colours, in the
    order they are printed (bottom to top)."""

    bowl: Colour
    cubes: tuple[Colour, ...]
    toppings: tuple[Colour, ...]


_B, _Y, _R, _G = FLAVOURS
# Ruling: the sundae with bowl colour i has cubes (i+1, i+2, i+3) % 4 and toppings
# (i+3, i+2, i+1) % 4, counting blue 0, yellow 1, red 2, green 3.
SUNDAES = (
    Sundae(_B, cubes=(_Y, _R, _G), toppings=(_G, _R, _Y)),
    Sundae(_Y, cubes=(_R, _G, _B), toppings=(_B, _G, _R)),
    Sundae(_R, cubes=(_G, _B, _Y), toppings=(_Y, _B, _G)),
    Sundae(_G, cubes=(_B, _Y, _R), toppings=(_R, _Y, _B)),
)
"""The four sundaes of a sheet, in sheet order; sundae i has bowl colour `FLAVOURS[i]`."""


@dataclass(frozen=True)
class BonusCard:
    """A bonus card: which spaces its effect may fill (of `kind`, and where given of `colour`,
    on `sundae`, on `side`) and the number it enters there (0: a topping's tick)."""

    kind: Kind
    value: int = 0
    colour: Colour | None = None
    sundae: Colour | None = None
    side: Side | None = None

    @property
    def key(self) -> str:
        """A short unique name, e.g. `red-topping`, `topping-on-red`, `cube-on-red-4`."""
        what = f"{self.side.value}-cream" if self.side else self.kind.value
        if self.colour is not None:
            what = f"{self.colour.key}-{what}"
        if self.sundae is not None:
            what = f"{what}-on-{self.sundae.key}"
        return f"{what}-{self.value}" if self.value else what

    @property
    def text(self) -> str:
        """The card in words, e.g. `Enter a 4 in any ice cream cube on the red sundae.`"""
        adjective = self.side.value if self.side else ""
        if self.colour is not None:
            adjective = self.colour.key
        which = f"a {adjective} {_NOUNS[self.kind]}" if adjective else f"any {_NOUNS[self.kind]}"
        where = "any sundae" if self.sundae is None else f"the {self.sundae.key} sundae"
        verb = "Tick" if self.kind is Kind.TOPPING else f"Enter a {self.value} in"
        return f"{verb} {which} on {where}."

    @cached_property
    def spaces(self) -> tuple[Space, ...]:
        """Every space of the sheet the effect may fill (when it is still empty)."""
        return tuple(space for space in SPACES if self.allows(space))

    def allows(self, space: Space) -> bool:
        """Whether the effect may fill `space` (when it is still empty)."""
        return (
            space.kind is self.kind
            and (self.colour is None or space.colour is self.colour)
            and (self.sundae is None or space.sundae is self.sundae)
            and (self.side is None or space.side is self.side)
        )


_NOUNS = {Kind.CUBE: "ice cream cube", Kind.CREAM: "cream space", Kind.TOPPING: "topping"}

BONUS_CARDS = (
    BonusCard(Kind.TOPPING, colour=Colour.BLUE),
    BonusCard(Kind.TOPPING, colour=Colour.YELLOW),
    BonusCard(Kind.TOPPING, colour=Colour.RED),
    BonusCard(Kind.TOPPING, colour=Colour.GREEN),
    BonusCard(Kind.TOPPING, sundae=Colour.BLUE),
    BonusCard(Kind.TOPPING, sundae=Colour.YELLOW),
    BonusCard(Kind.TOPPING, sundae=Colour.RED),
    BonusCard(Kind.TOPPING, sundae=Colour.GREEN),
    BonusCard(Kind.CUBE, 4, colour=Colour.BLUE),
    BonusCard(Kind.CUBE, 4, colour=Colour.YELLOW),
    BonusCard(Kind.CUBE, 4, colour=Colour.RED),
    BonusCard(Kind.CUBE, 4, colour=Colour.GREEN),
    BonusCard(Kind.CUBE, 4, sundae=Colour.BLUE),
    BonusCard(Kind.CUBE, 4, sundae=Colour.YELLOW),
    BonusCard(Kind.CUBE, 4, sundae=Colour.RED),
    BonusCard(Kind.CUBE, 4, sundae=Colour.GREEN),
    BonusCard(Kind.CREAM, 2, side=Side.LEFT),
    BonusCard(Kind.CREAM, 4, side=Side.RIGHT),
)
"""The 18 bonus cards (ruling): per colour, a topping of that colour on any sundae, any topping
on that sundae, a 4 in a cube of that colour on any sundae, a 4 in any cube of that sundae; and
a 2 in a left and a 4 in a right cream space on any sundae."""

ROUNDS = {2: 5, 3: 4, 4: 3}
"""Rounds by player count (the rulebook's)."""
STACK = {2: 10, 3: 8, 4: 6}
"""Bonus cards in the face-down stack by player count (the rulebook's)."""
CARDS_PER_ROUND = 2
BEANS = 2
"""Chocolate beans on each sheet, each spent once a game for a reroll."""
BEAN_POINTS = 2
"""Points for each chocolate bean not spent."""
CREAM_BONUS = 2
"""Points added to a sundae whose two cream spaces are both filled."""
TOPPINGS_MULTIPLIER = 2
"""A sundae with every topping ticked scores this many times its points."""


@dataclass(frozen=True, eq=False)
class Space:
    """A space of the sheet that takes a die's number (cube, cream) or a tick (topping).
    Each space is one object, compared by identity."""

    index: int
    sundae: Colour
    kind: Kind
    colour: Colour
    """The die that fits: the cube's or the topping's colour; white for the cream."""
    side: Side | None = None
    faces: tuple[int, ...] = field(init=False)
    """The die faces that fit: any for a cube or topping, the side's for a cream space."""

    def __post_init__(self) -> None:
        faces = CREAM_FACES[self.side] if self.side else tuple(range(1, FACES + 1))
        object.__setattr__(self, "faces", faces)

    @cached_property
    def name(self) -> str:
        """How actions and views name it, e.g. `red cube of blue`, `left cream of blue`."""
        what = f"{self.side.value} cream" if self.side else f"{self.colour.key} {self.kind.value}"
        return f"{what} of {self.sundae.key}"


def _spaces() -> tuple[Space, ...]:
    spaces: list[Space] = []
    for sundae in SUNDAES:
        bowl = sundae.bowl
        spaces += [Space(len(spaces) + i, bowl, Kind.CUBE, c) for i, c in enumerate(sundae.cubes)]
        for side in Side:
            spaces.append(Space(len(spaces), bowl, Kind.CREAM, CREAM, side))
        spaces += [
            Space(len(spaces) + i, bowl, Kind.TOPPING, c) for i, c in enumerate(sundae.toppings)
        ]
    return tuple(spaces)


SPACES = _spaces()
"""Every space of a sheet, sundae by sundae: cubes, left and right cream, toppings."""
SPACE_NAMES = {space.name: space for space in SPACES}
