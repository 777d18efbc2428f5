"""What Ice Cream shows: the views' types and each seat's view built from a state (the log's
events are in `events.py`, their words in `words.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NotRequired, cast

from typing_extensions import TypedDict

from parlour.boxes.icecream import rules
from parlour.boxes.icecream.components import (
    CONES,
    DAYS,
    FLAVOURS,
    MAX_SCOOPS,
    REMOVED,
    FlavourName,
)
from parlour.boxes.icecream.rules import Fit
from parlour.kernel import Seat
from parlour.kernel.views import BaseView

if TYPE_CHECKING:
    from parlour.boxes.icecream.state import IcecreamState

PhaseName = Literal["deliveries", "cones", "serving", "over"]
FitName = Literal["exact", "near", "none"]
FITS: Mapping[Fit, FitName] = {Fit.EXACT: "exact", Fit.NEAR: "near", Fit.NONE: "none"}


class CardView(TypedDict, closed=True):
    """A face-up Ice Cream card and the scoops served on it today."""

    flavour: FlavourName
    scoops: int


class SeatView(TypedDict, closed=True):
    """A player as a seat sees it: face-up cards, face-down count (and its own delivery)."""

    seat: int
    cards: list[CardView]
    face_down: int
    delivery: FlavourName | None
    """The face-down card's flavour, shown to its owner only."""
    served: int
    unopened: int
    total: int


class ConeView(TypedDict, closed=True):
    """A cone not yet served; for a player, how its cards fit it and the scoops it lacks."""

    cone: int
    scoops: list[FlavourName]
    fit: FitName | None
    missing: list[FlavourName] | None


class ShownCard(TypedDict, closed=True):
    """A face-down card revealed before serving."""

    seat: int
    card: FlavourName


class LogEntry(TypedDict, closed=True):
    """One event told from a seat's side: its kind (`event`), its text, and in fields all that
    the text says, so that a program (the determinizer, a translation) never reads the text.
    A card only its owner may see is a field of the owner's entry only."""

    event: str
    day: NotRequired[int]
    """`day`: the day beginning; `score`: the day scored."""
    seat: NotRequired[int]
    """The seat acting: the dealer (`day`, `deal`), or the seat that keeps, discards, places,
    serves, draws or is stuck."""
    seats: NotRequired[list[int]]
    """`deal`: the seats dealt a card face down, in dealing order (the deck may run out)."""
    card: NotRequired[FlavourName]
    """`deal`, `keep`, `discard` (to the card's owner only): the card dealt, kept or
    discarded; `draw`: the card drawn."""
    took: NotRequired[FlavourName]
    """`discard` (to its owner only): the card taken face down instead."""
    cards: NotRequired[int]
    """`back`: the discarded cards that went back into the Ice Cream deck."""
    shown: NotRequired[list[ShownCard]]
    """`reveal`: the face-down cards revealed, from the dealer on."""
    scoop: NotRequired[FlavourName]
    """`place`: the scoop turned over and placed."""
    cone: NotRequired[int]
    """`place`, `serve`: the cone's number."""
    new: NotRequired[bool]
    """`place`: whether the scoop started the cone."""
    scoops: NotRequired[list[FlavourName]]
    """`place`: the cone's scoops after the placement; `serve`: the cone's scoops served."""
    missing: NotRequired[FlavourName | None]
    """`serve`: the scoop of a flavour the seat lacked, which went back unscored (None: the
    cone was served exactly)."""
    points: NotRequired[int]
    """`serve`: the points scored."""
    served: NotRequired[list[int]]
    """`score`: each seat's scoops served that day (a point each)."""
    duplicates: NotRequired[list[int]]
    """`score`: each seat's unopened duplicates discarded (a point each)."""
    totals: NotRequired[list[int]]
    """`score`, `end`: each seat's total."""
    winners: NotRequired[list[int]]
    """`end`: the winning seats."""
    unopened: NotRequired[list[int]]
    """`end`: each seat's unopened Ice Cream cards (the tie-break)."""
    text: str


