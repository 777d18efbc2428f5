"""Parlour's `mcts:hard` against OpenSpiel's IS-MCTS (`ISMCTSBot`, Python) on 2-player Dokitto,
both searching the same determinizations (the game's `determinize`, given to IS-MCTS with
`set_resampler`) with the same wall time per decision.

Games are played through OpenSpiel's API on `python_parlour_dokitto` (30-round cap, as
registered). Parlour's bot decides first on each of its turns; IS-MCTS then gets as many
simulations as fit in Parlour's mean decision time so far, at its own mean time a simulation
so far (both measured over the process's games, forced moves apart, updated after every
decision; rounded up). Seats alternate game by game; chance is drawn from the game's seed. A
win counts 1, a shared win 1/2; the interval is Wilson's 95%.

    nice -n 10 env PYTHONPATH=src python benchmarks/vs_openspiel.py --games 40 --out FILE
    python benchmarks/vs_openspiel.py --summary FILE...
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from parlour.bots.registry import make_bot
from parlour.envs import openspiel

PARLOUR = "mcts:hard"
UCT_C = 2.0
"""IS-MCTS's exploration constant: OpenSpiel's examples' value for returns in [-1, 1]."""
WARM_UP = 8
"""IS-MCTS's simulations on its first decision, before its time a simulation is known."""


class Budget:
    """Both bots' decision times so far in this process (forced moves apart), which set
    IS-MCTS's simulations: enough to fill Parlour's mean time a decision, at IS-MCTS's mean
    time a simulation (rounded up)."""

    def __init__(self) -> None:
        self.parlour_seconds = 0.0
        self.parlour_decisions = 0
        self.ismcts_seconds = 0.0
        self.ismcts_simulations = 0

    def simulations(self) -> int:
        if not (self.parlour_decisions and self.ismcts_simulations):
            return WARM_UP
        per_simulation = self.ismcts_seconds / self.ismcts_simulations
        return max(1, math.ceil(self.parlour_seconds / self.parlour_decisions / per_simulation))


def play(index: int, seed: int, budget: Budget) -> dict[str, Any]:
    """One game; Parlour's bot sits at seat `index % 2`."""
    game = pyspiel.load_game("python_parlour_dokitto", {"players": 2})
    parlour_seat = index % 2
    chance = random.Random(seed * 1_000_003 + index)
    bot = make_bot(game.kernel, PARLOUR, parlour_seat, seed + index)
    rng = np.random.RandomState(seed + index)
    rival = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), UCT_C, WARM_UP, random_state=rng
    )
    rival.set_resampler(openspiel.determinizer(seed + index + 1))
    ours: list[float] = []
    theirs: list[float] = []
    simulations = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            state.apply_action(chance.choice(outcomes))
            continue
        seat = state.current_player()
        forced = len(state.legal_actions()) == 1  # a forced move searches nothing: not timed
        if seat == parlour_seat:
            kernel = state.kernel
            assert kernel is not None
            start = time.perf_counter()
            action = bot.choose(kernel.view(seat), kernel.legal_actions(seat))
            if not forced:
                ours.append(time.perf_counter() - start)
                budget.parlour_seconds += ours[-1]
                budget.parlour_decisions += 1
            state.apply_action(game.action_ids[action])
            continue
        count = budget.simulations()
        rival._max_simulations = count  # the bot's budget; OpenSpiel offers no setter
        start = time.perf_counter()
        state.apply_action(rival.step(state))
        if not forced:
            theirs.append(time.perf_counter() - start)
            simulations += count
            budget.ismcts_seconds += theirs[-1]
            budget.ismcts_simulations += count
    returns = state.returns()
    return {
        "game": index,
        "parlour_seat": parlour_seat,
        "parlour_return": returns[parlour_seat],
        "parlour_seconds": sum(ours) / max(1, len(ours)),
        "ismcts_seconds": sum(theirs) / max(1, len(theirs)),
        "ismcts_simulations": simulations / max(1, len(theirs)),
        "scores": list(state.kernel.scores) if state.kernel else [],
    }


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a share of `wins` out of `games`."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def summary(paths: list[Path]) -> str:
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines()]
    games = len(rows)
    wins = sum((row["parlour_return"] + 1) / 2 for row in rows)  # +1 win, 0 tie, -1 loss
    low, high = wilson(wins, games)

    def mean(key: str) -> float:
        return float(sum(row[key] for row in rows)) / games

    return (
        f"{games} games: {PARLOUR} wins {wins:g} ({wins / games:.1%}, 95% interval "
        f"{low:.1%} to {high:.1%}); seconds a decision: {PARLOUR} {mean('parlour_seconds'):.3f}, "
        f"ISMCTS {mean('ismcts_seconds'):.3f} ({mean('ismcts_simulations'):.1f} simulations)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, help="append one JSON line a game here")
    parser.add_argument("--summary", type=Path, nargs="+", help="summarise these files")
    args = parser.parse_args()
    if args.summary:
        print(summary(args.summary))
        return
    openspiel.register()
    budget = Budget()
    for index in range(args.first, args.first + args.games):
        row = play(index, args.seed, budget)
        line = json.dumps(row)
        print(line, flush=True)
        if args.out:
            with args.out.open("a") as out:
                out.write(line + "\n")
    sys.exit(0)


if __name__ == "__main__":
    main()
