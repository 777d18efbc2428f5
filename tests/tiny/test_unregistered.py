"""Tiny Duel leaks into no other test: outside the `tiny_game` fixture (and after the tests of
`test_suites.py`, which run first) the registries hold the built-in games alone."""

from __future__ import annotations

import pytest

import parlour
from parlour.bots.registry import bots_for, default_bot
from tests import one_game


@pytest.mark.skipif(one_game.chosen == one_game.TINY, reason="--game tiny registers it for all")
def test_tiny_duel_is_registered_only_for_the_tests_that_ask() -> None:
    assert "tiny" not in {info.name for info in parlour.games()}
    with pytest.raises(parlour.OptionError, match="unknown game 'tiny'"):
        bots_for("tiny")


def test_the_fixture_registers_it(tiny_game: type[parlour.Game]) -> None:
    assert parlour.load("tiny").new(1).to_act == (0, 1)
    assert [bot.name for bot in bots_for("tiny")] == ["high", "mcts", "policy", "random"]
    assert default_bot("tiny") == "high"
