"""Dicetime solo for Gymnasium: registered on import, options through `gymnasium.make`,
Gymnasium's own `check_env` for the standard game and the puzzle, `make_vec` and `render`."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import parlour
import parlour.envs
from parlour.envs.dicetime import DicetimeEnv
from parlour.kernel import OptionError

SIZE = parlour.load("dicetime", 1).encoding().size


@pytest.mark.parametrize(
    "options",
    [{}, {"mode": "puzzle"}, {"mode": "puzzle", "time_limit": 0}, {"render_mode": "ansi"}],
)
def test_check_env(options: dict[str, Any]) -> None:
    env = gymnasium.make(parlour.envs.DICETIME_ID, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings fail the test
        if "render_mode" not in options:
            warnings.filterwarnings("ignore", message=".*render")
        check_env(env.unwrapped)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_steps_through_finished_games(mode: str) -> None:
    """`make_vec` stacks observations, masks and infos; games end and reset (autoreset) with
    no view in the infos to stack."""
    envs = gymnasium.make_vec(parlour.envs.DICETIME_ID, num_envs=2, vectorization_mode=mode)
    try:
        observations, infos = envs.reset(seed=5)
        rng = np.random.default_rng(5)
        ended = 0
        for _ in range(120):
            actions = [
                rng.choice(np.flatnonzero(mask)) if mask.any() else 0  # 0: a game just ended
                for mask in observations["action_mask"]
            ]
            observations, _, terminated, _, infos = envs.step(np.array(actions))
            assert observations["observation"].shape == (2, SIZE)
            ended += int(terminated.sum())
            assert "view" not in infos
        assert ended >= 2, "every Dicetime game ends within 60 steps of its agent"
    finally:
        envs.close()


def test_render_draws_the_sheet_as_the_terminal_does(capsys: pytest.CaptureFixture[str]) -> None:
    text = DicetimeEnv(render_mode="ansi")
    text.reset(seed=2)
    drawing = text.render()
    assert isinstance(drawing, str) and "Chance" in drawing
    shown = DicetimeEnv(render_mode="human")
    shown.reset(seed=2)
    assert shown.render() is None
    assert "Chance" in capsys.readouterr().out
    assert DicetimeEnv().render() is None


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
        ({"render_mode": "rgb_array"}, "render_mode must be one of human, ansi"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        gymnasium.make("parlour/Dicetime-v0", **options)


@pytest.mark.parametrize("mode", ["turns", "puzzle"])
def test_return_is_the_final_score(mode: str) -> None:
    env = DicetimeEnv(mode, views=True)
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
