"""The bot registry: any game (or every game) can add bots; runners make them by name.

A bot sees only what its seat sees: the seat's view and its legal actions, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from parlour.i18n import N_, _
from parlour.kernel import Action, Game, OptionError, Rng
from parlour.kernel import View as View
from parlour.kernel.registry import game_class


class Bot:
    """A player program for one seat. Subclasses implement `choose`."""

    name = "bot"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of `legal`, chosen from what the seat sees."""
        raise NotImplementedError

    def judge(self, view: View, legal: Sequence[Action]) -> list[float] | None:
        """What each of `legal` is worth to the seat as this bot judges it (higher is better;
        the scale is the bot's own), or `None` for a bot that only chooses. Learners distil
        a judge's values (`parlour export --label`, `parlour imitate --target values`)."""
        return None

    def sit(self, game: Game) -> None:
        """Learn the game being played (its players and options) before the first decision:
        views do not repeat the options, and a bot that searches (`Game.determinize`) needs
        them. `make_bot` calls it when given the loaded game; most bots need nothing."""

    reaction = 1.0
    """Seconds taken to decide when several seats may act at once (see `think_time`)."""

    def think_time(self, view: View, legal: Sequence[Action]) -> float:
        """Seconds this bot takes to decide; runners order the actions of seats acting at once
        by it. The default: instant on its own turn, `reaction` seconds when several seats
        may act (every view lists `to_act`), so that a person can win a race."""
        return self.reaction if len(view.get("to_act", ())) > 1 else 0.0


BotFactory = Callable[[int, Rng], Bot]