class IcecreamView(BaseView, closed=True):
    """All a seat (or a spectator) sees of an Ice Cream game; the rule numbers a page shows
    (`days`, `cones_limit`, `max_scoops`, `scoops_removed`) come with it."""

    players: int
    day: int
    days: int
    phase: PhaseName
    dealer: int
    active: int | None
    ice_cream_deck: int
    scoops_left: int
    scoops_removed: int
    scoop: FlavourName | None
    cones_started: int
    cones_limit: int
    max_scoops: int
    cones: list[ConeView]
    seats: list[SeatView]
    log: list[LogEntry]


LISTS: Mapping[str, tuple[str, ...]] = {
    "deal": ("seats",),
    "place": ("scoops",),
    "serve": ("scoops",),
    "score": ("served", "duplicates", "totals"),
    "end": ("winners", "totals", "unopened"),
}
"""The fields of each kind of entry that hold a list of numbers or flavours (`reveal`'s
`shown` holds dicts), which a view copies."""


def copied(log: Sequence[Mapping[str, Any]]) -> list[LogEntry]:
    """Copies of described entries, their lists (and the dicts in them) included: a view is
    the caller's to change, the described entries are the log's own."""
    fresh = []
    for entry in log:
        copy = dict(entry)
        kind = entry["event"]
        if kind in LISTS:
            for key in LISTS[kind]:
                copy[key] = list(entry[key])
        elif kind == "reveal":
            copy["shown"] = [dict(card) for card in entry["shown"]]
        fresh.append(cast(LogEntry, copy))
    return fresh


def view_of(state: IcecreamState, seat: Seat) -> IcecreamView:
    """What `seat` sees: never another's face-down card or discard, the decks' contents, or the
    removed scoops."""
    players = state.game.players
    scoop = state._scoop
    return {
        "game": "icecream",
        "seat": seat,
        "players": players,
        "to_act": list(state.to_act),
        "over": state.over,
        "winners": list(state._winners),
        "scores": list(state.scores),
        "day": state._day,
        "days": DAYS,
        "phase": state._phase.value,
        "dealer": state._dealer,
        "active": state._active if state.to_act else None,
        "ice_cream_deck": sum(state._ice),
        "scoops_left": state._scoops_left,
        "scoops_removed": REMOVED[players],
        "scoop": scoop.key if scoop is not None else None,
        "cones_started": state._started,
        "cones_limit": CONES,
        "max_scoops": MAX_SCOOPS,
        "cones": _cones_view(state, seat),
        "seats": [_seat_view(state, other, seat) for other in range(players)],
        "log": _log(state, seat),
    }


def _cones_view(state: IcecreamState, viewer: Seat) -> list[ConeView]:
    """The cones not yet served; for a player, how its cards fit each (counting its own
    face-down card, which is revealed before serving) and which scoops it lacks."""
    hand = None
    if viewer in range(state.game.players):
        assert viewer is not None
        hand = state._hands[viewer]
        own = state._face_down[viewer]
        if own is not None:
            hand |= 1 << own
    cones = []
    for number, cone in state._cones.items():
        entry: ConeView = {
            "cone": number,
            "scoops": [scoop.key for scoop in cone.scoops],
            "fit": None,
            "missing": None,
        }
        if hand is not None:
            entry["fit"] = FITS[rules.fit(cone, hand)]
            entry["missing"] = [scoop.key for scoop in cone.lacking(hand)]
        cones.append(entry)
    return cones


def _seat_view(state: IcecreamState, seat: int, viewer: Seat) -> SeatView:
    cards: list[CardView] = []
    for flavour in FLAVOURS:
        count, served = state._cards[seat][flavour], state._served[seat][flavour]
        cards += [{"flavour": flavour.key, "scoops": served if i == 0 else 0} for i in range(count)]
    face_down = state._face_down[seat]
    return {
        "seat": seat,
        "cards": cards,
        "face_down": int(face_down is not None),
        "delivery": face_down.key if face_down is not None and seat == viewer else None,
        "served": sum(state._served[seat]),
        "unopened": sum(1 for card in cards if not card["scoops"]),
        "total": state._banked[seat] + sum(state._served[seat]),
    }


def _log(state: IcecreamState, viewer: Seat) -> list[LogEntry]:
    """The log told from `viewer`'s side; entries are described once and remembered."""
    return copied(state._events.told_to(viewer))
