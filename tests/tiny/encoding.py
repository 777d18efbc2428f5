"""Tiny Duel's observation encoding (bits and one-hots over the cards, counts scaled to 0..1;
the viewer's seat first): the running example of a box's `encoding.py`."""

from __future__ import annotations

import functools
from typing import cast

import numpy as np

from parlour.kernel import Seat, View
from parlour.kernel.encoding import Encoding, Feature, bits, one_hot, seat_order, starts
from tests.tiny.components import SEATS
from tests.tiny.state import TinyState
from tests.tiny.views import TinyView


@functools.cache
def encoding(highest: int) -> Encoding:
    """The encoding of a Tiny Duel view with cards 1 to `highest`."""
    rounds = highest // SEATS
    features = (
        Feature("to_act", SEATS, 0, 1, "1 for each seat that may choose now (viewer first)"),
        Feature("hand", highest, 0, 1, "1 for each card the viewer holds (a spectator: none)"),
        Feature("choice", highest, 0, 1, "one-hot of the viewer's sealed card (0: none)"),
        Feature("chosen", SEATS, 0, 1, "1 for each seat that has chosen this round"),
        Feature("played", SEATS * highest, 0, 1, "per seat, 1 for each card it played"),
        Feature("scores", SEATS, 0, 1, f"per seat, rounds won / {rounds}"),
        Feature("deck", 1, 0, 1, f"cards left to draw / {highest}"),
    )

    def fill(view: View) -> list[float]:
        v = cast(TinyView, view)
        order = seat_order(v["seat"], SEATS)
        choice = v["choice"]
        values = bits(seat in v["to_act"] for seat in order)
        values += bits(card in v["hand"] for card in range(1, highest + 1))
        values += one_hot(None if choice is None else choice - 1, highest)
        values += bits(v["chosen"][seat] for seat in order)
        for seat in order:
            played = {done["cards"][seat] for done in v["rounds"]}
            values += bits(card in played for card in range(1, highest + 1))
        values += [v["scores"][seat] / rounds for seat in order]
        values.append(v["deck"] / highest)
        return values

    at = starts(features)

    def observe(state: TinyState, seat: Seat, out: np.ndarray) -> None:
        order = seat_order(seat, SEATS)
        own = seat if seat is not None and 0 <= seat < SEATS else None
        to_act = state.to_act
        for k, other in enumerate(order):
            out[at["to_act"] + k] = other in to_act
            out[at["chosen"] + k] = state._choices[other] is not None
            out[at["scores"] + k] = state.scores[other] / rounds
        if own is not None:
            for card in state._hands[own]:
                out[at["hand"] + card - 1] = 1.0
            choice = state._choices[own]
            if choice is not None:
                out[at["choice"] + choice - 1] = 1.0
        for done in state._rounds:
            for k, other in enumerate(order):
                out[at["played"] + k * highest + done.cards[other] - 1] = 1.0
        out[at["deck"]] = len(state._deck) / highest

    return Encoding(f"tiny-{highest}", features, fill, observe)
