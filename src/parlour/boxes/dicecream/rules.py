"""Dicecream's rules as plain functions on a sheet: where a die or a bonus effect may go, the
sum limit, the scoring and the tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.boxes.dicecream.components import (
    BEAN_POINTS,
    CREAM_BONUS,
    FLAVOURS,
    SPACES,
    TOPPINGS_MULTIPLIER,
    BonusCard,
    Colour,
    Kind,
    Space,
)

Sheet = list[int]
"""A player's sheet: for each space, in `SPACES` order, 0 while it is empty, else the number
entered there (a ticked topping holds 1)."""


def new_sheet() -> Sheet:
    """An empty sheet."""
    return [0] * len(SPACES)


def fits(space: Space, die: Colour, face: int) -> bool:
    """Whether the `die` showing `face` may go on `space` when it is empty: a cube or topping
    of the die's colour, or for the white die the cream space that matches its number."""
    return space.colour is die and face in space.faces


def entry(space: Space, number: int) -> int:
    """What `space` holds once a die or an effect with `number` fills it (a topping: a tick)."""
    return 1 if space.kind is Kind.TOPPING else number


_ON_SUNDAE = tuple(
    tuple(tuple(s for s in SPACES if s.sundae is sundae and s.colour is die) for die in Colour)
    for sundae in FLAVOURS
)
_ANYWHERE = tuple(tuple(s for s in SPACES if s.colour is die) for die in Colour)


def spaces_on(sheet: Sheet, sundae: Colour, die: Colour, face: int) -> list[Space]:
    """The empty spaces of `sundae` where the `die` showing `face` may go (sum limit aside)."""
    return [s for s in _ON_SUNDAE[sundae][die] if not sheet[s.index] and face in s.faces]


def spaces_anywhere(sheet: Sheet, die: Colour, face: int) -> list[Space]:
    """The empty spaces on any sundae where the `die` showing `face` may go: a die taken from
    the active player needs no unlocking and knows no sum limit (ruling)."""
    return [s for s in _ANYWHERE[die] if not sheet[s.index] and face in s.faces]


def within_limit(spent: int, face: int, limit: int) -> bool:
    """The important rule: the dice placed this turn on a sundae's cubes, cream and toppings
    add up to at most the die that unlocked it."""
    return spent + face <= limit


def effect_spaces(sheet: Sheet, card: BonusCard) -> list[Space]:
    """The empty spaces the card's effect may fill; none means the effect cannot be chosen."""
    return [s for s in card.spaces if not sheet[s.index]]


_PARTS = tuple(
    (
        tuple(s.index for s in SPACES if s.sundae is sundae and s.kind is not Kind.TOPPING),
        tuple(s.index for s in SPACES if s.sundae is sundae and s.kind is Kind.CREAM),
        tuple(s.index for s in SPACES if s.sundae is sundae and s.kind is Kind.TOPPING),
    )
    for sundae in FLAVOURS
)
"""For each sundae: the indices of its spaces that hold points (cubes, cream), of its cream
spaces, and of its toppings."""


def sundae_score(sheet: Sheet, sundae: Colour) -> int:
    """Cubes plus cream, plus 2 when both cream spaces are filled; doubled when every topping
    is ticked."""
    points, cream, toppings = _PARTS[sundae]
    value = sheet.__getitem__
    total = sum(map(value, points))
    if all(map(value, cream)):
        total += CREAM_BONUS
    if all(map(value, toppings)):
        total *= TOPPINGS_MULTIPLIER
    return total


def score(sheet: Sheet, beans_left: int) -> int:
    """The four sundaes' points plus 2 for each chocolate bean not spent."""
    return sum(sundae_score(sheet, sundae) for sundae in FLAVOURS) + BEAN_POINTS * beans_left


_TOPPINGS = tuple(s.index for s in SPACES if s.kind is Kind.TOPPING)


def toppings_ticked(sheet: Sheet) -> int:
    """How many toppings the sheet has ticked, on all its sundaes."""
    return sum(map(sheet.__getitem__, _TOPPINGS))


def winners(
    scores: Sequence[int], beans_left: Sequence[int], toppings: Sequence[int]
) -> tuple[int, ...]:
    """The seats with the most points; ties go to more unused beans, then to more toppings
    ticked in total; seats tied on all three win together."""
    keys = list(zip(scores, beans_left, toppings, strict=True))
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
