"""Score breakdowns: how a round's, a day's or the whole game's points came about, seat by
seat, in rows of a label and points (`State.breakdowns`). The numbers are the rules', so every
game computes its own; front ends draw them as a table and add nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from parlour.i18n import _

Kind = Literal["round", "day", "game"]
"""What a breakdown sums up: a round or a day, where a game scores by rounds or days, or the
whole game."""


@dataclass(frozen=True)
class Row:
    """One line of a breakdown: its label, in the language of the moment, and each seat's
    points for it (in seat order)."""

    label: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class Breakdown:
    """A summary of points: what it sums up (`kind`), its heading in the language of the
    moment (`Round 3`), and rows whose points add up, seat by seat, to its `totals`. The
    game's breakdown (`kind` "game") adds up to the final scores."""

    kind: Kind
    title: str
    rows: tuple[Row, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points over all the rows."""
        return tuple(map(sum, zip(*(row.points for row in self.rows), strict=True)))

    def describe(self) -> dict[str, Any]:
        """JSON-ready, its totals included: what the web's frames and replays carry."""
        return {
            "kind": self.kind,
            "title": self.title,
            "rows": [{"label": row.label, "points": list(row.points)} for row in self.rows],
            "totals": list(self.totals),
        }


def final(rows: tuple[Row, ...]) -> Breakdown:
    """The game's breakdown, headed alike in every game: its rows add up to the final scores."""
    return Breakdown("game", _("Final score"), rows)


def added(parts: Sequence[Breakdown]) -> tuple[Row, ...]:
    """The rows of several breakdowns (a game's rounds or days) added up label by label, in
    the order the labels first come: the game's rows where it scores round by round."""
    sums: dict[str, tuple[int, ...]] = {}
    for part in parts:
        for row in part.rows:
            before = sums.get(row.label)
            sums[row.label] = (
                row.points
                if before is None
                else tuple(map(sum, zip(before, row.points, strict=True)))
            )
    return tuple(Row(label, points) for label, points in sums.items())
