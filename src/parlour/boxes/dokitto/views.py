"""What Dokitto! Ice shows: the public parts of a view as JSON-ready values, and the log
entries told from a viewer's side. Every event of the log is public (plays, tricks, tiles and
their stars, scores); no event holds a hand, the cards set aside or a stack's order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import CARD_NAMES, Card, Flavour
from parlour.kernel import Seat

Tile = tuple[Flavour, bool]
"""An Ice tile on a cone: its flavour and whether it carries the star."""
Trick = tuple[int, tuple[Card, ...], int, Flavour | None, bool]
"""A finished trick: who led, the cards in play order, the winner, the tile taken (None: the
winner had to take a fourth one) and whether it carried the star."""
RoundResult = tuple[int, tuple[int, ...], int | None]
"""A scored round: its number, each seat's points, and who had to take a fourth tile."""


def seat_name(seat: int, viewer: Seat) -> str:
    """How the log names a seat to `viewer`: `You`, or `Seat 2` (seats count from 1)."""
    return "You" if seat == viewer else f"Seat {seat + 1}"


def names(cards: Sequence[Card]) -> list[str]:
    """Cards by name, e.g. `grape 7`."""
    return [CARD_NAMES[card] for card in cards]


def plays(leader: int, cards: Sequence[Card], players: int) -> list[dict[str, Any]]:
    """The cards of a trick with who played them (clockwise from the leader)."""
    return [
        {"seat": (leader + i) % players, "card": CARD_NAMES[card]} for i, card in enumerate(cards)
    ]


def tile(flavour: Flavour, starred: bool) -> dict[str, Any]:
    """An Ice tile: its flavour and whether it carries the star."""
    return {"flavour": flavour.key, "star": starred}


def trick(done: Trick, players: int) -> dict[str, Any]:
    """A finished trick: who led, the cards played, the winner and the tile taken (None when
    the winner had to take a fourth one)."""
    leader, cards, winner, taken, starred = done
    return {
        "leader": leader,
        "plays": plays(leader, cards, players),
        "winner": winner,
        "tile": None if taken is None else tile(taken, starred),
    }


def cone(seat: int, tiles: Sequence[Tile]) -> dict[str, Any]:
    """A cone: its tiles, the Topping tokens its starred tiles brought, its points so far."""
    toppings = [flavour.key for flavour, starred in tiles if starred]
    return {
        "seat": seat,
        "tiles": [tile(flavour, starred) for flavour, starred in tiles],
        "toppings": toppings,
        "points": rules.round_points(len(tiles), len(toppings), busted=False),
    }


def round_result(result: RoundResult | None) -> dict[str, Any] | None:
    """The last round scored (None before the first ends)."""
    if result is None:
        return None
    number, points, busted = result
    return {"round": number, "points": list(points), "busted": busted}


def describe(event: tuple[Any, ...], viewer: Seat) -> dict[str, Any]:
    """One log entry, told from `viewer`'s side: its kind, its round, and a text (with the
    seat, card or tile where there is one). Values are scalars, so a copy of the entry is a
    copy of all of it."""
    kind, number = event[0], event[1]
    entry: dict[str, Any] = {"event": kind, "round": number}
    if kind == "round":
        _, _, first, flavours, size = event
        who = seat_name(first, viewer)
        each = f"{size} cards each from {', '.join(flavour.key for flavour in flavours)}"
        entry.update(seat=first, text=f"Round {number}: {each}; {who} {_verb(who, 'lead')}.")
    elif kind == "play":
        _, _, seat, card = event
        who = seat_name(seat, viewer)
        entry.update(seat=seat, card=CARD_NAMES[card], text=f"{who} played {CARD_NAMES[card]}.")
    elif kind == "won":
        _, _, seat, card, single = event
        how = "one flavour: the highest wins" if single else "mixed flavours: the lowest wins"
        who = seat_name(seat, viewer)
        entry.update(seat=seat, text=f"{who} won the trick with {CARD_NAMES[card]} ({how}).")
    elif kind == "take":
        _, _, seat, flavour, starred = event
        what = f"a {flavour.key} tile"
        if starred:
            what = f"the starred {flavour.key} tile and the {flavour.key} Topping token"
        entry.update(
            seat=seat,
            flavour=flavour.key,
            star=starred,
            text=f"{seat_name(seat, viewer)} took {what}.",
        )
    elif kind == "bust":
        who = seat_name(event[2], viewer)
        entry.update(
            seat=event[2],
            text=f"{who} had to take a fourth tile: the round ends, and "
            f"{'you' if who == 'You' else who} {_verb(who, 'score')} nothing in it.",
        )
    elif kind == "score":
        _, _, points, totals, busted = event
        parts = [
            f"{seat_name(seat, viewer)} +{gained}{' (fourth tile)' if seat == busted else ''}"
            f" = {totals[seat]}"
            for seat, gained in enumerate(points)
        ]
        entry.update(text=f"Round {number} scores: {', '.join(parts)}.")
    else:  # end
        _, _, winners, totals = event
        named = [seat_name(seat, viewer) for seat in winners]
        both = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
        verb = "win" if len(winners) > 1 or both == "You" else "wins"
        entry["text"] = f"Game over: {both} {verb} with {totals[winners[0]]} points."
    return entry


def _verb(who: str, verb: str) -> str:
    return verb if who == "You" else verb + "s"
