"""The `random` bot: a uniform choice among the legal actions, for any game."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.registry import Bot, BotInfo, View, register_bot
from parlour.i18n import N_
from parlour.kernel import Action


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


register_bot(
    BotInfo(
        "random",
        "a uniformly random legal action",
        RandomBot,
        label=N_("Random"),
        about=N_("Makes any allowed move, at random."),
    )
)
