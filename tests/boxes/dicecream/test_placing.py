"""The active player's turn ("The Preparation"): roll all five dice, unlock a sundae with the
die of its bowl colour, place dice of matching colours on its empty cubes and unticked
toppings and the white die on the cream space matching its number, each die once, the dice
placed on a sundae adding up to at most its unlocking die; unlocking and unplaced dice are
forfeited.

Dice are scripted in the order blue, yellow, red, green, white.
"""

from __future__ import annotations

import pytest

from parlour import IllegalAction

from ...helpers import snapshot
from .helpers import dice, filled, idle, new_state, play, turn


def placements(legal: tuple[str, ...]) -> list[str]:
    """The legal placements on sundaes (no rerolls, unlocks or done)."""
    return [a for a in legal if " of " in a and not a.startswith(("take", "bonus"))]


def test_a_turn_begins_with_rolling_all_five_dice() -> None:
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    assert state.to_act == (0,)
    assert state.legal_actions(0) == ("roll",)
    assert state.legal_actions(1) == ()
    state.apply(0, "roll")
    assert dice(state) == {"blue": 5, "yellow": 1, "red": 2, "green": 6, "white": 2}


def test_the_rulebook_placement_example() -> None:
    """The blue sundae unlocked by the blue 5: the red cube and the left cream filled with a
    2 each, the yellow topping ticked with a 1: exactly 5, so nothing more fits on blue."""
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"))
    play(state, (0, "red cube of blue"), (0, "left cream of blue"), (0, "yellow topping of blue"))
    assert filled(state, 0) == {
        "red cube of blue": 2,
        "left cream of blue": 2,
        "yellow topping of blue": 1,
    }
    assert turn(state, 0)["unlocked"] == [{"sundae": "blue", "limit": 5, "spent": 5}]
    assert placements(state.legal_actions(0)) == []  # the green 6 fits nowhere on blue
    assert state.legal_actions(0) == ("unlock green", "done")


def test_a_sundae_must_be_unlocked_first() -> None:
    """No die goes on a sundae whose bowl die was not placed this turn."""
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    play(state, (0, "roll"))
    assert placements(state.legal_actions(0)) == []
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not unlocked: unlock blue first"):
        state.apply(0, "red cube of blue")
    assert snapshot(state) == before
    state.apply(0, "unlock blue")
    assert "red cube of blue" in state.legal_actions(0)
    assert "red cube of green" not in state.legal_actions(0)


def test_the_sum_limit() -> None:
    """The dice placed on a sundae this turn add up to at most its unlocking die: with a blue
    3, the red 2 fits, then the yellow 1 (exactly 3), but the white 2 no longer does."""
    state = new_state(2, dice=[3, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"))
    assert set(placements(state.legal_actions(0))) == {
        "yellow cube of blue",
        "yellow topping of blue",
        "red cube of blue",
        "red topping of blue",
        "left cream of blue",
    }  # the green 6 exceeds the blue 3 even alone
    play(state, (0, "red cube of blue"))
    assert "left cream of blue" not in state.legal_actions(0)  # 2 + 2 > 3
    assert "yellow cube of blue" in state.legal_actions(0)  # 2 + 1 = 3
    with pytest.raises(IllegalAction, match="add up to 4, more than its unlocking die"):
        state.apply(0, "left cream of blue")
    play(state, (0, "yellow cube of blue"))
    assert filled(state, 0) == {"red cube of blue": 2, "yellow cube of blue": 1}


def test_each_sundae_has_its_own_limit() -> None:
    """Two unlocked sundaes: the dice on one do not count against the other's die."""
    state = new_state(2, dice=[3, 2, 4, 3, 1])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "unlock red"))  # limits 3 and 4
    play(state, (0, "yellow cube of blue"), (0, "green cube of red"))  # 2 of 3, 3 of 4
    assert placements(state.legal_actions(0)) == ["left cream of blue", "left cream of red"]
    state.apply(0, "left cream of red")
    assert turn(state, 0)["unlocked"] == [
        {"sundae": "blue", "limit": 3, "spent": 2},
        {"sundae": "red", "limit": 4, "spent": 4},
    ]


