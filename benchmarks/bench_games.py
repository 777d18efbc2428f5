"""Random games per second through Parlour's public API, side by side with a peer engine.

    .venv/bin/python benchmarks/bench_games.py [--seconds 3] [--rounds 3] [--json]

Both sides are driven the same way from Python on one core: while the game is not over, list
the legal actions of the seat to act (one of them at random where several act at once) and
apply a uniformly random one (OpenSpiel's chance nodes are sampled by their probabilities).
Every registered game is a case; one without a peer reports Parlour's figure alone. Rounds
alternate between the two sides so that both see the same machine; the best round of each
counts. The ratio is the figure to watch.
A case may compare decisions per second instead of games (Dokitto against `hearts`, whose
games differ in length): a decision is a player's action, so OpenSpiel's chance nodes are not
counted, though the time they take is, as Parlour's dealing inside the engine is.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import parlour


@dataclass(frozen=True)
class Case:
    """One comparison: a Parlour game against a peer engine's game."""

    label: str
    parlour_game: str
    players: int
    options: Mapping[str, object]
    peer: str  # an OpenSpiel game name, or "" for no peer
    unit: str = "games"  # what is compared: games, or decisions (actions of a player: list
    # the legal actions, choose, apply; OpenSpiel's chance nodes are not decisions)


PEERS = {
    "dicetime": Case("Dicetime vs OpenSpiel yacht, 2 players", "dicetime", 2, {}, "yacht"),
    "dokitto": Case(
        "Dokitto! Ice vs OpenSpiel hearts, 4 players", "dokitto", 4, {}, "hearts", "decisions"
    ),
}
"""The games that have a peer engine, with the set-up that matches it."""


def cases() -> list[Case]:
    """A case for every registered game: against its peer where it has one, else alone with
    its default options at the middle of its player range."""
    found = []
    for info in parlour.games():
        if info.name in PEERS:
            found.append(PEERS[info.name])
            continue
        players = (info.min_players + info.max_players) // 2
        label = f"{info.title}, {players} players (no peer)"
        found.append(Case(label, info.name, players, {}, ""))
    return found


Run = tuple[int, int, int, float]
"""What a side did in one round: (games, actions, decisions, elapsed seconds)."""


def parlour_games(case: Case, rng: random.Random, seconds: float) -> Run:
    """Random games until `seconds` pass. Every action applied here is a seat's decision
    (chance happens inside the engine; the table's own actions are never applied)."""
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
    return games, actions, actions, time.perf_counter() - started


def openspiel_games(case: Case, rng: random.Random, seconds: float) -> Run:
    """The same loop on an OpenSpiel game (chance outcomes sampled by probability; they
    count as actions, not as decisions)."""
    import pyspiel

    game = pyspiel.load_game(case.peer)
    draw = rng.random
    games = actions = decisions = 0
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
                decisions += 1
            state.apply_action(action)
            actions += 1
        games += 1
    return games, actions, decisions, time.perf_counter() - started


def best_rate(
    run: Callable[[Case, random.Random, float], Run],
    case: Case,
    seconds: float,
    seed: int,
) -> dict[str, float]:
    games, actions, decisions, elapsed = run(case, random.Random(seed), seconds)
    return {
        "games_per_second": games / elapsed,
        "actions_per_game": actions / max(1, games),
        "games": games,
        "decisions_per_second": decisions / elapsed,
        "decisions_per_game": decisions / max(1, games),
    }


def measure(case: Case, seconds: float, rounds: int) -> dict[str, object]:
    """Alternate rounds of both sides; keep each side's best round."""
    ours: list[dict[str, float]] = []
    peers: list[dict[str, float]] = []
    for round_number in range(rounds):
        ours.append(best_rate(parlour_games, case, seconds, round_number))
        if case.peer:
            peers.append(best_rate(openspiel_games, case, seconds, round_number))
    rate = f"{case.unit}_per_second"
    best_ours = max(ours, key=lambda r: r[rate])
    result: dict[str, object] = {"case": case.label, "unit": case.unit, "parlour": best_ours}
    if peers:
        best_peer = max(peers, key=lambda r: r[rate])
        result["peer"] = best_peer
        result["ratio"] = best_ours[rate] / best_peer[rate]
    return result


def decisions_line(result: dict[str, object]) -> str:
    """The summary of a case compared in decisions per second."""
    parts = []
    for side in ("parlour", "peer"):
        rates = result.get(side)
        if isinstance(rates, dict):
            parts.append(
                f"{'Parlour' if side == 'parlour' else 'peer'} "
                f"{rates['decisions_per_second']:,.0f} decisions/s "
                f"({rates['games_per_second']:,.0f} games/s, "
                f"{rates['decisions_per_game']:.1f} decisions/game)"
            )
    ratio = f", ratio {result['ratio']:.2f}x" if "ratio" in result else ""
    return f"{result['case']}: {', '.join(parts)}{ratio}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per side")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    results = [measure(case, args.seconds, args.rounds) for case in cases()]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for result in results:
        ours = result["parlour"]
        assert isinstance(ours, dict)
        if result["unit"] == "decisions":
            print(decisions_line(result))
            continue
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
