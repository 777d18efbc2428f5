"""Ice Cream's score breakdowns: each day's scoops served and duplicate cards discarded, from
the log's scoring of the day (public), and the game's, the days added up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.icecream.events import Scored
from parlour.i18n import N_, _
from parlour.kernel import Breakdown, Row
from parlour.kernel.breakdown import added, final

if TYPE_CHECKING:
    from parlour.boxes.icecream.state import IcecreamState

SCOOPS = N_("Scoops served")
DUPLICATES = N_("Duplicate cards discarded")


def breakdowns(state: IcecreamState) -> tuple[Breakdown, ...]:
    """The last day scored (none before the first ends), and once the game is over the
    game's."""
    days = [day(event) for event in state._events if isinstance(event, Scored)]
    if not days:
        return ()
    return (days[-1], final(added(days))) if state.over else (days[-1],)


def day(scored: Scored) -> Breakdown:
    """A day's points: one a scoop served, one a duplicate card discarded."""
    rows = (Row(_(SCOOPS), scored.scoops), Row(_(DUPLICATES), scored.duplicates))
    return Breakdown("day", _("Day {number}").format(number=scored.day), rows)
