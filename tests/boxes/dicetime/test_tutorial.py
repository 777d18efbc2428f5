"""Dicetime's tutorial shows what it says: each step's dice are the ones its text talks about,
each entry scores what the text promises, and every step names the move to type in both
languages (the canonical action, the same in each)."""

from __future__ import annotations

import pytest

from parlour.i18n import LANGUAGES, _, speaking
from parlour.kernel import Lesson

SHOWN: dict[int, dict[str, object]] = {
    1: {"dice": [2, 5, 5, 1, 5]},  # three fives to keep
    2: {"dice": [5, 5, 5, 3, 5], "kept": [False, True, True, False, True], "rolls_left": 1},
    3: {"dice": [5, 5, 5, 5, 5], "rolls_left": 0},  # the third roll: five of a kind
    5: {"dice": [1, 2, 3, 4, 6]},  # a small straight
    7: {"dice": [6, 6, 2, 6, 1]},  # three sixes
    8: {"dice": [6, 6, 6, 6, 3]},  # four sixes
    10: {"dice": [3, 3, 3, 2, 2]},  # a full house
    12: {"dice": [6, 5, 6, 4, 5]},  # chance
}
"""What the learner's turn shows when the lesson waits at a step, by the step's index."""
ENTERED = {
    4: ("five_of_a_kind", 50),
    6: ("small_straight", 30),
    9: ("sixes", 24),
    11: ("full_house", 25),
    13: ("chance", 26),
}
"""The row each entry fills and its points, by the index of the step after it."""


def test_each_step_shows_what_it_claims() -> None:
    lesson = Lesson("dicetime")
    while not lesson.done:
        step = lesson.step
        assert step is not None
        turn = lesson.state.view(0)["seats"][0]["turn"]
        for key, value in SHOWN.get(lesson.index, {}).items():
            assert turn[key] == value, (lesson.index, key)
        assert lesson.attempt(step.moves[0]).accepted
        for row, points in [ENTERED[lesson.index]] if lesson.index in ENTERED else []:
            assert lesson.state.view(0)["seats"][0]["sheet"][row] == points
    assert lesson.index == max(ENTERED)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_names_the_pages_control_for_its_move(language: str) -> None:
    """On the page a step names what to press, in every language: an entry the points its row
    promises ("+50"), a roll the page's "Roll the dice"; the terminal shows the move itself."""
    lesson = Lesson("dicetime")
    with speaking(language):
        while not lesson.done:
            step = lesson.step
            assert step is not None
            move = step.moves[0]
            if move.startswith("enter "):
                would = lesson.state.view(0)["seats"][0]["turn"]["would_score"]
                assert f"+{would[move.removeprefix('enter ')]}" in _(step.press)
            if move == "roll":
                assert _("Roll the dice") in _(step.press)
            lesson.attempt(move)
