"""Dokitto! Ice's observation encoding, read from a view: the viewer's hand and playable cards
as bits over all 65 cards, the trick in progress, the round's cards played, the flavours each
seat has shown it lacks (it did not follow them), the stacks and every cone (the viewer's seat
first, then clockwise); every number within 0..1. A spectator's view encodes with seat 0 first
and no hand (zeros). The round number is left out: without `max_rounds` it has no bound."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

from parlour.boxes.dokitto.components import (
    BUST_TILE,
    CARD_OF_NAME,
    CARDS,
    FLAVOUR_NAMES,
    FLAVOUR_OF,
    FLAVOURS,
    HAND_SIZE,
    TARGET,
    TILES,
)
from parlour.boxes.dokitto.views import DokittoView, PlayView
from parlour.kernel import View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, unit

PHASES = ("play", "take", "over")
C = len(CARDS)
F = len(FLAVOURS)
CONE_LIMIT = BUST_TILE - 1
MOST_HAND = max(HAND_SIZE.values())
MOST_ROUND = 2 * CONE_LIMIT
"""The most points a cone scores in a round: its tiles and as many Topping tokens."""
MOST_TOTAL = TARGET - 1 + MOST_ROUND
"""The most a total reaches: the game ends after the round that takes one to the target."""


@functools.cache
def encoding(players: int) -> Encoding:
    """The encoding of a Dokitto view for `players` seats."""
    n = players

    features = (
        unit("to_act", n, "1 for each seat to act now (viewer first, then clockwise)"),
        unit("phase", len(PHASES), "one-hot of what the game waits for: " + ", ".join(PHASES)),
        unit("first", n, "one-hot of the seat that led the round"),
        unit("flavours", F, "1 for each flavour in play (rulebook order)"),
        unit("hand", C, "1 for each card the viewer holds (65 cards, flavour then number)"),
        unit("playable", C, "1 for each card the viewer may play now"),
        unit("hand_sizes", n, f"per seat, cards in hand / {MOST_HAND}"),
        unit("aside", 1, f"cards set aside unseen this round / {C}"),
        unit("leader", n, "one-hot of the seat leading the trick in progress"),
        unit("led", F, "one-hot of the flavour to follow (0: none yet)"),
        unit("trick", n * C, "per seat, one-hot of its card in the trick in progress"),
        unit("winner", n, "one-hot of the trick's winner while it chooses a tile (0: none)"),
        unit("tile_choice", F, "1 for each stack the trick's winner may take from"),
        unit("played", n * C, "per seat, 1 for each card it played in the round's tricks"),
        unit("voids", n * F, "per seat, 1 for each flavour it failed to follow this round"),
        unit("stacks", F, f"tiles left in each flavour's stack / {TILES}"),
        unit("toppings", F, "1 for each flavour whose starred tile is still in its stack"),
        unit("tiles", n * F, f"per seat, its cone's tiles by flavour / {TILES}"),
        unit("cone_toppings", n * F, "per seat, 1 for each Topping token on its cone"),
        unit("points", n, f"per seat, its cone's points this round / {MOST_ROUND}"),
        unit("scores", n, f"per seat, its total / {MOST_TOTAL}"),
    )

    def fill(view: View) -> list[float]:
        v = cast(DokittoView, view)
        order = seat_order(v["seat"], n)
        where = {seat: k for k, seat in enumerate(order)}
        trick, led = v["trick"], v["trick"]["led"]
        values = bits(seat in v["to_act"] for seat in order)
        values += one_hot(PHASES.index(v["phase"]), len(PHASES))
        values += one_hot(where[v["first"]], n)
        values += flavour_bits(v["flavours"])
        values += card_bits(v["hand"] or [])
        values += card_bits(v["playable"])
        values += [v["hand_sizes"][seat] / MOST_HAND for seat in order]
        values.append(v["aside"] / C)
        values += one_hot(where[trick["leader"]], n)
        values += one_hot(None if led is None else FLAVOUR_NAMES[led], F)
        values += by_seat(trick["plays"], order)
        values += one_hot(None if trick["winner"] is None else where[trick["winner"]], n)
        values += flavour_bits(v["tile_choice"])
        values += by_seat([play for done in v["tricks"] for play in done["plays"]], order)
        voids = [[0.0] * F for _ in range(n)]
        for plays in [*(done["plays"] for done in v["tricks"]), trick["plays"]]:
            if plays:
                lead = FLAVOUR_OF[CARD_OF_NAME[plays[0]["card"]]]
                for play in plays[1:]:
                    if FLAVOUR_OF[CARD_OF_NAME[play["card"]]] != lead:
                        voids[where[play["seat"]]][lead] = 1.0
        values += [void for seat in voids for void in seat]
        values += [v["stacks"].get(f.key, 0) / TILES for f in FLAVOURS]
        values += flavour_bits(v["toppings"])
        cones = [v["cones"][seat] for seat in order]
        for cone in cones:
            values += [sum(t["flavour"] == f.key for t in cone["tiles"]) / TILES for f in FLAVOURS]
        for cone in cones:
            values += flavour_bits(cone["toppings"])
        values += [cone["points"] / MOST_ROUND for cone in cones]
        values += [v["scores"][seat] / MOST_TOTAL for seat in order]
        return values

    return Encoding(f"dokitto-{players}", features, fill)


def flavour_bits(flavours: Sequence[str]) -> list[float]:
    """1 for each flavour named."""
    return bits(f.key in flavours for f in FLAVOURS)


def card_bits(names: Sequence[str]) -> list[float]:
    """1 for each card named."""
    values = [0.0] * C
    for name in names:
        values[CARD_OF_NAME[name]] = 1.0
    return values


def by_seat(plays: Sequence[PlayView], order: Sequence[int]) -> list[float]:
    """Per seat in `order`, 1 for each card it played among `plays`."""
    values = [0.0] * (len(order) * C)
    for play in plays:
        values[order.index(play["seat"]) * C + CARD_OF_NAME[play["card"]]] = 1.0
    return values
