"""Tally, a tiny game defined only for the tests, with advice of its own: each seat in turn
adds one or two points to its tally, three times; the highest tally wins. Its advice knows the
answer (two is always best), so the tests see the front ends serve any game's advice. Only
`tests/test_advice_game.py` registers it, for each of its tests, and runs the generic suites on
it (a game keeps the whole contract, determinizer and action list included)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar

from typing_extensions import TypedDict

from parlour.kernel import (
    Action,
    Advice,
    Choice,
    Configuration,
    Encoding,
    Feature,
    Game,
    GameInfo,
    Progress,
    Rng,
    Seat,
    Solution,
    State,
    View,
    seat_name,
)
from parlour.kernel.encoding import bits, seat_order

ROUNDS = 3
POINTS = {"two": 2, "one": 1}
"""Each action and the points it adds, the best first."""


class AddedEntry(TypedDict):
    """A seat added `action`'s points to its tally."""

    seat: int
    action: str
    text: str


class TallyView(TypedDict):
    """What every seat (and a spectator) sees: everything."""

    game: str
    seat: int | None
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
    log: list[AddedEntry]


class TallyState(State):
    def __init__(self, game: Game, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        self.tallies = [0] * game.players
        self.turns = 0
        self.log: list[tuple[int, Action]] = []

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turns % self.game.players,)

    @property
    def over(self) -> bool:
        return self.turns == ROUNDS * self.game.players

    def rounds_left(self, seat: int) -> int:
        """The seat's turns still to come, its current one included."""
        return ROUNDS - (self.turns + self.game.players - 1 - seat) // self.game.players

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        return tuple(POINTS) if seat in self.to_act else ()

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        self.tallies[seat] += POINTS[action]
        self.turns += 1
        self.log.append((seat, action))

    def view(self, seat: Seat) -> TallyView:
        return {
            "game": self.game.name,
            "seat": seat,
            "to_act": list(self.to_act),
            "over": self.over,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "log": [
                {"seat": who, "action": what, "text": f"{seat_name(who, seat)} added {what}"}
                for who, what in self.log
            ],
        }

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.tallies)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        best = max(self.tallies)
        return tuple(seat for seat, tally in enumerate(self.tallies) if tally == best)


class TallyAdvice(Advice):
    """Exact and instant: two now and two in every turn to come."""

    def solve(self, rebuild: bool, progress: Progress) -> Solution:
        progress(1.0)
        return Solution(2.0 * ROUNDS, 0.0, 0.0, False, None, 0)

    def choices(self, state: State, seat: int) -> list[Choice] | None:
        assert isinstance(state, TallyState)
        if seat not in state.to_act:
            return None
        banked = state.tallies[seat]
        later = 2 * (state.rounds_left(seat) - 1)
        return [
            Choice(action, banked + points + later, banked, points + later, 2 - points)
            for action, points in POINTS.items()
        ]


@functools.cache
def tally_encoding(players: int) -> Encoding:
    """Tally's encoding for `players` seats: who is to act and each tally, viewer first."""

    def fill(view: View) -> list[float]:
        order = seat_order(view["seat"], players)
        return [
            *bits(seat in view["to_act"] for seat in order),
            *(view["scores"][seat] / (2 * ROUNDS) for seat in order),
        ]

    features = (
        Feature("to_act", players, 0, 1, "1 for each seat to act (viewer first)"),
        Feature("tallies", players, 0, 1, f"each seat's tally / {2 * ROUNDS}"),
    )
    return Encoding(f"tally-{players}", features, fill)


class Tally(Game):
    info = GameInfo(
        name="tally",
        title="Tally",
        summary="Add one or two to your tally, three times.",
        min_players=1,
        max_players=2,
        options=(),
        rulebook="tests/advice_game.py",
        hidden_information=False,
        configurations=(Configuration(1, {}, ROUNDS), Configuration(2, {}, 2 * ROUNDS)),
    )
    view_type: ClassVar[type] = TallyView

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> TallyState:
        return TallyState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> TallyState:
        """Nothing is hidden: the state the view shows, its RNG seeded from `rng`."""
        seed = rng.seed()
        state = TallyState(self, Rng(seed), seed, ())
        state.tallies = list(view["scores"])
        state.log = [(entry["seat"], entry["action"]) for entry in view["log"]]
        state.turns = len(state.log)
        return state

    def encoding(self) -> Encoding:
        """Each seat's tally (the viewer's first) and who is to act."""
        return tally_encoding(self.players)

    def all_actions(self) -> tuple[Action, ...]:
        return tuple(POINTS)

    def length_bound(self) -> int:
        """Every action is one of `ROUNDS` turns of a seat."""
        return ROUNDS * self.players

    def advice(self) -> TallyAdvice:
        return TallyAdvice(self)
