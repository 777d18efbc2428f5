"""What Dokitto! Ice shows: the view of a seat as a typed dict, the log's events and their
entries told from a viewer's side, and refusals in English. Every event of the log is public
(plays, tricks, tiles and their stars, scores); no event holds a hand, the cards set aside or
a stack's order. Texts are told in the language of the moment (`parlour.i18n`); the view's
values (cards, flavours) stay canonical."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import repeat
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, cast

from typing_extensions import TypedDict

from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import (
    BUST_TILE,
    CARD_NAMES,
    CARDS,
    FLAVOUR_NAMES,
    FLAVOUR_OF,
    Card,
    Flavour,
    Tile,
    Trick,
    new_record,
)
from parlour.boxes.dokitto.notation import TAKES
from parlour.i18n import N_, _
from parlour.kernel import Reason, Seat, seat_name
from parlour.kernel.reasons import tell as tell_in

if TYPE_CHECKING:
    from parlour.boxes.dokitto.state import DokittoState

# -- the view: closed types, as every view holds exactly the keys its type declares ---------


class PlayView(TypedDict, closed=True):
    """A card in a trick and who played it."""

    seat: int
    card: str


class TileView(TypedDict, closed=True):
    """An Ice tile: its flavour and whether it carries the star."""

    flavour: str
    star: bool


class TrickView(TypedDict, closed=True):
    """The trick in progress: who leads, the flavour to follow (None before the first card),
    the cards so far, and its winner while the winner chooses a tile."""

    leader: int
    led: str | None
    plays: list[PlayView]
    winner: int | None


class DoneTrickView(TypedDict, closed=True):
    """A finished trick of the round: the tile taken is None when its winner had to take a
    fourth one."""

    leader: int
    plays: list[PlayView]
    winner: int
    tile: TileView | None


class ConeView(TypedDict, closed=True):
    """A seat's cone: its tiles, the Topping tokens its starred tiles brought, its points in
    the round so far."""

    seat: int
    tiles: list[TileView]
    toppings: list[str]
    points: int


class RoundView(TypedDict, closed=True):
    """The last round scored: each seat's points and who had to take a fourth tile."""

    round: int
    points: list[int]
    busted: int | None


class RoundEntry(TypedDict, closed=True):
    event: Literal["round"]
    round: int
    seat: int
    text: str


class PlayEntry(TypedDict, closed=True):
    event: Literal["play"]
    round: int
    seat: int
    card: str
    text: str


class WonEntry(TypedDict, closed=True):
    event: Literal["won"]
    round: int
    seat: int
    text: str


class TakeEntry(TypedDict, closed=True):
    event: Literal["take"]
    round: int
    seat: int
    flavour: str
    star: bool
    text: str


class BustEntry(TypedDict, closed=True):
    event: Literal["bust"]
    round: int
    seat: int
    text: str


class ScoreEntry(TypedDict, closed=True):
    event: Literal["score"]
    round: int
    text: str


class EndEntry(TypedDict, closed=True):
    event: Literal["end"]
    round: int
    text: str


Entry = RoundEntry | PlayEntry | WonEntry | TakeEntry | BustEntry | ScoreEntry | EndEntry
"""A log entry: its kind (`event`), its round and its text, with the seat, card or tile
where there is one."""


class DokittoView(TypedDict, closed=True):
    """What a seat sees: its own hand (None for a spectator) and the public table. Cards are
    named `grape 7`; hands and `playable` are in card order (flavour in the rulebook's order,
    then number)."""

    game: str
    seat: int | None
    players: int
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
    round: int
    first: int
    """The seat that led the round."""
    flavours: list[str]
    phase: str
    """What the game waits for: `play` (a card), `take` (a tile choice) or `over`."""
    hand: list[str] | None
    playable: list[str]
    """The cards the seat may play now (empty unless it is to play a card)."""
    hand_sizes: list[int]
    aside: int
    """How many cards are set aside, unseen, this round."""
    trick: TrickView
    tile_choice: list[str]
    """The stacks the trick's winner chooses from (empty unless it must choose)."""
    tricks: list[DoneTrickView]
    """The round's finished tricks, in order."""
    stacks: dict[str, int]
    """The tiles left in each stack in play."""
    toppings: list[str]
    """The flavours whose starred tile (and Topping token) is still in its stack."""
    cones: list[ConeView]
    cone_limit: int
    """The most tiles a cone holds: whoever must take one more ends the round at zero."""
    last_round: RoundView | None
    log: list[Entry]


