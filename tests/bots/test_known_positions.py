"""The advice's short known-positions check (issue 30): a few decided end-games of each game
that advises by search, written by `benchmarks/known_positions.py --fixture` (the benchmark's
figures over 200 positions a game are in `docs/advice.md`). Each position's exact values are
found again from the seat's view, and the advice's first choice is within `EPSILON` of the
best, as the benchmark found it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.bots.endgames import known_values

FIXTURE = Path(__file__).with_name("known_positions.json")
EPSILON = 0.01
"""A hit's greatest loss (the benchmark's)."""
CASES = ("dokitto", "dicecream", "icecream")


def positions(case: str) -> list[dict[str, Any]]:
    """The fixture's positions of `case`."""
    return [entry for entry in json.loads(FIXTURE.read_text()) if entry["case"] == case]


@pytest.mark.parametrize("case", CASES)
def test_the_advice_picks_a_best_action_of_known_end_games(case: str) -> None:
    entries = positions(case)
    assert len(entries) >= 5
    hits = []
    for entry in entries:
        state = parlour.replay(entry["record"])
        seat = entry["seat"]
        view = state.view(seat)
        values = known_values(state.game, view, seat)
        assert values == pytest.approx(entry["values"], abs=1e-9)
        advice = state.game.advice()
        assert advice is not None
        choices = advice.choices(view, seat)
        assert choices is not None and choices[0].action == entry["advised"]
        hits.append(max(values.values()) - values[choices[0].action] <= EPSILON)
    assert hits == [entry["hit"] for entry in entries]
    assert sum(hits) >= 0.8 * len(hits)
