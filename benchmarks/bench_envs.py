"""The PettingZoo AEC environment against a kernel loop that builds the acting seat's view at
each step, side by side on the same games.

    nice .venv/bin/python benchmarks/bench_envs.py [--games 30] [--rounds 3] [--json]

The environment loop is what a PettingZoo user writes: `for agent in env.agent_iter()`,
`env.last()` (the observation: the encoded view and the mask; the info: the JSON view), a
uniformly random action from the mask, `env.step`. Games `0..N-1` are dealt with those seeds
and played so; their records are kept. The kernel loop plays the very same games through the
kernel: at each action, the acting seat lists its legal actions, builds its view and draws a
random legal action (discarded: the record's action applies). An environment step is one
decision; forced moves are played inside the step (the kernel loop builds a view for those
too), so the same games take fewer environment steps than kernel steps: both rates and the
time per game are given. A third loop runs the environment with the game's encoding replaced
by a constant array: what the environment itself costs apart from encoding views. Rounds
alternate between the loops; the best round of each counts. Target: the environment's steps
per second within 25% of the kernel loop's (a ratio of at least 0.75).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import parlour
from parlour.envs import pettingzoo as pz
from parlour.kernel import Seat
from parlour.kernel.encoding import Encoding

PLAYERS = {"dicetime": 2, "dicecream": 2, "icecream": 3, "dokitto": 4, "likedice": 3}
"""Players of the games' cases as docs/performance.md measured them."""


def cases() -> dict[str, int]:
    """Every registered game's case (its default options), by name: the players it was
    measured with, else the middle of its player range."""
    return {
        info.name: PLAYERS.get(info.name, (info.min_players + info.max_players) // 2)
        for info in parlour.games()
    }


Record = tuple[tuple[Seat, str], ...]
Loop = Callable[[], int]
"""Plays every game once; returns the steps it took."""


class Zeros:
    """An encoding of the same size that reads nothing: zeros, copied."""

    def __init__(self, real: Encoding) -> None:
        self._zeros = np.zeros(real.size, dtype=np.float32)

    def encode(self, view: object) -> np.ndarray:
        return self._zeros.copy()


def env_loop(game: str, players: int, games: int, records: list[Record] | None = None) -> Loop:
    """The environment playing games `0..games-1` at random; `records` (if given) receives
    each game's actions, and the encoding is then left out."""
    env = pz.env(game, players)
    if records is not None:
        env.table.encoding = Zeros(env.table.encoding)  # type: ignore[assignment]

    def play() -> int:
        steps = 0
        for seed in range(games):
            rnd = random.Random(seed)
            env.reset(seed=seed)
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rnd.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
            if records is not None and len(records) < games:
                records.append(env.table.state.history)
        return steps

    return play


def kernel_loop(game: str, players: int, records: Sequence[Record]) -> Loop:
    """The kernel replaying `records` (game `i` dealt with seed `i`), building the acting
    seat's view and drawing a random legal action at every action."""
    loaded = parlour.load(game, players)

    def play() -> int:
        steps = 0
        for seed, record in enumerate(records):
            rnd = random.Random(seed)
            state = loaded.new(seed)
            for seat, action in record:
                legal = state.legal_actions(seat)
                if seat is not None:
                    state.view(seat)
                    rnd.choice(legal)
                state.apply(seat, action)
                steps += 1
        return steps

    return play


def best_rates(loops: dict[str, Loop], rounds: int) -> dict[str, tuple[float, float]]:
    """Each loop's best (steps per second, seconds per pass) over `rounds` alternating runs."""
    best: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for name, loop in loops.items():
            start = time.perf_counter()
            steps = loop()
            elapsed = time.perf_counter() - start
            if name not in best or elapsed < best[name][1]:
                best[name] = (steps / elapsed, elapsed)
    return best


def case(game: str, players: int, games: int, rounds: int) -> dict[str, Any]:
    records: list[Record] = []
    unencoded = env_loop(game, players, games, records)
    unencoded()  # plays the games once, keeping their records
    loops = {
        "kernel": kernel_loop(game, players, records),
        "env": env_loop(game, players, games),
        "unencoded": unencoded,
    }
    best = best_rates(loops, rounds)
    kernel, env, bare = best["kernel"], best["env"], best["unencoded"]
    return {
        "game": game,
        "players": players,
        "games": games,
        "kernel_steps_per_s": round(kernel[0]),
        "env_steps_per_s": round(env[0]),
        "ratio": round(env[0] / kernel[0], 3),
        "kernel_ms_per_game": round(1000 * kernel[1] / games, 2),
        "env_ms_per_game": round(1000 * env[1] / games, 2),
        "unencoded_steps_per_s": round(bare[0]),
        "unencoded_ratio": round(bare[0] / kernel[0], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games a pass (seeds 0..N-1)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    found = cases()
    parser.add_argument("--only", nargs="*", default=list(found), help="games to measure")
    args = parser.parse_args()
    rows = []
    for game in args.only:
        row = case(game, found[game], args.games, args.rounds)
        rows.append(row)
        if not args.json:
            print(
                f"{game} ({row['players']} players, {row['games']} games): kernel loop "
                f"{row['kernel_steps_per_s']:,} steps/s ({row['kernel_ms_per_game']} ms a game), "
                f"AEC env {row['env_steps_per_s']:,} steps/s ({row['env_ms_per_game']} ms a "
                f"game): ratio {row['ratio']:.2f}; encoding left out "
                f"{row['unencoded_steps_per_s']:,} steps/s, ratio {row['unencoded_ratio']:.2f}",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
