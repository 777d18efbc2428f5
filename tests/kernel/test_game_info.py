"""What every registered game says about itself, checked against the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

import parlour

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("info", parlour.games(), ids=lambda info: info.name)
def test_the_rulebook_is_the_games_rules_page(info: parlour.GameInfo) -> None:
    """`rulebook`, shown by `parlour games` and /api/games, names the game's rules page, a
    file of the repository."""
    assert info.rulebook == f"docs/rules/{info.name}.md"
    assert (ROOT / info.rulebook).is_file()
