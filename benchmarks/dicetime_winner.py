"""Dicetime, two players: does `winner` beat `optimal`? The issue's target: more than half of
the decided games, with the 95% interval above 50%.

    NUMBA_NUM_THREADS=1 nice -n 10 .venv/bin/python benchmarks/dicetime_winner.py \
        [--pairs 100000] [--seed 1] [--json]

Games run in the compiled two-player player (`solver/duel.py`, checked against the kernel's
games by `tests/boxes/dicetime/test_duel.py`). Deals come in pairs with rotation and duplicate
dice: each seat rolls from its own stream of faces, and the pair plays the same two streams
twice, `winner` first then `optimal` first. Until the bots' choices differ the two games are
mirror images (one win each), so luck cancels and only the decisions that differ count.

The win share is the winner's wins over the decided games (ties left out). Its 95% interval
is the normal interval of that ratio with the standard error of a ratio estimator over deal
pairs (the pairs are independent, the two games of a pair are not).
"""

from __future__ import annotations

import argparse
import json
import math
import time

import numpy as np

from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.duel import FACES_PER_SEAT, SEATS, Duel

Z95 = 1.959964


def measure(pairs: int, seed: int, chunk: int = 20_000) -> dict[str, float]:
    """Play `pairs` duplicate pairs of games; the winner's share of decided games with its
    interval, per-seat shares, mean scores and the speed."""
    duel = Duel(Variant(five_of_a_kind_is_full_house=True, puzzle=False))
    duel.play(np.ones((1, SEATS, FACES_PER_SEAT), dtype=np.int64), (True, False))  # compile
    first, second = [], []  # scores: winner first / winner second, [pair, seat]
    started = time.perf_counter()
    for index, start in enumerate(range(0, pairs, chunk)):
        generator = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, index])))
        size = min(chunk, pairs - start)
        faces = generator.integers(1, 7, size=(size, SEATS, FACES_PER_SEAT), dtype=np.int64)
        first.append(duel.play(faces, (True, False)))
        second.append(duel.play(faces, (False, True)))
    seconds = time.perf_counter() - started
    a, b = np.concatenate(first), np.concatenate(second)
    winner = np.stack([a[:, 0], b[:, 1]], axis=1)  # the winner's score in each game of a pair
    optimal = np.stack([a[:, 1], b[:, 0]], axis=1)
    wins = (winner > optimal).sum(axis=1)
    decided = (winner != optimal).sum(axis=1)
    share = wins.sum() / decided.sum()
    error = math.sqrt(((wins - share * decided) ** 2).sum()) / decided.sum()
    seat_share = [
        float((winner[:, k] > optimal[:, k]).sum() / (winner[:, k] != optimal[:, k]).sum())
        for k in range(SEATS)
    ]
    return {
        "pairs": pairs,
        "games": 2 * pairs,
        "decided": int(decided.sum()),
        "ties": int(2 * pairs - decided.sum()),
        "winner_wins": int(wins.sum()),
        "share": float(share),
        "low": float(share - Z95 * error),
        "high": float(share + Z95 * error),
        "share_when_first": seat_share[0],
        "share_when_second": seat_share[1],
        "pairs_that_differ": float(np.mean(np.any(a != b, axis=1))),
        "winner_mean": float(winner.mean()),
        "optimal_mean": float(optimal.mean()),
        "games_per_second": 2 * pairs / seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.pairs, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"winner vs optimal, 2 players, {result['games']} games ({args.pairs} duplicate pairs, "
        f"seed {args.seed}): winner wins {result['share']:.2%} of {result['decided']} decided "
        f"games, 95% interval {result['low']:.2%} to {result['high']:.2%}; "
        f"first seat {result['share_when_first']:.2%}, second {result['share_when_second']:.2%}; "
        f"ties {result['ties']}; pairs whose games differ {result['pairs_that_differ']:.1%}; "
        f"mean scores winner {result['winner_mean']:.2f}, optimal {result['optimal_mean']:.2f}; "
        f"{result['games_per_second']:.0f} games/s"
    )


if __name__ == "__main__":
    main()
