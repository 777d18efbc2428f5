"""Advice by search (issue 30): each choice's chance of winning from the seat's view alone, the
same for every state the view allows, the same every time it is asked, with margins."""

from __future__ import annotations

import asyncio
import random

import pytest

import parlour
from parlour.bots.advice import SearchAdvice
from parlour.bots.pool import BotPool
from parlour.kernel import Objective, Rng, State

SEARCHED = [("dicecream", 2), ("dicecream", 3), ("dokitto", 3), ("dokitto", 4)]
"""Set-ups advised by search (two-player Dokitto has `pimc`'s judgement, Ice Cream `vendor`'s:
`tests/boxes/dokitto/test_advice.py`, `tests/boxes/icecream/test_advice.py`)."""
PLAYOUTS = 40
"""A small budget: what is checked is what the advice reads and how it reports, not its skill."""


def advisor(name: str, players: int) -> SearchAdvice:
    """The game's own search advice, on a small budget."""
    game = parlour.load(name, players)
    given = game.advice()
    assert isinstance(given, SearchAdvice)
    return SearchAdvice(game, given.playout, playouts=PLAYOUTS)


def decisions(state: State, seed: int, every: int = 9) -> list[tuple[State, int]]:
    """Copies of some states of a random game from `state` where a seat has several choices,
    with that seat."""
    rnd = random.Random(seed)
    found = []
    while not state.over:
        seat = rnd.choice(state.to_act)
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rnd.randrange(every) == 0:
            found.append((state.clone(), seat))
        state.apply(seat, rnd.choice(list(legal)))
    return found


@pytest.mark.parametrize(("name", "players"), SEARCHED)
def test_advice_is_the_same_for_every_state_the_view_allows(name: str, players: int) -> None:
    """The leak check: the real state and a deal drawn from the seat's view (which differ in
    what the seat cannot see) get the same advice, for the same seed."""
    advice = advisor(name, players)
    for state, seat in decisions(advice.game.new(3), seed=3)[:4]:
        twin = advice.game.determinize(state.view(seat), Rng(7))
        real = advice.choices(state.view(seat), seat)
        assert real is not None
        assert advice.choices(twin.view(seat), seat) == real


@pytest.mark.parametrize(("name", "players"), SEARCHED)
def test_every_choice_has_its_chance_to_win_and_margin_best_first(name: str, players: int) -> None:
    advice = advisor(name, players)
    assert advice.describe() == {"measure": "win", "exact": False, "about": None}
    for state, seat in decisions(advice.game.new(5), seed=5)[:3]:
        choices = advice.choices(state.view(seat), seat)
        assert choices is not None
        assert [choice.action for choice in choices] == sorted(
            state.legal_actions(seat),
            key=lambda action: (
                -next(choice.expected for choice in choices if choice.action == action)
            ),
        )
        best = choices[0].expected
        for choice in choices:
            assert 0 <= choice.expected <= 1 and 0 <= choice.margin < 1
            assert choice.loss == pytest.approx(best - choice.expected)
            assert choice.banked is None and choice.to_come is None
        assert advice.choices(state.view(seat), seat) == choices  # the same view, the same advice


def test_no_advice_without_a_choice_or_for_a_seat_not_to_act() -> None:
    advice = advisor("dokitto", 3)
    state = advice.game.new(1)
    (seat,) = state.to_act
    assert advice.choices(state.view((seat + 1) % 3), (seat + 1) % 3) is None


def test_where_points_count_the_advice_estimates_the_final_score(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It values choices by the game's declared objective (all of today's search games are
    played to win: the objective is declared otherwise here)."""
    advice = advisor("dicecream", 2)
    monkeypatch.setattr(advice.game, "objective", lambda: Objective.POINTS)
    assert advice.describe() == {"measure": "points", "exact": False, "about": None}
    state, seat = decisions(advice.game.new(2), seed=2, every=2)[0]
    choices = advice.choices(state.view(seat), seat)
    assert choices is not None and max(choice.expected for choice in choices) > 1


def test_a_worker_gives_the_same_advice_as_here() -> None:
    """The web asks the bots' workers for a search's hint (seconds of CPU off its event loop):
    the advice travels there pickled and answers as it would here."""
    advice = advisor("dokitto", 3)
    state, seat = decisions(advice.game.new(8), seed=8)[0]
    pool = BotPool(1)
    try:
        there = asyncio.run(pool.advise(advice, state.view(seat), seat))
    finally:
        pool.close()
    assert there == advice.choices(state.view(seat), seat)
