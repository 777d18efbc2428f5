"""Tiny Duel's components: cards numbered from 1, two in each hand, and the rounds played."""

from __future__ import annotations

from dataclasses import dataclass

Card = int
"""A card: its number, 1 to the highest (the `cards` option)."""
SEATS = 2
HAND = 2
"""Cards dealt to each seat."""


@dataclass(frozen=True)
class Round:
    """A revealed round: each seat's card (in seat order) and who won it (`None`: a tie)."""

    cards: tuple[Card, ...]
    winner: int | None
