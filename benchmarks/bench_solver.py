"""The Dicetime solver side by side with PyPI's yatzy-solver (Rust), in one run.

    .venv/bin/python benchmarks/bench_solver.py [--rounds 2] [--games 4000] [--json]

1. Building the standard table (`five_of_a_kind_is_full_house=false`, the peer's
   `american+no-bonus`), each build in a fresh process so that its peak memory can be read;
   rounds alternate between the two and the best time of each counts. Numba's compiled code is
   loaded from its on-disk cache before the clock starts (the first run ever also compiles).
2. Building the puzzle table (26 pooled rerolls; the peer has no such variant).
3. Optimal-bot simulation, against the peer's own (parallel) simulator: games per second of
   Parlour's bulk player (compiled, both cores, table look-ups batched per turn) and of the
   `optimal` bot through the kernel on two workers (views, legal lists, records: the general path).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

OURS = """
import json, resource, sys, time
import numpy as np
from parlour.boxes.dicetime.solver.build import Variant, solve
from parlour.boxes.dicetime.solver.widget import solve_layer
from parlour.boxes.dicetime.solver.lattice import lattice_arrays, scores
from parlour.boxes.dicetime.solver.build import upper_states
variant = Variant(five_of_a_kind_is_full_house={fh5}, puzzle={puzzle})
values = np.zeros((8192, 64, variant.levels))
compute, _ = upper_states()
solve_layer(np.zeros(0, dtype=np.int64), compute, values, values, scores(False),
            lattice_arrays(), variant.levels, variant.puzzle)  # load the compiled code
started = time.perf_counter()
mean, sd = solve(variant).start()
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({{"seconds": seconds, "peak_bytes": peak, "expected": mean}}))
"""

PEER = """
import json, resource, time
import yatzy_solver as ys
started = time.perf_counter()
solver = ys.Solver.build(ys.Variant("american+no-bonus"))
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "peak_bytes": peak,
                  "expected": solver.state_value("upper 0 | filled -")}))
"""


def run(code: str) -> dict[str, float]:
    """Run `code` in a fresh interpreter and read the JSON line it prints."""
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    return result


def best(results: list[dict[str, float]]) -> dict[str, float]:
    return min(results, key=lambda r: r["seconds"])


def simulation(games: int) -> dict[str, float]:
    """Optimal games per second: Parlour in bulk and through its kernel, the peer in Rust."""
    import yatzy_solver as ys

    from parlour.boxes.dicetime.solver import bulk
    from parlour.boxes.dicetime.solver.build import Variant
    from parlour.boxes.dicetime.solver.store import table_for
    from parlour.sim import SimSpec, simulate

    table = table_for(Variant(five_of_a_kind_is_full_house=False, puzzle=False))
    bulk.simulate(table, 10, seed=0)  # compiled code loaded
    started = time.perf_counter()
    played = bulk.simulate(table, games * 10, seed=1)
    bulk_seconds = time.perf_counter() - started

    options = {"five_of_a_kind_is_full_house": False}
    simulate(SimSpec("dicetime", 1, ("optimal",), 2, 0, options=options))  # tables loaded
    ours = simulate(SimSpec("dicetime", 1, ("optimal",), games, 1, options=options), workers=2)
    solver = ys.Solver.build(ys.Variant("american+no-bonus"))
    started = time.perf_counter()
    theirs = solver.simulate(games * 10, seed=1)
    peer_seconds = time.perf_counter() - started
    peer_rate = games * 10 / peer_seconds
    return {
        "bulk_games_per_second": games * 10 / bulk_seconds,
        "bulk_mean": float(played.mean()),
        "bulk_ratio": games * 10 / bulk_seconds / peer_rate,
        "parlour_games_per_second": ours.games_per_second,
        "parlour_mean": ours.mean_scores[0],
        "peer_games_per_second": peer_rate,
        "peer_mean": float(theirs["mean"]),
        "ratio": ours.games_per_second / peer_rate,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=4000, help="optimal-bot games (ours)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("PARLOUR_CACHE", tempfile.mkdtemp(prefix="parlour-bench-"))
    ours, peers = [], []
    for _ in range(args.rounds):
        ours.append(run(OURS.format(fh5=False, puzzle=False)))
        peers.append(run(PEER))
    standard, peer = best(ours), best(peers)
    puzzle = run(OURS.format(fh5=True, puzzle=True))
    result = {
        "standard": standard,
        "peer_standard": peer,
        "standard_ratio": peer["seconds"] / standard["seconds"],
        "puzzle": puzzle,
        "simulation": simulation(args.games),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    mib = 1 << 20
    print(
        f"Standard table: Parlour {standard['seconds']:.2f} s "
        f"(peak {standard['peak_bytes'] / mib:.0f} MiB, {standard['expected']:.6f}); "
        f"yatzy-solver {peer['seconds']:.2f} s (peak {peer['peak_bytes'] / mib:.0f} MiB, "
        f"{peer['expected']:.6f}); Parlour is {result['standard_ratio']:.2f}x the peer's speed"
    )
    print(
        f"Puzzle table: {puzzle['seconds']:.1f} s, peak {puzzle['peak_bytes'] / mib:.0f} MiB, "
        f"expected {puzzle['expected']:.6f}"
    )
    sim = result["simulation"]
    print(
        f"Optimal simulation: yatzy-solver {sim['peer_games_per_second']:,.0f} games/s "
        f"(mean {sim['peer_mean']:.2f}); Parlour in bulk {sim['bulk_games_per_second']:,.0f} "
        f"games/s (mean {sim['bulk_mean']:.2f}, ratio {sim['bulk_ratio']:.2f}); the optimal "
        f"bot through the kernel {sim['parlour_games_per_second']:,.0f} games/s (2 workers, "
        f"mean {sim['parlour_mean']:.2f}, ratio {sim['ratio']:.3f})"
    )


if __name__ == "__main__":
    main()
