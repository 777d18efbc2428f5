"""Ray's overhead against the local process pool, and the scaling from one worker to two: the
same simulation (`parlour sim`) on each backend, best of a few runs each, side by side.

    nice -n 10 .venv/bin/python benchmarks/bench_ray.py [--game dokitto] [--players 2]
        [--bots random,random] [--games 600] [--seed 1] [--repeat 3] [--json]

Rows: `local` (1 worker: this process; 2: a process pool started for the run), `ray` on a
Ray of two CPUs started once beforehand (the cost of each run on a running cluster), and
`ray, cold` (a run that starts its own local Ray and shuts it down, as `parlour sim --backend
ray` does without `--address`), then how long starting a local Ray took. The machine may be
shared, so each row is the best of `--repeat` rounds, every backend run once a round. Every
run's summary must equal the first's, number for number.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from typing import Any

import ray

from parlour.backends import Backend, LocalPool, RayTasks
from parlour.sim import SimSpec, simulate


def timed(spec: SimSpec, backend: Backend) -> tuple[float, dict[str, Any]]:
    """One run's wall time and its summary without timings."""
    started = time.perf_counter()
    summary = simulate(spec, backend)
    seconds = time.perf_counter() - started
    return seconds, {k: v for k, v in summary.to_json().items() if "second" not in k}


def measure(spec: SimSpec, repeat: int) -> list[dict[str, Any]]:
    """Each backend at 1 and 2 workers, best of `repeat` rounds (every backend once a round,
    so all see the same load), with its ratio to the local pool at the same workers and its
    speed-up from 1 worker to 2; then a cold Ray's runs and a Ray's start-up alone."""
    backends: dict[tuple[str, int], Backend] = {
        ("local", 1): LocalPool(1),
        ("ray", 1): RayTasks(1),
        ("local", 2): LocalPool(2),
        ("ray", 2): RayTasks(2),
    }
    times: dict[tuple[str, int], list[float]] = {key: [] for key in [*backends, ("ray, cold", 2)]}
    summaries = []
    started = time.perf_counter()
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    start_up = time.perf_counter() - started
    for _ in range(repeat):
        for key, backend in backends.items():
            seconds, summary = timed(spec, backend)
            times[key].append(seconds)
            summaries.append(summary)
    ray.shutdown()
    for _ in range(repeat):
        seconds, summary = timed(spec, RayTasks(2))
        times["ray, cold", 2].append(seconds)
        summaries.append(summary)
    assert all(summary == summaries[0] for summary in summaries), "a summary differs"
    best = {key: min(values) for key, values in times.items()}
    rows: list[dict[str, Any]] = []
    for (name, workers), seconds in sorted(best.items(), key=lambda item: item[0][::-1]):
        one = best.get((name, 1))
        rows.append(
            {
                "backend": name,
                "workers": workers,
                "seconds": seconds,
                "games_per_second": spec.games / seconds,
                "against_local": seconds / best["local", workers],
                "speed_up": one / seconds if one else None,
            }
        )
    rows.append({"backend": "ray start-up", "workers": 2, "seconds": start_up})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dokitto")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    spec = SimSpec(args.game, args.players, bots, args.games, args.seed, rotate=True)
    rows = measure(spec, args.repeat)
    if args.json:
        print(json.dumps({"spec": spec.__dict__, "repeat": args.repeat, "rows": rows}))
        return
    print(
        f"{spec.game}, {spec.players} players, {args.bots}, {spec.games} games, best of "
        f"{args.repeat}"
    )
    print(f"{'backend':<14}{'workers':>8}{'seconds':>10}{'games/s':>10}{'vs local':>10}{'1->2':>7}")
    for entry in rows:
        if "games_per_second" not in entry:
            print(f"{entry['backend']:<14}{'':>8}{entry['seconds']:>10.2f}")
            continue
        speed_up = f"{entry['speed_up']:.2f}x" if entry["speed_up"] else ""
        print(
            f"{entry['backend']:<14}{entry['workers']:>8}{entry['seconds']:>10.2f}"
            f"{entry['games_per_second']:>10.0f}{entry['against_local']:>9.2f}x{speed_up:>7}"
        )


if __name__ == "__main__":
    main()
