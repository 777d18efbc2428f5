"""Ice Cream's observation encoding, read from a view: the day and phase, the cones by number,
each seat's cards and served scoops (the viewer's first, then clockwise), and the viewer's own
delivery; every number within 0..1 (bits, one-hots, counts over their most). A spectator's view
encodes with seat 0 first and no delivery or fits (zeros)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast, get_args

from parlour.boxes.icecream.components import (
    BY_KEY,
    CONES,
    DAYS,
    FLAVOURS,
    ICE_CREAM_CARDS,
    MAX_SCOOPS,
    SCOOP_CARDS,
)
from parlour.boxes.icecream.views import FitName, IcecreamView, PhaseName
from parlour.kernel import View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, unit

PHASES: tuple[PhaseName, ...] = get_args(PhaseName)
FIT_NAMES: tuple[FitName, ...] = get_args(FitName)
F = len(FLAVOURS)
DECK = ICE_CREAM_CARDS * F
SCOOPS = SCOOP_CARDS * F
MOST_TOTAL = DAYS * (SCOOPS + DECK)
"""A bound on a total never reached: each day's scoops and duplicates, at most 30 each."""
CONE = 1 + F + 1 + len(FIT_NAMES) + F
"""The numbers of one cone: present, scoops by flavour, size, the viewer's fit, missing."""


@functools.cache
def encoding(players: int) -> Encoding:
    """The encoding of an Ice Cream view for `players` seats."""
    n = players

    features = (
        unit("to_act", n, "1 for each seat to act now (viewer first, then clockwise)"),
        unit("dealer", n, "one-hot of the dealer (viewer first)"),
        unit("active", n, "one-hot of the seat whose turn it is (0: none)"),
        unit("phase", len(PHASES), "one-hot of the phase: " + ", ".join(PHASES)),
        unit("day", DAYS, f"one-hot of the day, 1..{DAYS}"),
        unit("ice_cream_deck", 1, f"Ice Cream cards in the deck / {DECK}"),
        unit("scoops_left", 1, f"scoops left to turn over today / {SCOOPS}"),
        unit("scoop", F, "one-hot of the scoop's flavour to place now (0: none)"),
        unit("cones_started", 1, f"cones started today / {CONES}"),
        unit(
            "cones",
            CONES * CONE,
            f"per cone number 1..{CONES}: present; scoops by flavour / {MAX_SCOOPS}; scoops / "
            f"{MAX_SCOOPS}; one-hot of the viewer's fit ({', '.join(FIT_NAMES)}); the scoops "
            f"it lacks by flavour / {MAX_SCOOPS}",
        ),
        unit("cards", n * F, f"per seat, face-up cards by flavour / {ICE_CREAM_CARDS}"),
        unit("served", n * F, f"per seat, scoops served on its cards today / {SCOOP_CARDS}"),
        unit("face_down", n, "per seat, 1 while it holds a face-down delivery"),
        unit("delivery", F, "one-hot of the viewer's own face-down card (0: none)"),
        unit("unopened", n, f"per seat, unopened face-up cards / {DECK}"),
        unit("total", n, f"per seat, its total / {MOST_TOTAL}"),
    )

    def fill(view: View) -> list[float]:
        v = cast(IcecreamView, view)
        order = seat_order(v["seat"], n)
        where = {seat: k for k, seat in enumerate(order)}
        active, scoop = v["active"], v["scoop"]
        values = bits(seat in v["to_act"] for seat in order)
        values += one_hot(where[v["dealer"]], n)
        values += one_hot(None if active is None else where[active], n)
        values += one_hot(PHASES.index(v["phase"]), len(PHASES))
        values += one_hot(v["day"] - 1, DAYS)
        values.append(v["ice_cream_deck"] / DECK)
        values.append(v["scoops_left"] / SCOOPS)
        values += one_hot(None if scoop is None else BY_KEY[scoop], F)
        values.append(v["cones_started"] / CONES)
        cones = [0.0] * (CONES * CONE)
        for cone in v["cones"]:
            at = (cone["cone"] - 1) * CONE
            fit = cone["fit"]
            cones[at : at + CONE] = [
                1.0,
                *counts(cone["scoops"], MAX_SCOOPS),
                len(cone["scoops"]) / MAX_SCOOPS,
                *one_hot(None if fit is None else FIT_NAMES.index(fit), len(FIT_NAMES)),
                *counts(cone["missing"] or [], MAX_SCOOPS),
            ]
        values += cones
        seats = [v["seats"][seat] for seat in order]
        for s in seats:
            values += counts([card["flavour"] for card in s["cards"]], ICE_CREAM_CARDS)
        for s in seats:
            served = [0] * F
            for card in s["cards"]:
                served[BY_KEY[card["flavour"]]] += card["scoops"]
            values += [count / SCOOP_CARDS for count in served]
        values += bits(s["face_down"] for s in seats)
        delivery = seats[0]["delivery"] if v["seat"] is not None else None
        values += one_hot(None if delivery is None else BY_KEY[delivery], F)
        values += [s["unopened"] / DECK for s in seats]
        values += [s["total"] / MOST_TOTAL for s in seats]
        return values

    return Encoding(f"icecream-{players}", features, fill)


def counts(flavours: Sequence[str], most: int) -> list[float]:
    """How many of each flavour `flavours` holds, over `most`."""
    found = [0] * F
    for flavour in flavours:
        found[BY_KEY[flavour]] += 1
    return [count / most for count in found]
