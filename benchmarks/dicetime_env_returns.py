"""Returns of `parlour/Dicetime-v0` (rewards: the score's changes, so a return is the final
score) for a random agent, the baseline, and the optimal bot, the ceiling, in the standard game
and the puzzle: mean, standard error, and the solved table's value for the ceiling.

    nice .venv/bin/python benchmarks/dicetime_env_returns.py [--random 2000] [--optimal 300]

The random agent picks uniformly among the legal actions (the mask); the optimal bot (the
`optimal` bot of the registry) chooses from the info's JSON view. Episode `i` is dealt with
seed `i` for both, so they play the same deals. The first use of the puzzle's table may build
it (minutes; then cached).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import parlour.envs
from parlour.bots.registry import make_bot

SOLVED = {"turns": 245.904728, "puzzle": 284.605009}
"""The exact optimal expected scores (docs/dicetime-solved.md): the puzzle's untimed."""

Policy = Callable[[dict[str, Any], dict[str, Any]], int]


def episode(env: gymnasium.Env[Any, Any], seed: int, policy: Policy) -> float:
    observation, info = env.reset(seed=seed)
    total, over = 0.0, False
    while not over:
        observation, reward, over, _, info = env.step(policy(observation, info))
        total += float(reward)
    return total


def random_agent(seed: int) -> Policy:
    rnd = random.Random(seed)
    return lambda observation, _: int(rnd.choice(np.flatnonzero(observation["action_mask"])))


def optimal_agent(env: gymnasium.Env[Any, Any]) -> Policy:
    table = env.unwrapped.table  # type: ignore[attr-defined]
    bot = make_bot(table.game, "optimal", 0, 0)

    def choose(observation: dict[str, Any], info: dict[str, Any]) -> int:
        legal = [table.actions[i] for i in np.flatnonzero(observation["action_mask"])]
        return int(table.index[bot.choose(info["view"], legal)])

    return choose


def summary(returns: list[float]) -> dict[str, float]:
    n = len(returns)
    mean = sum(returns) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / (n - 1)) if n > 1 else 0.0
    return {"games": n, "mean": round(mean, 2), "se": round(sd / math.sqrt(n), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=2000, help="episodes of the random agent")
    parser.add_argument("--optimal", type=int, default=300, help="episodes of the optimal bot")
    args = parser.parse_args()
    rows = []
    for mode in ("turns", "puzzle"):
        env = gymnasium.make(parlour.envs.DICETIME_ID, mode=mode, views=True)
        randomly = [episode(env, i, random_agent(i)) for i in range(args.random)]
        optimal = optimal_agent(env)
        best = [episode(env, i, optimal) for i in range(args.optimal)]
        rows.append(
            {
                "mode": mode,
                "random": summary(randomly),
                "optimal": summary(best),
                "solved": SOLVED[mode],
            }
        )
        print(json.dumps(rows[-1]), flush=True)


if __name__ == "__main__":
    main()
