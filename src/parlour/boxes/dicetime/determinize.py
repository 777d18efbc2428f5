"""Dicetime's determinizer. The game hides nothing but the dice to come, so a view holds the
whole position: the state is rebuilt from it (sheets, dice, rolls, turn, pool, clock, log)
with a freshly seeded RNG, and every seat's view of it is the real state's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from parlour.boxes.dicetime.components import KEYS, ROLLS_PER_TURN, encode, mask
from parlour.boxes.dicetime.events import event_of
from parlour.boxes.dicetime.state import DicetimeState
from parlour.boxes.dicetime.views import DicetimeView
from parlour.boxes.dicetime.words import describe
from parlour.kernel import Rng, View
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicetime.game import Dicetime


def determinize(game: Dicetime, view: View, rng: Rng) -> DicetimeState:
    """The state `view` shows (a view of a game with `game`'s players and options), with its
    RNG seeded from `rng` and an empty history."""
    shown = cast(DicetimeView, view)
    if shown["game"] != game.name or shown["options"] != game.options:
        raise ValueError(f"a view of {shown['game']} {shown['options']}, not of {game!r}")
    if len(shown["seats"]) != game.players:
        raise ValueError(f"a view of {len(shown['seats'])} seats, not {game.players}")
    seed = rng.seed()
    state = DicetimeState(game, Rng(seed), seed, ())
    for info in shown["seats"]:
        seat = info["seat"]
        entered = cast(Mapping[str, int | None], info["sheet"])
        sheet = [entered[key] for key in KEYS]
        state._sheets[seat] = sheet
        state._open[seat] = sum(1 << c for c, points in enumerate(sheet) if points is None)
        state._upper[seat] = info["upper"]
        turn = info["turn"]
        if turn is not None and turn["rolled"]:
            state._dice[seat] = encode(turn["dice"])
            state._kept[seat] = mask(turn["kept"])
            # In the puzzle only whether a seat has rolled matters (the pool counts rerolls).
            state._rolls[seat] = ROLLS_PER_TURN - turn["rolls_left"] if "rolls_left" in turn else 1
    if shown["mode"] == "turns":
        state._first = shown["first"]
        state._current = shown["current"]
    if shown["mode"] == "puzzle":
        state._pool = shown["pool"]
        state._timed_out = shown["timed_out"]
    state.over = shown["over"]
    state.to_act = tuple(shown["to_act"])
    state._events = EventLog(describe, map(event_of, shown["log"]))
    return state
