"""The leak scanner at length: many random games of every game, of every option case and
played by stand-ins with a rematch, every frame of every seat and a spectator checked against
the kernel's views (`tests/web/test_hidden.py` plays a few of each in the test suite).

    PYTHONPATH=src:. .venv/bin/python benchmarks/scan_frames.py [--games 5] [--steps 400]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.web.conftest import QUICK, make_client
from tests.web.test_hidden import OPTIONS, SCANNED, play_by_stand_ins, play_randomly

import parlour
from parlour.web.app import Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games of each case")
    parser.add_argument("--steps", type=int, default=400, help="people's actions at most a game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="parlour-scan-"))
    settings = Settings(db_url=f"sqlite:///{folder / 'scan.db'}", creates_per_minute=10**9, **QUICK)
    cases: list[tuple[str, int, dict[str, Any]]] = [
        (i.name, max(2, i.min_players), {}) for i in parlour.games()
    ] + OPTIONS
    started = time.perf_counter()
    games = 0
    rng = random.Random(args.seed)
    with make_client(settings) as client:
        for number in range(args.games):
            for game, players, options in cases:
                seed = f"{args.seed}/{number}/{game}/{players}/{options}"
                play_randomly(client, game, players, options, args.steps, seed)
                games += 1
            for info in parlour.games():
                players = rng.randint(max(2, info.min_players), info.max_players)
                play_by_stand_ins(client, info.name, players)
                games += 2
    print(
        f"{SCANNED['frames']:,} frames scanned over {games} games "
        f"({len(cases)} option cases, stand-ins and rematches) in "
        f"{time.perf_counter() - started:.0f} s: no frame held more than its viewer may see"
    )


if __name__ == "__main__":
    main()
