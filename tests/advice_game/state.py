"""Tally's state: each seat's tally and the turns taken; it changes only by `_apply`."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.kernel import Action, Game, Rng, Seat, State
from parlour.kernel.log import EventLog
from tests.advice_game import rules, views
from tests.advice_game.components import ROUNDS
from tests.advice_game.events import Added
from tests.advice_game.notation import POINTS
from tests.advice_game.words import describe


class TallyState(State):
    def __init__(self, game: Game, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        self.tallies = [0] * game.players
        self.turns = 0
        self.events: EventLog[Added] = EventLog(describe)

    def _copy_into(self, twin: State) -> None:
        """The tallies and the log copied (a log copies itself: see `EventLog.copy`)."""
        assert isinstance(twin, TallyState)
        twin.tallies = list(self.tallies)
        twin.events = self.events.copy()

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turns % self.game.players,)

    @property
    def over(self) -> bool:
        return self.turns == ROUNDS * self.game.players

    def rounds_left(self, seat: int) -> int:
        """The seat's turns still to come, its current one included."""
        return rules.rounds_left(self.turns, self.game.players, seat)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        return tuple(POINTS) if seat in self.to_act else ()

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        self.tallies[seat] += POINTS[action]
        self.turns += 1
        self.events.append(Added(seat, action))

    def view(self, seat: Seat) -> views.TallyView:
        return views.view_of(self, seat)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.tallies)

    @property
    def winners(self) -> tuple[int, ...]:
        return rules.winners(self.tallies) if self.over else ()
