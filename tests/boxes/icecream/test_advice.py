"""Ice Cream's hints (issue 30) by `vendor`'s judgement: every choice played out on the
compiled model in worlds dealt from the seat's view, its share of wins in each a sample."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.boxes.icecream.vendor import Settings, VendorAdvice
from parlour.kernel import Rng, State

SMALL = Settings(playouts=200, worlds=4)
"""A small budget: what is checked is what the advice reads and how it reports."""


def decisions(game: parlour.Game, seed: int, count: int) -> list[tuple[State, int]]:
    """`count` states of a random game where a seat to act has several choices, with it."""
    rnd = random.Random(seed)
    state = game.new(seed)
    found: list[tuple[State, int]] = []
    while not state.over and len(found) < count:
        seat = rnd.choice(state.to_act)
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rnd.randrange(4) == 0:
            found.append((state.clone(), seat))
        state.apply(seat, rnd.choice(list(legal)))
    return found


@pytest.mark.parametrize("players", [3, 5])
def test_the_same_for_every_state_the_view_allows_with_chances_and_margins(players: int) -> None:
    """The leak check: the real state and a deal drawn from the seat's view get the same hint;
    every value is a chance to win with its margin, the best first; asked again, the same."""
    game = parlour.load("icecream", players)
    assert isinstance(game.advice(), VendorAdvice)
    advice = VendorAdvice(game, SMALL)
    assert advice.describe() == {"measure": "win", "exact": False, "about": None}
    for state, seat in decisions(game, players, 4):
        real = advice.choices(state.view(seat), seat)
        assert real is not None
        twin = game.determinize(state.view(seat), Rng(11))
        assert advice.choices(twin.view(seat), seat) == real
        assert {choice.action for choice in real} == set(state.legal_actions(seat))
        for choice in real:
            assert 0 <= choice.expected <= 1 and 0 <= choice.margin < 1
            assert choice.loss == pytest.approx(real[0].expected - choice.expected)


def test_a_margin_needs_two_worlds() -> None:
    with pytest.raises(ValueError, match="two worlds or more, not 1"):
        VendorAdvice(parlour.load("icecream", 3), Settings(playouts=100, worlds=1))
