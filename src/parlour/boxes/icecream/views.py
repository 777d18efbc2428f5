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

from parlour.boxes.icecream.components import Flavour, FlavourName, told
from parlour.boxes.icecream.rules import Cone, Fit
from parlour.i18n import N_, _, ngettext
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
    if len(named) < 2:
        return "".join(named)
    return _("{names} and {last}").format(names=", ".join(named[:-1]), last=named[-1])


def scoops_text(scoops: Sequence[Flavour]) -> str:
    """`strawberry, strawberry, chocolate chip`."""
    return ", ".join(told(scoop.key) for scoop in scoops)


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (a `LogEntry`), told from `viewer`'s side in the language of the moment."""
    entry: dict[str, Any] = {"event": KINDS[type(event)]}
    match event:
        case DayBegan(day, dealer):
            entry.update(day=day, seat=dealer)
            if dealer == viewer:
                text = _("Day {day} begins; You deal.").format(day=day)
            else:
                who = seat_name(dealer, viewer)
                text = _("Day {day} begins; {who} deals.").format(day=day, who=who)
        case Dealt(order, secrets):
            entry.update(seat=order[0], seats=[secret.owner for secret in secrets])
            yours = _owned(secrets, viewer)
            if yours is not None:
                entry["card"] = yours.key
            text = _deal_text(event, viewer)
        case WentBack(cards):
            entry["cards"] = cards
            text = ngettext(
                "The {count} card discarded went back into the Ice Cream deck, shuffled.",
                "The {count} cards discarded went back into the Ice Cream deck, shuffled.",
                cards,
            ).format(count=cards)
        case Revealed(shown):
            entry["shown"] = [{"seat": seat, "card": card.key} for seat, card in shown]
            named = ", ".join(f"{seat_name(seat, viewer)} {told(card.key)}" for seat, card in shown)
            text = (
                _("The face-down cards are revealed: {cards}.").format(cards=named)
                if named
                else _("No card is face down.")
            )
        case Scored(day, scoops, duplicates, totals):
            entry.update(day=day, served=list(scoops), duplicates=list(duplicates))
            entry["totals"] = list(totals)
            text = _score_text(event, viewer)
        case Ended(winners, totals, unopened):
            entry.update(winners=list(winners), totals=list(totals), unopened=list(unopened))
            text = _end_text(event, viewer)
        case _:
            entry.update(_turn_fields(event, viewer))
            text = _turn_text(event, viewer)
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


def _turn_text(event: Kept | Discarded | Placed | Served | Drew | Stuck, viewer: Seat) -> str:
    """The text of a player's own action (or lack of one); "You" and "Seat 2" are separate
    messages, as German words them differently."""
    mine = event.seat == viewer
    who = seat_name(event.seat, viewer)
    match event:
        case Kept(_, card):
            kept = card.seen_by(viewer)
            if kept is not None:
                text = (
                    _("You kept the delivery ({card}).")
                    if mine
                    else _("{who} kept the delivery ({card}).")
                )
                return text.format(who=who, card=told(kept.key))
            return (_("You kept the delivery.") if mine else _("{who} kept the delivery.")).format(
                who=who
            )
        case Discarded(_, old_card, new_card):
            old, new = old_card.seen_by(viewer), new_card.seen_by(viewer)
            if old is None or new is None:
                return _("{who} discarded and took another card face down.").format(who=who)
            return _("You discarded {old} and took {new} face down, which you must keep.").format(
                old=told(old.key), new=told(new.key)
            )
        case Placed(_, scoop, number, new, cone):
            fields = {"who": who, "scoop": told(scoop.key), "cone": number}
            if new:
                text = (
                    _("You turned over {scoop} and started cone {cone}.")
                    if mine
                    else _("{who} turned over {scoop} and started cone {cone}.")
                )
                return text.format(**fields)
            text = (
                _("You turned over {scoop} and put it on cone {cone} ({scoops}).")
                if mine
                else _("{who} turned over {scoop} and put it on cone {cone} ({scoops}).")
            )
            return text.format(scoops=scoops_text(cone.scoops), **fields)
        case Served():
            return _served_text(event, who, mine)
        case Drew(_, card):
            return (_("You drew {card}.") if mine else _("{who} drew {card}.")).format(
                who=who, card=told(card.key)
            )
    text = (
        _(
            "You have no action: the Ice Cream deck is empty and every cone has two or more "
            "scoops of flavours missing. Serving is over."
        )
        if mine
        else _(
            "{who} has no action: the Ice Cream deck is empty and every cone has two or more "
            "scoops of flavours missing. Serving is over."
        )
    )
    return text.format(who=who)


