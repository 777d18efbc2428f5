"""What Ice Cream shows: the views' types, the events of the log and how each is told from one
seat's side, and the words for the rules' refusals.

Events are NamedTuples. A card only its owner may see (a face-down delivery, a discarded one)
is a `Secret` inside an event: the entry names its flavour (text and fields) to the owner
alone, so that the others read "Seat 2 discarded" and nothing more. An entry holds in fields
all that its text says, so programs (the determinizer, translations) never read the words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple, NotRequired, cast

from typing_extensions import TypedDict

from parlour.boxes.icecream.components import Flavour, FlavourName
from parlour.boxes.icecream.rules import Cone, Fit
from parlour.kernel import Seat, seat_name

PhaseName = Literal["deliveries", "cones", "serving", "over"]
FitName = Literal["exact", "near", "none"]
FITS: Mapping[Fit, FitName] = {Fit.EXACT: "exact", Fit.NEAR: "near", Fit.NONE: "none"}


class CardView(TypedDict):
    """A face-up Ice Cream card and the scoops served on it today."""

    flavour: FlavourName
    scoops: int


class SeatView(TypedDict):
    """A player as a seat sees it: face-up cards, face-down count (and its own delivery)."""

    seat: int
    cards: list[CardView]
    face_down: int
    delivery: FlavourName | None
    """The face-down card's flavour, shown to its owner only."""
    served: int
    unopened: int
    total: int


class ConeView(TypedDict):
    """A cone not yet served; for a player, how its cards fit it and the scoops it lacks."""

    cone: int
    scoops: list[FlavourName]
    fit: FitName | None
    missing: list[FlavourName] | None


class ShownCard(TypedDict):
    """A face-down card revealed before serving."""

    seat: int
    card: FlavourName


class LogEntry(TypedDict):
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


class IcecreamView(TypedDict):
    """All a seat (or a spectator) sees of an Ice Cream game; the rule numbers a page shows
    (`days`, `cones_limit`, `max_scoops`, `scoops_removed`) come with it."""

    game: Literal["icecream"]
    seat: int | None
    players: int
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
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


# -- events -----------------------------------------------------------------------------------


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


def names(seats: Sequence[int], viewer: Seat) -> str:
    """`Seat 1, You and Seat 3`."""
    named = [seat_name(seat, viewer) for seat in seats]
    return " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)


def scoops_text(scoops: Sequence[Flavour]) -> str:
    """`strawberry, strawberry, chocolate chip`."""
    return ", ".join(scoop.key for scoop in scoops)


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (a `LogEntry`), told from `viewer`'s side."""
    entry: dict[str, Any] = {"event": KINDS[type(event)]}
    match event:
        case DayBegan(day, dealer):
            entry.update(day=day, seat=dealer)
            text = f"Day {day} begins; {seat_name(dealer, viewer)} deal{_s(dealer, viewer)}."
        case Dealt(order, secrets):
            entry.update(seat=order[0], seats=[secret.owner for secret in secrets])
            yours = _owned(secrets, viewer)
            if yours is not None:
                entry["card"] = yours.key
            text = _deal_text(event, viewer)
        case WentBack(cards):
            entry["cards"] = cards
            text = f"The {_cards(cards)} discarded went back into the Ice Cream deck, shuffled."
        case Revealed(shown):
            entry["shown"] = [{"seat": seat, "card": card.key} for seat, card in shown]
            told = ", ".join(f"{seat_name(seat, viewer)} {card.key}" for seat, card in shown)
            text = f"The face-down cards are revealed: {told}." if told else "No card is face down."
        case Scored(day, scoops, duplicates, totals):
            entry.update(day=day, served=list(scoops), duplicates=list(duplicates))
            entry["totals"] = list(totals)
            text = _score_text(event, viewer)
        case Ended(winners, totals, unopened):
            entry.update(winners=list(winners), totals=list(totals), unopened=list(unopened))
            verb = "win" if len(winners) > 1 or winners == (viewer,) else "wins"
            best = winners[0]
            text = (
                f"Game over: {names(winners, viewer)} {verb} with {totals[best]} points "
                f"({_cards(unopened[best])} unopened)."
            )
        case _:
            entry.update(_turn_fields(event, viewer))
            text = _turn_text(event, seat_name(event.seat, viewer), viewer)
    entry["text"] = text
    return entry


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


def _owned(secrets: Sequence[Secret], viewer: Seat) -> Flavour | None:
    """The flavour of the secret card `viewer` owns among `secrets`, if any."""
    return next((secret.flavour for secret in secrets if secret.owner == viewer), None)


