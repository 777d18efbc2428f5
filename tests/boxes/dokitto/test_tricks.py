"""Tricks: the first player leads any card; the others follow clockwise and must play the led
flavour if they can, else any card. All one flavour: the highest number wins. Mixed: the
lowest number wins, whatever its flavour, and of equal lowest numbers the last one played.
The winner leads the next trick."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.dokitto.views import TrickView

from ...helpers import snapshot
from .helpers import Deal, cone, events, new_state, play

GMV = ("grape", "matcha", "vanilla")


def plays(cards: list[str]) -> set[str]:
    return {f"play {card}" for card in cards}


def test_the_leader_may_play_any_card() -> None:
    hand = ["grape 5", "grape 9", "matcha 1", "matcha 13", "vanilla 2", "vanilla 7"]
    state = new_state(GMV, Deal([hand, []]))
    assert state.to_act == (0,)
    assert set(state.legal_actions(0)) == plays(hand)
    assert state.legal_actions(1) == ()


def test_a_follower_must_play_the_led_flavour_if_it_can() -> None:
    follower = ["grape 2", "grape 11", "matcha 3", "matcha 4", "vanilla 5", "vanilla 6"]
    state = new_state(GMV, Deal([["grape 7"], follower]))
    play(state, "grape 7")
    assert state.to_act == (1,)
    assert set(state.legal_actions(1)) == plays(["grape 2", "grape 11"])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="you hold grape, the flavour led, so you must play"):
        state.apply(1, "play matcha 3")
    assert snapshot(state) == before


def test_a_follower_without_the_led_flavour_may_play_any_card() -> None:
    follower = ["matcha 3", "matcha 4", "matcha 5", "vanilla 5", "vanilla 6", "vanilla 8"]
    state = new_state(GMV, Deal([["grape 7"], follower]))
    play(state, "grape 7")
    assert set(state.legal_actions(1)) == plays(follower)


def test_the_others_follow_clockwise() -> None:
    state = new_state(GMV, Deal([["grape 7"], ["grape 2"], ["grape 3"]]))
    play(state, "grape 7")
    assert state.to_act == (1,)
    play(state, "grape 2")
    assert state.to_act == (2,)
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        state.apply(1, "play grape 3")


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["grape 5", "grape 12", "grape 9"], 1),
        (["grape 13", "grape 1", "grape 2"], 0),
        (["grape 1", "grape 2", "grape 3"], 2),
    ],
)
def test_all_one_flavour_the_highest_wins(cards: list[str], winner: int) -> None:
    state = new_state(GMV, Deal([[card] for card in cards]))
    play(state, *cards)
    assert events(state, "won")[0]["seat"] == winner
    assert cone(state, winner) == ["grape*"]  # the top grape tile (the star is on top here)
    assert state.to_act == (winner,)  # the winner leads the next trick
    trick: TrickView = {"number": 2, "leader": winner, "led": None, "plays": [], "winner": None}
    assert state.view(None)["trick"] == trick


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["grape 5", "matcha 3", "grape 9"], 1),  # the lowest, of another flavour
        (["grape 2", "matcha 3", "vanilla 13"], 0),  # the lowest is the led card
        (["grape 13", "grape 12", "matcha 11"], 2),  # the card that broke the flavour
        (["grape 3", "matcha 3", "vanilla 7"], 1),  # equal lowest: the later one
        (["grape 2", "matcha 2", "vanilla 2"], 2),  # three equal: the last one
        (["grape 2", "matcha 9", "vanilla 2"], 2),
    ],
)
def test_mixed_flavours_the_lowest_wins_and_the_later_of_equals(
    cards: list[str], winner: int
) -> None:
    lacks = {seat: ("grape",) for seat in (1, 2)}  # free to play any card on a grape lead
    state = new_state(GMV, Deal([[card] for card in cards], lacks=lacks))
    play(state, *cards)
    won = events(state, "won")[0]
    assert won["seat"] == winner
    assert "mixed flavours: the lowest wins" in won["text"]


def test_the_trick_winner_leads_the_next_trick() -> None:
    state = new_state(
        GMV,
        Deal([["grape 5", "matcha 2"], ["grape 12", "matcha 7"], ["grape 9", "matcha 1"]]),
    )
    play(state, "grape 5", "grape 12", "grape 9")
    assert state.to_act == (1,)
    play(state, "matcha 7", "matcha 1", "matcha 2")
    assert events(state, "won")[1]["seat"] == 1
    assert [entry["seat"] for entry in events(state, "play")] == [0, 1, 2, 1, 2, 0]
