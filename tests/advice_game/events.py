"""Tally's log: one event, a seat added an action's points."""

from __future__ import annotations

from typing import NamedTuple

from parlour.kernel import Action


class Added(NamedTuple):
    """`seat` added `action`'s points to its tally."""

    seat: int
    action: Action
