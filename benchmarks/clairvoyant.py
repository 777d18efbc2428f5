"""How much skill can decide a table: a clairvoyant seat, a search bot that is handed the true
state (every hidden card, never the chance still to come) where it would sample worlds,
against the game's bots. Its win share is the ceiling the table's targets are set from
(`docs/bots.md`). Each deal is played once from every seat; the interval is bootstrapped
over deals. The clairvoyant seat exists only here: no table, arena or front end can seat it.

    python benchmarks/clairvoyant.py --game dokitto --players 4 --bot mcts:hard \\
        --others mcts:hard --deals 25
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import parlour
from parlour.bots import make_bot
from parlour.kernel import Game, Rng, State, View
from parlour.sim import derived_seed


class Clairvoyant:
    """The game as a search bot sees it, but whose worlds are the true state: a copy of it
    with a fresh random generator, so the searcher knows every card but not the next deal."""

    def __init__(self, game: Game, state: State) -> None:
        self.game, self.state = game, state

    def determinize(self, view: View, rng: Rng) -> State:
        twin = self.state.clone()
        twin._rng = Rng(rng.seed())  # the chance to come stays unknown
        return twin

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def play(game: Game, bot: str, others: str, seed: int, seat: int) -> bool:
    """One game with the clairvoyant `bot` at `seat`: whether it won (a shared win counts)."""
    state = game.new(seed)
    bots = [make_bot(game, others, s, derived_seed(seed, s)) for s in range(game.players)]
    bots[seat] = make_bot(game, bot, seat, derived_seed(seed, seat))
    bots[seat].game = Clairvoyant(game, state)  # type: ignore[attr-defined]
    while not state.over:
        for acting in state.to_act:
            state.apply(
                acting, bots[acting].choose(state.view(acting), state.legal_actions(acting))
            )
    return seat in state.winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dokitto")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="mcts:hard", help="a search bot that samples worlds")
    parser.add_argument("--others", default="mcts:hard")
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = parlour.load(args.game, args.players)
    started = time.process_time()
    won = np.array(
        [
            [
                play(game, args.bot, args.others, derived_seed(args.seed, deal), s)
                for s in range(game.players)
            ]
            for deal in range(args.deals)
        ],
        dtype=float,
    )
    share = won.mean()
    draws = np.random.default_rng(args.seed).integers(0, args.deals, (1000, args.deals))
    low, high = np.percentile(won.mean(axis=1)[draws].mean(axis=1), [2.5, 97.5])
    print(
        f"clairvoyant {args.bot} against {args.players - 1} {args.others}, {won.size} games: "
        f"win share {share:.1%} ({low:.1%} to {high:.1%}); chance {1 / args.players:.1%}; "
        f"{time.process_time() - started:.0f} CPU seconds"
    )


if __name__ == "__main__":
    main()
