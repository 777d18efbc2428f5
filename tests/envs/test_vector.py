"""Many tables in one call: `Tables` plays every game and configuration exactly as PettingZoo
Parallel envs seeded alike would, rows and all (several at once where seats act together),
deals finished tables again on the next step, and refuses bad input by name;
`DicetimeVectorEnv` is N `DicetimeEnv`s stacked, through `gymnasium.make_vec` too."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import parlour.envs
from parlour.envs import pettingzoo as pz
from parlour.envs.dicetime import DicetimeEnv
from parlour.envs.vector import Decisions, DicetimeVectorEnv, Tables
from parlour.kernel import OptionError
from parlour.kernel.options import Value
from tests.envs.helpers import CASES

TABLES = 3
STEPS = 150
"""Steps of each configuration's comparison: several games' ends in the short ones."""


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action for each row."""
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks], dtype=np.int64)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_tables_play_as_parallel_envs_seeded_alike(
    game: str, players: int, options: dict[str, Value]
) -> None:
    tables = Tables(game, players, num_tables=TABLES, **options)  # type: ignore[arg-type]
    envs = [pz.parallel_env(game, players, **options) for _ in range(TABLES)]  # type: ignore[arg-type]
    singles = [env.reset(seed=10 + number)[0] for number, env in enumerate(envs)]
    decisions = tables.reset(seed=10)
    rng = np.random.default_rng(1)
    for _ in range(STEPS):
        check_rows(decisions, singles, envs)
        actions = pick(decisions.action_mask, rng)
        step = tables.step(actions)
        for number, env in enumerate(envs):
            if not env.agents:  # ended at the last step: dealt again now
                singles[number] = env.reset()[0]
                assert not step.terminated[number] and not step.rewards[number].any()
                continue
            chosen = {
                env.possible_agents[seat]: action
                for (table, seat), action in zip(
                    zip(decisions.table, decisions.seat, strict=True), actions, strict=True
                )
                if table == number
            }
            singles[number], rewards, over, _, _ = env.step(chosen)
            assert step.rewards[number].tolist() == pytest.approx(list(rewards.values()))
            assert step.terminated[number] == all(over.values())
        decisions = step.decisions


def check_rows(decisions: Decisions, singles: list[dict[str, Any]], envs: list[Any]) -> None:
    """The rows are every live table's acting seats, in order, with their observations."""
    expected = [
        (number, env.seat_of[agent])
        for number, env in enumerate(envs)
        if env.agents
        for agent in env.agents
        if singles[number][agent]["action_mask"].any()
    ]
    assert list(zip(decisions.table.tolist(), decisions.seat.tolist(), strict=True)) == expected
    for row, (number, seat) in enumerate(expected):
        single = singles[number][f"player_{seat}"]
        assert np.array_equal(decisions.observation[row], single["observation"])
        assert np.array_equal(decisions.action_mask[row], single["action_mask"])
        assert decisions.action_mask[row].any()


def test_seats_that_act_together_have_a_row_each_and_a_finished_table_none_until_dealt() -> None:
    tables = Tables("dicecream", 3, num_tables=2)
    decisions = tables.reset(seed=4)
    rng = np.random.default_rng(4)
    together = ended = 0
    for _ in range(400):
        counts = np.bincount(decisions.table, minlength=2)
        together += int((counts > 1).sum())
        step = tables.step(pick(decisions.action_mask, rng))
        for number in np.flatnonzero(step.terminated):
            ended += 1
            assert number not in step.decisions.table  # no rows the step it ends
            assert step.rewards[number].sum() == pytest.approx(0.0)  # zero-sum, by default
            after = tables.step(pick(step.decisions.action_mask, rng))
            assert number in after.decisions.table  # dealt again at the next step
            assert not tables.tables[number].over
            step = after
        decisions = step.decisions
    assert together > 0 and ended >= 2


def test_tables_refuse_bad_input_by_name() -> None:
    with pytest.raises(OptionError, match="num_tables must be a positive integer"):
        Tables("dokitto", 2, num_tables=0)
    with pytest.raises(OptionError, match="rewards must be one of"):
        Tables("dokitto", 2, num_tables=2, rewards="glory")
    tables = Tables("dokitto", 2, num_tables=2)
    with pytest.raises(ValueError, match="call reset"):
        tables.step([0, 0])
    decisions = tables.reset(seed=1)
    with pytest.raises(ValueError, match="2 actions, one per row"):
        tables.step([0])
    with pytest.raises(ValueError, match="table 1 seat 0: action 999 is not an index"):
        tables.step([int(np.flatnonzero(decisions.action_mask[0])[0]), 999])
    with pytest.raises(ValueError, match="3 seeds for 2 tables"):
        tables.reset(seed=[1, 2, 3])


def test_the_dicetime_vector_env_is_single_envs_stacked() -> None:
    vector = DicetimeVectorEnv(3, mode="puzzle")
    singles = [DicetimeEnv("puzzle") for _ in range(3)]
    observations, _ = vector.reset(seed=7)
    alone = [env.reset(seed=7 + number)[0] for number, env in enumerate(singles)]
    over = [False] * 3
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(200):
        for number in range(3):
            for key in ("observation", "action_mask"):
                assert np.array_equal(observations[key][number], alone[number][key])
        masks = observations["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        observations, rewards, terminated, truncated, _ = vector.step(actions)
        assert not truncated.any()
        for number, env in enumerate(singles):
            if over[number]:  # next-step autoreset: the action is ignored, a new deal
                alone[number], _ = env.reset()
                over[number] = False
                assert rewards[number] == 0.0 and not terminated[number]
                continue
            alone[number], reward, over[number], _, _ = env.step(actions[number])
            assert rewards[number] == reward and terminated[number] == over[number]
            ended += over[number]
    assert ended >= 3
    assert vector.observation_space.contains(observations)


def test_make_vec_builds_the_vector_env_and_bad_counts_are_named() -> None:
    envs = gymnasium.make_vec(
        parlour.envs.DICETIME_ID, num_envs=4, vectorization_mode="vector_entry_point"
    )
    assert isinstance(envs.unwrapped, DicetimeVectorEnv)
    observations, _ = envs.reset(seed=1)
    assert observations["observation"].shape == (
        4,
        envs.single_observation_space["observation"].shape[0],
    )
    assert envs.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.NEXT_STEP
    with pytest.raises(OptionError, match="num_envs must be a positive integer"):
        DicetimeVectorEnv(0)
    with pytest.raises(ValueError, match="4 actions"):
        envs.step(np.zeros(3, dtype=np.int64))
