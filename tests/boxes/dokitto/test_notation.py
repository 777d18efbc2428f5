"""What a player may type: `state.parse_action` turns short forms (flavour initials, a card
as flavour and number in either order, a bare number or flavour where it means one legal
action) and unambiguous prefixes into the canonical action, and refuses the rest."""

from __future__ import annotations

import pytest

from parlour import IllegalAction

from .helpers import Deal, new_state, play

GMV = ("grape", "matcha", "vanilla")
HAND = ["grape 7", "grape 12", "matcha 7", "vanilla 1", "vanilla 10", "vanilla 13"]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play grape 7", "play grape 7"),
        ("g7", "play grape 7"),
        ("G 7", "play grape 7"),
        ("7g", "play grape 7"),
        ("grape 12", "play grape 12"),
        ("gr12", "play grape 12"),
        ("p m7", "play matcha 7"),
        ("macha 7", "play matcha 7"),
        ("v13", "play vanilla 13"),
        ("1", "play vanilla 1"),  # the only 1
        ("13", "play vanilla 13"),
        ("m", "play matcha 7"),  # the only matcha
        ("play vanilla 1", "play vanilla 1"),
    ],
)
def test_cards(text: str, action: str) -> None:
    state = new_state(GMV, Deal([HAND, []]))
    assert state.parse_action(0, text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7", "could mean play matcha 7, play grape 7; say which"),
        ("g", "could mean play grape 7, play grape 12; say which"),
        ("g8", "grape 8 is not in your hand"),
        ("s7", "strawberry is not in play in this game"),
        ("nonsense", "'nonsense' is not a legal action now"),
        ("take grape", "there is no tile to choose now: play a card"),
    ],
)
def test_what_is_refused(text: str, message: str) -> None:
    state = new_state(GMV, Deal([HAND, []]))
    with pytest.raises(IllegalAction, match=message):
        state.parse_action(0, text)


def test_a_follower_may_name_just_the_number() -> None:
    state = new_state(GMV, Deal([["grape 5"], ["grape 2", "grape 9"]], lacks={1: ("grape",)}))
    play(state, "grape 5")
    assert state.parse_action(1, "9") == "play grape 9"
    assert state.parse_action(1, "g2") == "play grape 2"
    with pytest.raises(IllegalAction, match="you hold grape, the flavour led"):
        state.parse_action(1, state.view(1)["hand"][0].join(["play ", ""]))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("take grape", "take grape"),
        ("t g", "take grape"),
        ("tg", "take grape"),
        ("m", "take matcha"),
    ],
)
def test_choosing_a_tile(text: str, action: str) -> None:
    state = new_state(GMV, Deal([["grape 8"], ["matcha 3"], ["grape 10"]], lacks={1: ("grape",)}))
    play(state, "grape 8", "matcha 3", "grape 10")
    assert state.parse_action(1, text) == action
    with pytest.raises(IllegalAction, match="no vanilla card was played"):
        state.parse_action(1, "tv")
