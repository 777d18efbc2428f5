"""Steps per second of the PettingZoo AEC environment, side by side with a kernel loop that
builds the acting seat's view at each step, for the same game.

    nice .venv/bin/python benchmarks/bench_envs.py [--seconds 3] [--rounds 3] [--json]

The kernel loop: while the game is not over, the first seat to act lists its legal actions,
builds its view, and applies a uniformly random legal action. The environment loop is what a
PettingZoo user writes: `for agent in env.agent_iter()`, `env.last()` (the observation: the
encoded view and the mask; the info: the JSON view), a uniformly random action from the mask,
`env.step`. An environment step is one decision: forced moves are played inside the step
before it (so a step may apply more than one kernel action, counted apart). Rounds alternate
between the two loops; the best round of each counts. Target: the environment within 25% of
the kernel loop (a ratio of at least 0.75). Every game with an encoding is a case. A third
loop runs the environment with the game's encoding replaced by constant zeros: what the
environment itself costs, apart from encoding the view.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import parlour
from parlour.envs import pettingzoo as pz
from parlour.kernel.encoding import Encoding, Feature

CASES = {"dicetime": 2, "dicecream": 2, "icecream": 3, "dokitto": 4, "likedice": 3}
"""Players of each game's case (its default options)."""


@dataclass
class Count:
    steps: int = 0
    actions: int = 0


def kernel_loop(game: str, players: int) -> Callable[[int, Count], None]:
    loaded = parlour.load(game, players)

    def play(seed: int, count: Count) -> None:
        rnd = random.Random(seed)
        state = loaded.new(seed)
        while not state.over:
            to_act = state.to_act
            seat = to_act[0] if to_act else None
            legal = state.legal_actions(seat)
            if seat is not None:
                state.view(seat)
            state.apply(seat, rnd.choice(legal))
            count.steps += 1
        count.actions += len(state.history)

    return play


def env_loop(game: str, players: int, encoded: bool = True) -> Callable[[int, Count], None]:
    env = pz.env(game, players)
    if not encoded:  # what the environment costs apart from the game's encoding
        zeros = [0.0] * env.table.encoding.size
        env.table.encoding = Encoding(
            "zeros", [Feature("zeros", len(zeros), 0, 1, "")], lambda _: zeros
        )

    def play(seed: int, count: Count) -> None:
        rnd = random.Random(seed)
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rnd.choice(np.flatnonzero(observation["action_mask"]))))
            count.steps += 1
        count.actions += len(env.table.state.history)

    return play


def rate(play: Callable[[int, Count], None], seconds: float) -> tuple[float, float]:
    """Steps and kernel actions per second of `play` over whole games for `seconds`."""
    count, seed = Count(), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(seed, count)
        seed += 1
    elapsed = time.perf_counter() - start
    return count.steps / elapsed, count.actions / elapsed


def has_encoding(game: str, players: int) -> bool:
    try:
        parlour.load(game, players).encoding()
    except NotImplementedError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", nargs="*", default=list(CASES))
    args = parser.parse_args()
    results = []
    for game in args.games:
        players = CASES[game]
        if not has_encoding(game, players):
            print(f"{game}: no encoding yet, skipped")
            continue
        loops = {
            "kernel": kernel_loop(game, players),
            "env": env_loop(game, players),
            "unencoded": env_loop(game, players, encoded=False),
        }
        best: dict[str, tuple[float, float]] = {}
        for _ in range(args.rounds):
            for name, play in loops.items():
                measured = rate(play, args.seconds)
                if name not in best or measured[0] > best[name][0]:
                    best[name] = measured
        row = {
            "game": game,
            "players": players,
            "kernel_steps_per_s": round(best["kernel"][0]),
            "env_steps_per_s": round(best["env"][0]),
            "env_kernel_actions_per_s": round(best["env"][1]),
            "ratio": round(best["env"][0] / best["kernel"][0], 3),
            "unencoded_steps_per_s": round(best["unencoded"][0]),
            "unencoded_ratio": round(best["unencoded"][0] / best["kernel"][0], 3),
        }
        results.append(row)
        if not args.json:
            print(
                f"{game} ({players} players): kernel loop {row['kernel_steps_per_s']:,} steps/s, "
                f"AEC env {row['env_steps_per_s']:,} steps/s "
                f"({row['env_kernel_actions_per_s']:,} kernel actions/s); "
                f"ratio {row['ratio']:.2f}; with the encoding left out "
                f"{row['unencoded_steps_per_s']:,} steps/s, ratio {row['unencoded_ratio']:.2f}"
            )
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