LEVEL_WORDS: Mapping[str, str] = {
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
"""Players' words for the levels most bots offer (the word after the colon of a level's name)."""


@dataclass(frozen=True)
class BotInfo:
    """A registered bot: its name, what it does, and which game it plays (`None`: any)."""

    name: str
    description: str
    factory: BotFactory
    game: str | None = None
    prepare: Callable[[dict[str, Any]], None] | None = None
    """Called once with the game's options before games start (e.g. to build a table)."""
    configure: Callable[[str], BotFactory] | None = None
    """For a bot that takes settings: the factory for the name `NAME:SETTINGS` given the text
    after the colon (e.g. `counter:expert`, `counter:speed=2:error=0.05`); it raises
    `OptionError` naming a bad setting. `None`: the bot takes no settings."""
    default: bool = False
    """The game's default bot: it fills seats and stands in for absent people (one a game)."""
    levels: tuple[str, ...] = ()
    """Names of this bot at each level it offers, weakest first, each `NAME:WORD` (e.g.
    `counter:child`, `mcts:hard`): menus show players' word for it (`level_word`), runners
    get the name."""
    listed: bool = True
    """Offered by menus and listings; False for another name of a bot a menu offers already
    (a level's alias, e.g. `counter-child`): accepted wherever a bot is named, not offered."""
    needs_settings: bool = False
    """A bot that plays only as `NAME:SETTINGS` (`policy:path=FILE`): its bare name is refused
    and never offered (a front end offers its levels alone)."""
    label: str = ""
    """The bot's name for players (marked `N_`; "Perfect play"), which menus and seats show;
    runners, the API and the terminal keep `name`. Empty: `name`."""
    about: str = ""
    """What the bot does, in players' words (marked `N_`), for menus; empty: `description`."""
    level_words: Mapping[str, str] = field(default_factory=lambda: LEVEL_WORDS, compare=False)
    """Players' word for each of its levels, by the word after the colon (marked `N_`)."""

    def level_word(self, name: str) -> str:
        """Players' word for the level `name` (`mcts:hard` is "Hard"), in the language of the
        moment; the registry's word where it has none."""
        word = name.partition(":")[2]
        return _(self.level_words[word]) if word in self.level_words else word

    def seat_label(self, name: str) -> str:
        """How a seat played by this bot as `name` is named for players: its label, and its
        level when `name` names one ("Planner (Hard)")."""
        label = _(self.label) if self.label else self.name
        if name.partition(":")[2] not in self.level_words:
            return label
        return _("{bot} ({level})").format(bot=label, level=self.level_word(name))


_BOTS: dict[tuple[str | None, str], BotInfo] = {}


def register_bot(info: BotInfo) -> None:
    """Add a bot; a game's own bot shadows a game-agnostic one of the same name. A game has
    one default bot at most (`ValueError` otherwise)."""
    if info.default:
        for (game, name), other in _BOTS.items():
            if game == info.game and name != info.name and other.default:
                raise ValueError(f"{game} has a default bot already: {name}, not {info.name}")
    _BOTS[(info.game, info.name)] = info


def bots_for(game: str) -> list[BotInfo]:
    """The bots that can play `game`: its own first, then the game-agnostic ones."""
    game_class(game)  # loads the built-in games (and their bots); refuses an unknown game
    own = [info for (g, _), info in _BOTS.items() if g == game]
    names = {info.name for info in own}
    return own + [info for (g, n), info in _BOTS.items() if g is None and n not in names]


def default_bot(game: str) -> str:
    """The bot that fills seats and stands in for absent people: the one `game` declares its
    default, else its first own bot, else the first that plays any game (never one that
    needs settings to play)."""
    bots = [bot for bot in bots_for(game) if not bot.needs_settings]
    return next((bot.name for bot in bots if bot.default), bots[0].name)


def easiest_bot(game: str) -> str:
    """The weakest level `game` offers, for a learner's first real game: the first level of
    its first bot with levels, else its default bot."""
    levels = next((bot.levels for bot in bots_for(game) if bot.levels and bot.listed), ())
    return levels[0] if levels else default_bot(game)


def offered_bots(game: str) -> set[str]:
    """Every bot name a front end offers for `game`: its bots and each of their levels."""
    return {
        name
        for bot in bots_for(game)
        for name in ((*bot.levels,) if bot.needs_settings else (bot.name, *bot.levels))
    }


def level_label(name: str) -> str:
    """How a menu names a bot's level in words: the text after the colon of its name
    (`mcts:hard` is "hard", `counter:child` is "child")."""
    return name.partition(":")[2]


def describe_bots(game: str) -> dict[str, Any]:
    """`game`'s listed bots for listings (`parlour games --json`, `/api/games`): each with
    what it does (in the language of the moment; `label` and `about` in players' words) and its
    levels (registry name and players' word), and the default."""
    return {
        "bots": [
            {
                "name": bot.name,
                "label": _(bot.label) if bot.label else bot.name,
                "description": _(bot.description),
                "about": _(bot.about or bot.description),
                "levels": [{"name": name, "label": bot.level_word(name)} for name in bot.levels],
            }
            for bot in bots_for(game)
            if bot.listed
        ],
        "default_bot": default_bot(game),
    }


def bot_label(game: str, name: str) -> str:
    """How players read the name of a seat's bot `name` (`mcts:hard`): its label and level
    (`BotInfo.seat_label`); a name no bot of `game` has (one stored before it went) as it is."""
    base = name.partition(":")[0]
    info = next((info for info in bots_for(game) if info.name == base), None)
    return info.seat_label(name) if info is not None else name


def bot_info(game: str, name: str) -> BotInfo:
    """The registered bot `name` for `game`, or `OptionError` listing its bots. A name may
    carry settings after a colon (`counter:expert`) for a bot that takes them: the settings
    are checked here and the info returned makes the bot so configured."""
    base, colon, settings = name.partition(":")
    for info in bots_for(game):
        if info.name == base:
            if not colon:
                if info.needs_settings:
                    raise OptionError(f"the {base} bot needs settings: {base}:SETTINGS")
                return info
            if info.configure is None:
                raise OptionError(f"the {base} bot takes no settings, not {settings!r}")
            return replace(info, name=name, factory=info.configure(settings))
    known = ", ".join(info.name for info in bots_for(game))
    raise OptionError(f"{game} has no bot {base!r}; its bots are: {known}")


def make_bot(game: str | Game, name: str, seat: int, seed: int) -> Bot:
    """A bot called `name` for `seat` of `game`, with its own RNG seeded by `seed`. Runners
    pass the loaded game, which the bot is seated at (`Bot.sit`); a game's name will do for
    bots that need no options (a search bot then refuses to choose)."""
    if isinstance(game, str):
        return bot_info(game, name).factory(seat, Rng(seed))
    bot = bot_info(game.name, name).factory(seat, Rng(seed))
    bot.sit(game)
    return bot
