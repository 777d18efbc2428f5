"""Ice Cream's log: the events the state records, as NamedTuples.

A card only its owner may see (a face-down delivery, a discarded one) is a `Secret` inside an
event, so that the words (`words.describe`) name it to the owner alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from parlour.boxes.icecream.components import Flavour
from parlour.boxes.icecream.rules import Cone
from parlour.kernel import Seat


class Secret(NamedTuple):
    """A card seen by its owner only."""

    owner: int
    flavour: Flavour

    def seen_by(self, viewer: Seat) -> Flavour | None:
        """The flavour if `viewer` owns the card, else None."""
        return self.flavour if viewer == self.owner else None


class DayBegan(NamedTuple):
    day: int
    dealer: int


class Dealt(NamedTuple):
    """The deliveries: the seats in dealing order and a secret card for each one dealt."""

    order: tuple[int, ...]
    secrets: tuple[Secret, ...]


class Kept(NamedTuple):
    seat: int
    card: Secret


class Discarded(NamedTuple):
    seat: int
    old: Secret
    new: Secret


class WentBack(NamedTuple):
    """The discarded deliveries went back into the deck."""

    cards: int


class Revealed(NamedTuple):
    shown: tuple[tuple[int, Flavour], ...]


class Placed(NamedTuple):
    seat: int
    scoop: Flavour
    number: int
    new: bool
    cone: Cone


class Served(NamedTuple):
    seat: int
    number: int
    cone: Cone
    returned: Flavour | None
    points: int


class Drew(NamedTuple):
    seat: int
    card: Flavour


class Stuck(NamedTuple):
    """The seat to serve had no action: serving is over."""

    seat: int


class Scored(NamedTuple):
    """A day's scores: each seat's scoops and duplicates, then every total."""

    day: int
    scoops: tuple[int, ...]
    duplicates: tuple[int, ...]
    totals: tuple[int, ...]


class Ended(NamedTuple):
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    unopened: tuple[int, ...]


Event = (
    DayBegan
    | Dealt
    | Kept
    | Discarded
    | WentBack
    | Revealed
    | Placed
    | Served
    | Drew
    | Stuck
    | Scored
    | Ended
)
KINDS: Mapping[type, str] = {
    DayBegan: "day",
    Dealt: "deal",
    Kept: "keep",
    Discarded: "discard",
    WentBack: "back",
    Revealed: "reveal",
    Placed: "place",
    Served: "serve",
    Drew: "draw",
    Stuck: "stuck",
    Scored: "score",
    Ended: "end",
}
"""Each event's kind, as log entries name it."""
