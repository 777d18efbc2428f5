"""Tiny Duel: a whole game defined inside the test suite, laid out as a box
(`src/parlour/boxes/NAME/`), to show that the generic suites, the simulator and the front ends
pick up any registered game (`tests/tiny/test_suites.py`, `tests/web/test_browser.py`) and as
the running example of `docs/adding-a-game.md`.

It is registered only for the tests that ask for it (the `tiny_game` fixture), so every other
test sees the built-in games alone.
"""

from parlour.bots.registry import BotInfo
from tests.tiny.bots import HIGH
from tests.tiny.game import TinyDuel
from tests.tiny.playout import MCTS

BOTS: tuple[BotInfo, ...] = (HIGH, MCTS)
"""Tiny Duel's own bots, registered with it."""

__all__ = ["BOTS", "TinyDuel"]
