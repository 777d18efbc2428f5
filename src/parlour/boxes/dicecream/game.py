"""Dicecream as a kernel game: its metadata. It has no options: the rulebook's rules with the
project's rulings (`docs/rules/dicecream.md`) leave nothing for players to choose."""

from __future__ import annotations

from parlour.boxes.dicecream.components import ROUNDS
from parlour.boxes.dicecream.state import DicecreamState
from parlour.kernel import Configuration, Game, GameInfo, Rng, register

# A turn is at most roll, 2 rerolls, 5 dice and done (9 actions) and one pick by each other
# seat; a round adds one bonus choice a seat: rounds x players x (players + 9).
CONFIGURATIONS = (
    Configuration(2, {}, 5 * 2 * 11),
    Configuration(3, {}, 4 * 3 * 12),
    Configuration(4, {}, 3 * 4 * 13),
)


@register
class Dicecream(Game):
    """Dicecream: five coloured dice build four ice cream sundaes; the others may use your dice."""

    info = GameInfo(
        name="dicecream",
        title="Dicecream",
        summary="Roll five coloured dice and build four sundaes: unlock a bowl, place dice up to "
        "its number; the others may take your dice; bonus cards after every round.",
        min_players=min(ROUNDS),
        max_players=max(ROUNDS),
        options=(),
        rulebook="docs/rules/dicecream.md",
        hidden_information=True,
        configurations=CONFIGURATIONS,
    )

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> DicecreamState:
        return DicecreamState(self, rng, seed, chance)
