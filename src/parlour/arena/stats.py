"""The arena's statistics: ratings from a batch fit, and bootstrap intervals over deal groups.

Ratings come from the Luce model of who wins a table: entrant `i` wins a table `T` with
probability `g_i / sum(g_j for j in T)`. With two seats this is Bradley-Terry; with more it is
the first stage of Plackett-Luce (the games define a winner, not a full order of the rest).
A batch fit weighs every game alike, whatever the order games were played in (unlike Elo's
online updates). It is fitted by the MM algorithm (Hunter, "MM algorithms for generalized
Bradley-Terry models", Ann. Statist. 2004), which needs only each table's games and each
entrant's (shared) wins there, and can fit every bootstrap replicate at once. Each entrant
also plays two virtual games, one won and one lost, spread evenly over virtual ties with every
other entrant: this keeps a bot that never loses (or never wins) finite, barely moves the
others, and leaves the ratings free of scale so that every step can centre them.
Ratings are reported on the Elo scale (400 log10 g, a 200-point edge is 76%), mean 0.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]

ELO = 400 / np.log(10)
"""Elo points per unit of log-strength."""
PRIOR = 1.0
"""Virtual games won (and as many lost) by each entrant, in ties with the others."""


def fit_ratings(
    wins: Floats, games: Floats, members: NDArray[np.bool_], tolerance: float = 1e-10
) -> Floats:
    """Elo-scale ratings (mean 0) of the Luce model of who wins. `wins[..., t, i]`: entrant
    `i`'s wins at table `t` (ties shared; 0 where `i` does not sit at `t`); `games[..., t]`:
    the games table `t` played; `members[t, i]`: whether `i` sits at `t`. Leading axes are
    independent data sets (bootstrap replicates), all fitted at once."""
    seats = members.astype(np.float64)
    entrants = seats.shape[1]
    virtual = PRIOR / max(1, entrants - 1)  # each virtual tie: one game won by each side
    won = wins.sum(axis=-2) + virtual * (entrants - 1)
    strength = np.ones(won.shape)
    for _ in range(100_000):
        table_total = strength @ seats.T
        pairs = strength[..., :, None] + strength[..., None, :]
        ties = (2 * virtual / pairs).sum(axis=-1) - virtual / strength  # less the pair (i, i)
        updated = won / ((games / table_total) @ seats + ties)
        updated /= np.exp(np.log(updated).mean(axis=-1, keepdims=True))
        change = np.max(np.abs(np.log(updated / strength)), initial=0.0)
        strength = updated
        if change < tolerance:
            break
    ratings: Floats = ELO * np.log(strength)
    return ratings


def resample_weights(groups: int, resamples: int, seed: int, batch: int = 50) -> Iterator[Floats]:
    """Bootstrap weights over `groups` deal groups: how often each is drawn in each of
    `resamples` replicates (drawn with replacement, `groups` draws a replicate), in batches
    of rows; reproducible from `seed`."""
    rng = np.random.default_rng(seed)
    probabilities = np.full(groups, 1 / groups)
    for start in range(0, resamples, batch):
        rows = min(batch, resamples - start)
        yield rng.multinomial(groups, probabilities, size=rows).astype(np.float64)


def interval(estimate: Floats, replicates: Floats) -> Floats:
    """Rows `[estimate, low, high]`: the 95% percentile interval of the replicates (axis 0)."""
    low, high = np.percentile(replicates, [2.5, 97.5], axis=0)
    return np.stack([estimate, low, high])
