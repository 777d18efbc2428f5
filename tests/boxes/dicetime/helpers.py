"""Helpers for the Dicetime tests: games with scripted dice, and whole turns played from them.

A scripted game takes its dice from `chance`, in the order rolls consume them: a first roll
takes five faces for positions 1-5, a reroll takes one face per rolled position, lowest first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

import parlour
from parlour.boxes.dicetime import DicetimeState
from parlour.boxes.dicetime.views import SeatView

Plan = list[tuple[Sequence[int], str]]
"""Turns in play order: the faces of the turn's only roll and the category entered."""


def new_state(
    players: int = 1, chance: Iterable[int] = (), seed: int = 0, **options: object
) -> DicetimeState:
    """A new Dicetime game whose first dice are `chance` (then the seed's dice)."""
    state = parlour.load("dicetime", players=players, **options).new(seed, chance=list(chance))
    assert isinstance(state, DicetimeState)
    return state


def flatten(rolls: Iterable[Sequence[int]]) -> list[int]:
    """The chance script for these rolls, one after another."""
    return [face for roll in rolls for face in roll]


def seat_view(state: DicetimeState, seat: int) -> SeatView:
    """What `seat` sees of its own place at the table."""
    return state.view(seat)["seats"][seat]


def turn(state: DicetimeState, seat: int) -> dict[str, Any]:
    """The seat's current turn as it sees it (the seat must be to act)."""
    info = seat_view(state, seat)["turn"]
    assert info is not None, f"seat {seat} is not to act"
    return dict(info)


def dice(state: DicetimeState, seat: int) -> list[int]:
    """The seat's dice, position 1 first."""
    return list(turn(state, seat)["dice"])


def sheet(state: DicetimeState, seat: int) -> dict[str, int | None]:
    """The seat's score sheet (None: still open)."""
    return cast(dict[str, int | None], dict(seat_view(state, seat)["sheet"]))


def play_turn(state: DicetimeState, seat: int, faces: Sequence[int], category: str) -> int:
    """Roll once (the script must hold `faces` next), check the dice, enter `category` and
    return the points entered."""
    state.apply(seat, "roll")
    assert dice(state, seat) == list(faces)
    state.apply(seat, f"enter {category}")
    points = sheet(state, seat)[category]
    assert points is not None
    return points


def play_plan(players: int, plan: Plan, **options: object) -> DicetimeState:
    """A game (mode turns) whose turns follow `plan` in turn order, one roll each."""
    state = new_state(players, flatten(faces for faces, _ in plan), seed=0, **options)
    for faces, category in plan:
        (seat,) = state.to_act
        play_turn(state, seat, faces, category)
    return state
