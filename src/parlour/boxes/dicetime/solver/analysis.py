"""Hints for a pending decision, from the solved tables; the kernel's `Advice` turns them into
hints for every seat and the analysis of a whole game (see `solver/advice.py`).

A decision is a seat's action when it had more than one legal action (the first roll of a turn
and the table's timeout are not decisions). Values are expected final scores of that seat's
sheet with optimal play afterwards; a choice's loss is what it gives up to the best.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from parlour.boxes.dicetime.solver.advisor import advisor_for, position_from_view, variant_of
from parlour.boxes.dicetime.solver.build import MASKS
from parlour.boxes.dicetime.solver.store import Table, obtain, table_for
from parlour.kernel import Choice, Progress, View


def _fraction(report: Progress) -> Callable[[int], None]:
    """The build's progress (masks solved) as the fraction of the table built."""
    built = 0

    def masks_done(count: int) -> None:
        nonlocal built
        built += count
        report(built / MASKS)

    return masks_done


def prepare(options: Mapping[str, Any], report: Progress) -> Table:
    """The solved table that hints and analyses of a game with `options` read, loaded once per
    process or built (seconds to a minute, once per variant), calling `report` with the
    fraction built."""
    return table_for(variant_of(dict(options)), _fraction(report))


def solve(options: Mapping[str, Any], rebuild: bool, report: Progress) -> Table:
    """The table of `options` as `parlour solve` reports it: read from the cache when it is
    sound (unless `rebuild`), else built and stored, calling `report` with the fraction built."""
    return obtain(variant_of(dict(options)), rebuild, _fraction(report))


def choices_for(view: View, seat: int) -> list[Choice] | None:
    """Every choice of `seat`'s pending decision as its `view` shows it, best first; `None` if
    it has none (nothing rolled, or a single legal action)."""
    position = position_from_view(view, seat)
    if position is None:
        return None
    choices = advisor_for(view["options"]).advise(position)
    return choices if len(choices) > 1 else None
