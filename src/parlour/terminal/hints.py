"""Hints in the terminal: per game, what each choice of a person's decision is worth.

The values come from the game's own analysis (for Dicetime, its solved tables); this module
only asks for them and lays them out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from rich.console import RenderableType
from rich.table import Table as RichTable

from parlour.kernel import OptionError, State

HintSource = Callable[[State, int], RenderableType | None]


def dicetime_hints(state: State, seat: int) -> RenderableType | None:
    """The seat's choices, best first, or nothing when it has no decision."""
    from parlour.boxes.dicetime.solver.analysis import choices_for

    choices = choices_for(state, seat)
    if choices is None:
        return None
    return choices_table("you", [asdict(choice) for choice in choices])


def choices_table(seat_name: str, choices: list[dict[str, Any]], limit: int = 12) -> RichTable:
    """A seat's choices, best first, with what each worse one gives up."""
    table = RichTable(title=f"Hints for {seat_name}", title_justify="left")
    for column in ("choice", "expected final", "banked", "to come", "gives up"):
        table.add_column(column, justify="left" if column == "choice" else "right")
    for choice in choices[:limit]:
        table.add_row(
            choice["action"],
            f"{choice['expected']:.2f}",
            f"{choice['banked']:.0f}",
            f"{choice['to_come']:.2f}",
            "best" if choice["loss"] == 0 else f"-{choice['loss']:.2f}",
        )
    if len(choices) > limit:
        table.caption = f"... and {len(choices) - limit} more, each worse"
    return table


SOURCES: dict[str, HintSource] = {"dicetime": dicetime_hints}


def hint_source(game: str) -> HintSource:
    """The hints of `game`, or `OptionError` if it has none."""
    if game not in SOURCES:
        raise OptionError(f"hints exist for {', '.join(SOURCES)} only, not {game}")
    return SOURCES[game]
