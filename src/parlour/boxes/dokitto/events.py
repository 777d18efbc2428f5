"""Dokitto! Ice's log: the events the state records, as NamedTuples. Every event is public
(plays, tricks, tiles and their stars, scores); no event holds a hand, the cards set aside or
a stack's order."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import repeat
from typing import NamedTuple, TypeVar

from parlour.boxes.dokitto.components import CARDS, Card, Flavour, Trick
from parlour.kernel.log import new_record


class RoundDealt(NamedTuple):
    """A round is dealt: `size` cards each from `flavours`; `first` leads."""

    round: int
    first: int
    flavours: tuple[Flavour, ...]
    size: int


class Played(NamedTuple):
    round: int
    seat: int
    card: Card


class Won(NamedTuple):
    """A trick won with `card`; `single`: all its cards were of one flavour."""

    round: int
    seat: int
    card: Card
    single: bool


R = TypeVar("R", bound=tuple[object, ...])


def _records(kind: type[R], *fields: Iterable[object]) -> tuple[R, ...]:
    """Records of `kind` from parallel iterables of their fields (the shortest one counts),
    made in C by `map` over `new_record`, without a Python call a record."""
    return tuple(map(new_record, repeat(kind), zip(*fields, strict=False)))


@cache
def played_events(number: int, players: int) -> tuple[tuple[Played, ...], ...]:
    """Round `number`'s play events for `players` seats, by seat and card: made once a round
    number and shared (an event is immutable), so that playing a card, random play's hot path,
    makes no event."""
    return tuple(_records(Played, repeat(number), repeat(seat), CARDS) for seat in range(players))


@cache
def won_events(number: int, players: int) -> tuple[tuple[tuple[Won, ...], ...], ...]:
    """Round `number`'s trick events for `players` seats, by whether the trick was of one
    flavour, winner and winning card: made once a round number and shared, as
    `played_events`."""
    return tuple(
        tuple(
            _records(Won, repeat(number), repeat(seat), CARDS, repeat(single))
            for seat in range(players)
        )
        for single in (False, True)
    )


class Scored(NamedTuple):
    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    busted: int | None


class Ended(NamedTuple):
    round: int
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = RoundDealt | Played | Won | Trick | Scored | Ended
"""What the log records, as it happens."""
