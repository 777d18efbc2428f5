"""Dicecream's playout policy for search bots (`mcts`) on a determinized state. Picks are
greedy's (`bots.pick`); placing, greedy's search over whole assignments costs a millisecond
a step, far too much for a playout, so the policy places one die at a time: the placement
that adds the most now (`bots.gain`), else, with no sundae unlocked yet, the unlock that
gives the largest budget, else `done`. Like greedy, it never spends a bean."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.mcts import Levels, Settings, offer_mcts
from parlour.boxes.dicecream.bots import Value, gain, pick
from parlour.boxes.dicecream.notation import DONE, PLACES, UNLOCKS
from parlour.boxes.dicecream.rules import Phase
from parlour.boxes.dicecream.state import DicecreamState
from parlour.kernel import Action, Rng, State


def playout(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The policy's action for `seat` in `state` (see the module's text)."""
    assert isinstance(state, DicecreamState)
    sheet, faces = state._sheets[seat], state._faces
    if state._phase is not Phase.PLACE:
        return pick(sheet, faces, legal)
    best: Action = DONE
    best_value: Value = (0, 0)
    unlock, budget = DONE, 0
    for action in legal:
        space = PLACES.get(action)
        if space is not None:
            value = gain(sheet, space, faces[space.colour])
            if value > best_value:
                best, best_value = action, value
        elif action in UNLOCKS and faces[UNLOCKS[action]] > budget:
            unlock, budget = action, faces[UNLOCKS[action]]
    if best != DONE or any(state._limit):
        return best
    return unlock


LEVELS: Levels = {
    "easy": Settings(iterations=25, bias=1.0),
    "normal": Settings(iterations=50, bias=1.0),
    "hard": Settings(iterations=450, bias=1.0),
    "expert": Settings(iterations=1500, bias=1.0),
}
"""mcts's budgets at each level, chosen by strength against greedy (see `docs/mcts.md`)."""

offer_mcts("dicecream", playout, LEVELS, listed=False)  # menus offer `planner` (`planner.py`)
