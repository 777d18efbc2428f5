"""The terminal renderer draws Like Dice from views alone: the challenge of each kind, the
common and own displays with their dice, the answers called, the check, the winner's choice
and the end; through whole games it never fails."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.boxes.likedice import LikeDiceState
from parlour.kernel import View
from parlour.terminal.renderers import renderer_for

from .helpers import OWN_COMMON, answer_all, deal


def shown(view: View) -> str:
    """What the renderer prints for a view, as plain text."""
    from rich.console import Console

    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for("likedice")(view))
    return console.export_text()


@pytest.mark.parametrize(
    ("key", "level", "drawn"),
    [
        ("B+R", "beginner", "Challenge 1: blue + red"),
        ("B/G", "beginner", "Challenge 1: BIG BLUE + small green"),
        ("W14", "intermediate", "Challenge 1: white dice ⚀ ⚃"),
        ("N5:BRGYP", "advanced", "Challenge 1: blue red green yellow purple · position 5"),
    ],
)
def test_each_kind_of_challenge(key: str, level: str, drawn: str) -> None:
    state = deal(*OWN_COMMON, [key], level=level)
    text = shown(state.view(0))
    assert drawn in text
    assert "common" in text and "1:[⚃g4 ⚄y5]  2:[⚁y2 ⚅p6]  3:[⚂b3 ⚂g3]" in text
    assert "You ▶" in text and "[⚀b1 ⚄r5]" in text and "waiting for: You, Seat 2" in text
    assert "1/10 cards · 6 dots" in text  # seat 0: blue 1 + red 5
    assert "Type your count" in text


def test_answers_check_and_choice() -> None:
    state = deal(*OWN_COMMON, ["Y"])
    state.apply(1, "answer 9")
    assert "Called (in order): Seat 2: 9" in shown(state.view(0))
    answer_all(state, (0, 7))
    text = shown(state.view(0))
    assert "Challenge 1 checked: Seat 2 9 ✗ (7) · You 7 ✓" in text
    assert "You may take: take 1 [⚃g4 ⚄y5]  take 2 [⚁y2 ⚅p6]" in text
    assert "Type take 1 or take 2 (or just the number" in text  # the choices, from the view
    assert "Seat 1 may choose a card" in shown(state.view(1))


def test_the_rules_shown_come_from_the_view() -> None:
    """The highest answer and the challenge cap are the view's, not the renderer's."""
    state = deal(*OWN_COMMON, ["Y"], max_challenges=30)
    view = state.view(0)
    assert "challenge 1 of 30" in shown(view)
    assert "a number from 0 to 42" in shown({**view, "max_answer": 42})


def test_whole_games_render_for_every_seat_and_a_spectator() -> None:
    rnd = random.Random(2)
    for players in (2, 4, 6):
        state = parlour.load("likedice", players, level="advanced").new(players)
        assert isinstance(state, LikeDiceState)
        while not state.over:
            if rnd.random() < 0.1:
                for seat in [*range(players), None]:
                    assert "Like Dice" in shown(state.view(seat))
            seat = rnd.choice(state.to_act)
            right = state.view(None)["phase"] == "answer" and rnd.random() < 0.5
            state.apply(
                seat, f"answer {state.solution(seat)}" if right else state.legal_actions(seat)[-1]
            )
        text = shown(state.view(0))
        assert "Game over. Won:" in text
        assert "Game over:" in text  # the log's last line
