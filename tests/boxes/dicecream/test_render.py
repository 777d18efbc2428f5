"""The terminal renderer draws Dicecream from views alone: the sheets with their numbers and
ticks, the roll with what each die is used for and may do, the bonus cards, who is choosing,
and the end; through whole games it never fails."""

from __future__ import annotations

import random

from rich.console import Console

import parlour
from parlour.kernel import View
from parlour.terminal.renderers import renderer_for

from .helpers import new_state, play


def shown(view: View) -> str:
    """What the renderer prints for a view, as plain text."""
    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for("dicecream")(view))
    return console.export_text()


def test_the_roll_and_what_each_die_may_do() -> None:
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"))
    text = shown(state.view(0))
    assert "Dicecream  round 1 of 5" in text and "You: place dice" in text
    assert "unlocks the blue sundae" in text
    assert "on the red cube of blue" in text
    assert "→ unlock yellow · yellow cube of blue · yellow topping of blue" in text
    assert "→ left cream of blue" in text
    assert "r:2" in text  # the red cube of blue holds a 2
    assert "2/5" in text  # the blue bowl: 2 placed of 5
    assert "You unlocked the blue sundae with a 5." in text


def test_picks_bonus_and_the_end() -> None:
    state = new_state(
        2, dice=[6, 1, 1, 1, 2, 1, 1, 1, 1, 1], stack=["right-cream-4", "red-topping"]
    )
    play(state, (0, "roll"), (0, "unlock blue"), (0, "left cream of blue"), (0, "done"))
    text = shown(state.view(1))
    assert "may be taken" in text and "→ left cream of blue · left cream of yellow" in text
    play(state, (1, "take left cream of red"), (1, "roll"), (1, "done"))
    text = shown(state.view(0))
    assert "Enter a 4 in a right cream space on any sundae." in text
    assert "→ bonus 4 in right cream of blue" in text
    state.apply(0, "bonus 4 in right cream of blue")
    assert "You chose: bonus 4 in right cream of blue" in shown(state.view(0))
    assert "waiting for: Seat 2" in shown(state.view(0))


def test_whole_games_render_for_every_seat_and_a_spectator() -> None:
    rnd = random.Random(2)
    for players in (2, 3, 4):
        state = parlour.load("dicecream", players).new(players)
        while not state.over:
            if rnd.random() < 0.04:
                for seat in [*range(players), None]:
                    assert "Dicecream" in shown(state.view(seat))
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        text = shown(state.view(0))
        assert "Game over. Won:" in text
        assert f"total {state.scores[0]}" in text
