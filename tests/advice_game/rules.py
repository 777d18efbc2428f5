"""Tally's rules as plain functions: the turns left and the winners."""

from __future__ import annotations

from collections.abc import Sequence

from tests.advice_game.components import ROUNDS


def rounds_left(turns: int, players: int, seat: int) -> int:
    """The seat's turns still to come after `turns` turns, its current one included."""
    return ROUNDS - (turns + players - 1 - seat) // players


def winners(tallies: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest tally."""
    best = max(tallies)
    return tuple(seat for seat, tally in enumerate(tallies) if tally == best)
