"""Like Dice's log: the events the state records, as NamedTuples (a checked answer is the
state's record `Check` too). While a challenge runs, no event tells anyone's right answer."""

from __future__ import annotations

from typing import NamedTuple

from parlour.boxes.likedice.components import Check, End


class Revealed(NamedTuple):
    """Challenge `number` is revealed: `challenge` (its index in CHALLENGES)."""

    number: int
    challenge: int


class Reshuffled(NamedTuple):
    """The challenge deck is used up: its `cards` are reshuffled (before challenge
    `number` + 1 is revealed)."""

    number: int
    cards: int


class Answered(NamedTuple):
    """`seat` calls out `answer` (None: passes); also the race's record of its answer."""

    number: int
    seat: int
    answer: int | None


class TimedOut(NamedTuple):
    number: int


class NobodyRight(NamedTuple):
    number: int


class Took(NamedTuple):
    """`seat` takes `card` from `place` (0-based) of the common display; `chosen`: among
    several cards it might take."""

    number: int
    seat: int
    card: int
    place: int
    chosen: bool


class Refilled(NamedTuple):
    """`card` from the dice deck refills `place` (0-based) of the common display."""

    number: int
    place: int
    card: int


class Ended(NamedTuple):
    end: End
    winners: tuple[int, ...]


Event = Revealed | Reshuffled | Answered | TimedOut | Check | NobodyRight | Took | Refilled | Ended
"""What the log records, as it happens."""
