"""`render()` for every environment: a seat's view drawn as the terminal draws it (the game's
renderer), printed (`human`) or returned as text (`ansi`)."""

from __future__ import annotations

import io

from rich.console import Console

from parlour.kernel import OptionError, Seat, State
from parlour.terminal.renderers import renderer_for

RENDER_MODES = ("human", "ansi")
RENDER_FPS = 4
"""The frame rate declared to Gymnasium and PettingZoo: a frame is a step, not a time."""
WIDTH = 100
"""Columns of the drawing returned as text."""


def check_render_mode(mode: str | None) -> str | None:
    """`mode` if it is one of `RENDER_MODES` or `None` (no drawing)."""
    if mode is not None and mode not in RENDER_MODES:
        raise OptionError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {mode!r}")
    return mode


def draw(state: State, seat: Seat, mode: str | None) -> str | None:
    """`seat`'s view of `state` as the terminal draws it: printed (`human`, returns None),
    as text (`ansi`), or nothing at all (`None`)."""
    if mode is None:
        return None
    drawing = renderer_for(state.game.name)(state.view(seat))
    if mode == "human":
        Console().print(drawing)
        return None
    console = Console(file=io.StringIO(), width=WIDTH, record=True)
    console.print(drawing)
    return console.export_text()
