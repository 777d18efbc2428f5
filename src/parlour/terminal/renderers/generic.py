"""The fallback renderer: any view, shown as pretty JSON."""

from __future__ import annotations

from rich.console import RenderableType
from rich.json import JSON
from rich.panel import Panel

from parlour.i18n import _
from parlour.kernel import View


def render(view: View) -> RenderableType:
    shown = {key: value for key, value in view.items() if key != "log"}
    return Panel(JSON.from_data(shown), title=str(view.get("game", _("game"))))
