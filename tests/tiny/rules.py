"""Tiny Duel's rules as plain functions: the deal, a draw, who wins a round and the game.

Each seat holds two cards; both choose one in secret at once, the higher wins the round, and
each seat draws a card while the deck lasts. Most rounds won wins; a tie shares the win.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.kernel import Rng
from tests.tiny.components import HAND, SEATS, Card


def deal(rng: Rng, cards: int) -> tuple[list[list[Card]], list[Card]]:
    """The hands (sorted) and the deck left after shuffling cards 1 to `cards`."""
    deck = list(range(1, cards + 1))
    rng.shuffle(deck)
    hands = [sorted(deck[seat * HAND : (seat + 1) * HAND]) for seat in range(SEATS)]
    return hands, sorted(deck[SEATS * HAND :])


def draw(rng: Rng, deck: list[Card]) -> Card:
    """A card drawn at random from the deck (which loses it)."""
    return deck.pop(rng.below(len(deck)))


def round_winner(cards: Sequence[Card]) -> int | None:
    """The seat whose card is highest, or `None` when the cards tie."""
    best = max(cards)
    seats = [seat for seat, card in enumerate(cards) if card == best]
    return seats[0] if len(seats) == 1 else None


def winners(points: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the most rounds won."""
    best = max(points)
    return tuple(seat for seat, won in enumerate(points) if won == best)
