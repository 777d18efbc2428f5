"""Two-player Dokitto's hints (issue 30) by `pimc`'s judgement: each choice's exact value in
worlds dealt from the seat's view, told as a chance to win with its margin."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.boxes.dokitto.determinize import determinize
from parlour.boxes.dokitto.game import Dokitto
from parlour.boxes.dokitto.pimc import PimcAdvice, shared_solver, values
from parlour.kernel import Rng, State


def decisions(seed: int, count: int) -> list[tuple[State, int]]:
    """`count` states of a random two-player game where the seat to act has several choices."""
    rnd = random.Random(seed)
    state = parlour.load("dokitto", 2).new(seed)
    found: list[tuple[State, int]] = []
    while not state.over and len(found) < count:
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rnd.randrange(3) == 0:
            found.append((state.clone(), seat))
        state.apply(seat, rnd.choice(list(legal)))
    return found


def test_two_players_are_advised_by_pimc_and_more_by_search() -> None:
    assert isinstance(parlour.load("dokitto", 2).advice(), PimcAdvice)
    assert type(parlour.load("dokitto", 3).advice()).__name__ == "SearchAdvice"


def test_the_hint_is_the_mean_of_the_worlds_exact_values_as_a_chance_to_win() -> None:
    """With two worlds (drawn as the advice draws them), each choice's value is the mean of
    `(1 + value) / 2` over their exact values, the best first."""
    game = parlour.load("dokitto", 2)
    assert isinstance(game, Dokitto)
    advice = PimcAdvice(game, worlds=2)
    for state, seat in decisions(2, 4):
        choices = advice.choices(state.view(seat), seat)
        assert choices is not None
        rng = Rng(advice.seed)
        worlds = [determinize(game, state.view(seat), rng) for _ in range(2)]
        legal = worlds[0].legal_actions(seat)
        exact = [values(shared_solver(), world, legal) for world in worlds]
        assert {choice.action: choice.expected for choice in choices} == pytest.approx(
            {action: (2 + a + b) / 4 for action, a, b in zip(legal, *exact, strict=True)}
        )
        assert [choice.expected for choice in choices] == sorted(
            (choice.expected for choice in choices), reverse=True
        )


def test_the_same_for_every_state_the_view_allows_with_margins() -> None:
    """The leak check, as for the search's advice: the real state and a deal drawn from the
    seat's view get the same hint; every value is a chance with a margin."""
    game = parlour.load("dokitto", 2)
    assert isinstance(game, Dokitto)
    advice = PimcAdvice(game, worlds=6)
    for state, seat in decisions(4, 4):
        twin = game.determinize(state.view(seat), Rng(9))
        real = advice.choices(state.view(seat), seat)
        assert real is not None and advice.choices(twin.view(seat), seat) == real
        for choice in real:
            assert 0 <= choice.expected <= 1 and 0 <= choice.margin < 1
            assert choice.loss == pytest.approx(real[0].expected - choice.expected)
    first = game.new(1)
    (seat,) = first.to_act
    assert advice.choices(first.view(1 - seat), 1 - seat) is None  # not its turn


def test_a_margin_needs_two_worlds() -> None:
    game = parlour.load("dokitto", 2)
    assert isinstance(game, Dokitto)
    with pytest.raises(ValueError, match="two worlds or more, not 1"):
        PimcAdvice(game, worlds=1)
