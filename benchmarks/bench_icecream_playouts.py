"""Ice Cream's greedy playouts on the compiled model (`fast.py`, what `vendor` runs) beside the
same playouts on the kernel's states (`search.play_out` with `playout.playout`, what `mcts` and
`flat` run), from the same positions, side by side in one run.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/bench_icecream_playouts.py \
        [--games 4] [--players 3] [--playouts 20] [--json]

Positions: every `--every`-th decision of seeded games of greedy play. At each, `--playouts`
playouts to the end of the game by each engine, alternating the engines position by position.
Times are CPU seconds (`time.process_time`); the figure that matters is their ratio.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import parlour
from parlour.bots import make_bot
from parlour.bots.search import play_out
from parlour.boxes.icecream import IcecreamState, fast, playout
from parlour.boxes.icecream.bots import OTHERS_WEIGHT
from parlour.kernel import Rng


def positions(players: int, games: int, every: int) -> list[IcecreamState]:
    """Every `every`-th decision point of `games` seeded games of greedy play."""
    game = parlour.load("icecream", players=players)
    found: list[IcecreamState] = []
    for seed in range(games):
        state = game.new(seed)
        bots = [make_bot(game, "greedy", seat, seed) for seat in range(players)]
        step = 0
        while not state.over:
            seat = state.to_act[0]
            if step % every == 0:
                twin = state.clone()
                assert isinstance(twin, IcecreamState)
                found.append(twin)
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            step += 1
    return found


def measure(players: int, games: int, every: int, playouts: int) -> dict[str, float]:
    """CPU seconds a playout takes on each engine, and their ratio."""
    found = positions(players, games, every)
    fast.play_out(fast.from_state(found[0]), OTHERS_WEIGHT)  # compiled outside the timing
    kernel = compiled = 0.0
    for at, state in enumerate(found):
        row = fast.from_state(state)
        for engine in (0, 1) if at % 2 else (1, 0):
            started = time.process_time()
            for seed in range(playouts):
                if engine:
                    twin = row.copy()
                    np.random.seed(seed)
                    fast.play_out(twin, OTHERS_WEIGHT)
                else:
                    play_out(state.clone(), playout.playout, Rng(seed))
            spent = time.process_time() - started
            compiled, kernel = (compiled + spent, kernel) if engine else (compiled, kernel + spent)
    count = len(found) * playouts
    return {
        "positions": len(found),
        "playouts": count,
        "kernel_us": kernel / count * 1e6,
        "compiled_us": compiled / count * 1e6,
        "ratio": compiled / kernel,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.players, args.games, args.every, args.playouts)
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{figures['positions']} positions, {figures['playouts']} playouts each engine: "
        f"kernel {figures['kernel_us']:.0f} us, compiled {figures['compiled_us']:.1f} us a "
        f"playout; compiled / kernel = {figures['ratio']:.4f}"
    )


if __name__ == "__main__":
    main()
