"""Ice Cream's terminal screen keeps each player's face-up cards apart: `chocolate chip ●1,
vanilla`, never `chocolate chip ●1 chocolate chip chocolate`, where a card's end is a guess."""

from __future__ import annotations

import random

from rich.console import Console

import parlour
from parlour.terminal.renderers import renderer_for


def test_a_players_cards_are_separated() -> None:
    state = parlour.load("icecream", 3).new(6)
    rnd = random.Random(6)
    while max(len(seat["cards"]) for seat in state.view(0)["seats"]) < 4:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    view = state.view(0)
    console = Console(width=200, record=True, color_system=None)
    console.print(renderer_for("icecream")(view))
    text = console.export_text()
    for seat in view["seats"]:
        cards = [
            card["flavour"] + (f" ●{card['scoops']}" if card["scoops"] else "")
            for card in seat["cards"]
        ]
        assert ", ".join(cards) in text
