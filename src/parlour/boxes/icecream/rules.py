"""Ice Cream's rules as plain functions and tables: what a cone holds, whom it fits (exactly,
nearly or not at all), which action the rules refuse and why (`verify_*`: the one source of
legality), the day's scoring, the next dealer and the winners.

A cone's scoops are a multiset of flavours (their order plays no role), so every possible cone
is one `Cone` object, made once: placing a scoop and testing a hand are table look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache
from itertools import combinations_with_replacement
from typing import NamedTuple

from parlour.boxes.icecream.components import CONES, FLAVOURS, MAX_SCOOPS, Flavour
from parlour.boxes.icecream.notation import (
    CONE_ACTIONS,
    DISCARD,
    DRAW,
    KEEP,
    NEW_CONE,
    SERVE_ACTIONS,
)
from parlour.kernel import Reason

Hand = int
"""The flavours a player can serve, as a bit mask over `Flavour` (bit f: holds flavour f)."""


class Phase(Enum):
    """The phase of the day (or the end)."""

    DELIVERIES = "deliveries"
    CONES = "cones"
    SERVING = "serving"
    OVER = "over"


PHASE_OF = {
    KEEP: Phase.DELIVERIES,
    DISCARD: Phase.DELIVERIES,
    NEW_CONE: Phase.CONES,
    **dict.fromkeys(CONE_ACTIONS, Phase.CONES),
    DRAW: Phase.SERVING,
    **dict.fromkeys(SERVE_ACTIONS, Phase.SERVING),
}
"""The phase in which each action may be legal."""


class Fit(IntEnum):
    """How a player's flavours fit a cone's scoops."""

    NONE = 0  # two or more scoops of flavours the player lacks
    NEAR = 1  # exactly one scoop of a flavour the player lacks (it goes back unscored)
    EXACT = 2  # every scoop's flavour: a perfect match


@dataclass(frozen=True, eq=False)
class Cone:
    """What a cone may hold: its scoops, sorted by flavour, and how every hand fits it. One
    object per multiset, compared by identity; `index` is its place in `KINDS`."""

    index: int
    scoops: tuple[Flavour, ...]
    size: int = field(init=False)
    fits: tuple[Fit, ...] = field(init=False, repr=False)
    """How each hand fits the cone, indexed by the hand's bit mask (see `fit`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.scoops))
        hands = range(1 << len(FLAVOURS))
        fits = tuple(Fit(max(0, 2 - len(self.lacking(hand)))) for hand in hands)
        object.__setattr__(self, "fits", fits)

    def lacking(self, hand: Hand) -> tuple[Flavour, ...]:
        """The scoops whose flavour `hand` lacks."""
        return tuple(scoop for scoop in self.scoops if not hand >> scoop & 1)


def hand_of(flavours: Iterable[Flavour]) -> Hand:
    """The bit mask of these flavours."""
    hand = 0
    for flavour in flavours:
        hand |= 1 << flavour
    return hand


KINDS = tuple(
    Cone(index, scoops)
    for index, scoops in enumerate(
        scoops
        for size in range(MAX_SCOOPS + 1)
        for scoops in combinations_with_replacement(FLAVOURS, size)
    )
)
"""Every cone there can be, from the empty one to four scoops (210 kinds)."""
EMPTY = KINDS[0]
_INDEX = {cone.scoops: cone.index for cone in KINDS}
_ADD = tuple(
    tuple(
        KINDS[_INDEX[tuple(sorted((*cone.scoops, flavour)))]] if cone.size < MAX_SCOOPS else None
        for flavour in FLAVOURS
    )
    for cone in KINDS
)


def add(cone: Cone, scoop: Flavour) -> Cone | None:
    """The cone with `scoop` on top, or None when it already has four scoops."""
    return _ADD[cone.index][scoop]


def fit(cone: Cone, hand: Hand) -> Fit:
    """Whether a player with `hand` can serve `cone` exactly, nearly, or not at all."""
    return cone.fits[hand]


def cone_of(scoops: Sequence[Flavour]) -> Cone:
    """The cone holding these scoops (in any order)."""
    return KINDS[_INDEX[tuple(sorted(scoops))]]


# -- what the rules refuse, and why: one function an action kind ----------------------------
# Each answers the reason the action is refused, or None when it is legal; the state asks the
# one of the action's kind, and lists the legal actions with the same functions.


def verify_discard(deck: int) -> Reason | None:
    """A delivery may be discarded only while the Ice Cream deck has a card to take instead."""
    return None if deck else Reason("must_keep")


def verify_new_cone(started: int) -> Reason | None:
    """A new cone may be started while fewer than `CONES` are started today."""
    if started < CONES:
        return None
    return Reason("all_cones_started", {"cones": CONES, "most": MAX_SCOOPS})


