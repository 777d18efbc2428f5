"""What Tally shows: every seat (and a spectator) sees everything."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from typing_extensions import TypedDict

from parlour.kernel import Seat
from parlour.kernel.views import BaseView

if TYPE_CHECKING:
    from tests.advice_game.state import TallyState


class AddedEntry(TypedDict, closed=True):
    """A seat added `action`'s points to its tally."""

    seat: int
    action: str
    text: str


class TallyView(BaseView, closed=True):
    """What every seat (and a spectator) sees: everything."""

    log: list[AddedEntry]


def view_of(state: TallyState, seat: Seat) -> TallyView:
    """What `seat` sees of `state`."""
    return {
        "game": state.game.name,
        "seat": seat,
        "to_act": list(state.to_act),
        "over": state.over,
        "winners": list(state.winners),
        "scores": list(state.scores),
        "log": cast("list[AddedEntry]", [dict(entry) for entry in state.events.told_to(seat)]),
    }
