"""Chocolate beans: each of the two is spent once a game to reroll any chosen dice (at least
one, ruling) of one's own roll before placing any die; both may be spent in one turn, one after
the other; each bean not spent scores 2 at the end."""

from __future__ import annotations

from itertools import combinations

import pytest

from parlour import IllegalAction
from parlour.boxes.dicecream import DicecreamState
from parlour.boxes.dicecream.components import DICE

from ...helpers import snapshot
from .helpers import dice, idle, new_state, play, turn


def rerolls(legal: tuple[str, ...]) -> list[str]:
    """The reroll actions among `legal`."""
    return [action for action in legal if action.startswith("reroll")]


def beans(state: DicecreamState, seat: int) -> int:
    """The seat's unspent beans, as it sees them."""
    return int(state.view(seat)["seats"][seat]["beans"])


def test_any_dice_but_at_least_one_may_be_rerolled() -> None:
    """After the roll, one reroll action per non-empty set of dice: 31."""
    state = new_state(2, dice=[1, 2, 3, 4, 5])
    state.apply(0, "roll")
    expected = {
        "reroll " + ",".join(die.key for die in chosen)
        for size in range(1, 6)
        for chosen in combinations(DICE, size)
    }
    assert set(rerolls(state.legal_actions(0))) == expected
    assert len(expected) == 31
    with pytest.raises(IllegalAction):
        state.apply(0, "reroll")
    assert turn(state, 0)["may_reroll"] is True


def test_a_reroll_changes_only_the_chosen_dice_and_spends_a_bean() -> None:
    state = new_state(2, dice=[1, 2, 3, 4, 5, 6, 1])
    play(state, (0, "roll"), (0, "reroll blue,white"))
    assert dice(state) == {"blue": 6, "yellow": 2, "red": 3, "green": 4, "white": 1}
    assert beans(state, 0) == 1
    assert state.scores == (2, 4)  # each unspent bean is worth 2


def test_both_beans_in_one_turn_one_after_the_other_then_no_more() -> None:
    state = new_state(2, dice=[1, 2, 3, 4, 5, 6, 6, 6])
    play(state, (0, "roll"), (0, "reroll red"), (0, "reroll yellow,green"))
    assert dice(state) == {"blue": 1, "yellow": 6, "red": 6, "green": 6, "white": 5}
    assert beans(state, 0) == 0
    assert rerolls(state.legal_actions(0)) == []
    assert turn(state, 0)["may_reroll"] is False
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="both chocolate beans are spent"):
        state.apply(0, "reroll blue")
    assert snapshot(state) == before


def test_rerolls_only_before_any_die_is_placed() -> None:
    """Once a die is placed (a bowl counts), the beans wait for a later turn."""
    state = new_state(2, dice=[6, 2, 3, 4, 5])
    play(state, (0, "roll"), (0, "unlock blue"))
    assert rerolls(state.legal_actions(0)) == []
    with pytest.raises(IllegalAction, match="only before any die is placed"):
        state.apply(0, "reroll red")
    assert beans(state, 0) == 2


def test_each_bean_once_a_game() -> None:
    """Beans spent in one turn are gone in the player's later turns."""
    state = new_state(2, dice=[1, 1, 1, 1, 1, 2, 2])
    play(state, (0, "roll"), (0, "reroll blue"), (0, "reroll blue"), (0, "done"))
    idle(state, until_round=2)
    state.apply(0, "roll")
    assert rerolls(state.legal_actions(0)) == []
    assert beans(state, 0) == 0
    state.apply(0, "done")
    assert state.view(1)["seats"][1]["beans"] == 2
    idle(state)
    assert state.scores[0] + 4 == state.scores[1] == 4  # 2 points for each unspent bean


def test_the_others_may_not_reroll() -> None:
    """Only the active player rerolls, and only their own roll."""
    state = new_state(2, dice=[1, 2, 3, 4, 5])
    state.apply(0, "roll")
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(1, "reroll red")
