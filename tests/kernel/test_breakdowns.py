"""Score breakdowns, written for any game (`State.breakdowns`): at every step of seeded random
games of each declared configuration, every seat's and a spectator's breakdowns are well
formed (a known kind, a title, a point for each seat in every row, JSON as described); the
game's breakdown comes once the game is over, last, and its rows add up to the final scores."""

from __future__ import annotations

import json
import random
from typing import get_args

import pytest

from parlour.kernel.breakdown import Kind

from ..helpers import all_seats
from .test_properties import CONFIGS, IDS, Config, deal, pick

GAMES = 2
"""Seeded games played per configuration."""


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_game_breakdown_adds_up_to_the_scores(config: Config) -> None:
    """Every breakdown is well formed at every step, and a finished game's last one is the
    game's, adding up to `scores` for every seat that looks."""
    rnd = random.Random(31)
    for _ in range(GAMES):
        state = deal(config, rnd.getrandbits(64))
        while True:
            for seat in all_seats(state):
                shown = state.breakdowns(seat)
                kinds = [breakdown.kind for breakdown in shown]
                assert set(kinds) <= set(get_args(Kind))
                assert ("game" in kinds) == state.over
                for breakdown in shown:
                    assert breakdown.title and breakdown.rows
                    assert all(row.label for row in breakdown.rows)
                    assert {len(row.points) for row in breakdown.rows} == {config.players}
                    described = json.loads(json.dumps(breakdown.describe()))
                    assert described["totals"] == list(breakdown.totals)
                if state.over:
                    assert kinds[-1] == "game" and kinds.count("game") == 1
                    assert shown[-1].totals == state.scores
            if state.over:
                break
            state.apply(*pick(state, rnd))
