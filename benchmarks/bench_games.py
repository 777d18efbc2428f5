"""Random games per second through Parlour's public API, side by side with a peer engine.

    .venv/bin/python benchmarks/bench_games.py [--seconds 3] [--rounds 3] [--json]

Both sides are driven the same way from Python on one core: while the game is not over, list
the legal actions of the seat to act (one of them at random where several act at once) and
apply a uniformly random one (OpenSpiel's chance nodes are sampled by their probabilities).
A case without a peer reports Parlour's figure alone. Rounds alternate between the two sides so that
both see the same machine; the best round of each counts. The ratio is the figure to watch.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import parlour


@dataclass(frozen=True)
class Case:
    """One comparison: a Parlour game against a peer engine's game."""

    label: str
    parlour_game: str
    players: int
    options: dict[str, object]
    peer: str  # an OpenSpiel game name, or "" for no peer


CASES = (
    Case("Dicetime vs OpenSpiel yacht, 2 players", "dicetime", 2, {}, "yacht"),
    Case("Dicecream, 3 players (no peer)", "dicecream", 3, {}, ""),
)


def parlour_games(case: Case, rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """Random games until `seconds` pass; returns (games, actions, elapsed)."""
    game = parlour.load(case.parlour_game, case.players, **case.options)
    draw = rng.random
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new(rng.getrandbits(64))
        while not state.over:
            to_act = state.to_act  # several seats where they act at once: any of them next
            seat = to_act[0] if len(to_act) == 1 else to_act[int(draw() * len(to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(draw() * len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - started


def openspiel_games(case: Case, rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """The same loop on an OpenSpiel game (chance outcomes sampled by probability)."""
    import pyspiel

    game = pyspiel.load_game(case.peer)
    draw = rng.random
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, total = draw(), 0.0
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if pick < total:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[int(draw() * len(legal))]
            state.apply_action(action)
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - started


def best_rate(
    run: Callable[[Case, random.Random, float], tuple[int, int, float]],
    case: Case,
    seconds: float,
    seed: int,
) -> dict[str, float]:
    games, actions, elapsed = run(case, random.Random(seed), seconds)
    return {
        "games_per_second": games / elapsed,
        "actions_per_game": actions / max(1, games),
        "games": games,
    }


def measure(case: Case, seconds: float, rounds: int) -> dict[str, object]:
    """Alternate rounds of both sides; keep each side's best round."""
    ours: list[dict[str, float]] = []
    peers: list[dict[str, float]] = []
    for round_number in range(rounds):
        ours.append(best_rate(parlour_games, case, seconds, round_number))
        if case.peer:
            peers.append(best_rate(openspiel_games, case, seconds, round_number))
    best_ours = max(ours, key=lambda r: r["games_per_second"])
    result: dict[str, object] = {"case": case.label, "parlour": best_ours}
    if peers:
        best_peer = max(peers, key=lambda r: r["games_per_second"])
        result["peer"] = best_peer
        result["ratio"] = best_ours["games_per_second"] / best_peer["games_per_second"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per side")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    results = [measure(case, args.seconds, args.rounds) for case in CASES]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for result in results:
        ours = result["parlour"]
        assert isinstance(ours, dict)
        line = f"{result['case']}: Parlour {ours['games_per_second']:,.0f} games/s"
        line += f" ({ours['actions_per_game']:.1f} actions/game)"
        peer = result.get("peer")
        if isinstance(peer, dict):
            line += f", peer {peer['games_per_second']:,.1f} games/s"
            line += f" ({peer['actions_per_game']:.1f} actions/game incl. chance)"
            line += f", ratio {result['ratio']:,.1f}x"
        print(line)


if __name__ == "__main__":
    main()
