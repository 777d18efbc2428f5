"""Ice Cream's encoding: a hand one card different encodes differently, only the owner's view
shows its face-down delivery, and the viewer's seat comes first."""

from __future__ import annotations

import copy

import numpy as np

import parlour
from parlour.boxes.icecream.components import BY_KEY


def changed(encoding: parlour.kernel.Encoding, a: np.ndarray, b: np.ndarray) -> set[str]:
    """The features whose numbers differ between two encoded views."""
    return {
        f.name
        for f in encoding.features
        if not np.array_equal(encoding.part(a, f.name), encoding.part(b, f.name))
    }


def test_one_card_changes_the_encoding() -> None:
    """Two views that differ in one face-up card differ in that seat's cards only."""
    game = parlour.load("icecream", players=3)
    view = game.new(4).view(0)
    other = copy.deepcopy(view)
    card = other["seats"][1]["cards"][0]
    card["flavour"] = "vanilla" if card["flavour"] != "vanilla" else "pistachio"
    encoding = game.encoding()
    a, b = encoding.encode(view), encoding.encode(other)
    assert changed(encoding, a, b) == {"cards"}
    cards = encoding.part(a, "cards").reshape(3, 6) * 5
    assert cards[1, BY_KEY[view["seats"][1]["cards"][0]["flavour"]]] >= 1


def test_only_the_owner_encodes_its_delivery() -> None:
    """During deliveries each seat's view encodes its own face-down card and only that one;
    the others and a spectator see that it holds one (the viewer's seat first)."""
    game = parlour.load("icecream", players=4)
    state = game.new(9)
    encoding = game.encoding()
    assert state.view(0)["phase"] == "deliveries"
    for seat in range(4):
        delivery = state.view(seat)["seats"][seat]["delivery"]
        assert delivery is not None
        mine = encoding.encode(state.view(seat))
        assert encoding.part(mine, "delivery").tolist() == [
            float(k == BY_KEY[delivery]) for k in range(6)
        ]
        assert encoding.part(mine, "face_down").tolist() == [1, 1, 1, 1]
    spectator = encoding.encode(state.view(None))
    assert not encoding.part(spectator, "delivery").any()
    assert encoding.part(encoding.encode(state.view(2)), "dealer").tolist() == [0, 0, 1, 0]
