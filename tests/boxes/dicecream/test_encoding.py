"""Dicecream's encoding: a seat's sealed choice shows in its own view only, every sheet space
lands where the view has it, and one die's face changes the dice."""

from __future__ import annotations

import copy
import random

import numpy as np

import parlour
from parlour.boxes.dicecream.components import SPACES
from parlour.boxes.dicecream.notation import ACTIONS


def test_a_sealed_choice_shows_to_its_seat_only() -> None:
    """Random play until a seat has chosen while another still must: the chooser's view
    encodes its choice (one-hot in action order), the others' and a spectator's do not."""
    game = parlour.load("dicecream", players=3)
    encoding = game.encoding()
    rnd = random.Random(1)
    for seed in range(20):
        state = game.new(seed)
        while not state.over:
            choosing = state.view(None)["choosing"]
            if choosing and len(choosing["waiting"]) < len(choosing["eligible"]):
                chooser = next(s for s in choosing["eligible"] if s not in choosing["waiting"])
                yours = state.view(chooser)["choosing"]["yours"]
                mine = encoding.part(encoding.encode(state.view(chooser)), "yours")
                assert mine.tolist() == [float(a == yours) for a in ACTIONS]
                for seat in [*(s for s in range(3) if s != chooser), None]:
                    assert not encoding.part(encoding.encode(state.view(seat)), "yours").any()
                return
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
    raise AssertionError("no sealed choice in 20 random games")


def test_sheets_and_dice_land_where_the_view_has_them() -> None:
    """After a random game the filled spaces are those the view fills, the viewer's first; a
    view with one die's face changed encodes differently in the dice only."""
    game = parlour.load("dicecream", players=2)
    encoding = game.encoding()
    rnd = random.Random(4)
    state = game.new(4)
    while not state.over:
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
        view = state.view(1)
        if view["turn"] and view["turn"]["rolled"] and view["turn"]["dice"]:
            other = copy.deepcopy(view)
            die = other["turn"]["dice"][0]
            die["face"] = die["face"] % 6 + 1
            a, b = encoding.encode(view), encoding.encode(other)
            assert [
                f.name
                for f in encoding.features
                if not np.array_equal(encoding.part(a, f.name), encoding.part(b, f.name))
            ] == ["dice"]
    filled = encoding.part(encoding.encode(state.view(1)), "filled").reshape(2, len(SPACES))
    for place, seat in enumerate((1, 0)):
        sundaes = state.view(None)["seats"][seat]["sundaes"]
        count = sum(
            sum(v is not None for v in s["cubes"].values())
            + sum(v is not None for v in s["cream"].values())
            + sum(s["toppings"].values())
            for s in sundaes
        )
        assert filled[place].sum() == count
