"""Tiny Duel's playout policy for search bots (`mcts`): `high`'s play, the highest card, which
costs nothing on a determinized state; and `mcts` at its levels, for the registries."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.mcts import Levels, Settings, mcts_bot
from parlour.kernel import Action, Rng, State


def playout(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The highest card (legal actions come in card order)."""
    return legal[-1]


LEVELS: Levels = {
    "easy": Settings(iterations=2),
    "normal": Settings(iterations=10),
    "hard": Settings(iterations=50),
    "expert": Settings(iterations=200),
}
"""mcts's budgets at each level: a game of three rounds needs little search."""

MCTS = mcts_bot("tiny", playout, LEVELS)
"""Registered with the game by the `tiny_game` fixture (a box calls `offer_mcts` on import)."""
