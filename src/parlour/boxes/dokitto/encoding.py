"""Dokitto! Ice's observation encoding, read from a view: the viewer's hand and playable cards
as bits over all 65 cards, the trick in progress, the round's cards played, the flavours each
seat has shown it lacks (it did not follow them), the stacks and every cone (the viewer's seat
first, then clockwise); every number within 0..1. A spectator's view encodes with seat 0 first
and no hand (zeros). The round number is left out: without `max_rounds` it has no bound.
`observe` writes the very same numbers straight from the state, without building the view."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

import numpy as np

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
from parlour.boxes.dokitto.notation import CARD_OF_PLAY
from parlour.boxes.dokitto.rules import round_points
from parlour.boxes.dokitto.state import DokittoState
from parlour.boxes.dokitto.views import DokittoView, PlayView
from parlour.kernel import Seat, View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, starts, unit

PHASES = ("play", "take", "over")
C = len(CARDS)
F = len(FLAVOURS)
CONE_LIMIT = BUST_TILE - 1
MOST_HAND = max(HAND_SIZE.values())
MOST_ROUND = 2 * CONE_LIMIT
"""The most points a cone scores in a round: its tiles and as many Topping tokens."""
MOST_TOTAL = TARGET - 1 + MOST_ROUND
"""The most a total reaches: the game ends after the round that takes one to the target."""
PLAY, TAKE, OVER = range(len(PHASES))
TILE_SHARES = tuple(count / TILES for count in range(TILES + 1))
"""A cone's tiles of one flavour, by count, as encoded."""
CONE_POINTS = tuple(
    tuple(round_points(tiles, toppings, busted=False) / MOST_ROUND for toppings in range(tiles + 1))
    for tiles in range(CONE_LIMIT + 1)
)
"""A cone's points this round as encoded, by its tiles, then its Topping tokens."""


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

    at = starts(features)
    to_act_at, phase_at, first_at = at["to_act"], at["phase"], at["first"]
    flavours_at, hand_at, playable_at = at["flavours"], at["hand"], at["playable"]
    sizes_at, aside_at, leader_at = at["hand_sizes"], at["aside"], at["leader"]
    led_at, trick_at, winner_at = at["led"], at["trick"], at["winner"]
    choice_at, played_at, voids_at = at["tile_choice"], at["played"], at["voids"]
    stacks_at, toppings_at, tiles_at = at["stacks"], at["toppings"], at["tiles"]
    cone_toppings_at, points_at, scores_at = at["cone_toppings"], at["points"], at["scores"]

    def mark_plays(out: np.ndarray, start: int, cards: Sequence[int], plays_at: int) -> None:
        """A trick's cards into `plays_at`'s run, the first played by the `start`-th seat in
        the encoding's order, and the voids its followers showed."""
        lead = FLAVOUR_OF[cards[0]]
        for i, card in enumerate(cards):
            place = (start + i) % n
            out[plays_at + place * C + card] = 1.0
            if FLAVOUR_OF[card] != lead:  # it did not follow the led flavour
                out[voids_at + place * F + lead] = 1.0

    def observe(state: DokittoState, seat: Seat, out: np.ndarray) -> None:
        """`fill(state.view(seat))`, written straight from the state into `out`."""
        first = 0 if seat is None else seat
        for other in state.to_act:
            out[to_act_at + (other - first) % n] = 1.0
        choices = state._choices
        out[phase_at + (OVER if state.over else TAKE if choices else PLAY)] = 1.0
        out[first_at + (state._first - first) % n] = 1.0
        left, star = state._left, state._star
        for flavour in state._flavours:
            out[flavours_at + flavour] = 1.0
            out[stacks_at + flavour] = left[flavour] / TILES
            if TILES - left[flavour] <= star[flavour]:  # the starred tile is still stacked
                out[toppings_at + flavour] = 1.0
        hands = state._hands
        if seat is not None and 0 <= seat < n:  # the viewer's own hand, and no other
            hand = hands[seat]
            while hand:
                lowest = hand & -hand
                out[hand_at + lowest.bit_length() - 1] = 1.0
                hand ^= lowest
            if not choices and seat == state._seat:
                for action in state._legal:
                    out[playable_at + CARD_OF_PLAY[action]] = 1.0
        for other, hand in enumerate(hands):
            out[sizes_at + (other - first) % n] = hand.bit_count() / MOST_HAND
        out[aside_at] = len(state._aside) / C
        trick, leader = state._trick, state._leader
        out[leader_at + (leader - first) % n] = 1.0
        if trick:
            out[led_at + FLAVOUR_OF[trick[0]]] = 1.0
        if choices:
            out[winner_at + (state._seat - first) % n] = 1.0
            for flavour in choices:
                out[choice_at + flavour] = 1.0
        for done in state._tricks:
            mark_plays(out, (done.leader - first) % n, done.cards, played_at)
        if trick:
            mark_plays(out, (leader - first) % n, trick, trick_at)
        counts = [0] * F
        for other, cone in enumerate(state._cones):
            if not cone:
                continue
            k = (other - first) % n
            toppings = 0
            for flavour, starred in cone:
                counts[flavour] += 1
                if starred:
                    out[cone_toppings_at + k * F + flavour] = 1.0
                    toppings += 1
            for flavour, _ in cone:
                out[tiles_at + k * F + flavour] = TILE_SHARES[counts[flavour]]
            for flavour, _ in cone:
                counts[flavour] = 0
            out[points_at + k] = CONE_POINTS[len(cone)][toppings]
        for other, total in enumerate(state._totals):
            out[scores_at + (other - first) % n] = total / MOST_TOTAL

    return Encoding(f"dokitto-{players}", features, fill, observe)


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
