"""The fallback renderer: any view, its seats named (`Seat 2 (random)`) over its pretty JSON."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.json import JSON
from rich.panel import Panel
from rich.text import Text

from parlour.i18n import _
from parlour.kernel import View
from parlour.terminal.renderers.names import PLAYED_BY, seat_name


def render(view: View) -> RenderableType:
    shown = {key: value for key, value in view.items() if key not in ("log", PLAYED_BY)}
    names = ", ".join(seat_name(view, seat) for seat in range(len(view["scores"])))
    seats = Text(_("Seats: {names}").format(names=names))
    return Panel(Group(seats, JSON.from_data(shown)), title=str(view.get("game", _("game"))))
