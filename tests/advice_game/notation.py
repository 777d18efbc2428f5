"""Tally's actions: each adds its points to the seat's tally, the best first."""

from __future__ import annotations

POINTS = {"two": 2, "one": 1}
"""Each action and the points it adds, the best first."""
