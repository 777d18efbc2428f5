"""Like Dice's encoding: the dice each seat counts are the common display's and its own, so a
different common card changes every seat's counts, a different own card only that seat's."""

from __future__ import annotations

import copy

import numpy as np

import parlour
from parlour.boxes.likedice.components import CARD_BY_KEY, CARDS


def test_the_dice_each_seat_counts() -> None:
    """The counts of a seat add up to its dice; swapping a card of seat 1's display for an
    unseen one changes seat 1's display and dice only, a common card every seat's dice."""
    game = parlour.load("likedice", players=3)
    view = game.new(2).view(0)
    encoding = game.encoding()
    base = encoding.encode(view)
    dice = encoding.part(base, "dice").reshape(3, 30) * 2
    assert dice.sum(axis=1).tolist() == [8.0, 8.0, 8.0]  # three common cards and one own
    seen = {c["key"] for c in view["common"]} | {
        c["key"] for s in view["seats"] for c in s["display"]
    }
    unseen = next(card for card in CARDS if card.key not in seen)
    swapped = {
        "key": unseen.key,
        "dice": [{"colour": d.colour.key, "pips": d.pips} for d in unseen.dice],
    }
    own = copy.deepcopy(view)
    own["seats"][1]["display"][0] = swapped
    changed = encoding.encode(own)
    after = encoding.part(changed, "dice").reshape(3, 30)
    before = encoding.part(base, "dice").reshape(3, 30)
    assert [np.array_equal(after[k], before[k]) for k in range(3)] == [True, False, True]
    assert encoding.part(changed, "display").reshape(3, 30)[1, unseen.index] == 1.0
    common = copy.deepcopy(view)
    common["common"][0] = swapped
    after = encoding.part(encoding.encode(common), "dice").reshape(3, 30)
    assert not any(np.array_equal(after[k], before[k]) for k in range(3))
    place = encoding.part(base, "common").reshape(3, 30)[0]
    assert place[CARD_BY_KEY[view["common"][0]["key"]].index] == 1.0
