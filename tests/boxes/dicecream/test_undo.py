"""Which Dicecream moves may be taken back (issue 31, item 11; `docs/rules/dicecream.md`):
exactly an unlock or a die placed in the seat's own turn (not the placement that left nothing
to place, which ended the turn); never the roll, a reroll, `done`, a pick or a bonus choice.
Taking one back leaves the dice rolled as they were."""

from __future__ import annotations

import random

import parlour
from parlour import UNDO
from parlour.boxes.dicecream.notation import PLACES, UNLOCKS


def test_exactly_unlocks_and_placements_are_taken_back() -> None:
    taken: set[str] = set()
    refused: set[str] = set()
    for seed in range(6):
        state = parlour.load("dicecream", 2 + seed % 3).new(seed)
        rnd = random.Random(seed)
        while not state.over:
            seat = rnd.choice(state.to_act)
            action = rnd.choice(state.legal_actions(seat))
            state.apply(seat, action)
            allowed = state.undo_refusal(seat) is None
            own_turn = state.to_act == (seat,)  # not a placement that left nothing to place
            assert allowed == (own_turn and (action in UNLOCKS or action in PLACES)), action
            (taken if allowed else refused).add(action.split()[0])
    assert taken == {"unlock", "blue", "yellow", "red", "green", "left", "right"}
    assert {"roll", "reroll", "done", "take", "pass"} <= refused


def test_taking_a_placement_back_keeps_the_dice_as_rolled() -> None:
    state = parlour.load("dicecream", 2).new(7)
    state.apply(0, "roll")
    rolled = state.view(1)["turn"]
    state.apply(0, next(a for a in state.legal_actions(0) if a in UNLOCKS))
    state.apply(0, UNDO)
    assert state.view(1)["turn"] == rolled
    assert state.record["actions"][-1] == [0, UNDO]
