"""The daily challenge: what a game offers to be played by everyone on one day, the same set-up
and the same chance for all, ranked by how well each played rather than by luck.

A game declares it by returning a `Challenge` from `Game.challenge(day)` (the default: `None`,
no challenge). The front end that runs challenges (the web server) draws one secret seed a day
and deals every attempt of that day from it; the game's options must make chance depend only
on the choices made (Dicetime's `dice=fixed`: each die fixed per turn, roll and position), so
two players who choose alike see alike, and a different choice does not shift later chance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from parlour.kernel.options import Value


@dataclass(frozen=True)
class Challenge:
    """One day's challenge of a game: its players, its options and what to call it ("the
    puzzle"; an `N_` message, told by the front end)."""

    players: int
    options: dict[str, Value] = field(default_factory=dict)
    label: str = ""


def day_number(day: date) -> int:
    """Days since 2026-01-01 (negative before): games alternate their challenges by it."""
    return (day - date(2026, 1, 1)).days
