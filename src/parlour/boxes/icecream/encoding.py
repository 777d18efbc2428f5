"""Ice Cream's observation encoding, read from a view: the day and phase, the cones by number,
each seat's cards and served scoops (the viewer's first, then clockwise), and the viewer's own
delivery; every number within 0..1 (bits, one-hots, counts over their most). A spectator's view
encodes with seat 0 first and no delivery or fits (zeros). `observe` writes the very same
numbers straight from the state, without building the view."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast, get_args

import numpy as np

from parlour.boxes.icecream.components import (
    BY_KEY,
    CONES,
    DAYS,
    FLAVOURS,
    ICE_CREAM_CARDS,
    MAX_SCOOPS,
    SCOOP_CARDS,
)
from parlour.boxes.icecream.rules import KINDS, Fit, Phase
from parlour.boxes.icecream.state import IcecreamState
from parlour.boxes.icecream.views import FITS, FitName, IcecreamView, PhaseName
from parlour.kernel import Seat, View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, starts, unit

PHASES: tuple[PhaseName, ...] = get_args(PhaseName)
FIT_NAMES: tuple[FitName, ...] = get_args(FitName)
F = len(FLAVOURS)
DECK = ICE_CREAM_CARDS * F
SCOOPS = SCOOP_CARDS * F
MOST_TOTAL = DAYS * (SCOOPS + DECK)
"""A bound on a total never reached: each day's scoops and duplicates, at most 30 each."""
CONE = 1 + F + 1 + len(FIT_NAMES) + F
"""The numbers of one cone: present, scoops by flavour, size, the viewer's fit, missing."""
PHASE_INDEX = {Phase(phase): index for index, phase in enumerate(PHASES)}
FIT_SLOT = tuple(FIT_NAMES.index(FITS[Fit(fit)]) for fit in range(len(Fit)))
"""Each `Fit`'s place in a cone's fit one-hot, by its value."""
CONE_COUNTS = tuple(
    tuple(
        (flavour, cone.scoops.count(flavour) / MAX_SCOOPS)
        for flavour in FLAVOURS
        if flavour in cone.scoops
    )
    for cone in KINDS
)
"""Each cone kind's scoops by flavour over `MAX_SCOOPS`, its flavours present only (by index)."""
CONE_SIZE = tuple(cone.size / MAX_SCOOPS for cone in KINDS)
CARD_SHARE = tuple(count / ICE_CREAM_CARDS for count in range(DECK + 1))
SERVED_SHARE = tuple(count / SCOOP_CARDS for count in range(SCOOPS + 1))


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

    at = starts(features)
    to_act_at, dealer_at, active_at = at["to_act"], at["dealer"], at["active"]
    phase_at, day_at, deck_at = at["phase"], at["day"], at["ice_cream_deck"]
    left_at, scoop_at, started_at = at["scoops_left"], at["scoop"], at["cones_started"]
    cones_at, cards_at, served_at = at["cones"], at["cards"], at["served"]
    face_down_at, delivery_at = at["face_down"], at["delivery"]
    unopened_at, total_at = at["unopened"], at["total"]
    size_at, fit_at, missing_at = 1 + F, 2 + F, 2 + F + len(FIT_NAMES)

    def observe(state: IcecreamState, seat: Seat, out: np.ndarray) -> None:
        """`fill(state.view(seat))`, written straight from the state into `out`."""
        first = 0 if seat is None else seat
        to_act = state.to_act
        for other in to_act:
            out[to_act_at + (other - first) % n] = 1.0
        out[dealer_at + (state._dealer - first) % n] = 1.0
        if to_act:
            out[active_at + (state._active - first) % n] = 1.0
        out[phase_at + PHASE_INDEX[state._phase]] = 1.0
        out[day_at + state._day - 1] = 1.0
        out[deck_at] = sum(state._ice) / DECK
        out[left_at] = state._scoops_left / SCOOPS
        if state._scoop is not None:
            out[scoop_at + state._scoop] = 1.0
        out[started_at] = state._started / CONES
        face_down = state._face_down
        hand = None
        if seat is not None:
            hand = state._hands[seat]
            own = face_down[seat]
            if own is not None:
                hand |= 1 << own
                out[delivery_at + own] = 1.0
        for number, cone in state._cones.items():
            base = cones_at + (number - 1) * CONE
            out[base] = 1.0
            out[base + size_at] = CONE_SIZE[cone.index]
            if hand is None:
                for flavour, share in CONE_COUNTS[cone.index]:
                    out[base + 1 + flavour] = share
            else:
                out[base + fit_at + FIT_SLOT[cone.fits[hand]]] = 1.0
                for flavour, share in CONE_COUNTS[cone.index]:
                    out[base + 1 + flavour] = share
                    if not hand >> flavour & 1:
                        out[base + missing_at + flavour] = share
        banked = state._banked
        for other, (cards, served) in enumerate(zip(state._cards, state._served, strict=True)):
            k = (other - first) % n
            held = cards_at + k * F
            scored = served_at + k * F
            unopened = 0
            for flavour in FLAVOURS:
                count = cards[flavour]
                if count:
                    out[held + flavour] = CARD_SHARE[count]
                    scoops = served[flavour]
                    if scoops:
                        out[scored + flavour] = SERVED_SHARE[scoops]
                        unopened += count - 1
                    else:
                        unopened += count
            if face_down[other] is not None:
                out[face_down_at + k] = 1.0
            out[unopened_at + k] = unopened / DECK
            out[total_at + k] = (banked[other] + sum(served)) / MOST_TOTAL

    return Encoding(f"icecream-{players}", features, fill, observe)


def counts(flavours: Sequence[str], most: int) -> list[float]:
    """How many of each flavour `flavours` holds, over `most`."""
    found = [0] * F
    for flavour in flavours:
        found[BY_KEY[flavour]] += 1
    return [count / most for count in found]
