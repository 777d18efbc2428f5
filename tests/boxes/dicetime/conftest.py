"""Fixtures of the Dicetime tests: the solved tables, built once per session."""

from __future__ import annotations

import pytest

from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.store import Table, table_for


@pytest.fixture(scope="session")
def tables() -> dict[Variant, Table]:
    """Every variant's table (the puzzle's takes about a minute to build on two cores)."""
    return {
        Variant(five_is_full_house, puzzle): table_for(Variant(five_is_full_house, puzzle))
        for five_is_full_house in (False, True)
        for puzzle in (False, True)
        if five_is_full_house or not puzzle
    }