def verify_cone(number: int, cones: Mapping[int, Cone]) -> Reason | None:
    """The scoop goes on an existing cone with fewer than `MAX_SCOOPS` scoops."""
    cone = cones.get(number)
    if cone is not None:
        return None if cone.size < MAX_SCOOPS else _full(number)
    if not cones:
        return Reason("no_cone_yet")
    return Reason("no_such_cone", {"cone": number, "cones": list(cones)})


def exact_cones(cones: Mapping[int, Cone], hand: Hand) -> tuple[int, ...]:
    """The cones `hand` can serve exactly: one of them must be served if there are any."""
    return tuple(number for number, cone in cones.items() if cone.fits[hand] is Fit.EXACT)


def verify_serve(
    number: int, cones: Mapping[int, Cone], hand: Hand, exact: tuple[int, ...]
) -> Reason | None:
    """Case A: a player who can serve some cones exactly (`exact`) must serve one of them.
    Case B: otherwise a cone with at most one scoop of a flavour the player lacks."""
    cone = cones.get(number)
    if cone is None:
        return Reason("no_cone_to_serve", {"cone": number, "cones": list(cones)})
    if exact:
        return None if number in exact else _must_serve(exact)
    return _too_many_missing(cone, number, hand) if cone.fits[hand] is Fit.NONE else None


def verify_draw(deck: int, exact: tuple[int, ...]) -> Reason | None:
    """Case B: a player who cannot serve a cone exactly may draw while the deck has a card."""
    if exact:
        return _must_serve(exact)
    return None if deck else Reason("nothing_to_draw")


# Refusals met at every turn while the legal actions are listed are made once and kept.


@cache
def _full(number: int) -> Reason:
    return Reason("cone_full", {"cone": number, "most": MAX_SCOOPS})


@cache
def _must_serve(exact: tuple[int, ...]) -> Reason:
    return Reason("must_serve_exact", {"exact": list(exact)})


@cache
def _too_many_missing(cone: Cone, number: int, hand: Hand) -> Reason:
    missing = [scoop.key for scoop in cone.lacking(hand)]
    return Reason("too_many_missing", {"count": len(missing), "cone": number, "missing": missing})


def card_at(counts: Sequence[int], index: int) -> Flavour:
    """The flavour of card `index` of a deck holding `counts[f]` cards of each flavour, taken
    in flavour order: drawing a uniform index is drawing from the shuffled deck."""
    for flavour in FLAVOURS:
        if index < counts[flavour]:
            return flavour
        index -= counts[flavour]
    raise IndexError("no such card in the deck")


def clockwise(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, from `first` on in turn order."""
    return tuple((first + step) % players for step in range(players))


class DayScore(NamedTuple):
    """A player's points for a day, and the Ice Cream cards they keep (a NamedTuple: one is
    made for every seat every day)."""

    scoops: int
    """Scoops served: 1 point each."""
    duplicates: int
    """Unopened cards of a flavour beyond the first, discarded for 1 point each."""
    kept: tuple[int, ...]
    """The cards left, by flavour: one of each flavour held unopened."""
    discarded: tuple[int, ...]
    """The cards discarded, by flavour: the opened ones and the duplicates."""

    @property
    def points(self) -> int:
        return self.scoops + self.duplicates


def score_day(served: Sequence[int], cards: Sequence[int]) -> DayScore:
    """Phase 4 for one player who served `served[f]` scoops of flavour f (all on one card of
    that flavour) and holds `cards[f]` cards of it: opened cards are discarded, then every
    unopened duplicate is discarded for a point."""
    kept: list[int] = []
    discarded: list[int] = []
    duplicates = 0
    for count, scoops in zip(cards, served, strict=True):
        unopened = count - 1 if scoops else count
        if unopened:  # one is kept, the others are duplicates
            kept.append(1)
            discarded.append(count - 1)
            duplicates += unopened - 1
        else:
            kept.append(0)
            discarded.append(count)
    return DayScore(sum(served), duplicates, tuple(kept), tuple(discarded))


def next_dealer(totals: Sequence[int], last: int) -> int:
    """The next day's dealer: the single player with the lowest total; among several tied
    lowest, the first of them clockwise from the seat after `last` (the last player to act
    in serving, or to place a scoop if nobody acted in serving), `last` itself coming last."""
    lowest = min(totals)
    players = len(totals)
    return next(seat for seat in clockwise((last + 1) % players, players) if totals[seat] == lowest)


def winners(totals: Sequence[int], unopened: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points; ties go to the most unopened Ice Cream cards left;
    seats still tied all win."""
    keys = list(zip(totals, unopened, strict=True))
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
