"""How long advice takes: CPU per hint (mean, p50, p99, worst) and per review of one seat.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/bench_hints.py [--games 4]
        [--game dokitto] [--reviews] [--json]

Each case plays `--games` seeded games of random legal play and asks the game's advice
(`Game.advice().choices` from the acting seat's view) at every decision of seat 0 with two
choices or more. With `--reviews`, it also plays one game by the game's default bot at every
seat and times the review of seat 0's decisions (`Advice.review`). Issue 30's targets: 3 s of
CPU a hint at p99, 2 minutes a review of a two-player game (`time.process_time`: the 2-core
machine is shared, so the clock would measure the other loads too).
"""

from __future__ import annotations

import argparse
import json
import random
import time

import parlour
from parlour.bots.registry import default_bot, make_bot
from parlour.kernel import games

SETUPS = {"dicecream": (2, 4), "dokitto": (2, 4), "icecream": (3, 5)}
"""The player counts measured for each game that advises by search."""


def measure(name: str, players: int, count: int) -> dict[str, float | int | str]:
    """CPU seconds per hint over `count` random games of `name` with `players`."""
    game = parlour.load(name, players)
    advice = game.advice()
    assert advice is not None
    times: list[float] = []
    for seed in range(count):
        rnd = random.Random(seed)
        state = game.new(seed)
        while not state.over:
            seat = rnd.choice(state.to_act)
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) > 1:
                started = time.process_time()
                advice.choices(state.view(seat), seat)
                times.append(time.process_time() - started)
            state.apply(seat, rnd.choice(list(legal)))
    times.sort()

    def nearest(q: float) -> float:
        return times[min(len(times) - 1, round(q * (len(times) - 1)))]

    return {
        "game": name,
        "players": players,
        "hints": len(times),
        "mean": sum(times) / len(times),
        "p50": nearest(0.5),
        "p99": nearest(0.99),
        "worst": times[-1],
    }


def review_time(name: str, players: int) -> dict[str, float | int | str]:
    """CPU seconds to review seat 0 of one game (seed 0) played by the default bot."""
    game = parlour.load(name, players)
    advice = game.advice()
    assert advice is not None
    bots = [make_bot(game, default_bot(name), seat, 0) for seat in range(players)]
    state = game.new(0)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    started = time.process_time()
    review = advice.review(state, 0)
    took = time.process_time() - started
    return {"game": name, "players": players, "decisions": len(review["decisions"]), "review": took}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--reviews", action="store_true", help="also time a review each")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    searched = [info.name for info in games() if info.name in SETUPS]
    results = []
    for name in args.game or searched:
        for players in SETUPS[name]:
            result = measure(name, players, args.games)
            if args.reviews:
                result |= review_time(name, players)
            results.append(result)
            if not args.json:
                print(
                    f"{name:10} {players} players: {result['hints']:4} hints, mean "
                    f"{result['mean']:.2f} s, p50 {result['p50']:.2f} s, p99 "
                    f"{result['p99']:.2f} s, worst {result['worst']:.2f} s"
                    + (
                        f"; a review of {result['decisions']} decisions {result['review']:.0f} s"
                        if args.reviews
                        else ""
                    ),
                    flush=True,
                )
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
