"""Dokitto's encoding: a hand one card different encodes differently, a seat that did not
follow shows the flavour it lacks, and a spectator encodes no hand."""

from __future__ import annotations

import copy
import random

import numpy as np

import parlour
from parlour.boxes.dokitto.components import CARD_OF_NAME, FLAVOUR_NAMES


def test_one_card_changes_the_hand() -> None:
    """Two views whose hands differ by one card differ in the hand's bits (and what is
    playable) only; a spectator encodes no hand."""
    game = parlour.load("dokitto", players=3)
    state = game.new(5)
    view = state.view(0)
    other = copy.deepcopy(view)
    assert other["hand"] is not None
    other["hand"].pop()
    encoding = game.encoding()
    a, b = encoding.encode(view), encoding.encode(other)
    differ = encoding.part(a, "hand") - encoding.part(b, "hand")
    assert differ.tolist() == [float(c == CARD_OF_NAME[view["hand"][-1]]) for c in range(65)]
    assert np.array_equal(encoding.part(a, "trick"), encoding.part(b, "trick"))
    assert not encoding.part(encoding.encode(state.view(None)), "hand").any()


def test_a_seat_that_did_not_follow_shows_its_void() -> None:
    """Random play until a seat plays off the led flavour: from then on every view marks that
    seat void in the led flavour, at its place counted from the viewer."""
    game = parlour.load("dokitto", players=3)
    rnd = random.Random(3)
    for seed in range(50):
        state = game.new(seed)
        while state.to_act and state.view(None)["round"] == 1:
            seat = state.to_act[0]
            trick = state.view(None)["trick"]
            state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
            plays = state.view(None)["trick"]["plays"] or []
            led = trick["led"]
            if led is not None and plays and not plays[-1]["card"].startswith(led):
                encoding = game.encoding()
                for viewer in range(3):
                    voids = encoding.part(encoding.encode(state.view(viewer)), "voids")
                    place = (seat - viewer) % 3
                    assert voids.reshape(3, 5)[place, FLAVOUR_NAMES[led]] == 1.0
                return
    raise AssertionError("no seat failed to follow in 50 random rounds")
