"""Dicecream's log: the events the state records, as NamedTuples."""

from __future__ import annotations

from typing import NamedTuple

from parlour.boxes.dicecream.components import Colour, Space
from parlour.boxes.dicecream.rules import Phase


class RoundBegan(NamedTuple):
    round: int


class Revealed(NamedTuple):
    """The round is over; its two bonus cards (indices into `BONUS_CARDS`) are turned up."""

    round: int
    cards: tuple[int, ...]


class Ended(NamedTuple):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


class Rolled(NamedTuple):
    seat: int
    faces: tuple[int, ...]


class Rerolled(NamedTuple):
    seat: int
    dice: tuple[Colour, ...]
    faces: tuple[int, ...]


class Unlocked(NamedTuple):
    seat: int
    sundae: Colour
    face: int


class Placed(NamedTuple):
    seat: int
    space: Space
    face: int


class Took(NamedTuple):
    """Another seat entered a placed die on its own sheet (resolved with the others)."""

    seat: int
    space: Space
    face: int


class UsedBonus(NamedTuple):
    seat: int
    space: Space
    number: int


class TurnDone(NamedTuple):
    """The placing is over: the dice forfeited (die, face) and how many dice were placed."""

    seat: int
    forfeited: tuple[tuple[Colour, int], ...]
    placed: int


class Passed(NamedTuple):
    """A seat took no die (`take`) or used no bonus (`bonus`)."""

    seat: int
    phase: Phase


class Unable(NamedTuple):
    """A seat had nothing to take (`take`) or no bonus target (`bonus`)."""

    seat: int
    phase: Phase


Event = (
    RoundBegan
    | Revealed
    | Ended
    | Rolled
    | Rerolled
    | Unlocked
    | Placed
    | Took
    | UsedBonus
    | TurnDone
    | Passed
    | Unable
)
