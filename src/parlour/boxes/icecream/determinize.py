"""A state consistent with what one seat sees (`Icecream.determinize`), for search bots.

What a seat (or a spectator) cannot see is dealt at random among what the public facts allow:
- the Ice Cream cards it has not seen (five of each flavour, less every face-up card, its own
  face-down card and its own discard set aside) are shuffled and dealt to the others' face-down
  cards, the others' discards set aside today, and the deck, so every such deal is equally
  likely (the deck has no order: cards are drawn at random from it);
- the removed scoops: known exactly once a day has turned over all its scoops (they are those
  no placement showed that day); before that, dealt at random among the Scoop cards not
  turned over today; the Scoop deck is the rest;
- the others' secrets in the log: a kept or discarded-for card revealed since is that card;
  today's are the cards just dealt; a card another seat discarded today and that went back
  into the deck is dealt from the deck. **(project ruling)** A card another seat discarded on
  an earlier day, long mixed back into the deck, is told in the twin's log to that seat alone
  and weighs on nothing else: it is drawn uniformly among the flavours.
Keeping or discarding is public in Ice Cream (the log says who discarded), so no sealed choice
is left to draw. The log is rebuilt as events from the fields of the seat's entries (never
their words), so that the new state
tells every seat its log as a real game would; its RNG is seeded afresh from `rng`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from parlour.boxes.icecream import rules
from parlour.boxes.icecream.components import (
    BY_KEY,
    FLAVOURS,
    ICE_CREAM_CARDS,
    MAX_SCOOPS,
    REMOVED,
    SCOOP_CARDS,
    Flavour,
)
from parlour.boxes.icecream.events import (
    DayBegan,
    Dealt,
    Discarded,
    Drew,
    Ended,
    Event,
    Kept,
    Placed,
    Revealed,
    Scored,
    Secret,
    Served,
    Stuck,
    WentBack,
)
from parlour.boxes.icecream.notation import CONE_ACTIONS
from parlour.boxes.icecream.rules import EMPTY, Cone, Phase, clockwise
from parlour.boxes.icecream.state import IcecreamState
from parlour.boxes.icecream.views import IcecreamView, LogEntry
from parlour.boxes.icecream.words import describe
from parlour.kernel import Rng, Seat, View
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.icecream.game import Icecream


@dataclass
class _Delivery:
    """One seat's delivery on one day: the card dealt, the card kept face down, and whether
    the first was discarded for the second (None: not known yet)."""

    dealt: Flavour | None = None
    kept: Flavour | None = None
    discarded: bool = False


class _Reader:
    """Reads a seat's log back into events; the others' secret cards are filled in later."""

    def __init__(self, view: IcecreamView) -> None:
        self.viewer: Seat = view["seat"]
        self.players = view["players"]
        self.thunks: list[Callable[[], Event]] = []
        self.deliveries: dict[tuple[int, int], _Delivery] = {}
        self.day = 0
        self.cones: dict[int, Cone] = {}
        self.placed: dict[int, list[int]] = {}  # each day's scoops turned over, by flavour
        self.aside: list[int] = []  # the seats whose discards are set aside now
        self.last: int | None = None  # the last seat to place, serve or draw
        for entry in view["log"]:
            self.read(entry)

    def delivery(self, seat: int) -> _Delivery:
        return self.deliveries.setdefault((self.day, seat), _Delivery())

    def read(self, entry: LogEntry) -> None:
        """Turn one entry into a thunk making its event, from the entry's fields."""
        kind = entry["event"]
        if kind == "day":
            self.day = entry["day"]
            self.cones, self.aside = {}, []
            self.placed[self.day] = [0] * len(FLAVOURS)
            self.thunks.append(_now(DayBegan(self.day, entry["seat"])))
        elif kind == "deal":
            self._deal(entry)
        elif kind in ("keep", "discard"):
            self._choice(entry)
        elif kind == "back":
            self.aside = []
            self.thunks.append(_now(WentBack(entry["cards"])))
        elif kind == "place":
            self._place(entry)
        elif kind == "reveal":
            self._reveal(entry)
        elif kind == "serve":
            self._serve(entry)
        elif kind == "draw":
            self.last = entry["seat"]
            self.thunks.append(_now(Drew(entry["seat"], BY_KEY[entry["card"]])))
        elif kind == "stuck":
            self.thunks.append(_now(Stuck(entry["seat"])))
        elif kind == "score":
            columns = (entry["served"], entry["duplicates"], entry["totals"])
            scoops, duplicates, totals = (tuple(column) for column in columns)
            self.thunks.append(_now(Scored(entry["day"], scoops, duplicates, totals)))
        else:
            assert kind == "end", kind
            columns = (entry["winners"], entry["totals"], entry["unopened"])
            winners, totals, unopened = (tuple(column) for column in columns)
            self.thunks.append(_now(Ended(winners, totals, unopened)))

    def _deal(self, entry: LogEntry) -> None:
        order = clockwise(entry["seat"], self.players)
        dealt = entry["seats"]
        deliveries = [self.delivery(seat) for seat in dealt]
        if "card" in entry:  # the viewer's own delivery
            assert self.viewer is not None
            self.delivery(self.viewer).dealt = BY_KEY[entry["card"]]

        def event() -> Dealt:
            cards = [delivery.dealt for delivery in deliveries]
            secrets = tuple(
                Secret(seat, _known(card)) for seat, card in zip(dealt, cards, strict=True)
            )
            return Dealt(order, secrets)

        self.thunks.append(event)

    def _choice(self, entry: LogEntry) -> None:
        seat = entry["seat"]
        delivery = self.delivery(seat)
        if entry["event"] == "keep":
            if "card" in entry:  # the viewer's own
                delivery.kept = BY_KEY[entry["card"]]
            self.thunks.append(lambda: Kept(seat, Secret(seat, _known(delivery.kept))))
            return
        delivery.discarded = True
        self.aside.append(seat)
        if "card" in entry:  # the viewer's own: the card discarded and the one taken
            delivery.dealt, delivery.kept = BY_KEY[entry["card"]], BY_KEY[entry["took"]]

        def event() -> Discarded:
            old, new = _known(delivery.dealt), _known(delivery.kept)
            return Discarded(seat, Secret(seat, old), Secret(seat, new))

        self.thunks.append(event)

    def _place(self, entry: LogEntry) -> None:
        seat, number, new = entry["seat"], entry["cone"], entry["new"]
        scoop = BY_KEY[entry["scoop"]]
        cone = rules.add(EMPTY if new else self.cones[number], scoop)
        assert cone is not None
        self.cones[number] = cone
        self.placed[self.day][scoop] += 1
        self.last = seat
        self.thunks.append(_now(Placed(seat, scoop, number, new, cone)))

    def _reveal(self, entry: LogEntry) -> None:
        shown: list[tuple[int, Flavour]] = []
        for card in entry["shown"]:
            seat, flavour = card["seat"], BY_KEY[card["card"]]
            self.delivery(seat).kept = flavour
            shown.append((seat, flavour))
        self.thunks.append(_now(Revealed(tuple(shown))))

    def _serve(self, entry: LogEntry) -> None:
        number, missing = entry["cone"], entry["missing"]
        cone = self.cones.pop(number)
        returned = BY_KEY[missing] if missing is not None else None
        self.last = entry["seat"]
        self.thunks.append(_now(Served(entry["seat"], number, cone, returned, entry["points"])))


