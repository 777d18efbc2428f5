"""Tiny Duel's score breakdown: once the game is over, its one row, the rounds each seat won
(every round is public)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.i18n import N_, _
from parlour.kernel import Breakdown, Row
from parlour.kernel.breakdown import final

if TYPE_CHECKING:
    from tests.tiny.state import TinyState

WON = N_("Rounds won")


def breakdowns(state: TinyState) -> tuple[Breakdown, ...]:
    """The game's breakdown once it is over; none before."""
    return (final((Row(_(WON), state.scores),)),) if state.over else ()