@pytest.mark.parametrize(
    ("white", "side", "other"), [(1, "left", "right"), (3, "left", "right"), (4, "right", "left")]
)
def test_the_white_die_goes_on_the_cream_space_matching_its_number(
    white: int, side: str, other: str
) -> None:
    """1, 2 or 3: the left cream space; 4, 5 or 6: the right one."""
    state = new_state(2, dice=[6, 1, 1, 1, white])
    play(state, (0, "roll"), (0, "unlock blue"))
    assert f"{side} cream of blue" in state.legal_actions(0)
    assert f"{other} cream of blue" not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match=f"white die shows {white}"):
        state.apply(0, f"{other} cream of blue")
    state.apply(0, f"{side} cream of blue")
    assert filled(state, 0) == {f"{side} cream of blue": white}


def test_a_filled_space_refuses_a_die() -> None:
    """A cube or cream space that holds a number, or a ticked topping, takes no die later."""
    state = new_state(2, dice=[6, 1, 2, 6, 2, 1, 1, 1, 1, 1, 6, 5, 5, 6, 3])
    play(state, (0, "roll"), (0, "unlock blue"))
    play(state, (0, "red cube of blue"), (0, "left cream of blue"), (0, "yellow topping of blue"))
    state.apply(0, "done")
    idle(state, until_round=2)  # seat 1 rolls 1, 1, 1, 1, 1 and places nothing
    play(state, (0, "roll"), (0, "unlock blue"))  # blue 6, yellow 5, red 5, green 6, white 3
    legal = state.legal_actions(0)
    assert "red cube of blue" not in legal and "red topping of blue" in legal
    assert "yellow topping of blue" not in legal and "yellow cube of blue" in legal
    assert "left cream of blue" not in legal
    with pytest.raises(IllegalAction, match=r"red cube of blue is already filled \(it holds 2\)"):
        state.apply(0, "red cube of blue")
    with pytest.raises(IllegalAction, match="yellow topping of blue is already ticked"):
        state.apply(0, "yellow topping of blue")
    assert filled(state, 0)["red cube of blue"] == 2


def test_each_die_is_used_once() -> None:
    """A die placed (or put in a bowl) is gone: nothing else offers it."""
    state = new_state(2, dice=[6, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red topping of blue"))
    assert not [a for a in state.legal_actions(0) if a.startswith("red ")]
    assert "unlock blue" not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="blue die is already placed"):
        state.apply(0, "unlock blue")


def test_unlocking_and_unplaced_dice_are_forfeited() -> None:
    """`done` ends the placing: only placed dice were entered; the log names the forfeits."""
    state = new_state(2, dice=[5, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"), (0, "done"))
    assert filled(state, 0) == {"red cube of blue": 2}
    done = [e for e in state.view(0)["log"] if e["event"] == "done"]
    assert done[-1]["text"] == (
        "You ended the turn. Forfeited: blue 5, yellow 1, green 6, white 2."
    )


def test_the_placing_ends_by_itself_when_no_die_can_go_anywhere() -> None:
    """Once every die is used (or fits nowhere) the turn needs no `done`."""
    state = new_state(2, dice=[6, 1, 2, 3, 6])
    play(state, (0, "roll"), (0, "unlock blue"))
    play(state, (0, "yellow cube of blue"), (0, "red cube of blue"))
    assert state.legal_actions(0)[-1] == "done"  # the green 3 still fits (1 + 2 + 3 = 6)
    state.apply(0, "green cube of blue")  # the white 6 fits nowhere now
    assert 0 not in state.to_act
    assert filled(state, 0) == {
        "yellow cube of blue": 1,
        "red cube of blue": 2,
        "green cube of blue": 3,
    }


def test_done_is_always_possible_and_gives_up_the_whole_roll() -> None:
    state = new_state(2, dice=[6, 6, 6, 6, 6])
    play(state, (0, "roll"), (0, "done"))
    assert filled(state, 0) == {}
    assert state.to_act == (1,)  # nothing was placed: nobody may take a die
    assert state.legal_actions(1) == ("roll",)
