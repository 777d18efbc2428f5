"""A balance report's figures from per-game results: scores and win shares per seat and per
position after the first player, the first player's edge and the game's length, each with a
95% bootstrap interval over games (the arena's resampling, `arena.stats`).

Only what the kernel gives is used: each game's scores, winners, length in actions and the
seat that alone could act first (`sim.GameResult`). A tie shares the win (`1/w` to each of `w`
winners), so the shares of a game add up to 1 and a fair seat's share is `1/players`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parlour.arena.stats import Floats, interval, resample_weights
from parlour.sim import GameResult

RESAMPLES = 1000
"""Bootstrap resamples of the games behind each interval."""


@dataclass(frozen=True)
class Measures:
    """One set-up's figures. Intervals are rows `[estimate, low, high]`; per-seat and
    per-position figures have one column each."""

    players: int
    games: int
    first_known: int
    """Games in which one seat alone could act first (the others count seat 1 as first)."""
    scores: Floats
    """games x seats: each game's final scores."""
    lengths: Floats
    """Each game's length in actions, the table's included."""
    seat_score: Floats
    seat_share: Floats
    position_share: Floats
    """Win share by position: 0 the first player, 1 the next seat, and so on."""
    position_score: Floats
    first_edge: Floats
    """The first player's win share less the fair share `1/players`: `[estimate, low, high]`."""
    length: Floats


def win_shares(results: Sequence[GameResult]) -> Floats:
    """games x seats: each seat's share of each game's win (ties shared; 0 without winner)."""
    won = np.array([result.won for result in results], dtype=np.float64)
    winners = won.sum(axis=1, keepdims=True)
    shares: Floats = np.divide(won, winners, out=np.zeros_like(won), where=winners > 0)
    return shares


def by_position(table: Floats, firsts: Sequence[int | None]) -> Floats:
    """Reorder each game's row from seats to positions after its first player (seat 1 first
    where no seat alone began)."""
    players = table.shape[1]
    order = np.array(
        [[(position + (first or 0)) % players for position in range(players)] for first in firsts]
    )
    reordered: Floats = np.take_along_axis(table, order, axis=1)
    return reordered


def bootstrap(values: Floats, seed: int) -> Floats:
    """Rows `[mean, low, high]` of each column of `values` (games x k), the interval a 95%
    percentile bootstrap over games (`RESAMPLES`, seeded)."""
    games = values.shape[0]
    replicates = np.concatenate(
        [weights @ values / games for weights in resample_weights(games, RESAMPLES, seed)]
    )
    return interval(values.mean(axis=0), replicates)


def measure(results: Sequence[GameResult], seed: int) -> Measures:
    """The figures of one set-up's games (in game order), intervals seeded by `seed`."""
    if not results:
        raise ValueError("no games to measure")
    scores = np.array([result.scores for result in results], dtype=np.float64)
    players = scores.shape[1]
    lengths = np.array([result.length for result in results], dtype=np.float64)
    shares = win_shares(results)
    firsts = [result.first for result in results]
    position_share = by_position(shares, firsts)
    edge = position_share[:, :1] - 1 / players
    return Measures(
        players=players,
        games=len(results),
        first_known=sum(first is not None for first in firsts),
        scores=scores,
        lengths=lengths,
        seat_score=bootstrap(scores, seed),
        seat_share=bootstrap(shares, seed),
        position_share=bootstrap(position_share, seed),
        position_score=bootstrap(by_position(scores, firsts), seed),
        first_edge=bootstrap(edge, seed)[:, 0],
        length=bootstrap(lengths[:, None], seed)[:, 0],
    )
