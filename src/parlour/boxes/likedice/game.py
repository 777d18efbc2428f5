"""Like Dice as a kernel game: its metadata and options (level, Kidz Dice targets, the time a
challenge allows, a cap on the challenges), its views' type, its refusals' words, its
determinizer, its actions and its length bound."""

from __future__ import annotations

from parlour.boxes.likedice import determinize, views, words
from parlour.boxes.likedice.components import LEVEL_WORDS, MAX_PLAYERS, MIN_PLAYERS, TARGET, Level
from parlour.boxes.likedice.encoding import encoding
from parlour.boxes.likedice.howto import HOW_TO_PLAY
from parlour.boxes.likedice.notation import ALL_ACTIONS, TAKES
from parlour.boxes.likedice.state import LikeDiceState
from parlour.boxes.likedice.tutorial import TUTORIAL
from parlour.i18n import N_, _
from parlour.kernel import (
    Action,
    Advice,
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
            "Which challenge cards are played: beginner (the 20 colour cards), intermediate "
            "(5 white dice cards more) or advanced (5 colour sequences more: all 30)."
        ),
        choices=tuple(level.key for level in Level),
        label=N_("Level"),
        value_labels=LEVEL_WORDS,
    ),
    Option(
        "targets",
        OptionType.INTEGER,
        _targets,
        N_(
            "How many cards each player's own display needs to end the game (Kidz Dice: "
            "fewer for children, say 10 for an adult and 5 for a child)."
        ),
        minimum=1,
        maximum=TARGET,
        is_list=True,
        length=lambda players: players,
        length_text=N_("one per seat"),
        per_seat=True,
        label=N_("Cards to collect"),
    ),
    Option(
        "time_limit",
        OptionType.INTEGER,
        60,
        N_("How long a challenge lasts before the answers are checked; 0 for no time limit."),
        label=N_("Seconds a challenge"),
        minimum=0,
        maximum=3600,
    ),
    Option(
        "max_challenges",
        OptionType.INTEGER,
        0,
        N_(
            "The game ends after this many challenges, ranked as when the dice run out; 0 "
            "for no limit."
        ),
        label=N_("Most challenges"),
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

    def action_words(self, view: View, seat: int, action: Action) -> str:
        """A card taken by its dice and place (hints and reviews show it); the rest as typed."""
        take = view["take"]
        chosen = (
            [choice for choice in take["choices"] if choice["action"] == action] if take else []
        )
        if not chosen:
            return action
        return _("take {card} (place {place})").format(
            card=chosen[0]["card"]["key"], place=TAKES[action] + 1
        )

    def advice(self) -> Advice:
        """Which card a winner takes, valued by the challenges it expects to win after (an
        answer is never hinted), and a review of a seat's speed and accuracy."""
        from parlour.boxes.likedice.coach import CoachAdvice

        return CoachAdvice(self)

    def length_bound(self) -> int | None:
        """With `max_challenges` set, each challenge takes at most an answer (or pass) of
        every player, or the table's timeout, and a take; else the rules set no bound."""
        limit = int(self.options["max_challenges"])  # type: ignore[arg-type]
        return limit * (self.players + 1) if limit else None
