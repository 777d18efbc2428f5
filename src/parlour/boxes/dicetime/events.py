"""Dicetime's log: the events the state records, and the event a view's log entry tells."""

from __future__ import annotations

from typing import NamedTuple

from parlour.boxes.dicetime.components import KEYS, encode, mask
from parlour.boxes.dicetime.views import LogEntry
from parlour.kernel.log import new_record


class Begins(NamedTuple):
    """In a race start, `seat` rolled first and begins."""

    seat: int


class Rolled(NamedTuple):
    """`seat` rolled: its dice code after the roll and the mask of the positions kept."""

    seat: int
    dice: int
    kept: int


class Entered(NamedTuple):
    """`seat` entered `points` in the category of index `category`; `bonus`: the entry
    reached the upper bonus."""

    seat: int
    category: int
    points: int
    bonus: bool


class TimedOut(NamedTuple):
    """The puzzle's time ran out."""


Event = Begins | Rolled | Entered | TimedOut

Logged = tuple[()] | tuple[int] | tuple[int, int, int] | tuple[int, int, int, bool]
"""An event as the state logs it on every action: its type's fields in a plain tuple (a
NamedTuple takes twice as long to make), the number of fields telling the type. `typed` reads
it as its `Event`; an `Event` is a `Logged` as it is."""

_TYPES: dict[int, type[Event]] = {len(t._fields): t for t in (TimedOut, Begins, Rolled, Entered)}


def typed(logged: Logged) -> Event:
    """The event a logged tuple holds."""
    return new_record(_TYPES[len(logged)], logged)


def event_of(entry: LogEntry) -> Event:
    """The event a log entry tells (the determinizer rebuilds the log from a view)."""
    if entry["event"] == "timeout":
        return TimedOut()
    if entry["event"] == "begins":
        return Begins(entry["seat"])
    if entry["event"] == "roll":
        return Rolled(entry["seat"], encode(entry["dice"]), mask(entry["kept"]))
    return Entered(entry["seat"], KEYS.index(entry["category"]), entry["points"], entry["bonus"])
