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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parlour.bots.registry import Bot
from parlour.kernel import Action, Seat, State, View


@dataclass
class Pending:
    """A bot's decision on its way to the table: `seat`'s `action`, due at `ready`, made for
    the table at `version`."""

    ready: float
    seat: int
    action: Action
    version: int = 0


@dataclass(frozen=True)
class Question:
    """What a bot is asked: its seat's view and legal actions at `version` of the table, asked
    at `asked`; `alone`: whether the seat is the only one to act. It holds no state, so it can
    be sent to another process with the bot (see `bots.pool`)."""

    seat: int
    view: View
    legal: Sequence[Action]
    alone: bool
    asked: float
    version: int = 0


def ask(
    state: State, seat: int, now: float, version: int = 0, pace: float | None = None
) -> Pending | Question:
    """What `seat`'s bot is asked on `state` at `version`; or, for a seat acting alone with a
    single legal action, nothing to decide: its decision, arriving after `pace` (else at once)."""
    legal = state.legal_actions(seat)
    alone = len(state.to_act) == 1
    if len(legal) == 1 and alone:
        return Pending(now + (pace or 0.0), seat, legal[0], version)
    return Question(seat, state.view(seat), legal, alone, now, version)


def answer(bot: Bot, asked: Question, pace: float | None = None) -> Pending:
    """`bot`'s decision on `asked`, stamped with when it arrives. `pace`: the seconds a bot
    takes on a turn of its own, so that people can follow (0: every bot acts at once, races
    included); `None`: its `think_time`."""
    action = bot.choose(asked.view, asked.legal)
    if pace is not None and asked.alone:
        delay = pace
    else:
        delay = 0.0 if pace == 0 else max(0.0, bot.think_time(asked.view, asked.legal))
    return Pending(asked.asked + delay, asked.seat, action, asked.version)


def decide(
    bot: Bot, state: State, seat: int, now: float, version: int = 0, pace: float | None = None
) -> Pending:
    """`seat`'s decision on `state`, its bot asked here and now (`ask`, then `answer`)."""
    asked = ask(state, seat, now, version, pace)
    return asked if isinstance(asked, Pending) else answer(bot, asked, pace)


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
        decision for `version` (`wanted`), decided here and now (`decide`)."""
        for seat, bot in self.wanted(state, bot_at, version):
            self.put(decide(bot, state, seat, now, version, pace))

    def wanted(
        self, state: State, bot_at: Callable[[int], Bot | None], version: int = 0
    ) -> list[tuple[int, Bot]]:
        """Forget the decisions no longer legal (a seat that no longer acts, say) and those of
        seats a person plays; return the seats that act and have a bot, with the bot, whose
        decision for `version` is missing (one made for another version stays, never offered,
        until `put` replaces it)."""
        for seat, pending in list(self.items()):
            if not state.is_legal(seat, pending.action):
                del self[seat]
        wanted = []
        for seat in state.to_act:
            bot = bot_at(seat)
            if bot is None:
                self.pop(seat, None)
            elif seat not in self or self[seat].version != version:
                wanted.append((seat, bot))
        return wanted

    def put(self, fresh: Pending) -> None:
        """Add a seat's fresh decision; one made again for a new version keeps the earlier
        time of the decision it replaces."""
        old = self.get(fresh.seat)
        if old is not None:
            fresh.ready = min(fresh.ready, old.ready)
        self[fresh.seat] = fresh

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
