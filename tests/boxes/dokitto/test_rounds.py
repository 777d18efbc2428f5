"""Rounds: seat 0 plays first in the first round; a player who must take a fourth tile ends
the round at once and scores nothing in it, the others score as usual; otherwise the round
ends when the hands are empty. Each tile and Topping token is a point; totals add up round by
round; the game ends after a round in which someone reaches 10, and ties share the victory.
Who plays first in later rounds: `next_round_leader` = rotate or last_winner."""

from __future__ import annotations

import pytest

from .helpers import Deal, cone, events, new_state, play

GMV = ("grape", "matcha", "vanilla")

BUST = Deal(
    [
        ["matcha 1", "grape 13", "grape 12", "grape 11", "grape 10", "vanilla 1"],
        ["matcha 2", "grape 1", "grape 2", "grape 3", "grape 4", "vanilla 2"],
    ]
)
"""Seat 1 wins the first trick (the starred matcha tile); seat 0 then wins four grape tricks
in a row and must take a fourth tile in the fifth, with a card still in each hand."""

EVEN = Deal(
    [
        ["grape 13", "grape 12", "grape 11", "matcha 1", "matcha 2", "matcha 3"],
        ["grape 1", "grape 2", "grape 3", "matcha 13", "matcha 12", "matcha 11"],
    ]
)
"""Seat 0 leads its three high grapes and wins them; then seat 1 wins three matcha tricks:
4 points each (three tiles and a star) when the hands are empty."""
EVEN_PLAY = (
    "grape 13",
    "grape 1",
    "grape 12",
    "grape 2",
    "grape 11",
    "grape 3",
    "matcha 1",
    "matcha 13",
    "matcha 12",
    "matcha 2",
    "matcha 11",
    "matcha 3",
)
SWAPPED = Deal(list(reversed(EVEN.hands)))
"""EVEN with the hands swapped: led by seat 1, the same plays give the same points. Led by
seat 0 (LATE_PLAY), seat 1 wins the three grape tricks and seat 0 the three matcha ones, the
last trick included."""
LATE_PLAY = (
    "grape 1",
    "grape 13",
    "grape 12",
    "grape 2",
    "grape 11",
    "grape 3",
    "matcha 1",
    "matcha 13",
    "matcha 12",
    "matcha 2",
    "matcha 11",
    "matcha 3",
)


def test_seat_0_plays_first_in_the_first_round() -> None:
    state = new_state(GMV, EVEN)
    assert state.to_act == (0,) and state.view(None)["first"] == 0


def test_the_fourth_tile_ends_the_round_and_scores_nothing_for_that_player_only() -> None:
    state = new_state(GMV, BUST)
    play(state, "matcha 1", "matcha 2")
    play(state, "grape 1", "grape 13", "grape 12", "grape 2", "grape 11", "grape 3")
    assert cone(state, 0) == ["grape*", "grape", "grape"] and cone(state, 1) == ["matcha*"]
    assert state.view(None)["cones"][0]["points"] == 4
    play(state, "grape 10", "grape 4")
    view = state.view(None)
    assert view["last_round"] == {"round": 1, "points": [0, 2], "busted": 0}
    assert view["scores"] == [0, 2]
    assert view["round"] == 2  # at once: the vanillas were never played
    assert not [e for e in events(state, "play") if e["card"].startswith("vanilla")]
    assert [e["text"] for e in events(state, "bust", viewer=0)] == [
        "You had to take a fourth tile: the round ends, and you score nothing in it."
    ]
    assert events(state, "score", viewer=1)[0]["text"] == (
        "Round 1 scores: Seat 1 +0 (fourth tile) = 0, You +2 = 2."
    )
    assert view["hand_sizes"] == [6, 6] and view["cones"] == [
        {"seat": 0, "tiles": [], "toppings": [], "points": 0},
        {"seat": 1, "tiles": [], "toppings": [], "points": 0},
    ]


