"""Dicecream's score breakdown: once the game is over, where each sheet's points came from
(`rules.score_parts`: the cubes, the cream, the bonuses and the beans; all of it public)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.dicecream import rules
from parlour.i18n import N_, _
from parlour.kernel import Breakdown, Row
from parlour.kernel.breakdown import final

if TYPE_CHECKING:
    from parlour.boxes.dicecream.state import DicecreamState

LABELS = (
    N_("Cubes"),
    N_("Cream"),
    N_("Cream bonus"),
    N_("Toppings (doubled sundaes)"),
    N_("Chocolate beans left"),
)
"""The rows, in the order of `rules.ScoreParts`."""


def breakdowns(state: DicecreamState) -> tuple[Breakdown, ...]:
    """The game's breakdown once it is over; none before (the sheets show the rest)."""
    if not state.over:
        return ()
    sheets = zip(state._sheets, state._beans, strict=True)
    parts = zip(*(rules.score_parts(sheet, beans) for sheet, beans in sheets), strict=True)
    return (final(tuple(Row(_(label), part) for label, part in zip(LABELS, parts, strict=True))),)
