"""The `pimc` bot for two-player Dokitto! Ice: perfect-information Monte Carlo, as bridge and
Skat programs play. It deals worlds that agree with its view (the game's determinizer), solves
the rest of the round exactly in each (`solver`), and plays the choice of the best mean value.

Settings (the registry's `NAME:SETTINGS`): a level (`pimc:hard`) or `worlds=N`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from parlour.bots.registry import Bot, BotFactory, BotInfo, View, register_bot
from parlour.boxes.dokitto.notation import CARD_OF_PLAY, FLAVOUR_OF_TAKE
from parlour.boxes.dokitto.solver import Position, Solver, local_card
from parlour.boxes.dokitto.state import DokittoState
from parlour.kernel import Action, Game, OptionError, Rng

LEVELS = {"easy": 1, "normal": 6, "hard": 40, "expert": 120}
"""Worlds solved per decision at each level (see `docs/bots.md` for strength and time)."""


@cache
def shared_solver() -> Solver:
    """The process's one solver: its table (about 12 MB) is shared by every `pimc` seat, each
    decision searching under a generation of its own."""
    return Solver()


def parse(settings: str) -> int:
    """The worlds a name's text after `pimc:` asks for (a level or `worlds=N`; `normal` when
    empty), or `OptionError` naming the bad setting."""
    worlds = LEVELS["normal"]
    for part in filter(None, settings.lower().split(":")):
        key, _, text = part.partition("=")
        if key in LEVELS and not text:
            worlds = LEVELS[key]
        elif key == "worlds" and text.isdecimal() and int(text) > 0:
            worlds = int(text)
        else:
            levels = ", ".join(LEVELS)
            raise OptionError(f"pimc setting {part!r} is not allowed: use {levels} or worlds=N")
    return worlds


class PimcBot(Bot):
    """Averages, over `worlds` deals consistent with its view, each choice's exact value in
    that deal; plays the best (the first of equals, in the legal order)."""

    name = "pimc"

    def __init__(self, seat: int, rng: Rng, worlds: int) -> None:
        super().__init__(seat, rng)
        self.worlds = worlds
        self.game: Game | None = None

    def sit(self, game: Game) -> None:
        """Keep the game; refuse any but two players (the solver's search is two-sided)."""
        if game.players != 2:
            raise OptionError(f"pimc plays two-player Dokitto! Ice, not {game.players} players")
        self.game = game

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.game is None:
            raise RuntimeError("pimc searches the game it plays: make it with the loaded game")
        solver = shared_solver()
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            state = self.game.determinize(view, self.rng)
            assert isinstance(state, DokittoState)
            position = Position.of(state)
            local = {flavour: index for index, flavour in enumerate(position.flavours)}
            if position.choosing:
                choices = [local[FLAVOUR_OF_TAKE[action]] for action in legal]
            else:
                choices = [local_card(CARD_OF_PLAY[action], local) for action in legal]
            for index, value in enumerate(solver.values_of(position, choices)):
                totals[index] += value
        return legal[max(range(len(legal)), key=totals.__getitem__)]


def configure(settings: str) -> BotFactory:
    """The factory for `pimc:SETTINGS`."""
    worlds = parse(settings)
    return lambda seat, rng: PimcBot(seat, rng, worlds)


register_bot(
    BotInfo(
        "pimc",
        "two players: deals worlds that fit what it has seen and solves the rest of the "
        "round exactly in each (perfect-information Monte Carlo); levels easy, normal, hard, "
        "expert, or pimc:worlds=N",
        configure(""),
        game="dokitto",
        configure=configure,
        levels=tuple(f"pimc:{level}" for level in LEVELS),
        listed=False,
    )
)
