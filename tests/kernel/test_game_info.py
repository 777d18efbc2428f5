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


@pytest.mark.parametrize("info", parlour.games(), ids=lambda info: info.name)
def test_every_option_has_words_for_players(info: parlour.GameInfo) -> None:
    """A form names each option and each of its choices in words (`label`, `value_labels`),
    never by its identifier, and its description says nothing of the project's rulings."""
    for option in info.options:
        assert option.label, f"{option.name} has no label"
        assert set(option.value_labels) == set(option.choices), f"{option.name}'s choices"
        for word in ("project", "seat 0", "_"):
            assert word not in option.description, f"{option.name} says {word!r}"
