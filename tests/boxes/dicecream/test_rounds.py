"""The game's course: 5, 4 or 3 rounds for 2, 3 or 4 players; in each round every player has
one turn in seat order, seat 0 first (ruling); after each round two cards of the 10, 8 or 6
card stack are revealed; after the last two the game ends at once."""

from __future__ import annotations

import pytest

from .helpers import events, idle, idle_step, new_state


@pytest.mark.parametrize(("players", "rounds", "cards"), [(2, 5, 10), (3, 4, 8), (4, 3, 6)])
def test_rounds_and_stack_by_player_count(players: int, rounds: int, cards: int) -> None:
    state = new_state(players)
    start = state.view(None)
    assert (start["stack"], start["rounds"], start["round"]) == (cards, rounds, 1)
    assert len(state.stack) == cards and len(set(state.stack)) == cards
    idle(state)
    assert state.over
    rolls = [seat for seat, action in state.history if action == "roll"]
    assert rolls == list(range(players)) * rounds  # seat order, seat 0 first, every round
    assert len(events(state, "reveal")) == rounds
    assert state.stack == ()
    assert state.view(None)["round"] == rounds


def test_the_game_ends_right_after_the_last_bonus_cards() -> None:
    """With two players the last two of the ten cards are revealed after round 5; the last
    choice ends the game and nobody rolls again."""
    state = idle(new_state(2), until_round=5)
    while state.view(None)["phase"] != "bonus":
        idle_step(state)
    view = state.view(None)
    assert (view["round"], view["stack"], len(view["bonus_cards"])) == (5, 0, 2)
    for seat in state.to_act:
        state.apply(seat, "pass")
    assert state.over and state.to_act == ()
    assert state.legal_actions(0) == state.legal_actions(1) == ()
    assert state.view(0)["log"][-1]["event"] == "end"
