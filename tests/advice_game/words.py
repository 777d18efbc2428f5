"""Tally's words: an event of the log told to a viewer."""

from __future__ import annotations

from typing import Any

from parlour.kernel import Seat, seat_name
from tests.advice_game.events import Added


def describe(event: Added, viewer: Seat) -> dict[str, Any]:
    """One log entry (an `AddedEntry`), told from `viewer`'s side."""
    who, what = event
    return {"seat": who, "action": what, "text": f"{seat_name(who, viewer)} added {what}"}
