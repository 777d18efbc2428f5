"""Simulated races (`bots.match.play_match`): answers apply in the order of the bots' thinking
times; each challenge's clock counts from its reveal; after a timeout play goes on, and a
decision made for a challenge that has ended is never applied to the next."""

from __future__ import annotations

import parlour
from parlour.bots import make_bot
from parlour.bots.match import play_match
from parlour.boxes.likedice import LikeDiceState


def answers_by_challenge(state: LikeDiceState) -> list[list[int]]:
    """For each challenge, the seats that answered, in calling order."""
    challenges: list[list[int]] = []
    for entry in state.view(None)["log"]:
        if entry["event"] == "challenge":
            challenges.append([])
        elif entry["event"] == "answer":
            challenges[-1].append(entry["seat"])
    return challenges


def test_answers_apply_in_the_order_of_thinking_times() -> None:
    """An expert (seat 1) calls out before a child (seat 0) in every challenge."""
    state = parlour.load("likedice", 2, time_limit=0).new(3)
    assert isinstance(state, LikeDiceState)
    bots = [
        make_bot("likedice", "counter-child", 0, 1),
        make_bot("likedice", "counter-expert", 1, 2),
    ]
    play_match(state, bots)
    assert state.over
    assert all(order == [1, 0] for order in answers_by_challenge(state))


def test_timeouts_restart_the_clock_and_play_goes_on() -> None:
    """With one second a challenge, the random bot (which takes a second) is always timed out
    while a fast counter answers in time and wins nine challenges. Each challenge gets its own
    second, the game goes on to its end, and the random bot's stale decisions are never
    applied to a later challenge."""
    state = parlour.load("likedice", 2, time_limit=1).new(5)
    assert isinstance(state, LikeDiceState)
    bots = [
        make_bot("likedice", "counter:speed=10:error=0", 0, 1),
        make_bot("likedice", "random", 1, 2),
    ]
    play_match(state, bots)
    assert state.over and state.winners == (0,)
    challenges = answers_by_challenge(state)
    assert len(challenges) == 9 and all(order == [0] for order in challenges)
    timeouts = [action for seat, action in state.history if seat is None]
    assert len(timeouts) == len(challenges)  # each challenge ended by the table
    _, revealing = state.history[state.clock_since - 1]  # revealed the last challenge
    assert revealing == "timeout" or revealing.startswith("take")


def test_the_clock_of_other_games_counts_from_the_start() -> None:
    state = parlour.load("dicetime", 1, mode="puzzle").new(1)
    assert state.clock_since == 0
