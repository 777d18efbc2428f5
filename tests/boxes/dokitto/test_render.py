"""The terminal renderer draws Dokitto! Ice from views alone: the hand by flavour with what
may be played, the trick with who led, the cones, the stacks and toppings, the scores, the
tile choice, the last round and the end; through whole games it never fails."""

from __future__ import annotations

import random
import re

from rich.console import Console

import parlour
from parlour.kernel import View
from parlour.terminal.renderers import renderer_for

from .helpers import Deal, new_state, play

GMV = ("grape", "matcha", "vanilla")


def shown(view: View) -> str:
    """What the renderer prints for a view, as plain text."""
    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for("dokitto")(view))
    return console.export_text()


def test_the_hand_and_the_trick() -> None:
    hand = ["grape 2", "grape 11", "matcha 3", "matcha 4", "vanilla 5", "vanilla 6"]
    state = play(new_state(GMV, Deal([["grape 7"], hand])), "grape 7")
    text = shown(state.view(1))
    assert "Dokitto! Ice  round 1 · flavours: matcha grape vanilla" in text
    assert "You: play a card." in text
    assert "Trick (led by Seat 1, follow grape): Seat 1 grape 7" in text
    assert "Your hand: matcha: 3 4 | grape: 2 11 | vanilla: 5 6" in text
    assert "Stacks: matcha 3 ★ · grape 3 ★ · vanilla 3 ★" in text
    assert "Seat 1 played grape 7." in text


def test_the_tile_choice_the_cones_and_the_last_trick() -> None:
    state = new_state(GMV, Deal([["grape 8"], ["matcha 3"], ["grape 10"]], lacks={1: ("grape",)}))
    play(state, "grape 8", "matcha 3", "grape 10")
    text = shown(state.view(1))
    assert "You won the trick and choose a tile." in text
    assert "→ take from: matcha or grape" in text
    state.apply(1, "take grape")
    text = shown(state.view(0))
    assert "Last trick: You grape 8, Seat 2 matcha 3, Seat 3 grape 10 → Seat 2 took grape★" in text
    assert re.search(r"Seat 2 ▶ +7 +grape★ +grape +1/3 +2 +0\n", text)  # cone, topping
    assert "Stacks: matcha 3 ★ · grape 2 · vanilla 3 ★" in text


def test_whole_games_render_for_every_seat_and_a_spectator() -> None:
    rnd = random.Random(2)
    for players in (2, 3, 4, 5):
        state = parlour.load("dokitto", players).new(players)
        while not state.over:
            if rnd.random() < 0.05:
                for seat in [*range(players), None]:
                    assert "Dokitto! Ice" in shown(state.view(seat))
            seat = state.to_act[0]
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        text = shown(state.view(0))
        assert "Game over. Won:" in text
        assert "Round " in text and "+" in text
