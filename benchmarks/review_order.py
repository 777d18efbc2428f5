"""Whether reviews rank players as one expects (issue 30): the mean chance to win given up per
decision, by the game's advice, should fall from `random` to `greedy` to the strongest bot.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/review_order.py [--games 8]
        [--case dicecream] [--workers 2] [--json]

Each case deals the same `--games` seeds for every player: it sits in seat 0 against `greedy`
in the other seats, and its decisions are reviewed (`Advice.review`, from its views). A game
gives one figure, the mean loss per decision; a player's figure is the mean over the games,
with a 95% interval (Student's t over the games), and each step of the order is tested on the
paired differences (the same deals). Beside it, the mean over the decisions still in
contention (`CONTESTED`), with its interval over the games that had any.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from scipy.stats import t as student

import parlour
from parlour.bots.registry import make_bot


@dataclass(frozen=True)
class Case:
    """A game, its players and options, and its players from weakest to strongest."""

    name: str
    game: str
    players: int
    options: dict[str, Any]
    order: tuple[str, ...]


CASES = (
    Case("dicecream", "dicecream", 2, {}, ("random", "greedy", "planner:hard")),
    Case("dokitto", "dokitto", 2, {}, ("random", "greedy", "pimc:hard")),
    Case("icecream", "icecream", 3, {}, ("random", "greedy", "vendor:hard")),
)
"""The strongest bot of each game at a level that plays in well under a second a decision."""
CONTESTED = (0.1, 0.9)
"""A decision is in contention where the best choice's chance to win is within this range: a
lost (or won) position's decisions cost nothing, so a player who falls behind early gives up
little per decision afterwards, however it plays."""


def lost_per_decision(case: Case, player: str, seed: int) -> tuple[float, float | None]:
    """Seat 0's mean loss per decision in the game dealt from `seed`, `player` in seat 0 and
    `greedy` elsewhere: over all its decisions, and over those still in contention (the best
    choice's chance to win within `CONTESTED`; `None` if none was)."""
    game = parlour.load(case.game, case.players, **case.options)
    advice = game.advice()
    assert advice is not None
    names = [player, *["greedy"] * (case.players - 1)]
    bots = [make_bot(game, name, seat, seed * 16 + seat) for seat, name in enumerate(names)]
    state = game.new(seed)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    decisions = advice.review(state, 0)["decisions"]
    low, high = CONTESTED
    contested = [d["loss"] for d in decisions if low <= d["best_expected"] <= high]
    mean = statistics.fmean(d["loss"] for d in decisions) if decisions else 0.0
    return mean, statistics.fmean(contested) if contested else None


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of `values` and its 95% interval (Student's t)."""
    mean = statistics.fmean(values)
    half = student.ppf(0.975, len(values) - 1) * statistics.stdev(values) / len(values) ** 0.5
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--case", action="append", choices=[case.name for case in CASES])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cases = [case for case in CASES if args.case is None or case.name in args.case]
    jobs = [
        (case, player, seed)
        for case in cases
        for player in case.order
        for seed in range(args.games)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        losses = list(pool.map(lost_per_decision, *zip(*jobs, strict=True)))
    found: dict[tuple[str, str], list[float]] = {}
    contested: dict[tuple[str, str], list[float]] = {}
    for (case, player, _), (loss, close) in zip(jobs, losses, strict=True):
        found.setdefault((case.name, player), []).append(loss)
        if close is not None:
            contested.setdefault((case.name, player), []).append(close)
    for case in cases:
        rows = {player: interval(found[case.name, player]) for player in case.order}
        close = {player: interval(contested[case.name, player]) for player in case.order}
        steps = []
        for weaker, stronger in zip(case.order, case.order[1:], strict=False):
            paired = [
                a - b
                for a, b in zip(found[case.name, weaker], found[case.name, stronger], strict=True)
            ]
            steps.append({"from": weaker, "to": stronger, "difference": interval(paired)})
        if args.json:
            print(
                json.dumps({"case": case.name, "players": rows, "contested": close, "steps": steps})
            )
            continue
        print(f"{case.name} ({case.players} players, {args.games} games each):")
        for player, (mean, low, high) in rows.items():
            print(f"  {player:14} {mean:.2%} given up a decision ({low:.2%} to {high:.2%})", end="")
            mean, low, high = close[player]
            print(f"; in contention {mean:.2%} ({low:.2%} to {high:.2%})")
        for step in steps:
            mean, low, high = step["difference"]
            print(f"  {step['from']} - {step['to']}: {mean:+.2%} ({low:+.2%} to {high:+.2%})")


if __name__ == "__main__":
    main()
