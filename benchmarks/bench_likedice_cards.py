"""Like Dice: the `counter` bot's card choice by the counting-time model (`cards=race`, every
preset's default) against the first rule (`cards=dots`, the card with the most dots) at equal
speed and accuracy: one `race` counter against `dots` counters of the same preset, seats
rotated, each game on its own seed (`parlour sim --rotate`). Prints the race counter's win
share with its 95% Wilson interval beside the chance share (1 / players).

    nice -n 10 .venv/bin/python benchmarks/bench_likedice_cards.py [--games 2000] [--seed 13]
        [--players 2 3] [--presets child adult expert] [--level beginner] [--workers 1] [--json]

Each row is the same as `parlour sim likedice --players N --bots
counter:P:cards=race,counter:P:cards=dots[,...] --games G --seed S --rotate --workers 1
--option level=L`.
"""

from __future__ import annotations

import argparse
import json

from scipy.stats import binomtest

from parlour.sim import SimSpec, simulate


def measure(
    preset: str, players: int, games: int, seed: int, level: str, workers: int
) -> dict[str, object]:
    """One race counter against `players - 1` dots counters of `preset`: its wins, its share
    and the share's 95% Wilson interval."""
    bots = (f"counter:{preset}:cards=race", *[f"counter:{preset}:cards=dots"] * (players - 1))
    spec = SimSpec("likedice", players, bots, games, seed, rotate=True, options={"level": level})
    summary = simulate(spec, workers)
    wins = round(summary.win_rates[0] * games)
    interval = binomtest(wins, games).proportion_ci(0.95, method="wilson")
    return {
        "preset": preset,
        "players": players,
        "games": games,
        "seed": seed,
        "level": level,
        "bots": list(bots),
        "wins": wins,
        "share": wins / games,
        "low": interval.low,
        "high": interval.high,
        "chance": 1 / players,
        "seconds": summary.seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--presets", nargs="+", default=["child", "adult", "expert"])
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for players in args.players:
        for preset in args.presets:
            row = measure(preset, players, args.games, args.seed, args.level, args.workers)
            if args.json:
                print(json.dumps(row), flush=True)
                continue
            print(
                f"{players} players, {args.level}, {preset:7}: race wins {row['wins']}/"
                f"{args.games} = {row['share']:.1%} [{row['low']:.1%}, {row['high']:.1%}] (chance "
                f"{row['chance']:.1%}; {row['seconds']:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
