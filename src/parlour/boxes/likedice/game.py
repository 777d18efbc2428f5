"""Like Dice as a kernel game: its metadata and options (level, Kidz Dice targets, the time a
challenge allows, a cap on the challenges), its views' type, its refusals' words, its
determinizer, its actions and its length bound."""

from __future__ import annotations

from parlour.boxes.likedice import determinize, views, words
from parlour.boxes.likedice.components import MAX_PLAYERS, MIN_PLAYERS, TARGET, Level
from parlour.boxes.likedice.encoding import encoding
from parlour.boxes.likedice.howto import HOW_TO_PLAY
from parlour.boxes.likedice.notation import ALL_ACTIONS
from parlour.boxes.likedice.state import LikeDiceState
from parlour.boxes.likedice.tutorial import TUTORIAL
from parlour.i18n import N_
from parlour.kernel import (
    Action,
    Balance,
    Comparison,
    Concurrency,
    Configuration,
    Encoding,
    Game,
    GameInfo,
    Option,
    OptionType,
    Rng,
    View,
    register,
)
from parlour.kernel.options import Value

MOST_CHALLENGES = 10_000
"""The highest value of the option `max_challenges` (far beyond any game played to its end)."""


def _targets(players: int) -> Value:
    return [TARGET] * players


OPTIONS = (
    Option(
        "level",
        OptionType.CHOICE,
        Level.BEGINNER.key,
        N_(
            "which challenge cards are played: beginner (20 colour cards), intermediate (+5 "
            "white dice cards) or advanced (+5 colour sequences: all 30)"
        ),
        choices=tuple(level.key for level in Level),
    ),
    Option(
        "targets",
        OptionType.INTEGER,
        _targets,
        N_(
            "cards each player's own display needs to end the game, one per seat (Kidz Dice: "
            "e.g. 10,5,5 for an adult and two children)"
        ),
        minimum=1,
        maximum=TARGET,
        is_list=True,
        length=lambda players: players,
        length_text=N_("one per seat"),
    ),
    Option(
        "time_limit",
        OptionType.INTEGER,
        60,
        N_(
            "seconds a challenge allows before the table checks the answers given (a project "
            "ruling for play at a screen); 0 means untimed"
        ),
        minimum=0,
        maximum=3600,
    ),
    Option(
        "max_challenges",
        OptionType.INTEGER,
        0,
        N_(
            "challenges after which the game ends, ranked as when the dice deck runs out (a "
            "project ruling: the rules set no bound, since answers can be wrong forever); 0 "
            "means no limit"
        ),
        minimum=0,
        maximum=MOST_CHALLENGES,
    ),
)


# No hard bound: a random answer is right 1 time in 102, and a game ends by the 25th card won
# at the latest (when the dice deck is empty). With targets 10 random play takes 1,500 to
# 2,400 actions on average (at most about 4,000 in 150 games a configuration); in 10,000
# actions some 95 challenges are won on average, so needing more has a chance of about 1e-18
# (Poisson tail). Low Kidz targets keep the other set-ups short (the end by the empty dice
# deck is tested in tests/boxes/likedice).
CONFIGURATIONS = (
    Configuration(2, {"level": "beginner"}, 10_000),
    Configuration(3, {"level": "intermediate", "targets": [4, 4, 4]}, 10_000),
    Configuration(4, {"level": "advanced", "time_limit": 0, "targets": [3, 3, 3, 3]}, 10_000),
    Configuration(5, {"level": "intermediate", "targets": [10, 5, 5, 3, 1]}, 10_000),
    Configuration(6, {"level": "advanced", "targets": [10, 10, 5, 5, 3, 2]}, 10_000),
    Configuration(3, {"level": "advanced", "max_challenges": 40}, 160),
)


@register
class LikeDice(Game):
    """Like Dice (Adlung Spiele): everyone counts the same dice at once; fastest right wins."""

    info = GameInfo(
        name="likedice",
        title="Like Dice",
        summary=N_(
            "A real-time counting race: a challenge card names dice to add up over the "
            "common display and your own; the first right answer takes a card."
        ),
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=OPTIONS,
        rulebook="docs/rules/likedice.md",
        hidden_information=True,
        configurations=CONFIGURATIONS,
        balance=Balance(players=2, bot="counter:expert", compare=(Comparison("level"),)),
        how_to_play=HOW_TO_PLAY,
        tutorial=TUTORIAL,
    )
    reason_texts = words.REASON_TEXTS
    view_type = views.LikeDiceView

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> LikeDiceState:
        return LikeDiceState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> LikeDiceState:
        return determinize.determinize(self, view, rng)

    def encoding(self) -> Encoding:
        """The challenge and every display, the viewer's first (`encoding.py`)."""
        return encoding(self.players)

    def all_actions(self) -> tuple[Action, ...]:
        """`answer 0` .. `answer 99`, `pass`, then `take 1` .. `take 3` (by common place)."""
        return ALL_ACTIONS

    def concurrency(self) -> Concurrency:
        """Everyone answers a challenge at once and the first right answer takes it."""
        return Concurrency.RACE

    def length_bound(self) -> int | None:
        """With `max_challenges` set, each challenge takes at most an answer (or pass) of
        every player, or the table's timeout, and a take; else the rules set no bound."""
        limit = int(self.options["max_challenges"])  # type: ignore[arg-type]
        return limit * (self.players + 1) if limit else None
