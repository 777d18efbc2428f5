"""Session-wide settings: solved tables go to a cache directory of this test session; the
tiny test game for the tests that ask for it; the check that no test leaves a process running
(`tests/leftovers.py`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.bots import registry as bot_registry
from parlour.kernel import Game, registry

pytest_plugins = ["tests.one_game", "tests.leftovers"]


@pytest.fixture(scope="session", autouse=True)
def parlour_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point PARLOUR_CACHE (read by the solver and inherited by CLI subprocesses) at a fresh
    directory, so tests never read or write the user's cache: one for the whole run, which
    pytest-xdist's workers share (the solver's lock has one of them build each table)."""
    base = tmp_path_factory.getbasetemp()
    path = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "parlour-cache"
    path.mkdir(exist_ok=True)
    previous = os.environ.get("PARLOUR_CACHE")
    os.environ["PARLOUR_CACHE"] = str(path)
    yield path
    if previous is None:
        os.environ.pop("PARLOUR_CACHE", None)
    else:
        os.environ["PARLOUR_CACHE"] = previous


@pytest.fixture
def tiny_game(monkeypatch: pytest.MonkeyPatch) -> type[Game]:
    """Tiny Duel (`tests/tiny`) in the game registry, with its bot, for one test: the way a
    box registers itself, undone afterwards so that no other test sees it."""
    from tests.tiny import BOTS, TinyDuel

    monkeypatch.setitem(registry._registry(), TinyDuel.info.name, TinyDuel)
    for bot in BOTS:
        monkeypatch.setitem(bot_registry._BOTS, (bot.game, bot.name), bot)
    return TinyDuel
