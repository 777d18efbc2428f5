"""What a player may type for Dicecream actions: `state.parse_action` turns short forms (colour
initials, `rcb` for the red cube of blue, a space alone for the phase's action that fills it)
and unambiguous prefixes into the canonical action, and refuses what is ambiguous, unknown or
not legal now with IllegalAction."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.dicecream import DicecreamState

from .helpers import new_state, play


def placing() -> DicecreamState:
    """Seat 0 has rolled blue 6, yellow 1, red 2, green 6, white 3 and unlocked blue."""
    return play(new_state(3, dice=[6, 1, 2, 6, 3]), (0, "roll"), (0, "unlock blue"))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("r", "roll"),
        ("ROLL", "roll"),
        ("  roll ", "roll"),
    ],
)
def test_roll(text: str, action: str) -> None:
    assert new_state(2).parse_action(0, text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("rr rw", "reroll red,white"),
        ("reroll w r", "reroll red,white"),
        ("reroll white, red", "reroll red,white"),
        ("reroll red,white", "reroll red,white"),
        ("rr bygrw", "reroll blue,yellow,red,green,white"),
        ("ug", "unlock green"),
        ("u g", "unlock green"),
        ("unlock GREEN", "unlock green"),
        ("d", "done"),
    ],
)
def test_rerolls_unlocks_and_done(text: str, action: str) -> None:
    state = play(new_state(2, dice=[6, 1, 2, 6, 3]), (0, "roll"))
    assert state.parse_action(0, text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("rcb", "red cube of blue"),
        ("r c b", "red cube of blue"),
        ("red cube blue", "red cube of blue"),
        ("Red Cube of Blue", "red cube of blue"),
        ("rtb", "red topping of blue"),
        ("red top b", "red topping of blue"),
        ("wb", "left cream of blue"),  # the white 3 fits only the left space
        ("cream of blue", "left cream of blue"),
        ("white b", "left cream of blue"),
        ("left b", "left cream of blue"),
        ("place ytb", "yellow topping of blue"),
    ],
)
def test_placements(text: str, action: str) -> None:
    assert placing().parse_action(0, text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("rcg", "take red cube of green"),
        ("t rcg", "take red cube of green"),
        ("take red cube of green", "take red cube of green"),
        ("wr", "take left cream of red"),
        ("p", "pass"),
    ],
)
def test_takes(text: str, action: str) -> None:
    state = placing()
    play(state, (0, "red cube of blue"), (0, "left cream of blue"), (0, "done"))
    assert state.parse_action(1, text) == action


def test_bonus_by_space() -> None:
    """A space alone, or `bonus` and the space, stands for the bonus action that fills it."""
    state = new_state(2, dice=[1] * 10, stack=["red-cube-4", "right-cream-4"])
    play(state, (0, "roll"), (0, "done"), (1, "roll"), (1, "done"))
    assert state.parse_action(0, "rcb") == "bonus 4 in red cube of blue"
    assert state.parse_action(0, "bonus rcb") == "bonus 4 in red cube of blue"
    assert state.parse_action(0, "bonus 4 in red cube of blue") == "bonus 4 in red cube of blue"
    assert state.parse_action(0, "wg") == "bonus 4 in right cream of green"


def test_refusals() -> None:
    """Not legal now, unknown, or ambiguous: IllegalAction saying why."""
    state = placing()
    state.apply(0, "red cube of blue")
    with pytest.raises(IllegalAction, match="would add up to 8, more than its unlocking die"):
        state.parse_action(0, "gtb")
    with pytest.raises(IllegalAction, match="not unlocked"):
        state.parse_action(0, "rcy")
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.parse_action(0, "eat the sundae")
    with pytest.raises(IllegalAction, match="could mean"):
        state.parse_action(0, "unlock")
    with pytest.raises(IllegalAction, match="not now: the active player places dice"):
        state.parse_action(0, "take rcg")
