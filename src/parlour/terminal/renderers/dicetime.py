"""Dicetime in the terminal: the sheets side by side, the dice with kept ones starred, the
rolls left, what each open row would score now, and the recent log; a question before a 0
entered while another row would score, and the puzzle's time left. Every word in the language
of the moment (the canonical actions it names, `roll`, `keep 1,3`, `enter full_house`, stay)."""

from __future__ import annotations

import math
from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.dicetime.components import colour_name
from parlour.boxes.dicetime.views import DicetimeView, SeatView
from parlour.i18n import N_, _, ngettext
from parlour.kernel import View
from parlour.terminal.renderers.names import seat_name

ROWS = (
    ("ones", N_("Ones (1er)")),
    ("twos", N_("Twos (2er)")),
    ("threes", N_("Threes (3er)")),
    ("fours", N_("Fours (4er)")),
    ("fives", N_("Fives (5er)")),
    ("sixes", N_("Sixes (6er)")),
    ("three_of_a_kind", N_("Three of a kind (3x)")),
    ("four_of_a_kind", N_("Four of a kind (4x)")),
    ("full_house", N_("Full house (Full House)")),
    ("small_straight", N_("Small straight (Kleine Straße)")),
    ("large_straight", N_("Large straight (Große Straße)")),
    ("five_of_a_kind", N_("Five of a kind (5x)")),
    ("chance", N_("Chance (SOS)")),
)
"""Each row's key and its label on the sheet: English with the rulebook's German name beside
it (the German catalogue gives the rulebook's name alone)."""
STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
    "orange": "bold dark_orange",
    "pink": "bold hot_pink",
    "teal": "bold cyan",
}
FACES = "⚀⚁⚂⚃⚄⚅"


def render(shown: View) -> RenderableType:
    view = cast(DicetimeView, shown)
    parts: list[RenderableType] = [_header(view), _sheet(view)]
    for seat in view["seats"]:
        if seat["turn"] is not None and (view["seat"] is None or seat["seat"] == view["seat"]):
            parts.append(_turn(view, seat))
    log = view["log"][-4:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _header(view: DicetimeView) -> Text:
    text = Text("Dicetime", style="bold")
    if view["mode"] == "puzzle":
        limit = view.get("time_limit", 0)
        clock = _("{time} on the clock").format(time=_minutes(limit)) if limit else _("untimed")
        text.append(
            "  "
            + _("puzzle · rerolls left in the pool: {pool} · {clock}").format(
                pool=view.get("pool"), clock=clock
            )
        )
    elif view["mode"] == "simultaneous":
        text.append("  " + _("simultaneous: everyone plays their own sheet"))
    else:
        rounds = len(view["seats"][0]["sheet"])
        text.append(
            "  " + _("round {round} of {rounds}").format(round=view.get("round"), rounds=rounds)
        )
        if view["options"].get("start") == "race" and view["first"] is None:
            text.append(" · " + _("race: whoever rolls first begins"))
    if view["over"]:
        winners = view["winners"]
        names = ", ".join(seat_name(view, seat) for seat in winners)
        over = ngettext("Game over. Winner: {names}", "Game over. Winners: {names}", len(winners))
        text.append("\n" + over.format(names=names))
    return text


def _sheet(view: DicetimeView) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column(_("Row"))
    seats = view["seats"]
    for seat in seats:
        marker = " ▶" if seat["seat"] in view["to_act"] else ""
        name = seat_name(view, seat["seat"])
        if seat["seat"] == view["seat"]:  # `You`: the colour in words too, never colour alone
            name += f" ({colour_name(seat['colour'])})"
        table.add_column(
            Text(name + marker, style=STYLES[seat["colour"]]),
            justify="right",
        )
    for index, (key, label) in enumerate(ROWS):
        cells: list[Text] = [Text(_(label))]
        for seat in seats:
            cells.append(_cell(seat, key))
        table.add_row(*cells, end_section=index == 5)
        if index == 5:
            table.add_row(
                Text(_("Upper total · bonus")),
                *(Text(_upper(s)) for s in seats),
                end_section=True,
            )
    table.add_row(
        Text(_("Total"), style="bold"), *(Text(str(s["total"]), style="bold") for s in seats)
    )
    return table


def _upper(seat: SeatView) -> str:
    """The upper total and the bonus, or what the bonus still needs (the view says how much)."""
    if seat["bonus"]:
        return f"{seat['upper']} · {seat['bonus']}"
    return _("{upper} · {needed} to go").format(upper=seat["upper"], needed=seat["bonus_needed"])


def _cell(seat: SeatView, key: str) -> Text:
    entered = cast(dict[str, int | None], seat["sheet"])[key]
    if entered is not None:
        return Text(str(entered))
    turn = seat["turn"]
    would = cast(dict[str, int], turn.get("would_score", {})) if turn else {}
    if key in would:
        return Text(f"({would[key]})", style="italic cyan")
    return Text("·", style="dim")


def _turn(view: DicetimeView, seat: SeatView) -> Text:
    turn = seat["turn"]
    assert turn is not None
    name = seat_name(view, seat["seat"])
    if not turn["rolled"]:
        return Text(_("{who}: roll the dice (type roll).").format(who=name))
    text = Text(f"{name}: ")
    for position, (face, kept) in enumerate(zip(turn["dice"], turn["kept"], strict=True), 1):
        style = "bold yellow" if kept else "bold"
        text.append(f" {position}:{FACES[face - 1]} {face}{'★' if kept else ''} ", style=style)
    left = turn.get("rolls_left", turn.get("rerolls_left", 0))
    label = (
        _("rolls left: {left}") if "rolls_left" in turn else _("rerolls left in the pool: {left}")
    )
    text.append("   " + label.format(left=left))
    text.append("\n" + _choices(left), style="dim")
    return text


def _choices(rolls_left: int) -> str:
    """What the seat may do with its roll: roll again while a roll is left, else enter it."""
    if rolls_left:
        return _(
            "keep dice and roll the rest (e.g. keep 1,3 or 13), roll all, or enter a row "
            "(e.g. enter full_house or fh); the numbers in brackets are what each open row "
            "scores now."
        )
    return _(
        "no rolls left: enter the roll in an open row (e.g. enter full_house or fh); the "
        "numbers in brackets are what each open row scores now."
    )


def clock(shown: View, left: float) -> Text:
    """The puzzle's time left, shown before each prompt."""
    return Text(_("Time left: {time}").format(time=_minutes(max(0, math.ceil(left)))), style="bold")


def _minutes(seconds: int) -> str:
    """Seconds as minutes and seconds (`9:05`)."""
    return f"{seconds // 60}:{seconds % 60:02d}"
