"""One renderer per game: a view (a JSON-ready dict) in, a Rich renderable out.

Renderers read views only; they hold no rules. A game without its own renderer is shown by
the generic one.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType

from parlour.kernel import View
from parlour.terminal.renderers import dicecream, dicetime, dokitto, generic, icecream, likedice

Renderer = Callable[[View], RenderableType]

RENDERERS: dict[str, Renderer] = {
    "dicetime": dicetime.render,
    "dicecream": dicecream.render,
    "dokitto": dokitto.render,
    "icecream": icecream.render,
    "likedice": likedice.render,
}


def renderer_for(game: str) -> Renderer:
    """The renderer of `game`, or the generic one."""
    return RENDERERS.get(game, generic.render)
