"""PettingZoo's own tests on every game and configuration the registry declares: `api_test`,
`parallel_api_test`, `seed_test` (AEC and Parallel) and, where every seat acts in every
round, `max_cycles_test`."""

from __future__ import annotations

import functools
import types
import warnings

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from parlour.kernel.options import Value
from tests.envs.helpers import CASES, aec, parallel

CYCLES = 12


@pytest.fixture(autouse=True)
def quiet() -> None:
    """PettingZoo warns of what these environments are by design (Dict observations, no
    render); the tests check behaviour, not its advice."""
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_api(game: str, players: int, options: dict[str, Value]) -> None:
    api_test(aec(game, players, options), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_parallel_api(game: str, players: int, options: dict[str, Value]) -> None:
    parallel_api_test(parallel(game, players, options), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_seed(game: str, players: int, options: dict[str, Value]) -> None:
    seed_test(functools.partial(aec, game, players, options), num_cycles=CYCLES)
    parallel_seed_test(functools.partial(parallel, game, players, options), num_cycles=CYCLES)


def every_seat_acts(game: str, players: int, options: dict[str, Value]) -> bool:
    """Whether seeded games played by unmasked random actions, as `max_cycles_test` plays
    them, last 12 rounds (as many as that test plays, and fewer than a Dicetime sheet needs)
    with every seat acting in each: there a cycle is a round for every seat. Not in a race,
    where a seat may wait and then sits out the rounds until the next challenge, nor in a game
    over sooner (Tiny Duel)."""
    env = parallel(game, players, options)
    if env.table.stepped:
        return False
    for seed in range(20):
        env.reset(seed=seed)
        space = env.action_space(env.possible_agents[0])
        space.seed(seed)
        for _ in range(12):
            if len(env.table.acting) != players:
                return False
            env.step({agent: space.sample() for agent in env.agents})
            if not env.agents:
                return False
    return True


MAX_CYCLES = [case for case in CASES if every_seat_acts(*case.values)]  # type: ignore[arg-type]


def test_max_cycles_applies_somewhere() -> None:
    """Solo games and Dicetime's simultaneous mode."""
    assert {case.id for case in MAX_CYCLES} >= {"dicetime-0", "dicetime-3", "dicetime-4"}


@pytest.mark.parametrize(("game", "players", "options"), MAX_CYCLES)
def test_max_cycles(game: str, players: int, options: dict[str, Value]) -> None:
    module = types.SimpleNamespace(
        env=functools.partial(aec, game, players, options),
        parallel_env=functools.partial(parallel, game, players, options),
    )
    max_cycles_test(module)


def test_truncation_after_max_cycles() -> None:
    """Rounds count cycles: after `max_cycles` rounds every agent is truncated, not ended."""
    env = parallel("dicetime", 2, {}, max_cycles=3)
    observations, _ = env.reset(seed=1)
    for step in range(3):
        actions = {
            agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
            if observations[agent]["action_mask"].any()
            else 0
            for agent in env.agents
        }
        observations, _, terminations, truncations, _ = env.step(actions)
        assert all(truncations.values()) == (step == 2)
        assert not any(terminations.values())
    assert env.agents == []