def _turn_fields(
    event: Kept | Discarded | Placed | Served | Drew | Stuck, viewer: Seat
) -> dict[str, Any]:
    """The fields of a player's own action (or lack of one): its secret cards to their owner
    only."""
    fields: dict[str, Any] = {"seat": event.seat}
    match event:
        case Kept(_, card) if card.owner == viewer:
            fields["card"] = card.flavour.key
        case Discarded(_, old, new) if old.owner == viewer:
            fields.update(card=old.flavour.key, took=new.flavour.key)
        case Placed(_, scoop, number, new, cone):
            fields.update(scoop=scoop.key, cone=number, new=new, scoops=_keys(cone.scoops))
        case Served(_, number, cone, returned, points):
            fields.update(cone=number, scoops=_keys(cone.scoops), points=points)
            fields["missing"] = returned.key if returned is not None else None
        case Drew(_, card):
            fields["card"] = card.key
    return fields


def _keys(flavours: Sequence[Flavour]) -> list[FlavourName]:
    return [flavour.key for flavour in flavours]


def _turn_text(
    event: Kept | Discarded | Placed | Served | Drew | Stuck, who: str, viewer: Seat
) -> str:
    """The text of a player's own action (or lack of one)."""
    match event:
        case Kept(_, card):
            kept = card.seen_by(viewer)
            return f"{who} kept the delivery" + (f" ({kept.key})." if kept is not None else ".")
        case Discarded(_, old_card, new_card):
            old, new = old_card.seen_by(viewer), new_card.seen_by(viewer)
            if old is None or new is None:
                return f"{who} discarded and took another card face down."
            return f"{who} discarded {old.key} and took {new.key} face down, which you must keep."
        case Placed(_, scoop, number, new, cone):
            where = f"started cone {number}" if new else f"put it on cone {number}"
            held = f" ({scoops_text(cone.scoops)})" if not new else ""
            return f"{who} turned over {scoop.key} and {where}{held}."
        case Served(_, number, cone, returned, points):
            how = "exactly" if returned is None else f"with the {returned.key} scoop missing"
            back = "" if returned is None else f"; the {returned.key} scoop went back"
            return (
                f"{who} served cone {number} {how} ({scoops_text(cone.scoops)}): "
                f"{points} point{'s' if points != 1 else ''}{back}."
            )
        case Drew(_, card):
            return f"{who} drew {card.key}."
    return (
        f"{who} {'have' if who == 'You' else 'has'} no action: the Ice Cream deck is empty and "
        "every cone has two or more scoops of flavours missing. Serving is over."
    )


def _deal_text(event: Dealt, viewer: Seat) -> str:
    order, secrets = event
    dealt = [secret.owner for secret in secrets]
    if not dealt:
        return "The Ice Cream deck is empty: nobody gets a delivery."
    text = f"{seat_name(order[0], viewer)} dealt one card face down to {names(dealt, viewer)}"
    yours = _owned(secrets, viewer)
    if yours is not None:
        text += f"; yours is {yours.key}"
    missed = [seat for seat in order if seat not in dealt]
    if missed:
        text += f". The deck ran out: no delivery for {names(missed, viewer)}"
    return text + "."


def _score_text(event: Scored, viewer: Seat) -> str:
    day, scoops, duplicates, totals = event
    parts = [
        f"{seat_name(seat, viewer)} {served} + {extra} = {served + extra} (total {totals[seat]})"
        for seat, (served, extra) in enumerate(zip(scoops, duplicates, strict=True))
    ]
    return f"Day {day} scores (scoops + duplicates): {'; '.join(parts)}."


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _s(seat: int, viewer: Seat) -> str:
    return "" if seat == viewer else "s"


# -- refusals -----------------------------------------------------------------------------------

reason_texts: Mapping[str, str] = {
    "wait_deliveries": "not now: the players keep or discard their deliveries",
    "wait_cones": "not now: the players are making cones",
    "wait_serving": "not now: the players are serving customers",
    "must_keep": "the Ice Cream deck is empty: you must keep the card you were dealt",
    "all_cones_started": (
        "all {cones} cones are started: the scoop goes on a cone with fewer than {most} scoops"
    ),
    "cone_full": "cone {cone} already has {most} scoops, the most a cone may have",
    "no_cone_yet": "there is no cone yet: the day's first scoop starts one (new cone)",
    "no_such_cone": "there is no cone {cone}: the cones are {cones}",
    "no_cone_to_serve": "there is no cone {cone} to serve: the cones are {cones}",
    "must_serve_exact": "you can serve cone {exact:or} exactly, so you must serve one of those",
    "nothing_to_draw": "the Ice Cream deck is empty: there is no card to draw",
    "too_many_missing": (
        "you lack {count} of cone {cone}'s scoops ({missing}): a cone may be served with at "
        "most one scoop missing"
    ),
}
"""English words for Ice Cream's refusal codes (`rules.verify_*`)."""
