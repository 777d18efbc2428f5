"""A simulation's games as Parquet, one row a game: its deal seed, the seating, the bots,
their scores, who won and its length (documented in docs/scaling.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parlour.datasets import load_pyarrow
from parlour.sim import Summary, derived_seed

COLUMNS = ("game", "index", "seed", "seating", "bots", "scores", "winners", "length")


def games_table(summary: Summary) -> Any:
    """A `pyarrow.Table`, one row per game in game order; `seating`, `scores` and `winners`
    are per bot in `bots` order; `seed` is the game's 128-bit deal seed in decimal
    (`game.new(int(seed))` deals it again). The run (game, players, options, bots, games,
    seed, rotate) is the schema's metadata under `parlour`, as JSON."""
    pa = load_pyarrow()
    spec = summary.spec
    count = len(summary.results)
    types = (
        pa.string(),
        pa.int64(),
        pa.string(),
        pa.list_(pa.int8()),
        pa.list_(pa.string()),
        pa.list_(pa.int64()),
        pa.list_(pa.bool_()),
        pa.int64(),
    )
    values = (
        [spec.game] * count,
        list(range(count)),
        [str(derived_seed(spec.seed, index)) for index in range(count)],
        [spec.seating(index) for index in range(count)],
        [list(spec.bots)] * count,
        [list(result.scores) for result in summary.results],
        [list(result.won) for result in summary.results],
        [result.length for result in summary.results],
    )
    schema = pa.schema(
        list(zip(COLUMNS, types, strict=True)), metadata={"parlour": json.dumps(spec.describe())}
    )
    return pa.table(dict(zip(COLUMNS, values, strict=True)), schema=schema)


def write_games(summary: Summary, path: Path) -> None:
    """Write `games_table(summary)` to a Parquet file."""
    load_pyarrow().parquet.write_table(games_table(summary), path)
