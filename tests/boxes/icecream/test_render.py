"""The terminal renderer draws Ice Cream from views alone: the day and phase, the decks,
every player's cards and face-down cards (your own by name), the turned-over scoop, the cones
with what you can serve, what to type, the log and the end; through whole games it never
fails."""

from __future__ import annotations

import random

from rich.console import Console

import parlour
from parlour import View
from parlour.boxes.icecream import IcecreamState
from parlour.terminal.renderers import renderer_for

from .helpers import BR, CC, CH, P, S, Shoe, V, keep_all, new_game, play, random_step
from .scenarios import DAN, JOE, rulebook_serving


def shown(view: View) -> str:
    """What the renderer prints for a view, as plain text."""
    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for("icecream")(view))
    return console.export_text()


def cone_line(text: str, number: int) -> str:
    """The rendered line of cone `number`, without trailing spaces."""
    return next(line for line in text.splitlines() if line.startswith(f"{number} ")).rstrip()


def test_deliveries_and_cones() -> None:
    state = new_game(3, Shoe().ice(S, V, P).ice(BR, V, CH).scoops(P, CC, CH))
    text = shown(state.view(0))
    assert "Ice Cream  day 1 of 4 · deliveries · dealer You · Ice Cream deck: 24 cards" in text
    assert "black raspberry (yours)" in text and "1 card" in text
    assert "Type keep (k), or discard (x)" in text
    play(keep_all(state), "new cone", "new cone")
    text = shown(state.view(2))
    assert "You turned over a scoop: chocolate" in text
    assert " ".join(cone_line(text, 1).split()) == "1 pistachio (1/4) you can serve it exactly"
    assert cone_line(text, 2).endswith("(1/4)  you lack one scoop (chocolate chip)")
    assert "Type cone 3 (or just 3)" in text


def test_serving_shows_what_you_can_serve() -> None:
    state = rulebook_serving()
    text = shown(state.view(DAN))
    assert "To act: You." in text
    assert "strawberry, strawberry, chocolate chip  (3/4)" in text
    assert "you lack one scoop (pistachio)" in text
    assert "chocolate ●3" in text  # three scoops served on one chocolate card today
    state.apply(DAN, "serve 1")
    assert "you lack one scoop (chocolate)" in shown(state.view(JOE))
    assert "Type serve 2 (or just 2), or draw (d)" in shown(state.view(JOE))


def test_whole_games_render_for_every_seat_and_a_spectator() -> None:
    rnd = random.Random(2)
    for players in (3, 4, 5):
        state = parlour.load("icecream", players).new(players)
        assert isinstance(state, IcecreamState)
        while not state.over:
            if rnd.random() < 0.05:
                for seat in [*range(players), None]:
                    assert "Ice Cream" in shown(state.view(seat))
            random_step(state, rnd)
        text = shown(state.view(0))
        assert "Game over. Won:" in text
        assert f"{state.scores[0]}" in text
