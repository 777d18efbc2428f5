"""What a player may type: `state.parse_action` turns short forms (`k`, `x`, `n`, a cone's
number alone, `c3`, `s2`) and unambiguous prefixes into the canonical action, and refuses what
is ambiguous, unknown or not legal now with IllegalAction saying why."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.icecream.notation import normalise

from .helpers import BR, CC, CH, P, S, Shoe, V, keep_all, new_game, play
from .scenarios import DAN, JOE, rulebook_serving


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("k", "keep"),
        (" KEEP ", "keep"),
        ("x", "discard"),
        ("3", "3"),
        ("#3", "3"),
        ("c3", "cone 3"),
        ("c 3", "cone 3"),
        ("on 3", "cone 3"),
        ("cone 03", "cone 3"),
        ("s2", "serve 2"),
        ("serve   2", "serve 2"),
        ("nc", "new cone"),
        ("new", "new cone"),
        ("dr", "draw"),
        ("hello there", "hello there"),
    ],
)
def test_normalise(text: str, action: str) -> None:
    assert normalise(text) == action


@pytest.mark.parametrize(("text", "action"), [("k", "keep"), ("x", "discard"), ("d", "discard")])
def test_deliveries(text: str, action: str) -> None:
    assert new_game(3).parse_action(0, text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [("1", "cone 1"), ("c2", "cone 2"), ("cone 2", "cone 2"), ("n", "new cone")],
)
def test_placing(text: str, action: str) -> None:
    shoe = Shoe().ice(S, V, P).ice(BR, V, CH).scoops(P, CC, CH)
    state = play(keep_all(new_game(3, shoe)), "new cone", "new cone")
    assert state.parse_action(2, text) == action


def test_placing_refusals() -> None:
    shoe = Shoe().ice(S, V, P).ice(BR, V, CH).scoops(P, CC, CH)
    state = play(keep_all(new_game(3, shoe)), "new cone", "new cone")
    with pytest.raises(IllegalAction, match="'c' could mean cone 1, cone 2; say which"):
        state.parse_action(2, "c")
    with pytest.raises(IllegalAction, match="there is no cone 4: the cones are 1, 2"):
        state.parse_action(2, "4")
    with pytest.raises(IllegalAction, match="not now: the players are making cones"):
        state.parse_action(2, "s1")
    with pytest.raises(IllegalAction, match="seat 0 may not act now"):
        state.parse_action(0, "1")


def test_serving() -> None:
    state = rulebook_serving()
    assert state.parse_action(DAN, "1") == "serve 1"
    assert state.parse_action(DAN, "s2") == "serve 2"
    with pytest.raises(IllegalAction, match="you can serve cone 1 or 2 exactly"):
        state.parse_action(DAN, "3")
    state.apply(DAN, "serve 1")
    assert state.parse_action(JOE, "d") == "draw"
    assert state.parse_action(JOE, "2") == "serve 2"
    with pytest.raises(IllegalAction, match="there is no cone 1 to serve: the cones are 2, 3"):
        state.parse_action(JOE, "1")
