"""Tally's determinizer: nothing is hidden, so the state is rebuilt from the view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.kernel import Rng, View
from tests.advice_game.events import Added
from tests.advice_game.state import TallyState

if TYPE_CHECKING:
    from tests.advice_game.game import Tally


def determinize(game: Tally, view: View, rng: Rng) -> TallyState:
    """Nothing is hidden: the state the view shows, its RNG seeded from `rng`."""
    seed = rng.seed()
    state = TallyState(game, Rng(seed), seed, ())
    state.tallies = list(view["scores"])
    for entry in view["log"]:
        state.events.append(Added(entry["seat"], entry["action"]))
    state.turns = len(state.events)
    return state
