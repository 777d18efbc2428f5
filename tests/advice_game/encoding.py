"""Tally's encoding: who is to act and each tally, the viewer's first."""

from __future__ import annotations

import functools

import numpy as np

from parlour.kernel import Encoding, Feature, Seat, State, View
from parlour.kernel.encoding import bits, seat_order
from tests.advice_game.components import ROUNDS


@functools.cache
def tally_encoding(players: int) -> Encoding:
    """Tally's encoding for `players` seats: who is to act and each tally, viewer first."""

    def fill(view: View) -> list[float]:
        order = seat_order(view["seat"], players)
        return [
            *bits(seat in view["to_act"] for seat in order),
            *(view["scores"][seat] / (2 * ROUNDS) for seat in order),
        ]

    features = (
        Feature("to_act", players, 0, 1, "1 for each seat to act (viewer first)"),
        Feature("tallies", players, 0, 1, f"each seat's tally / {2 * ROUNDS}"),
    )

    def observe(state: State, seat: Seat, out: np.ndarray) -> None:
        for k, other in enumerate(seat_order(seat, players)):
            out[k] = other in state.to_act
            out[players + k] = state.scores[other] / (2 * ROUNDS)

    return Encoding(f"tally-{players}", features, fill, observe)
