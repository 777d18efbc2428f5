"""Like Dice's score breakdown: once the game is over, each display's first card, dealt, and
the cards won in challenges (every display is public)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.likedice.components import OWN_CARDS
from parlour.i18n import N_, _
from parlour.kernel import Breakdown, Row
from parlour.kernel.breakdown import final

if TYPE_CHECKING:
    from parlour.boxes.likedice.state import LikeDiceState

DEALT = N_("Cards dealt at the start")
WON = N_("Cards won in challenges")


def breakdowns(state: LikeDiceState) -> tuple[Breakdown, ...]:
    """The game's breakdown once it is over; none before (the displays show the rest)."""
    if not state.over:
        return ()
    dealt = (OWN_CARDS,) * state.game.players
    won = tuple(len(display) - OWN_CARDS for display in state._displays)
    return (final((Row(_(DEALT), dealt), Row(_(WON), won))),)