def test_the_round_ends_when_the_hands_are_empty() -> None:
    state = new_state(GMV, EVEN)
    play(state, *EVEN_PLAY[:-1])
    assert state.view(None)["round"] == 1 and state.view(None)["hand_sizes"] == [1, 0]
    play(state, EVEN_PLAY[-1])
    view = state.view(None)
    assert view["last_round"] == {"round": 1, "points": [4, 4], "busted": None}
    assert view["round"] == 2 and view["scores"] == [4, 4]


def test_totals_add_up_and_the_game_ends_after_the_round_reaching_10() -> None:
    """4 + 4 + 4 points each: 8 after two rounds goes on, 12 after the third ends the game;
    both have the most points and share the victory."""
    state = new_state(GMV, EVEN, SWAPPED, EVEN)
    play(state, *EVEN_PLAY)
    assert state.scores == (4, 4) and state.to_act == (1,)  # rotate: seat 1 leads round 2
    play(state, *EVEN_PLAY)
    assert state.scores == (8, 8) and not state.over and state.to_act == (0,)
    play(state, *EVEN_PLAY)
    assert state.scores == (12, 12)
    assert state.over and state.winners == (0, 1) and state.to_act == ()
    assert state.legal_actions(0) == state.legal_actions(1) == ()
    view = state.view(0)
    assert view["over"] and view["winners"] == [0, 1] and view["phase"] == "over"
    assert view["log"][-1]["text"] == "Game over: You and Seat 2 win with 12 points."


@pytest.mark.parametrize(("rule", "first"), [("rotate", 1), ("last_winner", 0)])
def test_who_leads_the_next_round(rule: str, first: int) -> None:
    """After the bust round: rotate passes the lead to seat 1; last_winner gives it to the
    winner of the last trick, the seat that had to take its fourth tile."""
    state = new_state(GMV, BUST, next_round_leader=rule)
    play(state, "matcha 1", "matcha 2")
    play(state, "grape 1", "grape 13", "grape 12", "grape 2", "grape 11", "grape 3")
    play(state, "grape 10", "grape 4")
    assert state.view(None)["first"] == first and state.to_act == (first,)
    assert events(state, "round")[-1]["seat"] == first


@pytest.mark.parametrize(("rule", "first"), [("rotate", 1), ("last_winner", 0)])
def test_who_leads_after_a_round_that_ends_with_empty_hands(rule: str, first: int) -> None:
    """Seat 0 leads round 1 and wins its last trick."""
    state = new_state(GMV, SWAPPED, next_round_leader=rule)
    play(state, *LATE_PLAY)
    assert state.view(None)["last_round"] == {"round": 1, "points": [4, 4], "busted": None}
    assert [entry["seat"] for entry in events(state, "round")] == [0, first]
    assert state.to_act == (first,)


def test_max_rounds_ends_the_game_after_that_round_below_10() -> None:
    """With `max_rounds=2` the game ends after round 2's scoring at 8 points each (ties share
    the victory); without a cap the same deals go on to a third round."""
    capped = new_state(GMV, EVEN, SWAPPED, max_rounds=2)
    play(capped, *EVEN_PLAY, *EVEN_PLAY)
    assert capped.over and capped.scores == (8, 8) and capped.winners == (0, 1)
    assert capped.view(None)["log"][-1]["event"] == "end"
    free = new_state(GMV, EVEN, SWAPPED)
    play(free, *EVEN_PLAY, *EVEN_PLAY)
    assert not free.over and free.view(None)["round"] == 3


def test_reaching_10_ends_a_capped_game_before_its_cap() -> None:
    state = new_state(GMV, EVEN, SWAPPED, EVEN, max_rounds=5)
    play(state, *EVEN_PLAY, *EVEN_PLAY, *EVEN_PLAY)
    assert state.over and state.scores == (12, 12) and state.view(None)["round"] == 3
