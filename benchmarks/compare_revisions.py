"""Is a change slower? Random play of every game, before and after, interleaved.

    .venv/bin/python benchmarks/compare_revisions.py --before be102d2 [--rounds 5] [--seconds 2]

The revision `--before` is checked out in a temporary git worktree; the working tree is "after".
Each round runs every game once on each side, each in a fresh process, alternating which side
goes first, so that both see the same machine. Each game plays its first declared configuration
(the same options on both sides) with the loop of `bench_games.py`: list the legal actions of a
seat to act and apply a random one. The figure is the median over rounds of after/before in
actions per second; 1.0 is no change, below 1 is slower.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import parlour

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import json, random, sys, time
import parlour
name, players, options, seconds = json.loads(sys.argv[1])
game = parlour.load(name, players, **options)
rng = random.Random(1)
draw = rng.random
actions = 0
started = time.perf_counter()
while time.perf_counter() - started < seconds:
    state = game.new(rng.getrandbits(64))
    while not state.over:
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else to_act[int(draw() * len(to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(draw() * len(legal))])
        actions += 1
print(actions / (time.perf_counter() - started))
"""


def rate(source: Path, case: list[object]) -> float:
    """Actions per second of one game, in a fresh process importing Parlour from `source`."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER, json.dumps(case)],
        env={"PYTHONPATH": str(source / "src"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the revision to compare against")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", nargs="*", help="only these games (default: every one)")
    args = parser.parse_args()
    cases = {
        info.name: [info.name, c.players, dict(c.options), args.seconds]
        for info in parlour.games()
        for c in info.configurations[:1]
        if not args.games or info.name in args.games
    }
    ratios: dict[str, list[float]] = {name: [] for name in cases}
    with tempfile.TemporaryDirectory() as scratch:
        before = Path(scratch) / "before"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(before), args.before],
            check=True,
        )
        try:
            for round_number in range(args.rounds):
                for name, case in cases.items():
                    sides = [before, ROOT] if round_number % 2 == 0 else [ROOT, before]
                    rates = {side: rate(side, case) for side in sides}
                    ratios[name].append(rates[ROOT] / rates[before])
                    was, now = rates[before], rates[ROOT]
                    print(f"round {round_number + 1} {name}: {was:,.0f} -> {now:,.0f} actions/s")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)], check=True
            )
    print("median after/before (actions per second):")
    for name, values in ratios.items():
        rounds = ", ".join(f"{value:.2f}" for value in values)
        print(f"  {name:10} {statistics.median(values):.3f}  (rounds: {rounds})")


if __name__ == "__main__":
    main()
