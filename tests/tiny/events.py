"""Tiny Duel's log: its one event, a round revealed (the state keeps the rounds as its log)."""

from __future__ import annotations

from dataclasses import dataclass

from tests.tiny.components import Card


@dataclass(frozen=True)
class Round:
    """A revealed round: each seat's card (in seat order) and who won it (`None`: a tie)."""

    cards: tuple[Card, ...]
    winner: int | None
