"""How often the advice picks a best action where the best is known exactly (issue 30).

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/known_positions.py [--positions 200]
        [--case dokitto] [--workers 2] [--fixture tests/bots/known_positions.json]

Each case plays seeded games (its bots at every seat) and looks at their decisions from the
last backwards: a position is known where it is a decided end-game, every action's exact value
the same in 16 worlds dealt from the seat's view (`parlour.bots.endgames`). Kept are the
positions with something to decide and no near-tie: every action within EPSILON of the best
or at least GAP below it, one at least below. The advice (`Game.advice().choices` from the
view) hits where its first choice is within EPSILON of the best. Rates come with Wilson 95%
intervals, beside `greedy`'s on the same positions (how hard they are). `--fixture` writes
the first few positions of each case for the test command's short check
(`tests/bots/test_known_positions.py`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from scipy.stats import binomtest

import parlour
from parlour.bots.endgames import known_values
from parlour.bots.registry import make_bot
from parlour.kernel import Action, State

EPSILON = 0.01
"""A hit's greatest loss: a chance to win within one percentage point of the best."""
GAP = 0.05
"""An action worse than the best by more than EPSILON must be at least this much worse, or
the position is a near-tie and left out."""
MISSES = 2
"""Unknown positions in a row, walking back from a game's end, after which earlier ones are not
tried (an end-game decided further back is rare)."""
FIXTURE = 6
"""Positions of each case written by `--fixture`."""
BASELINE = "greedy"
"""The bot whose choices on the same positions say how hard they are."""


@dataclass(frozen=True)
class Case:
    """Games to find positions in: a game, its players and options, the bots at every seat."""

    name: str
    game: str
    players: int
    options: dict[str, Any]
    bots: str


CASES = (
    Case("dokitto", "dokitto", 2, {"max_rounds": 1}, "random"),
    Case("dicecream", "dicecream", 2, {}, "greedy"),
    Case("icecream", "icecream", 3, {}, "random"),
)
"""Dokitto over one round (over several, a round's end deals the next, so only the very last
round's last tricks are end-games, and they rarely decide anything); Ice Cream between random
players (greedy ones leave fewer undecided end-games); Dokitto at four players gave none in
100 one-round games (the last tricks between four are seldom decided)."""


@dataclass
class Found:
    """What a case found: its positions judged, the hits, and what was left out."""

    case: str
    positions: int = 0
    hits: int = 0
    baseline_hits: int = 0
    games: int = 0
    known: int = 0
    nothing_to_decide: int = 0
    near_ties: int = 0
    seconds: float = 0.0
    advice_seconds: float = 0.0
    misses: list[dict[str, Any]] = field(default_factory=list)
    fixture: list[dict[str, Any]] = field(default_factory=list)


def kept(values: dict[Action, float]) -> bool | None:
    """Whether a known position is kept: `None` with nothing to decide, False for a
    near-tie."""
    best = max(values.values())
    losses = [best - value for value in values.values()]
    if all(loss <= EPSILON for loss in losses):
        return None
    return all(loss <= EPSILON or loss >= GAP for loss in losses)


def decisions(state: State, bots: list[Any]) -> list[tuple[State, int]]:
    """Play `state` to its end by `bots`, keeping each decision (two choices or more) with its
    seat, in order."""
    found = []
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            found.append((state.clone(), seat))
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
    return found


def run(case: Case, wanted: int) -> Found:
    """Judge the advice on `wanted` known positions of `case`."""
    game = parlour.load(case.game, case.players, **case.options)
    advice = game.advice()
    assert advice is not None
    found = Found(case.name)
    started = time.process_time()
    seed = 0
    while found.positions < wanted:
        state = game.new(seed)
        bots = [make_bot(game, case.bots, seat, seed * 16 + seat) for seat in range(case.players)]
        misses = 0
        for position, seat in reversed(decisions(state, bots)):
            view = position.view(seat)
            values = known_values(game, view, seat)
            if values is None:
                misses += 1
                if misses >= MISSES:
                    break
                continue
            found.known += 1
            keep = kept(values)
            if keep is None:
                found.nothing_to_decide += 1
                continue
            if not keep:
                found.near_ties += 1
                continue
            asked = time.process_time()
            choices = advice.choices(view, seat)
            found.advice_seconds += time.process_time() - asked
            assert choices is not None
            best = max(values.values())
            advised = choices[0].action
            hit = best - values[advised] <= EPSILON
            found.positions += 1
            found.hits += hit
            greedy = make_bot(game, BASELINE, seat, seed).choose(view, position.legal_actions(seat))
            found.baseline_hits += best - values[greedy] <= EPSILON
            entry = {
                "seed": seed,
                "record": position.record,
                "seat": seat,
                "values": values,
                "advised": advised,
                "hit": hit,
            }
            if not hit:
                found.misses.append(entry)
            if len(found.fixture) < FIXTURE:
                found.fixture.append(entry)
            if found.positions % 20 == 0:
                print(f"{case.name}: {found.hits}/{found.positions} hits", file=sys.stderr)
            if found.positions >= wanted:
                break
        seed += 1
    found.games = seed
    found.seconds = time.process_time() - started
    return found


def summary(found: Found) -> dict[str, Any]:
    """A case's figures, its hit rate with a Wilson 95% interval."""
    low, high = binomtest(found.hits, found.positions).proportion_ci(method="wilson")
    return {
        "case": found.case,
        "positions": found.positions,
        "hits": found.hits,
        "rate": found.hits / found.positions,
        "interval": [low, high],
        "baseline_rate": found.baseline_hits / found.positions,
        "games": found.games,
        "known": found.known,
        "nothing_to_decide": found.nothing_to_decide,
        "near_ties": found.near_ties,
        "cpu_seconds": round(found.seconds, 1),
        "advice_cpu_per_position": round(found.advice_seconds / found.positions, 3),
        "misses": found.misses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--case", action="append", choices=[case.name for case in CASES])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fixture", help="write each case's first positions here (JSON)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON lines")
    args = parser.parse_args()
    cases = [case for case in CASES if args.case is None or case.name in args.case]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(run, cases, [args.positions] * len(cases)))
    for case, found in zip(cases, results, strict=True):
        figures = summary(found)
        if args.json:
            print(json.dumps(figures))
            continue
        low, high = figures["interval"]
        print(
            f"{case.name} ({case.players} players, {case.bots}): {found.hits}/{found.positions} "
            f"hits = {figures['rate']:.1%} ({low:.1%}-{high:.1%}), {BASELINE} "
            f"{figures['baseline_rate']:.1%}; {found.games} games, "
            f"{found.known} known, {found.nothing_to_decide} nothing to decide, "
            f"{found.near_ties} near-ties; {figures['cpu_seconds']} s CPU, advice "
            f"{figures['advice_cpu_per_position']} s a position"
        )
    if args.fixture:
        fixture = [
            {"case": case.name, **entry}
            for case, found in zip(cases, results, strict=True)
            for entry in found.fixture
        ]
        with open(args.fixture, "w") as out:
            json.dump(fixture, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
