"""What Dokitto! Ice shows: the view of a seat as a typed dict, built from a state (the log's
events are in `events.py`, their words and the refusals' in `words.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, cast

from typing_extensions import TypedDict

from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import (
    BUST_TILE,
    CARD_NAMES,
    FLAVOUR_OF,
    HAND_SIZE,
    Card,
    Flavour,
    Tile,
    Trick,
)
from parlour.kernel import Seat
from parlour.kernel.views import BaseView

if TYPE_CHECKING:
    from parlour.boxes.dokitto.events import Scored
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
    """The trick in progress: its number in the round (from 1), who leads, the flavour to
    follow (None before the first card), the cards so far, and its winner while the winner
    chooses a tile."""

    number: int
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


class DokittoView(BaseView, closed=True):
    """What a seat sees: its own hand (None for a spectator) and the public table. Cards are
    named `grape 7`; hands and `playable` are in card order (flavour in the rulebook's order,
    then number)."""

    players: int
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
    round_tricks: int
    """The tricks a round has, one per card dealt to a hand (a fourth tile ends it sooner)."""
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
            "number": len(state._tricks) + 1,
            "leader": leader,
            "led": FLAVOUR_OF[trick[0]].key if trick else None,
            "plays": plays(leader, trick, players),
            "winner": state._seat if taking else None,
        },
        "tile_choice": [flavour.key for flavour in state._choices],
        "tricks": [done_trick(done, players) for done in state._tricks],
        "round_tricks": HAND_SIZE[players],
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
