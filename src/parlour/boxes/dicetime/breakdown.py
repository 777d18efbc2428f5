"""Dicetime's score breakdown: once the game is over, each sheet's two sections and the upper
bonus between them (every sheet is public)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from parlour.boxes.dicetime.components import CATEGORIES
from parlour.boxes.dicetime.rules import upper_bonus
from parlour.i18n import N_, _
from parlour.kernel import Breakdown, Row
from parlour.kernel.breakdown import final

if TYPE_CHECKING:
    from parlour.boxes.dicetime.state import DicetimeState

UPPER = N_("Upper section (ones to sixes)")
BONUS = N_("Upper bonus")
LOWER = N_("Lower section")


def breakdowns(state: DicetimeState) -> tuple[Breakdown, ...]:
    """The game's breakdown once it is over; none before (the sheets show the rest)."""
    if not state.over:
        return ()
    sheets = state._sheets
    return (
        final(
            (
                Row(_(UPPER), tuple(section(sheet, upper=True) for sheet in sheets)),
                Row(_(BONUS), tuple(map(upper_bonus, state._upper))),
                Row(_(LOWER), tuple(section(sheet, upper=False) for sheet in sheets)),
            )
        ),
    )


def section(sheet: Sequence[int | None], upper: bool) -> int:
    """The points entered in the upper section's rows (`upper`) or in the lower's."""
    rows = zip(CATEGORIES, sheet, strict=True)
    return sum(points or 0 for category, points in rows if category.is_upper == upper)
