"""Fixtures of the Dicetime tests: the solved tables, built once per session."""

from __future__ import annotations

import pytest

from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.store import Table, table_for

PUZZLE = Variant(five_of_a_kind_is_full_house=True, puzzle=True)


@pytest.fixture(scope="session")
def tables() -> dict[Variant, Table]:
    """The turn-by-turn variants' tables (seconds each to build)."""
    return {
        Variant(five_is_full_house, False): table_for(Variant(five_is_full_house, False))
        for five_is_full_house in (False, True)
    }


@pytest.fixture(scope="session")
def puzzle_table() -> Table:
    """The puzzle's table: a value per pooled reroll left, a minute and a half of CPU to
    build, so only the tests marked `slow` ask for it."""
    return table_for(PUZZLE)