def view_of(state: DokittoState, seat: Seat) -> DokittoView:
    """What `seat` sees of `state`: a fresh dict the caller may keep."""
    players = state._players
    hand = state._hands[seat] if seat is not None and 0 <= seat < players else None
    taking = bool(state._choices)
    trick, leader, left = state._trick, state._leader, state._left
    return {
        "game": "dokitto",
        "seat": seat,
        "players": players,
        "to_act": list(state.to_act),
        "over": state.over,
        "winners": list(state.winners),
        "scores": list(state._totals),
        "round": state._round,
        "first": state._first,
        "flavours": [flavour.key for flavour in state._flavours],
        "phase": "over" if state.over else "take" if taking else "play",
        "hand": None if hand is None else names(rules.cards_in(hand)),
        "playable": [] if taking else [a[5:] for a in state.legal_actions(seat)],
        "hand_sizes": [hand.bit_count() for hand in state._hands],
        "aside": len(state._aside),
        "trick": {
            "leader": leader,
            "led": FLAVOUR_OF[trick[0]].key if trick else None,
            "plays": plays(leader, trick, players),
            "winner": state._seat if taking else None,
        },
        "tile_choice": [flavour.key for flavour in state._choices],
        "tricks": [done_trick(done, players) for done in state._tricks],
        "stacks": {flavour.key: left[flavour] for flavour in state._flavours},
        "toppings": [
            flavour.key  # still in the supply: the starred tile is not taken yet
            for flavour in state._flavours
            if not rules.star_taken(left[flavour], state._star[flavour])
        ],
        "cones": [cone(seat, tiles) for seat, tiles in enumerate(state._cones)],
        "cone_limit": BUST_TILE - 1,
        "last_round": round_result(state._last_round),
        "log": cast("list[Entry]", [dict(entry) for entry in state._events.told_to(seat)]),
    }


def names(cards: Sequence[Card]) -> list[str]:
    """Cards by name, e.g. `grape 7`."""
    return [CARD_NAMES[card] for card in cards]


def plays(leader: int, cards: Sequence[Card], players: int) -> list[PlayView]:
    """The cards of a trick with who played them (clockwise from the leader)."""
    return [
        {"seat": (leader + i) % players, "card": CARD_NAMES[card]} for i, card in enumerate(cards)
    ]


def tile(flavour: Flavour, starred: bool) -> TileView:
    """An Ice tile: its flavour and whether it carries the star."""
    return {"flavour": flavour.key, "star": starred}


def done_trick(done: Trick, players: int) -> DoneTrickView:
    """A finished trick: who led, the cards played, the winner and the tile taken (None when
    the winner had to take a fourth one)."""
    return {
        "leader": done.leader,
        "plays": plays(done.leader, done.cards, players),
        "winner": done.winner,
        "tile": None if done.tile is None else tile(done.tile, done.starred),
    }


def cone(seat: int, tiles: Sequence[Tile]) -> ConeView:
    """A cone: its tiles, the Topping tokens its starred tiles brought, its points so far."""
    toppings = [flavour.key for flavour, starred in tiles if starred]
    return {
        "seat": seat,
        "tiles": [tile(flavour, starred) for flavour, starred in tiles],
        "toppings": toppings,
        "points": rules.round_points(len(tiles), len(toppings), busted=False),
    }


def round_result(result: Scored | None) -> RoundView | None:
    """The last round scored (None before the first ends)."""
    if result is None:
        return None
    return {"round": result.round, "points": list(result.points), "busted": result.busted}


# -- the log ------------------------------------------------------------------------------


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


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (an `Entry`), told from `viewer`'s side. Values are scalars, so a copy
    of the entry is a copy of all of it."""
    return dict(entry(event, viewer))


FLAVOUR_WORDS = {
    "strawberry": N_("strawberry"),
    "chocolate": N_("chocolate"),
    "matcha": N_("matcha"),
    "grape": N_("grape"),
    "vanilla": N_("vanilla"),
}
"""Each flavour's name as people read it (the key stays in actions and views)."""


def flavour_word(key: str) -> str:
    """A flavour's name in the language of the moment: `grape` is `Traube` in German."""
    return _(FLAVOUR_WORDS[key])


def card_word(name: str) -> str:
    """A card's name (`grape 7`) in the language of the moment (`Traube 7`)."""
    key, number = name.split()
    return f"{flavour_word(key)} {number}"


