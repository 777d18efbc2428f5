"""Scoring: per sundae the cubes plus the cream, plus 2 when both cream spaces are filled, all
doubled when its three toppings are ticked; plus 2 for each unspent chocolate bean. Ties go to
more unspent beans, then to more toppings ticked in total; then all tied players win."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from parlour.boxes.dicecream.components import SPACE_NAMES, Colour
from parlour.boxes.dicecream.rules import (
    Sheet,
    new_sheet,
    score,
    sundae_score,
    toppings_ticked,
    winners,
)

from .helpers import idle, new_state, play


def sheet(entries: Mapping[str, int]) -> Sheet:
    """A sheet with these spaces filled (a topping: 1 for ticked)."""
    made = new_sheet()
    for name, value in entries.items():
        made[SPACE_NAMES[name].index] = value
    return made


TICKED_YELLOW = {
    "blue topping of yellow": 1,
    "green topping of yellow": 1,
    "red topping of yellow": 1,
}
TICKED_GREEN = {"red topping of green": 1, "yellow topping of green": 1, "blue topping of green": 1}
EXAMPLE = sheet(
    {
        # blue: the red cube 2, the cream swirl complete (2 + 4 + 2) = 10
        "red cube of blue": 2,
        "left cream of blue": 2,
        "right cream of blue": 4,
        # yellow: cubes 4, the right cream 5, all toppings: (4 + 5) x 2 = 18
        "red cube of yellow": 1,
        "green cube of yellow": 3,
        "right cream of yellow": 5,
        **TICKED_YELLOW,
        # red: the green cube 5, the left cream 3 = 8
        "green cube of red": 5,
        "left cream of red": 3,
        # green: cubes 10, the cream complete (1 + 4 + 2), all toppings: (10 + 7) x 2 = 34
        "blue cube of green": 3,
        "yellow cube of green": 3,
        "red cube of green": 4,
        "left cream of green": 1,
        "right cream of green": 4,
        **TICKED_GREEN,
    }
)


def test_the_rulebook_scoring_example() -> None:
    """10 + 18 + 8 + 34 + 2 for one unspent bean = 72."""
    by_sundae = [sundae_score(EXAMPLE, colour) for colour in Colour if colour is not Colour.WHITE]
    assert by_sundae == [10, 18, 8, 34]
    assert score(EXAMPLE, beans_left=1) == 72


def test_the_cream_bonus_needs_both_spaces() -> None:
    assert sundae_score(sheet({"left cream of red": 3}), Colour.RED) == 3
    assert sundae_score(sheet({"right cream of red": 6}), Colour.RED) == 6
    both = sheet({"left cream of red": 3, "right cream of red": 6})
    assert sundae_score(both, Colour.RED) == 3 + 6 + 2


def test_doubling_needs_all_three_toppings() -> None:
    cubes = {"red cube of yellow": 5}
    two = dict(list(TICKED_YELLOW.items())[:2])
    assert sundae_score(sheet({**cubes, **two}), Colour.YELLOW) == 5
    assert sundae_score(sheet({**cubes, **TICKED_YELLOW}), Colour.YELLOW) == 10
    assert sundae_score(sheet(TICKED_YELLOW), Colour.YELLOW) == 0  # nothing to double
    assert toppings_ticked(sheet({**two, **TICKED_GREEN})) == 5


@pytest.mark.parametrize("beans", [0, 1, 2])
def test_each_unspent_bean_scores_two(beans: int) -> None:
    assert score(new_sheet(), beans) == 2 * beans


def test_tie_breaks_as_plain_rules() -> None:
    """Points first; then unspent beans; then toppings; then everyone tied wins."""
    assert winners([10, 9], [0, 2], [0, 9]) == (0,)
    assert winners([10, 10], [1, 2], [9, 0]) == (1,)
    assert winners([10, 10, 10], [2, 2, 1], [3, 4, 9]) == (1,)
    assert winners([10, 10, 8], [2, 2, 2], [3, 3, 9]) == (0, 1)


def test_all_tied_players_win() -> None:
    """Nobody places a die: everyone has 4 points (two beans) and no toppings."""
    state = idle(new_state(3))
    assert state.over and state.scores == (4, 4, 4)
    assert state.winners == (0, 1, 2)
    assert (
        state.view(2)["log"][-1]["text"] == "Game over: Seat 1, Seat 2 and You win with 4 points."
    )


def test_a_tie_on_points_goes_to_more_unspent_beans() -> None:
    """Seat 0 spends a bean (-2) and enters a red 2 (+2): 4 points like seat 1, which kept
    both beans and wins."""
    state = new_state(2, dice=[2, 1, 5, 1, 1, 2])
    play(state, (0, "roll"), (0, "reroll red"), (0, "unlock blue"), (0, "red cube of blue"))
    idle(state)
    assert state.scores == (4, 4)
    assert state.winners == (1,)


def test_a_tie_on_points_and_beans_goes_to_more_toppings() -> None:
    """Seat 0 ticks a topping (no points): 4 points and two beans each; seat 0 wins."""
    state = new_state(2, dice=[1, 1, 5, 1, 1])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "yellow topping of blue"))
    idle(state)
    assert state.scores == (4, 4)
    assert state.winners == (0,)
