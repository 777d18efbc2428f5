"""The PettingZoo AEC environment against the raw kernel loop under it, side by side on the
same games.

    nice .venv/bin/python benchmarks/bench_envs.py [--games 30] [--rounds 3] [--json]

The environment loop is what a PettingZoo user writes: `for agent in env.agent_iter()`,
`env.last()` (the observation, written from the state, and the mask), a uniformly random
action from the mask, `env.step`. Games `0..N-1` are dealt with those seeds and played so;
their records are kept. The raw loop plays the very same games through the kernel alone: at
each action `to_act`, the acting seat's legal actions and a random choice among them
(discarded: the record's action applies), then `apply`; no view, no encoding. A third loop is
the environment with `views=True` (the JSON view in every info, as before 2026-12-03). Forced
moves are played inside an environment step, so the same games take fewer environment steps
than kernel steps: the ratio compares games per second. A fourth loop steps `--tables` tables
at once (`parlour.envs.vector.Tables`, random actions from the masks in one numpy call) until
four times as many games have ended; its games are its own, so it is compared by kernel
actions per second (the unfinished games' counted). Rounds alternate between the loops; the
best round of each counts. Targets (issue 28): the environment at least 0.25 of the raw loop's
games per second for Dokitto (4 players) and Dicecream (3 players), 64 tables at once 0.4,
and with `--rlcard` (`pip install parlour[bench]`) Dokitto's env at least as many steps per
second as RLCard's `uno`, in the same rounds.
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
from parlour.envs.vector import Tables
from parlour.kernel import Seat

PLAYERS = {"dicetime": 2, "dicecream": 3, "icecream": 3, "dokitto": 4, "likedice": 3}
"""Players of the games' cases (issue 28 sets its target on Dokitto 4p and Dicecream 3p)."""


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


def env_loop(game: str, players: int, games: int, views: bool, records: list[Record]) -> Loop:
    """The environment playing games `0..games-1` at random; `records` receives each game's
    actions the first time it is played."""
    env = pz.env(game, players, views=views)

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
            if len(records) < games:
                records.append(env.table.state.history)
        return steps

    return play


def raw_loop(game: str, players: int, records: Sequence[Record]) -> Loop:
    """The kernel replaying `records` (game `i` dealt with seed `i`): `to_act`, the acting
    seat's legal actions and a random choice among them, then `apply`, at every action."""
    loaded = parlour.load(game, players)

    def play() -> int:
        steps = 0
        for seed, record in enumerate(records):
            rnd = random.Random(seed)
            state = loaded.new(seed)
            for seat, action in record:
                state.to_act  # noqa: B018 - read as an agent loop reads it
                if seat is not None:
                    rnd.choice(state.legal_actions(seat))
                state.apply(seat, action)
                steps += 1
        return steps

    return play


def tables_loop(game: str, players: int, tables: int, games: int) -> Loop:
    """`tables` tables stepped at once (`parlour.envs.vector.Tables`) from a reset until
    `games` games have ended, each row's action drawn at random from its mask in one numpy
    call for the batch (as a batched policy samples); returns the kernel actions applied,
    the unfinished games' included."""
    batch = Tables(game, players, num_tables=tables)
    rng = np.random.default_rng(0)

    def play() -> int:
        decisions = batch.reset(seed=0)
        ended = applied = 0
        while ended < games:
            noise = rng.random(decisions.action_mask.shape) * decisions.action_mask
            step = batch.step(noise.argmax(axis=1))
            for number in np.flatnonzero(step.terminated):
                ended += 1
                applied += len(batch.tables[number].state.history)
            decisions = step.decisions
        return applied + sum(len(table.state.history) for table in batch.tables)

    return play


def uno_loop(games: int) -> Loop:
    """RLCard's `uno` (2 players) played as its users do, `games` games dealt from seeds
    `0..games-1`, each action drawn at random from the state's legal actions: RLCard's own
    loop, for scale (issue 28's target: Parlour's Dokitto env at least as fast, in steps per
    second). Needs `pip install parlour[bench]`."""
    import rlcard

    env = rlcard.make("uno", config={"seed": 0})

    def play() -> int:
        steps = 0
        for seed in range(games):
            rnd = random.Random(seed)
            env.seed(seed)
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rnd.choice(list(state["legal_actions"])))
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


def case(
    game: str, players: int, games: int, rounds: int, tables: int, uno: bool
) -> dict[str, Any]:
    records: list[Record] = []
    env = env_loop(game, players, games, False, records)
    env()  # plays the games once, keeping their records
    loops = {
        "raw": raw_loop(game, players, records),
        "env": env,
        "views": env_loop(game, players, games, True, records),
        "tables": tables_loop(game, players, tables, 4 * tables),
    }
    if uno:
        loops["uno"] = uno_loop(games)
    best = best_rates(loops, rounds)
    raw, fast, viewed, batched = best["raw"], best["env"], best["views"], best["tables"]
    against_uno = {}
    if uno:
        against_uno = {
            "uno_steps_per_s": round(best["uno"][0]),
            "env_vs_uno": round(fast[0] / best["uno"][0], 3),
        }
    return {
        "game": game,
        "players": players,
        "games": games,
        "raw_steps_per_s": round(raw[0]),
        "env_steps_per_s": round(fast[0]),
        "raw_ms_per_game": round(1000 * raw[1] / games, 3),
        "env_ms_per_game": round(1000 * fast[1] / games, 3),
        "ratio": round(raw[1] / fast[1], 3),
        "views_ms_per_game": round(1000 * viewed[1] / games, 3),
        "views_ratio": round(raw[1] / viewed[1], 3),
        "tables": tables,
        "tables_actions_per_s": round(batched[0]),
        "tables_ratio": round(batched[0] / raw[0], 3),
        **against_uno,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games a pass (seeds 0..N-1)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=64, help="tables of the batched env")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--rlcard", action="store_true", help="also RLCard's uno beside Dokitto (parlour[bench])"
    )
    found = cases()
    parser.add_argument("--only", nargs="*", default=list(found), help="games to measure")
    args = parser.parse_args()
    rows = []
    for game in args.only:
        uno = args.rlcard and game == "dokitto"
        row = case(game, found[game], args.games, args.rounds, args.tables, uno)
        rows.append(row)
        if not args.json:
            print(
                f"{game} ({row['players']} players, {row['games']} games): raw kernel loop "
                f"{row['raw_ms_per_game']} ms a game ({row['raw_steps_per_s']:,} steps/s), "
                f"AEC env {row['env_ms_per_game']} ms a game ({row['env_steps_per_s']:,} "
                f"steps/s): ratio {row['ratio']:.3f}; with views {row['views_ms_per_game']} ms, "
                f"ratio {row['views_ratio']:.3f}; {row['tables']} tables at once "
                f"{row['tables_actions_per_s']:,} kernel actions/s, "
                f"ratio {row['tables_ratio']:.3f}",
                flush=True,
            )
            if uno:
                print(
                    f"  RLCard's uno (2 players, {args.games} games) {row['uno_steps_per_s']:,} "
                    f"steps/s: Dokitto's env at {row['env_vs_uno']:.3f} of it",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