def entry(event: Event, viewer: Seat) -> Entry:
    """One log entry, told from `viewer`'s side: its kind, its round, and a text (with the
    seat, card or tile where there is one)."""
    number = event.round
    if isinstance(event, RoundDealt):
        flavours = ", ".join(flavour_word(flavour.key) for flavour in event.flavours)
        told = (
            _("Round {round}: {size} cards each from {flavours}; You lead.")
            if event.first == viewer
            else _("Round {round}: {size} cards each from {flavours}; {who} leads.")
        )
        text = told.format(
            round=number, size=event.size, flavours=flavours, who=seat_name(event.first, viewer)
        )
        return {"event": "round", "round": number, "seat": event.first, "text": text}
    if isinstance(event, Played):
        name = CARD_NAMES[event.card]
        told = _("You played {card}.") if event.seat == viewer else _("{who} played {card}.")
        text = told.format(who=seat_name(event.seat, viewer), card=card_word(name))
        return {"event": "play", "round": number, "seat": event.seat, "card": name, "text": text}
    if isinstance(event, Won):
        how = (
            _("one flavour: the highest wins")
            if event.single
            else _("mixed flavours: the lowest wins")
        )
        told = (
            _("You won the trick with {card} ({how}).")
            if event.seat == viewer
            else _("{who} won the trick with {card} ({how}).")
        )
        text = told.format(
            who=seat_name(event.seat, viewer), card=card_word(CARD_NAMES[event.card]), how=how
        )
        return {"event": "won", "round": number, "seat": event.seat, "text": text}
    if isinstance(event, Trick):
        who = seat_name(event.winner, viewer)
        mine = event.winner == viewer
        if event.tile is None:
            told = (
                _("You had to take a fourth tile: the round ends, and you score nothing in it.")
                if mine
                else _(
                    "{who} had to take a fourth tile: the round ends, and {who} scores nothing "
                    "in it."
                )
            )
            text = told.format(who=who)
            return {"event": "bust", "round": number, "seat": event.winner, "text": text}
        key = event.tile.key
        if event.starred:
            told = (
                _("You took the starred {flavour} tile and the {flavour} Topping token.")
                if mine
                else _("{who} took the starred {flavour} tile and the {flavour} Topping token.")
            )
        else:
            told = _("You took a {flavour} tile.") if mine else _("{who} took a {flavour} tile.")
        return {
            "event": "take",
            "round": number,
            "seat": event.winner,
            "flavour": key,
            "star": event.starred,
            "text": told.format(who=who, flavour=flavour_word(key)),
        }
    if isinstance(event, Scored):
        parts = [
            (
                _("{who} +{gained} (fourth tile) = {total}")
                if seat == event.busted
                else "{who} +{gained} = {total}"
            ).format(who=seat_name(seat, viewer), gained=gained, total=event.totals[seat])
            for seat, gained in enumerate(event.points)
        ]
        text = _("Round {round} scores: {parts}.").format(round=number, parts=", ".join(parts))
        return {"event": "score", "round": number, "text": text}
    named = [seat_name(seat, viewer) for seat in event.winners]
    points = event.totals[event.winners[0]]
    if len(named) > 1:
        both = _("{some} and {last}").format(some=", ".join(named[:-1]), last=named[-1])
        text = _("Game over: {who} win with {points} points.").format(who=both, points=points)
    elif event.winners[0] == viewer:
        text = _("Game over: You win with {points} points.").format(points=points)
    else:
        text = _("Game over: {who} wins with {points} points.").format(who=named[0], points=points)
    return {"event": "end", "round": number, "text": text}


# -- refusals in words ----------------------------------------------------------------------

REASON_TEXTS = {
    "take_first": N_("you won the trick: take a tile first (choose {choices:or})"),
    "flavour_not_in_play": N_("{flavour} is not in play in this game"),
    "not_in_hand": N_("{card} is not in your hand"),
    "must_follow": N_("you hold {flavour}, the flavour led, so you must play one: {cards}"),
    "no_tile_to_choose": N_("there is no tile to choose now: play a card"),
    "stack_not_in_play": N_("{flavour} is not in play in this game; choose {choices:or}"),
    "no_tile_left": N_("no {flavour} tile is left; choose {choices:or}"),
    "not_played": N_("no {flavour} card was played in this trick; choose {choices:or}"),
}
"""The game's refusals in English (`rules.verify_play` and `rules.verify_take` give them)."""


def tell(reason: Reason) -> str:
    """`reason` in the language of the moment: flavours and cards by their names in it, the
    stacks to choose from as the actions that take them (`take matcha or take grape`, what a
    player types in any language)."""
    params = dict(reason.params)
    if "choices" in params:
        params["choices"] = [TAKES[FLAVOUR_NAMES[key]] for key in params["choices"]]
    if params.get("flavour") in FLAVOUR_WORDS:
        params["flavour"] = flavour_word(params["flavour"])
    if "card" in params:
        params["card"] = card_word(params["card"])
    if "cards" in params:
        params["cards"] = [card_word(name) for name in params["cards"]]
    return tell_in(Reason(reason.code, params), REASON_TEXTS)
