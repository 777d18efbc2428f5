"""Playing a game out with bots on a simulated clock, for any game.

Where several seats may act at once, each bot decides on what its seat sees and its action
arrives after its `think_time`; actions apply in arrival order (ties: lower seat first), and a
decision that is no longer legal when it arrives is made again. The table's `timeout` applies
when the simulated time reaches the state's clock, counted from when the clock started (see
`State.clock_since`); play goes on after it if the game does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.bots.registry import Bot
from parlour.kernel import TABLE, Action, State


@dataclass
class Pending:
    """A bot's decision on its way to the table."""

    ready: float
    seat: int
    action: Action


def decide(bot: Bot, state: State, seat: int, now: float) -> Pending:
    """Ask `bot` for its seat's action, stamped with when it arrives. A seat acting alone
    with a single legal action has nothing to decide: it is not asked."""
    legal = state.legal_actions(seat)
    if len(legal) == 1 and len(state.to_act) == 1:
        return Pending(now, seat, legal[0])
    view = state.view(seat)
    action = bot.choose(view, legal)
    return Pending(now + max(0.0, bot.think_time(view, legal)), seat, action)


def play_match(state: State, bots: Sequence[Bot], max_actions: int = 1_000_000) -> State:
    """Play `state` to the end with one bot per seat; returns the same (finished) state."""
    now = started = 0.0
    applied = len(state.history)
    pending: dict[int, Pending] = {}
    for _ in range(max_actions):
        if state.over:
            return state
        for seat in state.to_act:
            if seat not in pending:
                pending[seat] = decide(bots[seat], state, seat, now)
        first = min(pending.values(), key=lambda p: (p.ready, p.seat))
        clock = state.clock
        if clock is not None and first.ready >= started + clock:
            now = started + clock
            state.apply(TABLE, "timeout")
        else:
            now = first.ready
            del pending[first.seat]
            state.apply(first.seat, first.action)
        applied += 1
        if state.clock_since == applied:  # a new clock: the decisions pending are stale
            started = now
            pending.clear()
        for seat, decision in list(pending.items()):
            if not state.is_legal(seat, decision.action):
                del pending[seat]
    raise RuntimeError(f"the game did not end within {max_actions} actions")
