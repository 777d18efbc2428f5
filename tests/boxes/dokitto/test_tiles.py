"""Ice tiles: after a trick of one flavour the winner takes the top tile of that flavour;
after a mixed trick the top tile of any flavour played in it, their choice (a decision only
when there is a real choice); if no tile is left in the flavours allowed, the top tile of any
stack that still has one. A starred tile brings that flavour's Topping token."""

from __future__ import annotations

import pytest

from parlour import IllegalAction

from ...helpers import snapshot
from .helpers import Deal, cone, events, new_state, play

GMV = ("grape", "matcha", "vanilla")


def test_one_flavour_the_winner_takes_that_flavours_top_tile() -> None:
    state = new_state(GMV, Deal([["matcha 4"], ["matcha 9"]], stars={"matcha": 1}))
    play(state, "matcha 4", "matcha 9")
    assert cone(state, 1) == ["matcha"]
    assert state.view(None)["stacks"] == {"matcha": 2, "grape": 3, "vanilla": 3}
    assert state.to_act == (1,) and state.view(None)["phase"] == "play"  # no choice to make


def test_mixed_the_winner_chooses_among_the_flavours_played() -> None:
    state = new_state(GMV, Deal([["grape 8"], ["matcha 3"], ["grape 10"]], lacks={1: ("grape",)}))
    play(state, "grape 8", "matcha 3", "grape 10")
    view = state.view(None)
    assert state.to_act == (1,) and view["phase"] == "take"
    assert state.legal_actions(1) == ("take matcha", "take grape")  # vanilla was not played
    assert view["tile_choice"] == ["matcha", "grape"]
    assert view["trick"]["winner"] == 1
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="no vanilla card was played in this trick"):
        state.apply(1, "take vanilla")
    with pytest.raises(IllegalAction, match="take a tile first"):
        state.apply(1, state.view(1)["hand"][0].join(["play ", ""]))
    assert snapshot(state) == before
    state.apply(1, "take grape")
    assert cone(state, 1) == ["grape*"]
    assert state.to_act == (1,) and state.view(None)["phase"] == "play"


def test_mixed_with_one_played_flavour_left_there_is_no_choice() -> None:
    """The matcha stack is emptied; then a mixed grape and matcha trick leaves only grape to
    take from, so its winner takes it without being asked."""
    hands = [
        ["matcha 13", "matcha 12", "matcha 3", "matcha 4"],
        ["matcha 1", "matcha 2", "matcha 11", "grape 9"],
    ]
    state = new_state(GMV, Deal(hands, lacks={0: ("grape",)}))
    play(state, "matcha 13", "matcha 1", "matcha 12", "matcha 2", "matcha 3", "matcha 11")
    assert cone(state, 0) == ["matcha*", "matcha"] and cone(state, 1) == ["matcha"]
    play(state, "grape 9", "matcha 4")  # seat 0 lacks grape; the lowest (4) wins
    assert cone(state, 0) == ["matcha*", "matcha", "grape*"]
    assert state.to_act == (0,) and state.view(None)["phase"] == "play"


def test_fallback_when_the_led_flavours_stack_is_empty() -> None:
    """The grape stack is emptied in three grape tricks; a fourth all-grape trick's winner
    may take the top tile of any stack that still has one."""
    hands = [
        ["grape 1", "grape 13", "grape 3", "grape 9", "matcha 5", "vanilla 5"],
        ["grape 12", "grape 2", "grape 11", "grape 4", "matcha 6", "vanilla 6"],
    ]
    state = new_state(GMV, Deal(hands, stars={"grape": 2}))
    play(state, "grape 1", "grape 12", "grape 2", "grape 13", "grape 3", "grape 11")
    assert cone(state, 0) == ["grape"] and cone(state, 1) == ["grape", "grape*"]
    play(state, "grape 4", "grape 9")
    assert state.to_act == (0,)
    assert state.legal_actions(0) == ("take matcha", "take vanilla")
    with pytest.raises(IllegalAction, match="no grape tile is left"):
        state.apply(0, "take grape")
    with pytest.raises(IllegalAction, match="chocolate is not in play"):
        state.apply(0, "take chocolate")
    state.apply(0, "take vanilla")
    assert cone(state, 0) == ["grape", "vanilla*"]


def test_fallback_after_a_mixed_trick_whose_flavours_are_empty() -> None:
    """Three players empty the grape and matcha stacks (two tiles each); then a mixed grape
    and matcha trick's winner takes from vanilla, the only stack left."""
    hands = [
        ["grape 13", "grape 3", "grape 6", "matcha 1", "matcha 12", "matcha 5", "grape 8"],
        ["grape 1", "grape 12", "grape 5", "matcha 2", "matcha 4", "matcha 11", "grape 7"],
        ["grape 2", "grape 4", "grape 11", "matcha 13", "matcha 3", "matcha 6", "matcha 8"],
    ]
    lacks = {0: ("grape", "matcha"), 1: ("grape", "matcha"), 2: ("grape",)}
    state = new_state(GMV, Deal(hands, lacks=lacks))
    play(state, "grape 13", "grape 1", "grape 2")  # seat 0 wins
    play(state, "grape 3", "grape 12", "grape 4")  # seat 1
    play(state, "grape 5", "grape 11", "grape 6")  # seat 2
    play(state, "matcha 13", "matcha 1", "matcha 2")  # seat 2
    play(state, "matcha 3", "matcha 12", "matcha 4")  # seat 0
    play(state, "matcha 5", "matcha 11", "matcha 6")  # seat 1
    assert state.view(None)["stacks"] == {"matcha": 0, "grape": 0, "vanilla": 3}
    play(state, "grape 7", "matcha 8", "grape 8")  # mixed: seat 1's 7 wins
    assert cone(state, 1) == ["grape", "matcha", "vanilla*"]
    assert state.to_act == (1,) and state.view(None)["phase"] == "play"


def test_a_starred_tile_brings_its_flavours_topping_token() -> None:
    """The grape star is the second tile from the top: the first grape tile taken is plain,
    the second brings the grape Topping token, worth a point more."""
    state = new_state(
        GMV, Deal([["grape 13", "grape 12"], ["grape 1", "grape 2"]], stars={"grape": 1})
    )
    assert state.stacks["grape"] == (False, True, False)
    play(state, "grape 13", "grape 1")
    view = state.view(None)
    assert cone(state, 0) == ["grape"] and view["cones"][0]["points"] == 1
    assert "grape" in view["toppings"] and state.stacks["grape"] == (True, False)
    play(state, "grape 12", "grape 2")
    view = state.view(None)
    assert cone(state, 0) == ["grape", "grape*"]
    assert view["cones"][0]["toppings"] == ["grape"] and view["cones"][0]["points"] == 3
    assert "grape" not in view["toppings"]
    took = events(state, "take", viewer=0)[-1]["text"]
    assert took == "You took the starred grape tile and the grape Topping token."
