"""One renderer per game: a view (a JSON-ready dict) in, a Rich renderable out.

Renderers read views only; they hold no rules. A game's renderer is the module named after it
in this folder (`NAME.py`, with a `render` function); a game without one is shown by the
generic renderer. A renderer that exists but fails to import is an error, never hidden.

A renderer may also define a hook the runner asks for generically: `clock(view, left)`, how
the seconds left on the game's clock are shown before each prompt. (The question before a move
that looks like a slip is the game's, `Game.confirm`: the web asks it too.)
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from types import ModuleType

from rich.console import RenderableType

from parlour.kernel import View
from parlour.terminal.renderers import generic

Renderer = Callable[[View], RenderableType]
Clock = Callable[[View, float], RenderableType]
"""The seconds left on the clock, as the game shows them."""


def _module(game: str) -> ModuleType:
    """The renderer module of `game`, or the generic one."""
    name = f"{__name__}.{game}"
    return generic if importlib.util.find_spec(name) is None else importlib.import_module(name)


def renderer_for(game: str) -> Renderer:
    """The renderer of `game`, or the generic one."""
    render: Renderer = _module(game).render
    return render


def clock_for(game: str) -> Clock | None:
    """How `game` shows its clock's time left, if its renderer shows it."""
    clock: Clock | None = getattr(_module(game), "clock", None)
    return clock
