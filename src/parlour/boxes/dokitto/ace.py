"""The `ace` bot, the levels Dokitto! Ice's menus offer: at each level, the strongest search
for the table's size. Two players get `pimc` (worlds solved exactly, see `docs/pimc.md`);
three or more get `mcts`, which `pimc`'s two-sided solver cannot replace yet.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.mcts import LEVEL_NAMES
from parlour.bots.registry import Bot, BotFactory, BotInfo, View, make_bot, register_bot
from parlour.i18n import N_
from parlour.kernel import Action, Game, OptionError, Rng


def engine(level: str, players: int) -> str:
    """The registry name that plays `level` at a table of `players`."""
    return f"pimc:{level}" if players == 2 else f"mcts:{level}"


class AceBot(Bot):
    """Plays as `engine(level, players)` does, chosen once it is seated."""

    name = "ace"

    def __init__(self, seat: int, rng: Rng, level: str) -> None:
        super().__init__(seat, rng)
        self.level = level
        self.inner: Bot | None = None

    def sit(self, game: Game) -> None:
        self.inner = make_bot(game, engine(self.level, game.players), self.seat, self.rng.seed())

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if self.inner is None:
            raise RuntimeError("ace plays by the table's size: make it with the loaded game")
        return self.inner.choose(view, legal)


def configure(settings: str) -> BotFactory:
    """The factory for `ace:LEVEL` (`normal` when empty)."""
    level = settings.lower() or "normal"
    if level not in LEVEL_NAMES:
        raise OptionError(f"ace setting {settings!r} is not allowed: use {', '.join(LEVEL_NAMES)}")
    return lambda seat, rng: AceBot(seat, rng, level)


register_bot(
    BotInfo(
        "ace",
        "the strongest search for the table at each level: at two players it deals the hidden "
        "cards many ways and solves the rest of the round exactly in each (pimc), at more it "
        "searches the game's possible futures (mcts)",
        configure(""),
        game="dokitto",
        configure=configure,
        levels=tuple(f"ace:{level}" for level in LEVEL_NAMES),
        label=N_("Ace"),
        about=N_("Thinks through the cards the others may hold."),
    )
)
