"""Strict chance scripts (`StrictRng`, `Game.new(strict=True)`, `State.scripted`) and the
facts adapters read about chance and seats acting at once (`Game.concurrency`,
`Game.chance_bound`), checked on every registered game and configuration."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.kernel import ChanceNeeded, Concurrency, Game, State, StrictRng

STEPS = 300
"""The most actions of each random game the checks play."""


def cases() -> list[Any]:
    return [
        pytest.param(info.name, configuration, id=f"{info.name}-{index}")
        for info in parlour.games()
        for index, configuration in enumerate(info.configurations)
    ]


def new_game(name: str, configuration: parlour.Configuration) -> Game:
    return parlour.load(name, players=configuration.players, **configuration.options)


def test_a_strict_rng_draws_its_script_then_names_the_draw_it_lacks() -> None:
    rng = StrictRng([3, 0, 5])
    assert (rng.die(6), rng.below(4), rng.die(6)) == (3, 0, 5)
    assert rng.drawn == [3, 0, 5]
    with pytest.raises(ChanceNeeded) as die:
        rng.die(8)
    assert (die.value.outcomes, die.value.first) == (8, 1)
    with pytest.raises(ChanceNeeded) as below:
        rng.below(52)
    assert (below.value.outcomes, below.value.first) == (52, 0)


def test_a_strict_rng_rolls_several_dice_die_by_die() -> None:
    assert StrictRng([2, 6]).dice_index(2) == (2 - 1) + (6 - 1) * 6
    rng = StrictRng([4])
    with pytest.raises(ChanceNeeded) as needed:
        rng.dice_index(3)
    assert needed.value.outcomes == 6
    copied = StrictRng([1, 2]).copy()
    assert (copied.die(), copied.die()) == (1, 2)


def test_a_strict_script_refuses_an_outcome_out_of_range() -> None:
    with pytest.raises(ValueError, match="7"):
        StrictRng([7]).die(6)


def draw(need: ChanceNeeded, rnd: random.Random, sizes: list[int]) -> int:
    """A random outcome of the draw a script lacked, its size noted in `sizes`."""
    sizes.append(need.outcomes)
    return need.first + rnd.randrange(need.outcomes)


def strict_game(game: Game, rnd: random.Random, sizes: list[int]) -> State:
    """A new strict game, its script grown one random outcome a draw."""
    script: list[int] = []
    while True:
        try:
            return game.new(0, chance=script, strict=True)
        except ChanceNeeded as need:
            script.append(draw(need, rnd, sizes))


def strict_apply(
    state: State, seat: int, action: str, rnd: random.Random, sizes: list[int]
) -> State:
    """`state` after `action`, its draws scripted one random outcome at a time."""
    script: list[int] = []
    while True:
        twin = state.scripted(script)
        try:
            twin.apply(seat, action)
            return twin
        except ChanceNeeded as need:
            script.append(draw(need, rnd, sizes))


@pytest.mark.parametrize(("name", "configuration"), cases())
def test_strict_play_replays_and_keeps_the_declared_facts(
    name: str, configuration: parlour.Configuration
) -> None:
    """Random play on strict scripts: every draw within `chance_bound`, its record replays
    to the same views, and seats act at once only as `concurrency` says."""
    game = new_game(name, configuration)
    rnd = random.Random(7)
    bound = game.chance_bound()
    concurrency = game.concurrency()
    sizes: list[int] = []
    state = strict_game(game, rnd, sizes)
    for _ in range(STEPS):
        if state.over or not state.to_act:
            break
        to_act = state.to_act
        if concurrency is Concurrency.ONE:
            assert len(to_act) == 1
        seat = rnd.choice(to_act)
        action = rnd.choice(list(state.legal_actions(seat)))
        after = strict_apply(state, seat, action, rnd, sizes)
        if concurrency is Concurrency.SEALED:
            for other in to_act:
                if other != seat:
                    assert after.legal_actions(other) == state.legal_actions(other)
        state = after
    if bound is not None:
        assert max(sizes, default=0) <= bound
    replayed = parlour.replay(state.record)
    assert all(replayed.view(seat) == state.view(seat) for seat in range(game.players))


def test_a_strict_game_names_the_first_draw_it_lacks() -> None:
    game = parlour.load("dokitto", 2)
    with pytest.raises(ChanceNeeded):
        game.new(0, strict=True)


def test_a_race_and_sealed_choices_are_declared() -> None:
    assert parlour.load("dicetime", 2, start="race").concurrency() is Concurrency.RACE
    assert parlour.load("dicetime", 2, mode="simultaneous").concurrency() is Concurrency.SEALED
    assert parlour.load("dicetime", 2).concurrency() is Concurrency.ONE
    assert parlour.load("dicecream", 3).concurrency() is Concurrency.SEALED
    assert parlour.load("likedice", 2).concurrency() is Concurrency.RACE
