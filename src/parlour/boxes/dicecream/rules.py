"""Dicecream's rules as plain functions: where a die or a bonus effect may go, the sum limit,
the scoring and the tie-breaks; and for each kind of action the one function that says why the
rules refuse it now (a `Reason`), or nothing when they allow it.

Legality is "no reason": the state lists its legal actions by asking these same functions
about a few candidates, and `State.refusal` asks them about any action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Literal, NamedTuple

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
from parlour.kernel import Reason


class Phase(Enum):
    """What the game waits for."""

    ROLL = "roll"  # the active player's roll
    PLACE = "place"  # the active player's rerolls and placements
    TAKE = "take"  # the others' picks of placed dice, at once
    BONUS = "bonus"  # everyone's choice of a bonus effect, at once
    OVER = "over"


PhaseName = Literal["roll", "place", "take", "bonus", "over"]
PHASE_NAMES: Mapping[Phase, PhaseName] = {
    Phase.ROLL: "roll",
    Phase.PLACE: "place",
    Phase.TAKE: "take",
    Phase.BONUS: "bonus",
    Phase.OVER: "over",
}


Sheet = list[int]
"""A player's sheet: for each space, in `SPACES` order, 0 while it is empty, else the number
entered there (a ticked topping holds 1)."""


def new_sheet() -> Sheet:
    """An empty sheet."""
    return [0] * len(SPACES)


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


class ScoreParts(NamedTuple):
    """Where a sheet's points come from (they add up to `score`): the cubes' numbers, the
    cream's, the bonus of sundaes with both cream spaces filled, what the sundaes with every
    topping ticked gain by doubling, and the chocolate beans not spent."""

    cubes: int
    cream: int
    cream_bonus: int
    toppings: int
    beans: int


def score_parts(sheet: Sheet, beans_left: int) -> ScoreParts:
    """`score` taken apart, sundae by sundae, for the breakdown players read at the end."""
    cubes = cream = bonus = doubled = 0
    value = sheet.__getitem__
    for points, cream_spaces, toppings in _PARTS:
        creamed = sum(map(value, cream_spaces))
        filled = CREAM_BONUS if all(map(value, cream_spaces)) else 0
        sundae = sum(map(value, points)) + filled
        cubes += sundae - filled - creamed
        cream += creamed
        bonus += filled
        if all(map(value, toppings)):
            doubled += sundae * (TOPPINGS_MULTIPLIER - 1)
    return ScoreParts(cubes, cream, bonus, doubled, BEAN_POINTS * beans_left)


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


# -- why an action is refused now (None: it is legal) ---------------------------------------


_WAITING = {
    phase: Reason("roll_first" if phase is Phase.ROLL else f"wait_{phase.value}") for phase in Phase
}
_NO_BEANS = Reason("no_beans")
_PLACED_BEFORE_REROLL = Reason("placed_before_reroll")
_NO_CARD = Reason("no_card")


def waiting(phase: Phase) -> Reason:
    """The refusal of an action that belongs to another phase than `phase`."""
    return _WAITING[phase]


def verify_roll(phase: Phase) -> Reason | None:
    """The turn begins by rolling all five dice."""
    return None if phase is Phase.ROLL else waiting(phase)


def verify_done(phase: Phase) -> Reason | None:
    """The active player may stop placing at any time."""
    return None if phase is Phase.PLACE else waiting(phase)


def verify_pass(phase: Phase) -> Reason | None:
    """A seat asked to pick a die or a bonus may take none."""
    return None if phase is Phase.TAKE or phase is Phase.BONUS else waiting(phase)


def verify_reroll(phase: Phase, beans: int, used: int) -> Reason | None:
    """A bean not yet spent rerolls dice before any die is placed (`used`: the dice placed
    this turn as a bit mask)."""
    if phase is not Phase.PLACE:
        return waiting(phase)
    if not beans:
        return _NO_BEANS
    if used:
        return _PLACED_BEFORE_REROLL
    return None


def verify_unlock(phase: Phase, sundae: Colour, used: int) -> Reason | None:
    """The sundae's bowl takes the die of its colour, while that die is still free."""
    if phase is not Phase.PLACE:
        return waiting(phase)
    if used >> sundae & 1:
        return Reason("die_placed", {"die": sundae.key})
    return None


def verify_space(sheet: Sheet, space: Space, face: int) -> Reason | None:
    """Why the die of the space's colour showing `face` may not go on `space` of `sheet`
    (sum limit aside), or None."""
    held = sheet[space.index]
    if held:
        if space.kind is Kind.TOPPING:
            return Reason("ticked", {"space": space.name})
        return Reason("filled", {"space": space.name, "number": held})
    if face not in space.faces:
        return Reason("cream_side", {"face": face})
    return None


def verify_place(
    phase: Phase,
    space: Space,
    sheet: Sheet,
    faces: Sequence[int],
    used: int,
    limits: Sequence[int],
    spent: Sequence[int],
) -> Reason | None:
    """The active player's die goes on an empty space of its colour on a sundae unlocked this
    turn, within the sum limit (`limits`, `spent`: each sundae's unlocking die, 0 while
    locked, and the dice placed on it this turn)."""
    if phase is not Phase.PLACE:
        return waiting(phase)
    die, sundae = space.colour, space.sundae
    limit = limits[sundae]
    if not limit:
        return Reason("locked", {"sundae": sundae.key})
    if used >> die & 1:
        return Reason("die_placed", {"die": die.key})
    face = faces[die]
    reason = verify_space(sheet, space, face)
    if reason is not None:
        return reason
    if not within_limit(spent[sundae], face, limit):
        total = spent[sundae] + face
        return Reason("over_limit", {"sundae": sundae.key, "total": total, "limit": limit})
    return None


def verify_take(
    phase: Phase, space: Space, sheet: Sheet, faces: Sequence[int], placed: Sequence[Space]
) -> Reason | None:
    """Another seat enters one of the dice the active player placed (`placed`: the spaces
    filled this turn) on an empty space of its colour, anywhere on its sheet."""
    if phase is not Phase.TAKE:
        return waiting(phase)
    die = space.colour
    for other in placed:
        if other.colour is die:
            return verify_space(sheet, space, faces[die])
    return Reason("not_placed", {"die": die.key})


def verify_bonus(
    phase: Phase, space: Space, number: int, sheet: Sheet, revealed: Sequence[BonusCard]
) -> Reason | None:
    """A revealed card's effect fills an empty space it allows with its number (0: a tick)."""
    if phase is not Phase.BONUS:
        return waiting(phase)
    reason = verify_space(sheet, space, number or space.faces[0])
    if reason is not None:
        return reason
    if not any(card.value == number and card.allows(space) for card in revealed):
        return _NO_CARD
    return None
