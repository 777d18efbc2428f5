"""One renderer per game: a view (a JSON-ready dict) in, a Rich renderable out.

Renderers read views only; they hold no rules. A game's renderer is the module named after it
in this folder (`NAME.py`, with a `render` function); a game without one is shown by the
generic renderer. A renderer that exists but fails to import is an error, never hidden.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from rich.console import RenderableType

from parlour.kernel import View
from parlour.terminal.renderers import generic

Renderer = Callable[[View], RenderableType]


def renderer_for(game: str) -> Renderer:
    """The renderer of `game`, or the generic one."""
    name = f"{__name__}.{game}"
    if importlib.util.find_spec(name) is None:
        return generic.render
    render: Renderer = importlib.import_module(name).render
    return render