def _served_text(event: Served, who: str, mine: bool) -> str:
    _seat, number, cone, returned, points = event
    fields = {"who": who, "cone": number, "scoops": scoops_text(cone.scoops), "count": points}
    if returned is None:
        if mine:
            text = ngettext(
                "You served cone {cone} exactly ({scoops}): {count} point.",
                "You served cone {cone} exactly ({scoops}): {count} points.",
                points,
            )
        else:
            text = ngettext(
                "{who} served cone {cone} exactly ({scoops}): {count} point.",
                "{who} served cone {cone} exactly ({scoops}): {count} points.",
                points,
            )
        return text.format(**fields)
    if mine:
        text = ngettext(
            "You served cone {cone} with the {missing} scoop missing ({scoops}): {count} point; "
            "the {missing} scoop went back.",
            "You served cone {cone} with the {missing} scoop missing ({scoops}): {count} points; "
            "the {missing} scoop went back.",
            points,
        )
    else:
        text = ngettext(
            "{who} served cone {cone} with the {missing} scoop missing ({scoops}): {count} "
            "point; the {missing} scoop went back.",
            "{who} served cone {cone} with the {missing} scoop missing ({scoops}): {count} "
            "points; the {missing} scoop went back.",
            points,
        )
    return text.format(missing=told(returned.key), **fields)


def _deal_text(event: Dealt, viewer: Seat) -> str:
    order, secrets = event
    dealt = [secret.owner for secret in secrets]
    if not dealt:
        return _("The Ice Cream deck is empty: nobody gets a delivery.")
    more = ""
    yours = _owned(secrets, viewer)
    if yours is not None:
        more += _("; yours is {card}").format(card=told(yours.key))
    missed = [seat for seat in order if seat not in dealt]
    if missed:
        more += _(". The deck ran out: no delivery for {names}").format(names=names(missed, viewer))
    if order[0] == viewer:
        text = _("You dealt one card face down to {names}{more}.")
    else:
        text = _("{who} dealt one card face down to {names}{more}.")
    return text.format(who=seat_name(order[0], viewer), names=names(dealt, viewer), more=more)


def _score_text(event: Scored, viewer: Seat) -> str:
    day, scoops, duplicates, totals = event
    parts = [
        _("{who} {served} + {extra} = {sum} (total {total})").format(
            who=seat_name(seat, viewer),
            served=served,
            extra=extra,
            sum=served + extra,
            total=totals[seat],
        )
        for seat, (served, extra) in enumerate(zip(scoops, duplicates, strict=True))
    ]
    return _("Day {day} scores (scoops + duplicates): {scores}.").format(
        day=day, scores="; ".join(parts)
    )


def _end_text(event: Ended, viewer: Seat) -> str:
    winners, totals, unopened = event
    best = winners[0]
    count = unopened[best]
    if winners == (viewer,):
        text = ngettext(
            "Game over: You win with {points} points ({count} card unopened).",
            "Game over: You win with {points} points ({count} cards unopened).",
            count,
        )
    elif len(winners) > 1:
        text = ngettext(
            "Game over: {names} win with {points} points ({count} card unopened).",
            "Game over: {names} win with {points} points ({count} cards unopened).",
            count,
        )
    else:
        text = ngettext(
            "Game over: {names} wins with {points} points ({count} card unopened).",
            "Game over: {names} wins with {points} points ({count} cards unopened).",
            count,
        )
    return text.format(names=names(winners, viewer), points=totals[best], count=count)


# -- refusals -----------------------------------------------------------------------------------

reason_texts: Mapping[str, str] = {
    "wait_deliveries": N_("not now: the players keep or discard their deliveries"),
    "wait_cones": N_("not now: the players are making cones"),
    "wait_serving": N_("not now: the players are serving customers"),
    "must_keep": N_("the Ice Cream deck is empty: you must keep the card you were dealt"),
    "all_cones_started": N_(
        "all {cones} cones are started: the scoop goes on a cone with fewer than {most} scoops"
    ),
    "cone_full": N_("cone {cone} already has {most} scoops, the most a cone may have"),
    "no_cone_yet": N_("there is no cone yet: the day's first scoop starts one (new cone)"),
    "no_such_cone": N_("there is no cone {cone}: the cones are {cones}"),
    "no_cone_to_serve": N_("there is no cone {cone} to serve: the cones are {cones}"),
    "must_serve_exact": N_("you can serve cone {exact:or} exactly, so you must serve one of those"),
    "nothing_to_draw": N_("the Ice Cream deck is empty: there is no card to draw"),
    "too_many_missing": N_(
        "you lack {count} of cone {cone}'s scoops ({missing}): a cone may be served with at "
        "most one scoop missing"
    ),
}
"""English words (told through the catalogue) for Ice Cream's refusal codes (`rules.verify_*`)."""
