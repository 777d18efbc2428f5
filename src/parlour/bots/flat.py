"""The `flat` bot: flat Monte Carlo, the simple baseline a search must beat at equal time.

Every candidate is played out on the same sampled worlds (common random numbers: one deal
from `Game.determinize` and one playout seed shared by the candidates), with the game's
greedy playout policy, and the budget is spent by successive halving (Karnin, Koren and
Somekh, "Almost Optimal Exploration in Multi-Armed Bandits", ICML 2013): each round gives
the candidates left an equal share, then keeps the better half by mean reward.

Settings (the registry's `NAME:SETTINGS`): `playouts=N`, the decision's whole budget.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from parlour.bots.registry import Bot, BotFactory, BotInfo, View
from parlour.bots.search import Playout, play_out, rewards
from parlour.kernel import Action, Game, OptionError, Rng

PLAYOUTS = 200
"""The budget without settings."""


def parse(settings: str) -> int:
    """The playouts a name's text after `flat:` asks for, or `OptionError` naming it."""
    playouts = PLAYOUTS
    for part in filter(None, settings.lower().split(":")):
        key, _, text = part.partition("=")
        if key != "playouts" or not text.isdecimal() or int(text) < 1:
            raise OptionError(f"flat setting {part!r} is not allowed: use playouts=N (above 0)")
        playouts = int(text)
    return playouts


class FlatBot(Bot):
    """Plays the candidate with the best mean reward left by successive halving."""

    name = "flat"

    def __init__(self, seat: int, rng: Rng, playouts: int, playout: Playout) -> None:
        super().__init__(seat, rng)
        self.playouts = playouts
        self.playout = playout
        self.game: Game | None = None

    def sit(self, game: Game) -> None:
        self.game = game

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.game is None:
            raise RuntimeError("flat samples the game it plays: make it with the loaded game")
        alive = list(legal)
        total = dict.fromkeys(legal, 0.0)
        tried = dict.fromkeys(legal, 0)
        rounds = math.ceil(math.log2(len(legal)))
        for _ in range(rounds):
            for _ in range(max(1, self.playouts // (len(alive) * rounds))):
                world = self.game.determinize(view, self.rng)
                seed = self.rng.seed()
                for action in alive:
                    state = world.clone()
                    state.apply(self.seat, action)
                    play_out(state, self.playout, Rng(seed))
                    total[action] += rewards(state)[self.seat]
                    tried[action] += 1
            alive.sort(key=lambda action: total[action] / tried[action], reverse=True)
            alive = alive[: math.ceil(len(alive) / 2)]
        return alive[0]


def flat_bot(game: str, playout: Playout) -> BotInfo:
    """`flat` for `game`, whose greedy playout policy is `playout`, to register (unlisted: a
    yardstick for the arena, not an opponent menus offer)."""

    def configure(settings: str) -> BotFactory:
        playouts = parse(settings)
        return lambda seat, rng: FlatBot(seat, rng, playouts, playout)

    return BotInfo(
        "flat",
        "flat Monte Carlo: every choice played out with the game's greedy play on the same "
        "sampled worlds, the budget spent by successive halving; flat:playouts=N",
        configure(""),
        game=game,
        configure=configure,
        listed=False,
    )
