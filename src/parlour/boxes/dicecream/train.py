"""Learns `value.npz`, what a Dicecream sheet is worth, by fitted policy iteration: the planner
plays itself with the weights so far (at first none: the points now alone), one decision in
twenty at random (`EXPLORE`), every seat's sheet
is noted wherever a turn or a round's bonus choice begins, and for each point of the game a
ridge regression fits the points each sheet went on to gain from its features. A few
iterations settle (the fit's error is printed for each).

    python -m parlour.boxes.dicecream.train     # rewrites value.npz (about 50 minutes on 2 cores)

The games are seeded, so a run with the same settings writes the same file."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from typing import Any

import numpy as np

from parlour.boxes.dicecream import value
from parlour.boxes.dicecream.components import ROUNDS
from parlour.boxes.dicecream.planner import PlannerBot, Settings
from parlour.boxes.dicecream.rules import Phase, score
from parlour.boxes.dicecream.state import DicecreamState
from parlour.boxes.dicecream.value import FEATURES, Judge, features, slot
from parlour.kernel import Rng, load
from parlour.sim import derived_seed

PLAYERS = (2, 3, 4)
PLAYER = Settings(rerolls=1)
"""How the self-play planner plays: it spends beans (so that their worth can be learned), on
few samples (so that games stay cheap)."""
EXPLORE = 0.05
"""The share of self-play decisions made at random, so that sheets the planner would not
make (a topping ticked early, a die kept back) are seen and judged too."""
RIDGE = 1.0
"""The ridge penalty: enough to keep rarely seen features near 0."""


def noted(state: DicecreamState) -> list[tuple[int, int, np.ndarray, int]]:
    """Every seat's (seat, slot, features, points now) at this point of the game."""
    players = state.game.players
    if state._phase is Phase.ROLL:
        at = slot((state._round - 1) * players + state._active, False)
    else:
        at = slot(state._round * players, True)
    return [
        (seat, at, features(sheet, beans), score(sheet, beans))
        for seat, (sheet, beans) in enumerate(zip(state._sheets, state._beans, strict=True))
    ]


def self_play(players: int, weights: np.ndarray, seed: int) -> list[tuple[int, np.ndarray, int]]:
    """One game of the self-play planner (`PLAYER`) against itself, judging by `weights`:
    each noted sheet's slot, features and the points it went on to gain."""
    judged = Judge(players, weights)
    game = load("dicecream", players)
    state = game.new(seed)
    assert isinstance(state, DicecreamState)
    bots = [
        PlannerBot(seat, Rng(derived_seed(seed, seat)), PLAYER, lambda _: judged)
        for seat in range(players)
    ]
    explore = Rng(derived_seed(seed, "explore"))
    notes: list[tuple[int, int, np.ndarray, int]] = []
    last = None
    while not state.over:
        point = (state._phase, state._round, state._active)
        if point != last and state._phase in (Phase.ROLL, Phase.BONUS):
            notes += noted(state)
        last = point
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            if explore.below(1000) < EXPLORE * 1000:
                action = legal[explore.below(len(legal))]
            else:
                action = bots[seat].choose(state.view(seat), legal)
            state.apply(seat, action)
    final = [score(sheet, beans) for sheet, beans in zip(state._sheets, state._beans, strict=True)]
    return [(at, row, final[seat] - now) for seat, at, row, now in notes]


def fit(players: int, samples: Sequence[tuple[int, np.ndarray, float]]) -> tuple[np.ndarray, float]:
    """Ridge weights for every slot, and the fit's root-mean-square error in points."""
    turns = ROUNDS[players] * players
    weights = np.zeros((2 * turns + 2, FEATURES))
    squared, count = 0.0, 0
    for at in range(len(weights)):
        rows = [(row, gain) for s, row, gain in samples if s == at]
        if not rows:
            continue
        x = np.array([row for row, _ in rows])
        y = np.array([gain for _, gain in rows], dtype=float)
        weights[at] = np.linalg.solve(x.T @ x + RIDGE * np.eye(FEATURES), x.T @ y)
        squared += float(((x @ weights[at] - y) ** 2).sum())
        count += len(rows)
    return weights, (squared / max(count, 1)) ** 0.5


GAMES = {2: 600, 3: 300, 4: 300}
"""Self-play games an iteration, by player count: the two-player table matters most."""


def train(players: int, games: int, iterations: int, seed: int, workers: int) -> np.ndarray:
    """The weights for `players` after `iterations` rounds of `games` games each."""
    weights = np.zeros((2 * ROUNDS[players] * players + 2, FEATURES))
    with ProcessPoolExecutor(workers) as pool:
        for iteration in range(iterations):
            seeds = [derived_seed(seed, players, iteration, game) for game in range(games)]
            played = pool.map(self_play, repeat(players), repeat(weights), seeds, chunksize=8)
            weights, error = fit(players, [sample for game in played for sample in game])
            print(f"{players} players, iteration {iteration + 1}: error {error:.2f} points")
    return weights


def save(learned: dict[int, np.ndarray]) -> None:
    """Write `value.npz` with the weights `learned`; the other player counts keep the file's
    weights where they fit these features, else get none (the points now)."""
    arrays: dict[str, Any] = {"format": np.array(value.FORMAT)}
    for players in PLAYERS:
        kept = value.points_now(players).weights
        if value.FILE.exists() and players not in learned:
            with np.load(value.FILE, allow_pickle=False) as data:
                found = data.get(f"players_{players}")
                kept = found if found is not None and found.shape == kept.shape else kept
        arrays[f"players_{players}"] = learned.get(players, kept)
    np.savez_compressed(value.FILE, **arrays)


def main() -> None:
    """Train every player count in turn, writing `value.npz` after each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="*", default=list(PLAYERS))
    parser.add_argument("--games", type=int, help="self-play games an iteration (default: GAMES)")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    learned: dict[int, np.ndarray] = {}
    for players in args.players:
        games = args.games or GAMES[players]
        learned[players] = train(players, games, args.iterations, args.seed, args.workers)
        save(learned)
        print(f"wrote {value.FILE} ({players} players)")


if __name__ == "__main__":
    main()