def _now(event: Event) -> Callable[[], Event]:
    """A thunk for an event known at once."""
    return lambda: event


def _known(card: Flavour | None) -> Flavour:
    assert card is not None
    return card


def _cards(counts: list[int]) -> list[Flavour]:
    """A deck by flavour counts as a list of cards."""
    return [flavour for flavour in FLAVOURS for _ in range(counts[flavour])]


def _counts(cards: list[Flavour]) -> list[int]:
    counts = [0] * len(FLAVOURS)
    for card in cards:
        counts[card] += 1
    return counts


def determinize(game: Icecream, seen: View, rng: Rng) -> IcecreamState:
    """A new state that shows the seat of `seen` exactly `seen`, its hidden parts dealt at
    random (see the module's text) and its RNG freshly seeded from `rng`."""
    view = cast(IcecreamView, seen)
    dealing = Rng(rng.seed())
    twin = game.new(rng.seed())
    assert isinstance(twin, IcecreamState)
    reader = _Reader(view)
    seats, phase = view["seats"], Phase(view["phase"])
    face_down, aside, deck = _deal_cards(view, reader, dealing)
    _fill_secrets(view, reader, face_down, deck, dealing)
    removed, scoops = _deal_scoops(view, reader, dealing)

    cards = [[0] * len(FLAVOURS) for _ in seats]
    served = [[0] * len(FLAVOURS) for _ in seats]
    for seat in seats:
        for card in seat["cards"]:
            cards[seat["seat"]][BY_KEY[card["flavour"]]] += 1
            served[seat["seat"]][BY_KEY[card["flavour"]]] += card["scoops"]
    twin._removed = tuple(removed)
    twin._ice = deck
    twin._cards = cards
    twin._hands = [rules.hand_of(f for f in FLAVOURS if held[f]) for held in cards]
    twin._banked = [seat["total"] - seat["served"] for seat in seats]
    twin._served = served
    twin._day = view["day"]
    twin._phase = phase
    twin._dealer = view["dealer"]
    twin.to_act = tuple(view["to_act"])
    twin.over = phase is Phase.OVER
    active = view["active"]
    twin._active = active if active is not None else view["dealer"]
    twin._last = reader.last if reader.last is not None else view["dealer"]
    twin._winners = tuple(view["winners"])
    twin._scoops = scoops
    twin._scoops_left = view["scoops_left"]
    twin._scoop = BY_KEY[view["scoop"]] if view["scoop"] is not None else None
    twin._cones = {
        cone["cone"]: rules.cone_of([BY_KEY[scoop] for scoop in cone["scoops"]])
        for cone in view["cones"]
    }
    twin._room = [
        CONE_ACTIONS[number - 1] for number, cone in twin._cones.items() if cone.size < MAX_SCOOPS
    ]
    twin._started = view["cones_started"]
    twin._may_start = rules.verify_new_cone(twin._started) is None
    twin._face_down = face_down
    twin._discards = aside
    twin._choosing = []
    if phase is Phase.DELIVERIES and active is not None:
        order = clockwise(view["dealer"], len(seats))
        waiting = order[order.index(active) :]
        twin._choosing = [seat for seat in waiting if seats[seat]["face_down"]]
    twin._events = EventLog(describe, [make() for make in reader.thunks])
    twin._legal = twin._legal_now()
    return twin


