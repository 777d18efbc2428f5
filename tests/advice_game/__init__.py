"""Tally, a tiny game defined only for the tests, with advice of its own: each seat in turn
adds one or two points to its tally, three times; the highest tally wins. Its advice knows the
answer (two is always best), so the tests see the front ends serve any game's advice. Only
`tests/test_advice_game.py` registers it, for each of its tests, and runs the generic suites on
it (a game keeps the whole contract, determinizer and action list included). It is laid out as
a box, with the files it has content for (no bots, rules for players, tutorial or catalogue of
its own)."""

from tests.advice_game.game import Tally

__all__ = ["Tally"]
