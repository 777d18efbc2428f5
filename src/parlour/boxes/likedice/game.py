"""Like Dice as a kernel game: its metadata and options (level, Kidz Dice targets, the time a
challenge allows)."""

from __future__ import annotations

from parlour.boxes.likedice.components import MAX_PLAYERS, MIN_PLAYERS, TARGET, Level
from parlour.boxes.likedice.state import LikeDiceState
from parlour.kernel import Game, GameInfo, Option, OptionType, Rng, register
from parlour.kernel.options import Value


def _targets(players: int) -> Value:
    return [TARGET] * players


OPTIONS = (
    Option(
        "level",
        OptionType.CHOICE,
        Level.BEGINNER.key,
        "which challenge cards are played: beginner (20 colour cards), intermediate (+5 white "
        "dice cards) or advanced (+5 colour sequences: all 30)",
        choices=tuple(level.key for level in Level),
    ),
    Option(
        "targets",
        OptionType.INTEGER,
        _targets,
        "cards each player's own display needs to end the game, one per seat (Kidz Dice: "
        "e.g. 10,5,5 for an adult and two children)",
        minimum=1,
        maximum=TARGET,
        is_list=True,
        length=lambda players: players,
        length_text="one per seat",
    ),
    Option(
        "time_limit",
        OptionType.INTEGER,
        60,
        "seconds a challenge allows before the table checks the answers given (a project "
        "ruling for play at a screen); 0 means untimed",
        minimum=0,
        maximum=3600,
    ),
)


@register
class LikeDice(Game):
    """Like Dice (Adlung Spiele): everyone counts the same dice at once; fastest right wins."""

    info = GameInfo(
        name="likedice",
        title="Like Dice",
        summary="A real-time counting race: a challenge card names dice to add up over the "
        "common display and your own; the first right answer takes a card.",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=OPTIONS,
        rulebook="docs/rules/likedice.md",
        hidden_information=True,
    )

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> LikeDiceState:
        return LikeDiceState(self, rng, seed, chance)
