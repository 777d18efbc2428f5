"""Playing a game out with bots on a simulated clock, for any game.

The bots' decisions are scheduled as everywhere (`bots.schedule`): where several seats may act
at once, actions apply in the order of the bots' think times (ties: lower seat first), and a
decision that is no longer legal when another seat has acted is made again. The table's
`timeout` applies when the simulated time reaches the state's clock, counted from when the
clock started (see `State.clock_since`); play goes on after it if the game does.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.registry import Bot
from parlour.bots.schedule import Schedule
from parlour.kernel import TABLE, State


def play_match(state: State, bots: Sequence[Bot], max_actions: int = 1_000_000) -> State:
    """Play `state` to the end with one bot per seat; returns the same (finished) state."""
    now = started = 0.0
    schedule = Schedule()
    for _ in range(max_actions):
        if state.over:
            return state
        schedule.plan(state, now, bots.__getitem__)
        first = schedule.next()
        clock = state.clock
        if clock is not None and (first is None or first.ready >= started + clock):
            now = started + clock
            seat = TABLE
            state.apply(seat, "timeout")
        elif first is None:
            raise RuntimeError("nobody can act, and no clock runs")
        else:
            now = first.ready
            seat = first.seat
            state.apply(seat, first.action)
        if schedule.applied(state, seat):
            started = now
    raise RuntimeError(f"the game did not end within {max_actions} actions")