def _deal_cards(
    view: IcecreamView, reader: _Reader, dealing: Rng
) -> tuple[list[Flavour | None], list[int], list[int]]:
    """The Ice Cream cards the viewer has not seen (five of each flavour less every face-up
    card, its own face-down card and its own discard set aside), dealt to the others'
    face-down cards and discards set aside, the rest to the deck: the face-down cards, the
    discards set aside by flavour and the deck by flavour."""
    seats = view["seats"]
    viewer = view["seat"]
    mine = viewer if viewer in range(len(seats)) else None
    unseen = [ICE_CREAM_CARDS] * len(FLAVOURS)
    for seat in seats:
        for card in seat["cards"]:
            unseen[BY_KEY[card["flavour"]]] -= 1
    face_down: list[Flavour | None] = [None] * len(seats)
    aside = [0] * len(FLAVOURS)
    own_card = seats[mine]["delivery"] if mine is not None else None
    if mine is not None and own_card is not None:
        face_down[mine] = own = BY_KEY[own_card]
        unseen[own] -= 1
    if mine is not None and mine in reader.aside:
        own = _known(reader.delivery(mine).dealt)
        aside[own] += 1
        unseen[own] -= 1
    pool = _cards(unseen)
    dealing.shuffle(pool)
    for seat in seats:
        if seat["face_down"] and seat["seat"] != mine:
            face_down[seat["seat"]] = reader.delivery(seat["seat"]).kept = pool.pop()
    for number in reader.aside:
        if number != mine:
            dealt = reader.delivery(number).dealt = pool.pop()
            aside[dealt] += 1
    assert len(pool) == view["ice_cream_deck"], "the view's card counts do not add up"
    return face_down, aside, _counts(pool)


def _fill_secrets(
    view: IcecreamView,
    reader: _Reader,
    face_down: list[Flavour | None],
    deck: list[int],
    dealing: Rng,
) -> None:
    """The others' cards in the log's deliveries: a card chosen today is the one face down; a
    card kept is the one dealt; a discard that went back into the deck today, before any card
    was drawn from it, is dealt from the deck; an older one is drawn among the flavours."""
    back = _cards(deck)
    dealing.shuffle(back)
    for (day, seat), delivery in reader.deliveries.items():
        if delivery.kept is None:  # dealt today, not revealed yet: the card face down
            delivery.kept = face_down[seat]
        if not delivery.discarded:
            delivery.dealt = delivery.kept
        elif delivery.dealt is None:
            if day == view["day"] and view["phase"] == "cones":
                delivery.dealt = back.pop()
            else:
                delivery.dealt = FLAVOURS[dealing.below(len(FLAVOURS))]


def _deal_scoops(view: IcecreamView, reader: _Reader, dealing: Rng) -> tuple[list[int], list[int]]:
    """The removed scoops and today's Scoop deck, by flavour: the removed ones are those no
    placement showed on a day that turned over every scoop; before one has, they are dealt
    among the scoops not turned over today."""
    removing = REMOVED[view["players"]]
    every = len(FLAVOURS) * SCOOP_CARDS - removing
    turned = list(reader.placed.get(view["day"], [0] * len(FLAVOURS)))
    if view["scoop"] is not None:
        turned[BY_KEY[view["scoop"]]] += 1
    complete = next((placed for placed in reader.placed.values() if sum(placed) == every), None)
    if complete is not None:
        removed = [SCOOP_CARDS - placed for placed in complete]
    else:
        hidden = _cards([SCOOP_CARDS - count for count in turned])
        dealing.shuffle(hidden)
        removed = _counts(hidden[:removing])
    return removed, [SCOOP_CARDS - removed[f] - turned[f] for f in FLAVOURS]
