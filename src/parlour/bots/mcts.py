"""The `mcts` bot: information-set Monte Carlo tree search (see `bots.search`) for any game
that offers it. A game offers it with `offer_mcts`, giving its state-level playout policy.

Settings (the registry's `NAME:SETTINGS`): a level (`mcts:hard`), or `iterations=N`,
`seconds=T`, `c=X` (UCB exploration), `bias=X` (toward the game's default bot's choice at the
root) and `policy=greedy|random`, after a level or alone (`mcts:iterations=400:c=0.7:
policy=random`, `mcts:seconds=0.5`). Design and measurements: `docs/mcts.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from parlour.bots.flat import flat_bot
from parlour.bots.registry import (
    Bot,
    BotFactory,
    BotInfo,
    View,
    default_bot,
    make_bot,
    register_bot,
)
from parlour.bots.search import Leaf, Playout, Search, random_playout
from parlour.i18n import N_
from parlour.kernel import Action, Game, OptionError, Rng, State


@dataclass(frozen=True)
class Settings:
    """How hard the bot searches: an iteration budget (reproducible) or a time budget
    (`seconds`, which wins when set), the UCB constant and the playout policy."""

    iterations: int | None
    seconds: float | None = None
    c: float = 0.7
    policy: str = "greedy"
    bias: float = 0.0
    """Progressive bias toward the game's default bot's choice at the root (0: none)."""


Dealer = Callable[[Game, View, int, Rng], Callable[[Rng], State]]
"""For one decision of a seat (its view), what deals each iteration's world: a search that
reads more than the view proves (inference from play) weighs the worlds it deals."""

LEVEL_NAMES = ("easy", "normal", "hard", "expert")
"""The levels every game that offers mcts defines, weakest first."""
Levels = dict[str, Settings]
"""A game's settings for each level: its budgets differ, since a playout's cost and what an
iteration buys differ from game to game (chosen by strength, see `docs/bots.md`)."""

POLICIES = ("greedy", "random")

_HELP = (
    "use a level (" + ", ".join(LEVEL_NAMES) + "), iterations=N (a whole number above 0), "
    "seconds=T (above 0), c=X (0 or more), bias=X (0 or more) or policy=" + "|".join(POLICIES)
)


def parse(settings: str, levels: Levels) -> Settings:
    """The settings a name's text after `mcts:` gives (from the `normal` level of `levels`
    unless it names another), or `OptionError` naming the bad one."""
    chosen = levels["normal"]
    for part in filter(None, settings.lower().split(":")):
        key, equals, text = part.partition("=")
        try:
            if not equals and key in levels:
                chosen = levels[key]
                continue
            if key == "iterations" and int(text) > 0:
                chosen = replace(chosen, iterations=int(text), seconds=None)
                continue
            if key == "seconds" and 0 < float(text) < float("inf"):
                chosen = replace(chosen, seconds=float(text), iterations=None)
                continue
            if key == "c" and 0 <= float(text) < float("inf"):
                chosen = replace(chosen, c=float(text))
                continue
            if key == "bias" and 0 <= float(text) < float("inf"):
                chosen = replace(chosen, bias=float(text))
                continue
            if key == "policy" and text in POLICIES:
                chosen = replace(chosen, policy=text)
                continue
        except ValueError:
            pass
        raise OptionError(f"mcts setting {part!r} is not allowed: {_HELP}")
    return chosen


class MctsBot(Bot):
    """Searches a tree of the seat's possible futures from its view alone, playing each
    determinization out with the game's policy; plays the most visited action."""

    name = "mcts"

    def __init__(
        self,
        seat: int,
        rng: Rng,
        settings: Settings,
        greedy: Playout,
        leaf: Leaf | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        super().__init__(seat, rng)
        self.settings = settings
        self.playout = greedy if settings.policy == "greedy" else random_playout
        self.leaf = leaf
        self.dealer = dealer
        self.game: Game | None = None
        self.advisor: Bot | None = None

    def sit(self, game: Game) -> None:
        """Keep the game, and with `bias` its default bot as the root's advisor (unless
        that is mcts itself)."""
        self.game = game
        advisor = default_bot(game.name)
        if self.settings.bias and advisor != self.name:
            self.advisor = make_bot(game, advisor, self.seat, self.rng.seed())

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.game is None:
            raise RuntimeError("mcts searches the game it plays: make it with the loaded game")
        settings = self.settings
        prior = None if self.advisor is None else self.advisor.choose(view, legal)
        search = Search(
            self.game,
            view,
            self.seat,
            self.rng,
            settings.c,
            self.playout,
            prior,
            settings.bias,
            self.leaf,
            None if self.dealer is None else self.dealer(self.game, view, self.seat, self.rng),
        )
        search.run(settings.iterations, settings.seconds)
        return search.best(legal)


def mcts_bot(game: str, playout: Playout, levels: Levels, listed: bool = True) -> BotInfo:
    """`mcts` for `game`, whose greedy playout policy is `playout`, at `levels` (one for each
    of `LEVEL_NAMES`), to register; offered by menus if `listed`."""
    assert tuple(levels) == LEVEL_NAMES, f"{game}'s mcts levels are {tuple(levels)}"

    def configure(settings: str) -> BotFactory:
        chosen = parse(settings, levels)
        return lambda seat, rng: MctsBot(seat, rng, chosen, playout)

    return BotInfo(
        "mcts",
        "searches the game's possible futures (information-set Monte Carlo tree search, "
        "the game's greedy play in the playouts); levels easy, normal, hard, expert, or "
        "settings such as mcts:iterations=400:c=0.7:bias=1:policy=random or "
        "mcts:seconds=0.5",
        configure(""),
        game=game,
        configure=configure,
        levels=tuple(f"mcts:{level}" for level in LEVEL_NAMES),
        listed=listed,
        label=N_("Searcher"),
        about=N_("Tries out many possible futures of the game before each move."),
    )


def offer_mcts(game: str, playout: Playout, levels: Levels, listed: bool = True) -> None:
    """Offer `mcts` for `game` (see `mcts_bot`; unlisted where `listed` is False, as when the
    game's menus offer a stronger bot's levels), and the flat Monte Carlo baseline `flat`
    (unlisted) on the same playout policy: a box calls it on import."""
    register_bot(mcts_bot(game, playout, levels, listed))
    register_bot(flat_bot(game, playout))
