"""The fallback renderer: any view, shown as pretty JSON."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.json import JSON
from rich.panel import Panel


def render(view: dict[str, Any]) -> RenderableType:
    shown = {key: value for key, value in view.items() if key != "log"}
    return Panel(JSON.from_data(shown), title=str(view.get("game", "game")))
