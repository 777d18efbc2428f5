"""The `pimc` bot for two-player Dokitto! Ice: perfect-information Monte Carlo, as bridge and
Skat programs play. It deals worlds that agree with its view (the game's determinizer), solves
the rest of the round exactly in each (`solver`), and plays the choice of the best mean value.

`PimcAdvice` gives two-player hints by the same judgement (`Dokitto.advice`).

Settings (the registry's `NAME:SETTINGS`): a level (`pimc:hard`), `worlds=N` and `infer=X`
(inference from play: worlds are weighted by how well they explain the opponent's choices of
this round, each taken as a near-best play in that world).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from parlour.bots.advice import SampledAdvice, margin_worlds
from parlour.bots.registry import Bot, BotFactory, BotInfo, View, register_bot
from parlour.boxes.dokitto.determinize import determinize
from parlour.boxes.dokitto.game import Dokitto
from parlour.boxes.dokitto.notation import CARD_OF_PLAY, FLAVOUR_OF_TAKE
from parlour.boxes.dokitto.state import DokittoState
from parlour.kernel import Action, Game, OptionError, Rng, State

if TYPE_CHECKING:
    from parlour.boxes.dokitto.solver import Solver


@dataclass(frozen=True)
class Settings:
    """How many worlds a decision solves, and how sharply it reads the opponent's choices
    (`infer`, 0: not at all): a world in which the opponent's plays this round cost it
    `regret` in total, each against its best in that world, weighs `exp(-infer * regret)`."""

    worlds: int
    infer: float = 0.0


LEVELS = {
    "easy": Settings(1),
    "normal": Settings(6),
    "hard": Settings(40),
    "expert": Settings(120),
}
"""The settings at each level (see `docs/bots.md` for strength and time)."""


@cache
def shared_solver() -> Solver:
    """The process's one solver: its table (about 12 MB) is shared by every `pimc` seat, each
    decision searching under a generation of its own. Imported here: numba's compiler, which
    the solver needs, takes most of a second to load, and every process that loads the box
    (the CLI, servers, their bot workers) would pay it without ever playing `pimc`."""
    from parlour.boxes.dokitto.solver import Solver

    return Solver()


def parse(settings: str) -> Settings:
    """The settings a name's text after `pimc:` asks for (a level, `worlds=N`, `infer=X`;
    `normal` when empty), or `OptionError` naming the bad setting."""
    chosen = LEVELS["normal"]
    for part in filter(None, settings.lower().split(":")):
        key, _, text = part.partition("=")
        if key in LEVELS and not text:
            chosen = LEVELS[key]
        elif key == "worlds" and text.isdecimal() and int(text) > 0:
            chosen = replace(chosen, worlds=int(text))
        elif key == "infer" and is_number(text) and 0 <= float(text) < float("inf"):
            chosen = replace(chosen, infer=float(text))
        else:
            levels = ", ".join(LEVELS)
            raise OptionError(
                f"pimc setting {part!r} is not allowed: use {levels}, worlds=N (above 0) or "
                "infer=X (0 or more)"
            )
    return chosen


def is_number(text: str) -> bool:
    """Whether `text` is a decimal number."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def values(solver: Solver, state: DokittoState, legal: Sequence[Action]) -> list[float]:
    """The exact value of each of `legal` for the seat to act in the world `state`."""
    from parlour.boxes.dokitto.solver import Position, local_card  # see `shared_solver`

    position = Position.of(state)
    local = {flavour: index for index, flavour in enumerate(position.flavours)}
    if position.choosing:
        choices = [local[FLAVOUR_OF_TAKE[action]] for action in legal]
    else:
        choices = [local_card(CARD_OF_PLAY[action], local) for action in legal]
    return solver.values_of(position, choices)


class PimcBot(Bot):
    """Averages, over worlds dealt to agree with its view (weighted by how well they explain
    the opponent's choices, with `infer`), each choice's exact value in that world; plays the
    best (the first of equals, in the legal order)."""

    name = "pimc"

    def __init__(self, seat: int, rng: Rng, settings: Settings) -> None:
        super().__init__(seat, rng)
        self.settings = settings
        self.game: Dokitto | None = None

    def sit(self, game: Game) -> None:
        """Keep the game; refuse any but two players (the solver's search is two-sided)."""
        if game.players != 2:
            raise OptionError(f"pimc plays two-player Dokitto! Ice, not {game.players} players")
        assert isinstance(game, Dokitto)
        self.game = game

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        totals, _ = self._weighed(view, legal)
        return legal[max(range(len(legal)), key=totals.__getitem__)]

    def judge(self, view: View, legal: Sequence[Action]) -> list[float]:
        """Each choice's mean value over the worlds (weighted, with `infer`): the seat's
        chance to win less the opponent's, as the solver values a round."""
        totals, weight = self._weighed(view, legal)
        return [total / weight for total in totals]

    def _weighed(self, view: View, legal: Sequence[Action]) -> tuple[list[float], float]:
        """Each choice's value summed over the worlds, each world weighted; and the weights'
        sum."""
        if self.game is None:
            raise RuntimeError("pimc searches the game it plays: make it with the loaded game")
        solver = shared_solver()
        infer = self.settings.infer
        regret = [0.0]

        def watch(state: DokittoState, seat: int, action: Action) -> None:
            """Add what the opponent's choice cost it in this world."""
            options = state.legal_actions(seat)
            if seat != self.seat and len(options) > 1:
                valued = values(solver, state, options)
                regret[0] += max(valued) - valued[options.index(action)]

        totals, weights = [0.0] * len(legal), 0.0
        for _ in range(self.settings.worlds):
            regret[0] = 0.0
            state = determinize(self.game, view, self.rng, watch if infer else None)
            weight = math.exp(-infer * regret[0])
            weights += weight
            for index, value in enumerate(values(solver, state, legal)):
                totals[index] += weight * value
        return totals, weights


WORLDS_ADVISED = 120
"""Worlds a hint solves: as many as `pimc:expert` does (see `docs/advice.md` for the time)."""


class PimcAdvice(SampledAdvice):
    """Hints at two players by `pimc`'s judgement: each choice's exact value in worlds dealt
    from the seat's view, averaged; a value (the seat's chance to win less the opponent's) is
    told as a chance to win, `(1 + value) / 2`."""

    version = f"pimc-1:{WORLDS_ADVISED}"

    def __init__(self, game: Dokitto, worlds: int = WORLDS_ADVISED) -> None:
        super().__init__(game)
        self.count = margin_worlds(worlds)

    def worlds(self, choices: int) -> int:
        return self.count

    def values(self, world: State, seat: int, legal: Sequence[Action], rng: Rng) -> list[float]:
        assert isinstance(world, DokittoState)
        return [(1 + value) / 2 for value in values(shared_solver(), world, legal)]


def configure(settings: str) -> BotFactory:
    """The factory for `pimc:SETTINGS`."""
    chosen = parse(settings)
    return lambda seat, rng: PimcBot(seat, rng, chosen)


register_bot(
    BotInfo(
        "pimc",
        "two players: deals worlds that fit what it has seen and solves the rest of the "
        "round exactly in each (perfect-information Monte Carlo); levels easy, normal, hard, "
        "expert, or pimc:worlds=N:infer=X",
        configure(""),
        game="dokitto",
        configure=configure,
        levels=tuple(f"pimc:{level}" for level in LEVELS),
        listed=False,
    )
)
