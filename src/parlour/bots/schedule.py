"""The bots' decisions on their way to a table, for any game and any runner: the simulator
(`match.play_match`), the terminal and the web's live tables schedule them here alike.

Each bot decides on what its seat sees; its action arrives after its think time, and the
decisions of seats that act at once arrive in that order (ties: the lower seat first). A
decision is made for a version of the table, which its runner names: one made for another
version is stale, never applied, and made again on the new view, keeping its time (a busy
table cannot hold a bot back for ever). The web counts a version with every stored change;
the simulator and the terminal keep one version, a decision standing while it is legal. An
action that restarts the clock (`State.clock_since`) asks a new question: every decision
then pending is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from parlour.bots.registry import Bot
from parlour.kernel import Action, Seat, State


@dataclass
class Pending:
    """A bot's decision on its way to the table: `seat`'s `action`, due at `ready`, made for
    the table at `version`."""

    ready: float
    seat: int
    action: Action
    version: int = 0


def decide(
    bot: Bot, state: State, seat: int, now: float, version: int = 0, pace: float | None = None
) -> Pending:
    """Ask `bot` for its seat's action, stamped with when it arrives. A seat acting alone with
    a single legal action has nothing to decide: it is not asked. `pace`: the seconds a bot
    takes on a turn of its own, so that people can follow (0: every bot acts at once, races
    included); `None`: its `think_time`, and a forced action at once."""
    legal = state.legal_actions(seat)
    alone = len(state.to_act) == 1
    if len(legal) == 1 and alone:
        return Pending(now + (pace or 0.0), seat, legal[0], version)
    view = state.view(seat)
    action = bot.choose(view, legal)
    delay = pace if alone and pace is not None else max(0.0, bot.think_time(view, legal))
    return Pending(now + (0.0 if pace == 0 else delay), seat, action, version)


class Schedule(dict[int, Pending]):
    """The decisions pending at one table, by seat (at most one a seat)."""

    def plan(
        self,
        state: State,
        now: float,
        bot_at: Callable[[int], Bot | None],
        version: int = 0,
        pace: float | None = None,
    ) -> None:
        """Give every seat that acts and has a bot (`bot_at`; `None`: a person plays it) a
        decision for `version`, and forget the decisions no longer legal (a seat that no
        longer acts, say) and those of seats a person plays. A decision made for another
        version is made again, keeping its time."""
        for seat, pending in list(self.items()):
            if not state.is_legal(seat, pending.action):
                del self[seat]
        for seat in state.to_act:
            bot = bot_at(seat)
            if bot is None:
                self.pop(seat, None)
                continue
            old = self.get(seat)
            if old is None or old.version != version:
                fresh = decide(bot, state, seat, now, version, pace)
                if old is not None:
                    fresh.ready = min(fresh.ready, old.ready)
                self[seat] = fresh

    def next(self, version: int = 0) -> Pending | None:
        """The first decision made for `version` to arrive (ties: the lower seat first);
        `None` when there is none. Stale decisions are never offered."""
        current = (pending for pending in self.values() if pending.version == version)
        return min(current, key=lambda pending: (pending.ready, pending.seat), default=None)

    def applied(self, state: State, seat: Seat) -> bool:
        """Note that `seat` (or the `TABLE`) has just acted on `state`: its decision is done;
        if the action restarted the clock, a new question is asked: every decision is dropped,
        and True returned for the runner to restart its clock."""
        if seat is not None:  # a seat, not the TABLE
            self.pop(seat, None)
        if state.clock_since != len(state.history):
            return False
        self.clear()
        return True
