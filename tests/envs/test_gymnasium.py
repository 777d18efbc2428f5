"""Dicetime solo for Gymnasium: registered on import, options through `gymnasium.make`,
Gymnasium's own `check_env` for the standard game and the puzzle."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import parlour.envs
from parlour.envs.dicetime import DicetimeEnv
from parlour.kernel import OptionError


@pytest.mark.parametrize("options", [{}, {"mode": "puzzle"}, {"mode": "puzzle", "time_limit": 0}])
def test_check_env(options: dict[str, Any]) -> None:
    env = gymnasium.make(parlour.envs.DICETIME_ID, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings fail the test
        warnings.filterwarnings("ignore", message=".*render")
        check_env(env.unwrapped)


def test_make_passes_options() -> None:
    env = gymnasium.make(
        "parlour/Dicetime-v0", mode="puzzle", time_limit=0, five_of_a_kind_is_full_house=False
    ).unwrapped
    assert isinstance(env, DicetimeEnv)
    assert env.table.game.options == {
        "mode": "puzzle",
        "five_of_a_kind_is_full_house": False,
        "time_limit": 0,
        "colours": [],
        "dice": "drawn",
    }
    assert len(env.actions) == 44 and env.actions[0] == "roll"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "simultaneous"}, "solo: mode must be turns or puzzle"),
        ({"time_limit": 10}, "time_limit"),
        ({"rewards": "money"}, "rewards must be one of"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        gymnasium.make("parlour/Dicetime-v0", **options)


@pytest.mark.parametrize("mode", ["turns", "puzzle"])
def test_return_is_the_final_score(mode: str) -> None:
    env = DicetimeEnv(mode)
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(11)
    total, over = 0.0, False
    while not over:
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, over, truncated, info = env.step(action)
        total += reward
        assert not truncated
    assert total == info["view"]["scores"][0] == env.table.state.scores[0] > 0
    with pytest.raises(ValueError, match="game is over"):
        env.step(np.int64(0))
