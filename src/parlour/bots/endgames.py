"""Decided end-games, valued exactly: positions where, once the seat has chosen, no other seat
has a choice left that changes its result, so each of its actions is worth an expectation over
chance and its own later choices at their best, every draw enumerated through a strict chance
script (`State.scripted`). The
advice's known-positions check (issue 30, `benchmarks/known_positions.py`) judges hints
against these values.

A state holds what its seat cannot see, so a position counts as known only where the values
agree in every world dealt from the seat's view that is tried (`known_values`): what is hidden
then does not change them."""

from __future__ import annotations

from parlour.kernel import Action, ChanceNeeded, Game, Rng, State, View
from parlour.kernel.returns import worth

BUDGET = 20_000
"""Moves and draws tried in one world before the position is given up as too deep."""
DRAWS = 8
"""Draws one move may make (each enumerated) before the position is given up: a new deal is
no end-game."""
WORLDS = 16
"""Worlds dealt from the view that must agree before a position counts as known."""
SAME = 1e-9
"""Values closer than this are equal (sums of fractions of draws)."""


class Undecided(Exception):
    """The position is no decided end-game: another seat has a choice left that changes the
    seat's result, a move draws too much chance, or the search ran past its budget."""


def known_values(
    game: Game, view: View, seat: int, worlds: int = WORLDS, seed: int = 0
) -> dict[Action, float] | None:
    """Each legal action of `seat`'s pending decision valued exactly by the game's objective
    (its chance of winning, a shared win counted as its share, or its final score), where the
    values are the same in `worlds` worlds dealt from `view`; `None` where they differ or a
    world is undecided (`exact_values`)."""
    rng = Rng(seed)
    agreed: dict[Action, float] | None = None
    for _ in range(worlds):
        try:
            values = exact_values(game.determinize(view, rng), seat)
        except Undecided:
            return None
        if agreed is None:
            agreed = values
        elif any(abs(values[action] - agreed[action]) > SAME for action in agreed):
            return None
    return agreed


def exact_values(state: State, seat: int, budget: int = BUDGET) -> dict[Action, float]:
    """Each legal action of `seat` (to act in `state`) valued over every chance outcome after
    it, its own later choices at their best, or `Undecided` where another seat's choice
    changes the value."""
    search = _Search(seat, budget)
    return {action: search.after(state, seat, action) for action in state.legal_actions(seat)}


class _Search:
    """The exhaustive search of one world, counting what it tries against its budget."""

    def __init__(self, seat: int, budget: int) -> None:
        self.seat = seat
        self.left = budget

    def after(self, state: State, actor: int, action: Action, drawn: tuple[int, ...] = ()) -> float:
        """The value once `actor` plays `action` in `state`, averaged over every outcome of
        each draw the move makes (`drawn`: the outcomes given so far)."""
        self.left -= 1
        if self.left < 0:
            raise Undecided("the end-game is too deep to search")
        twin = state.scripted(drawn)
        try:
            twin.apply(actor, action)
        except ChanceNeeded as draw:
            if len(drawn) >= DRAWS:
                raise Undecided("a move draws too much chance") from None
            outcomes = range(draw.first, draw.first + draw.outcomes)
            total = sum(self.after(state, actor, action, (*drawn, outcome)) for outcome in outcomes)
            return total / draw.outcomes
        return self.value(twin)

    def value(self, state: State) -> float:
        """The seat's result from `state` on: its own choices at their best, and no other
        seat's choice changing it."""
        if state.over:
            return worth(state, self.seat)
        if not state.to_act:
            raise Undecided("the table, not a seat, acts next")
        actor = state.to_act[0]
        values = [self.after(state, actor, action) for action in state.legal_actions(actor)]
        if actor == self.seat:
            return max(values)
        if max(values) - min(values) > SAME:
            raise Undecided(f"seat {actor} still has a choice that matters")
        return values[0]
