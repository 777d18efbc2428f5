"""The `vendor` bot: Ice Cream's levels. Every candidate is played out to the end of the game
on the same sampled worlds and chance (common random numbers) by greedy play at every seat,
hundreds (`easy`) to tens of thousands (`expert`) of times a decision on the compiled model
(`fast.py`), and the budget is spent by successive halving as `flat`'s is. Ice Cream hides
little (a delivery a seat, the decks), so what decides a decision is the many ways the scoops
and draws may fall, which only many playouts average out: the Python playouts of `mcts` and
`flat` afford a few hundred.

`VendorAdvice` gives Ice Cream's hints by the same judgement (`Icecream.advice`).

Settings (the registry's `NAME:SETTINGS`): a level (`vendor:hard`), or `playouts=N` and
`worlds=N` after a level or alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from parlour.bots.advice import SampledAdvice, margin_worlds
from parlour.bots.mcts import LEVEL_NAMES
from parlour.bots.registry import Bot, BotFactory, BotInfo, View, register_bot
from parlour.bots.search import MARGIN
from parlour.boxes.icecream.bots import OTHERS_WEIGHT
from parlour.boxes.icecream.notation import ACTIONS
from parlour.boxes.icecream.state import IcecreamState
from parlour.i18n import N_
from parlour.kernel import Action, Game, OptionError, Rng, State


@dataclass(frozen=True)
class Settings:
    """A decision's budget: playouts in all, over this many sampled worlds."""

    playouts: int
    worlds: int


LEVELS = {
    "easy": Settings(playouts=300, worlds=4),
    "normal": Settings(playouts=4000, worlds=8),
    "hard": Settings(playouts=15000, worlds=16),
    "expert": Settings(playouts=45000, worlds=32),
}
"""Each level's budget, within its CPU limit at p99 (`docs/bots.md`)."""


class VendorBot(Bot):
    """Plays the candidate with the best mean reward left by successive halving."""

    name = "vendor"

    def __init__(self, seat: int, rng: Rng, settings: Settings) -> None:
        super().__init__(seat, rng)
        self.settings = settings
        self.game: Game | None = None

    def sit(self, game: Game) -> None:
        self.game = game

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        # Imported when a vendor plays: numba's compiler takes most of a second to load, and
        # every process that loads the box (the CLI, servers, their bot workers) would pay it.
        from parlour.boxes.icecream import fast

        if len(legal) == 1:
            return legal[0]
        if self.game is None:
            raise RuntimeError("vendor samples the game it plays: make it with the loaded game")
        settings = self.settings
        worlds = np.stack([self._world(view) for _ in range(settings.worlds)])
        alive = np.array([ACTIONS.index(action) for action in legal], dtype=np.int64)
        totals = np.zeros(len(alive))
        rounds = math.ceil(math.log2(len(alive)))
        for _ in range(rounds):
            reps = max(1, settings.playouts // (rounds * len(alive) * settings.worlds))
            seeds = np.array(
                [[self.rng.below(1 << 31) for _ in range(reps)] for _ in range(settings.worlds)],
                dtype=np.int64,
            )
            fast.rollouts(worlds, alive, self.seat, seeds, totals, MARGIN, OTHERS_WEIGHT)
            order = np.argsort(-totals, kind="stable")[: math.ceil(len(alive) / 2)]
            alive, totals = alive[order], totals[order]
        return ACTIONS[int(alive[0])]

    def _world(self, view: View) -> np.ndarray:
        assert self.game is not None
        world = self.game.determinize(view, self.rng)
        assert isinstance(world, IcecreamState)
        from parlour.boxes.icecream import fast  # see `choose`

        return fast.from_state(world)


_HELP = "use a level (" + ", ".join(LEVEL_NAMES) + "), playouts=N or worlds=N (above 0)"


def parse(settings: str) -> Settings:
    """The settings a name's text after `vendor:` gives (from `normal` unless it names a
    level), or `OptionError` naming the bad one."""
    chosen = LEVELS["normal"]
    for part in filter(None, settings.lower().split(":")):
        key, equals, text = part.partition("=")
        if not equals and key in LEVELS:
            chosen = LEVELS[key]
        elif key in ("playouts", "worlds") and text.isdecimal() and int(text) > 0:
            chosen = replace(chosen, **{key: int(text)})
        else:
            raise OptionError(f"vendor setting {part!r} is not allowed: {_HELP}")
    return chosen


ADVISED = Settings(playouts=12_000, worlds=16)
"""A hint's budget: about `vendor:hard`'s (see `docs/advice.md` for the time)."""


class VendorAdvice(SampledAdvice):
    """Hints by `vendor`'s judgement: every choice played out on the compiled model, greedy at
    every seat, on the same chance in worlds dealt from the seat's view; a choice's share of
    wins in each world is a sample of its chance to win."""

    version = f"vendor-1:{ADVISED.playouts}:{ADVISED.worlds}"

    def __init__(self, game: Game, settings: Settings = ADVISED) -> None:
        super().__init__(game)
        margin_worlds(settings.worlds)
        self.settings = settings

    def worlds(self, choices: int) -> int:
        return self.settings.worlds

    def values(self, world: State, seat: int, legal: Sequence[Action], rng: Rng) -> list[float]:
        from parlour.boxes.icecream import fast  # see `VendorBot.choose`

        assert isinstance(world, IcecreamState)
        reps = max(1, self.settings.playouts // (self.settings.worlds * len(legal)))
        moves = np.array([ACTIONS.index(action) for action in legal], dtype=np.int64)
        seeds = np.array([[rng.below(1 << 31) for _ in range(reps)]], dtype=np.int64)
        wins = np.zeros(len(legal))
        row = fast.from_state(world)[None]  # one world
        fast.rollouts(row, moves, seat, seeds, wins, 0.0, OTHERS_WEIGHT)  # 0: wins alone
        return [float(won) / reps for won in wins]


def configure(settings: str) -> BotFactory:
    """The factory for `vendor:SETTINGS` (`normal` when empty)."""
    chosen = parse(settings)
    return lambda seat, rng: VendorBot(seat, rng, chosen)


register_bot(
    BotInfo(
        "vendor",
        "plays every choice out to the end of the game thousands of times on sampled worlds "
        "(greedy play at every seat, on a compiled model of the rules), keeping the best by "
        "successive halving; levels easy, normal, hard, expert, or vendor:playouts=N:worlds=N",
        configure(""),
        game="icecream",
        configure=configure,
        levels=tuple(f"vendor:{level}" for level in LEVEL_NAMES),
        label=N_("Vendor"),
        about=N_("Plays every choice out to the end of the game, many times over."),
    )
)
