"""How long bots take to decide, per game and level: p50 and p99 of the decision times.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/bench_bots.py [--games 3]
        [--game dokitto] [--players 4] [--bots mcts:normal,mcts:hard] [--wall] [--json]

Each case plays `--games` seeded games of a game's set-up with the bot under test in seat 0
and the game's default bot elsewhere, timing every decision the bot is asked for (forced
actions included, as a runner would ask them; they cost nothing). The issue's targets, on one
core: `mcts:normal` at most 100 ms at p99, `mcts:hard` at most 1 s. It also reports mcts's
iterations per second (its decisions' iterations over their time). Times are the process's
CPU time (`time.process_time`), what the decision costs one core: the build machine's two
cores are shared, and wall-clock times there measure the other loads as well; `--wall`
times by the clock instead.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass

import parlour
from parlour.bots.mcts import MctsBot
from parlour.bots.registry import bots_for, default_bot, make_bot
from parlour.kernel import games

SETUPS = {"dicecream": (2,), "dokitto": (2, 4), "icecream": (3,)}
"""The player counts of each game's strength targets, measured here too."""


@dataclass(frozen=True)
class Timing:
    """One case's decision times."""

    game: str
    players: int
    bot: str
    decisions: int
    mean: float
    p50: float
    p99: float
    worst: float
    iterations_per_second: float | None

    def row(self) -> str:
        rate = "" if self.iterations_per_second is None else f"{self.iterations_per_second:8.0f}"
        return (
            f"{self.game:10} {self.players:2} {self.bot:36} {self.decisions:6} "
            f"{self.mean * 1e3:9.1f} {self.p50 * 1e3:9.1f} {self.p99 * 1e3:9.1f} "
            f"{self.worst * 1e3:9.1f} {rate}"
        )


def quantile(ordered: list[float], q: float) -> float:
    """The `q` quantile of sorted values (nearest rank)."""
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(game_name: str, players: int, bot_name: str, count: int, wall: bool) -> Timing:
    """Play `count` games with `bot_name` in seat 0, timing its decisions (CPU time unless
    `wall`), after one untimed decision that loads what the bot compiles or caches."""
    clock = time.perf_counter if wall else time.process_time
    game = parlour.load(game_name, players)
    warm = game.new(-1)
    while warm.to_act[0] != 0 or len(warm.legal_actions(0)) < 2:
        seat = warm.to_act[0]
        warm.apply(seat, warm.legal_actions(seat)[0])
    make_bot(game, bot_name, 0, -1).choose(warm.view(0), warm.legal_actions(0))
    times: list[float] = []
    iterations = 0
    searching = 0.0
    for seed in range(count):
        state = game.new(seed)
        bots = [make_bot(game, bot_name, 0, seed)] + [
            make_bot(game, default_bot(game_name), seat, seed) for seat in range(1, players)
        ]
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            started = clock()
            action = bots[seat].choose(view, legal)
            took = clock() - started
            if seat == 0:
                times.append(took)
                bot = bots[0]
                if isinstance(bot, MctsBot) and len(legal) > 1:
                    iterations += bot.settings.iterations or 0
                    searching += took
            state.apply(seat, action)
    times.sort()
    rate = iterations / searching if searching else None
    return Timing(
        game_name,
        players,
        bot_name,
        len(times),
        sum(times) / len(times),
        quantile(times, 0.5),
        quantile(times, 0.99),
        times[-1],
        rate,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--bots", default="", help="bots to time, comma-separated")
    parser.add_argument("--wall", action="store_true", help="time by the clock, not CPU")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    offering = [
        info.name
        for info in games()
        if any(bot.name == "mcts" for bot in bots_for(info.name)) and info.name in SETUPS
    ]
    results = []
    if not args.json:
        header = "asked  mean ms   p50 ms    p99 ms  worst ms  iter/s"
        print("game       n  bot" + " " * 34 + header)
    for name in args.game or offering:
        levels = args.bots.split(",") if args.bots else ["mcts:normal", "mcts:hard"]
        for players in SETUPS.get(name, (2,)):
            if args.players is not None and players != args.players:
                continue
            for bot in levels:
                result = measure(name, players, bot, args.games, args.wall)
                results.append(result)
                if not args.json:
                    print(result.row(), flush=True)
    if args.json:
        print(json.dumps([vars(result) for result in results], indent=1))


if __name__ == "__main__":
    main()
