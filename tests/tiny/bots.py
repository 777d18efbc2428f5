"""Tiny Duel's own bot: `high` plays its highest card (the game-agnostic `random` plays too)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.registry import Bot, BotInfo, View
from parlour.kernel import Action


class HighBot(Bot):
    """Plays its highest card; quick to decide even when both seats choose at once."""

    name = "high"
    reaction = 0.05

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[-1]  # legal actions come in card order


HIGH = BotInfo(
    "high", "plays its highest card", HighBot, game="tiny", default=True, label="Highest card"
)
"""Registered with the game by the `tiny_game` fixture (a box calls `register_bot` on import)."""
