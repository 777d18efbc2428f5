"""Tiny Duel as a kernel game: its metadata, options, configurations, reasons and view type,
and the capabilities every game provides (determinize, all_actions, length_bound)."""

from __future__ import annotations

from typing import ClassVar

from parlour.kernel import (
    Action,
    Concurrency,
    Configuration,
    Encoding,
    Game,
    GameInfo,
    Option,
    OptionError,
    OptionType,
    Rng,
    View,
)
from parlour.kernel.options import Value
from tests.tiny import determinize, encoding, rules
from tests.tiny.components import SEATS
from tests.tiny.howto import HOW_TO_PLAY
from tests.tiny.notation import action_of
from tests.tiny.state import TinyState
from tests.tiny.tutorial import TUTORIAL
from tests.tiny.views import TinyView
from tests.tiny.words import REASON_TEXTS

OPTIONS = (
    Option(
        "cards",
        OptionType.INTEGER,
        6,
        "how many cards the deck holds, numbered from 1 (an even number)",
        label="Cards",
        minimum=4,
        maximum=12,
    ),
)

# Every action plays a card, and every card is played: a game is exactly `cards` actions.
CONFIGURATIONS = (
    Configuration(2, {}, 6),
    Configuration(2, {"cards": 4}, 4),
    Configuration(2, {"cards": 12}, 12),
)


class TinyDuel(Game):
    """Tiny Duel: two seats, a small deck, a sealed choice each round (not `@register`ed: the
    `tiny_game` fixture registers it for the tests that use it)."""

    info = GameInfo(
        name="tiny",
        title="Tiny Duel",
        summary="Both seats play one of their two cards in secret; the higher wins the round.",
        min_players=SEATS,
        max_players=SEATS,
        options=OPTIONS,
        rulebook="docs/rules/tiny.md",
        hidden_information=True,
        configurations=CONFIGURATIONS,
        how_to_play=HOW_TO_PLAY,
        tutorial=TUTORIAL,
    )
    reason_texts = REASON_TEXTS
    view_type: ClassVar[type] = TinyView

    @classmethod
    def check(cls, players: int, options: dict[str, Value]) -> None:
        cards = options["cards"]
        if isinstance(cards, int) and cards % 2:
            raise OptionError(f"cards must be even (two seats draw alike), not {cards}")

    @property
    def highest(self) -> int:
        """The highest card."""
        cards = self.options["cards"]
        assert isinstance(cards, int)
        return cards

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> TinyState:
        hands, deck = rules.deal(rng, self.highest)
        return TinyState(self, rng, seed, chance, hands, deck)

    def concurrency(self) -> Concurrency:
        return Concurrency.SEALED  # each seat's card stays legal whatever the other chose

    def determinize(self, view: View, rng: Rng) -> TinyState:
        return determinize.determinize(self, view, rng)

    def encoding(self) -> Encoding:
        return encoding.encoding(self.highest)

    def all_actions(self) -> tuple[Action, ...]:
        return tuple(action_of(card) for card in range(1, self.highest + 1))

    def length_bound(self) -> int:
        return self.highest
