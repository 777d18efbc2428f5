"""A baseline that learns: MaskablePPO (sb3-contrib) on `parlour/Dicetime-v0`, solo Dicetime.

    pip install -e ".[research,learn]"
    nice python examples/train_dicetime.py [--steps 300000] [--every 25000] [--episodes 200]
        [--seed 1] [--out docs/research/dicetime-ppo.png]

The agent sees the observation vector (the view's encoding) and acts only among legal actions
(the environment's mask). Every `--every` steps its deterministic policy plays `--episodes`
evaluation deals (seeds 10**6 upward, the same deals each time); the learning curve is plotted
against the random agent and the optimal bot measured on those same deals, the baseline and the
ceiling. The figures, with this command, are in docs/research.md.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO

import parlour.envs
from parlour.bots.registry import make_bot

EVALUATION_SEEDS = 10**6
"""Evaluation deals are seeded from here upward, apart from the seeds training draws."""


class VectorObservation(gymnasium.ObservationWrapper[np.ndarray, np.int64, dict[str, Any]]):
    """The observation vector alone (SB3's MLP wants one Box), the mask kept for
    `action_masks()`, which MaskablePPO calls before every action."""

    def __init__(self, env: gymnasium.Env[dict[str, Any], np.int64]) -> None:
        super().__init__(env)
        assert isinstance(env.observation_space, gymnasium.spaces.Dict)
        self.observation_space = env.observation_space["observation"]
        self._mask = np.ones(1, dtype=bool)

    def observation(self, observation: dict[str, Any]) -> np.ndarray:
        self._mask = observation["action_mask"].astype(bool)
        return np.asarray(observation["observation"])

    def action_masks(self) -> np.ndarray:
        return self._mask


def make_env() -> VectorObservation:
    return VectorObservation(gymnasium.make(parlour.envs.DICETIME_ID, mode="turns", views=True))


def play(env: VectorObservation, seed: int, choose: Any) -> float:
    """One evaluation episode dealt with `seed`; `choose(observation, mask, info)` -> index."""
    observation, info = env.reset(seed=seed)
    total, over = 0.0, False
    while not over:
        action = choose(observation, env.action_masks(), info)
        observation, reward, over, _, info = env.step(action)
        total += float(reward)
    return total


def mean_return(env: VectorObservation, episodes: int, choose: Any) -> float:
    return float(np.mean([play(env, EVALUATION_SEEDS + i, choose) for i in range(episodes)]))


def baselines(env: VectorObservation, episodes: int) -> dict[str, float]:
    """The random agent's and the optimal bot's mean return on the evaluation deals."""
    rnd = random.Random(0)
    table = env.unwrapped.table  # type: ignore[attr-defined]
    optimal = make_bot(table.game, "optimal", 0, 0)

    def best(_: np.ndarray, mask: np.ndarray, info: dict[str, Any]) -> int:
        legal = [table.actions[i] for i in np.flatnonzero(mask)]
        return int(table.index[optimal.choose(info["view"], legal)])

    return {
        "random": mean_return(env, episodes, lambda _, mask, __: rnd.choice(np.flatnonzero(mask))),
        "optimal": mean_return(env, episodes, best),
    }


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train in stages of `args.every` steps, evaluating after each; the curve and baselines."""
    env, evaluation = make_env(), make_env()
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)

    def policy(observation: np.ndarray, mask: np.ndarray, _: Any) -> int:
        action, _state = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    curve = [(0, mean_return(evaluation, args.episodes, policy))]
    while curve[-1][0] < args.steps:
        model.learn(args.every, reset_num_timesteps=False)
        curve.append((model.num_timesteps, mean_return(evaluation, args.episodes, policy)))
        print(f"{curve[-1][0]:>8} steps: mean return {curve[-1][1]:.1f}", flush=True)
    return {"curve": curve, **baselines(evaluation, args.episodes)}


def plot(result: dict[str, Any], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, returns = zip(*result["curve"], strict=True)
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(steps, returns, marker="o", label="MaskablePPO")
    axes.axhline(result["optimal"], color="green", linestyle="--", label="optimal bot")
    axes.axhline(result["random"], color="grey", linestyle=":", label="random agent")
    axes.set_xlabel("environment steps")
    axes.set_ylabel("mean final score (evaluation deals)")
    axes.set_title("Dicetime solo: learning against the baseline and the ceiling")
    axes.legend()
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300_000)
    parser.add_argument("--every", type=int, default=25_000)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("docs/research/dicetime-ppo.png"))
    args = parser.parse_args()
    result = train(args)
    plot(result, args.out)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
