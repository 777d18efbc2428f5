"""The `random` bot: a uniform choice among the legal actions, for any game."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.registry import Bot, BotInfo, View, register_bot
from parlour.kernel import Action


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


register_bot(BotInfo("random", "a uniformly random legal action", RandomBot))
