"""How often a seat scores 0 to 6 points in a two-player Dokitto! Ice round between two bots:
the measurement behind `solver.ROUND_POINTS`, the model of the rounds to come that values a
round's end by the chance to win the game.

    python benchmarks/dokitto_round_points.py --bots pimc:normal,mcts:normal --games 300
"""

from __future__ import annotations

import argparse
from collections import Counter

import parlour
from parlour.bots import make_bot
from parlour.boxes.dokitto.solver import MOST_POINTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="pimc:normal,mcts:normal")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.bots.split(",")
    game = parlour.load("dokitto", players=2)
    counts: Counter[int] = Counter()
    for number in range(args.games):
        seed = args.seed * 1_000_003 + number
        seats = names if number % 2 == 0 else names[::-1]
        bots = [make_bot(game, name, seat, seed + seat) for seat, name in enumerate(seats)]
        state = game.new(seed)
        scored = None
        while not state.over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            if state.view(seat)["last_round"] != scored:
                scored = state.view(seat)["last_round"]
                counts.update(scored["points"])
    total = sum(counts.values())
    shares = [counts[points] / total for points in range(MOST_POINTS + 1)]
    print(f"{total} seat-rounds of {args.bots}, {args.games} games:")
    print("ROUND_POINTS = (" + ", ".join(f"{share:.2f}" for share in shares) + ")")


if __name__ == "__main__":
    main()
