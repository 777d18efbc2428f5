"""Decided end-games valued exactly (`parlour.bots.endgames`, issue 30's known positions): the
chance after a decision enumerated draw by draw gives the solver's own values again; a
position where another seat still has a choice that matters, or that is too deep, is no
end-game; and one is known only where the worlds dealt from the view agree."""

from __future__ import annotations

import pytest

import parlour
from parlour.bots.endgames import Undecided, exact_values, known_values
from parlour.kernel import State


def last_turn_of_dicetime(row: str) -> State:
    """A solo Dicetime game in its last turn, `row` the one row left, after the turn's second
    roll (the seat keeps dice for one reroll, then enters)."""
    state = parlour.load("dicetime", 1).new(3)
    while True:
        view = state.view(0)
        empty = [name for name, entry in view["seats"][0]["sheet"].items() if entry is None]
        turn = view["seats"][0]["turn"]
        if empty == [row] and turn["rolled"] and turn["rolls_left"] == 1:
            return state
        state.apply(0, next(action for action in state.legal_actions(0) if row not in action))


def test_enumerating_the_chance_finds_the_solvers_values_again() -> None:
    """Dicetime's solver values every keep of the last turn by its expected final score; so
    does the end-game search, by rolling every outcome of the reroll die by die."""
    state = last_turn_of_dicetime("full_house")
    advice = state.game.advice()
    assert advice is not None
    choices = advice.choices(state.view(0), 0)
    assert choices is not None and len(choices) == 32
    values = exact_values(state, 0, budget=300_000)
    for choice in choices:
        assert values[choice.action] == pytest.approx(choice.expected, abs=1e-9)
    assert choices[0].expected > choices[-1].expected  # a decision that matters


def test_a_search_past_its_budget_is_undecided() -> None:
    with pytest.raises(Undecided, match="too deep"):
        exact_values(last_turn_of_dicetime("full_house"), 0, budget=100)


def test_an_opponents_choice_that_matters_leaves_the_position_unknown() -> None:
    """Two-player Dokitto at its first lead: the rest of the round is the opponent's choices
    too. Some of its last decisions are known (here two): nothing is drawn after, so each
    action is a win, a loss or a shared win, the same in every world dealt from the view.
    Where the opponent's hidden cards matter, the worlds disagree and the position is not
    known, though each world alone is decided (seed 7's last four decisions)."""
    game = parlour.load("dokitto", 2, max_rounds=1)
    state = game.new(0)
    seat = state.to_act[0]
    with pytest.raises(Undecided):
        exact_values(state, seat, budget=2_000)
    assert known_values(game, state.view(seat), seat, worlds=2) is None
    known = []
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and (values := known_values(game, state.view(seat), seat)):
            known.append(values)
            assert set(values) == set(legal)
        state.apply(seat, legal[0])
    assert len(known) == 2
    assert all(value in (0.0, 0.5, 1.0) for values in known for value in values.values())
    hidden, last = game.new(7), None
    while not hidden.over:
        seat = hidden.to_act[0]
        if len(hidden.legal_actions(seat)) > 1:
            last = hidden.clone(), seat
        hidden.apply(seat, hidden.legal_actions(seat)[0])
    assert last is not None
    before, seat = last
    exact_values(before, seat)  # decided in the real deal
    assert known_values(game, before.view(seat), seat) is None
