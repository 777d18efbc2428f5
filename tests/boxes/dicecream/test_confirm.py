"""The question before ending a turn (issue 31, item 11): asked exactly when a die of the roll
could still be placed (or unlock a sundae), since ending the turn loses it; never for another
action, another seat or a spectator."""

from __future__ import annotations

import random

import parlour


def placeable(view: parlour.View) -> int:
    """The unused dice of the roll that some legal move of the seat still uses."""
    turn, moves = view["turn"], view["moves"]
    return sum(1 for d in turn["dice"] if d["use"] == "unused" and moves.get(d["colour"]))


def test_ending_the_turn_asks_exactly_while_a_die_could_still_be_placed() -> None:
    asked = 0
    for seed in range(12):
        state = parlour.load("dicecream", 2).new(seed)
        rnd = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if "done" in legal:
                view = state.view(seat)
                question = state.game.confirm(view, "done")
                left = placeable(view)
                assert (question is not None) == (left > 0)
                if question is not None:
                    assert question.startswith("End your turn?") and f" {left} di" in question
                    asked += 1
                nothing_to_place = {**view, "moves": {}}  # no die fits any space any more
                assert state.game.confirm(nothing_to_place, "done") is None
                assert state.game.confirm(state.view(None), "done") is None
                assert all(state.game.confirm(view, a) is None for a in legal if a != "done")
            state.apply(seat, rnd.choice(legal))
    assert asked
