"""Dicetime in the terminal: the sheets side by side, the dice with kept ones starred, the
rolls left, what each open row would score now, and the recent log; a question before a 0
entered while another row would score, and the puzzle's time left."""

from __future__ import annotations

import math
from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.dicetime.views import DicetimeView, SeatView
from parlour.kernel import View
from parlour.terminal.renderers.names import seat_name

ROWS = (
    ("ones", "Ones", "1er"),
    ("twos", "Twos", "2er"),
    ("threes", "Threes", "3er"),
    ("fours", "Fours", "4er"),
    ("fives", "Fives", "5er"),
    ("sixes", "Sixes", "6er"),
    ("three_of_a_kind", "Three of a kind", "3x"),
    ("four_of_a_kind", "Four of a kind", "4x"),
    ("full_house", "Full house", "Full House"),
    ("small_straight", "Small straight", "Kleine Straße"),
    ("large_straight", "Large straight", "Große Straße"),
    ("five_of_a_kind", "Five of a kind", "5x"),
    ("chance", "Chance", "SOS"),
)
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
TITLES = {key: english for key, english, _ in ROWS}


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
        clock = f"{_minutes(limit)} on the clock" if limit else "untimed"
        text.append(f"  puzzle · rerolls left in the pool: {view.get('pool')} · {clock}")
    elif view["mode"] == "simultaneous":
        text.append("  simultaneous: everyone plays their own sheet")
    else:
        rounds = len(view["seats"][0]["sheet"])
        text.append(f"  round {view.get('round')} of {rounds}")
        if view["options"].get("start") == "race" and view["first"] is None:
            text.append(" · race: whoever rolls first begins")
    if view["over"]:
        names = ", ".join(seat_name(view, seat) for seat in view["winners"])
        text.append(f"\nGame over. Winner{'s' if len(view['winners']) > 1 else ''}: {names}")
    return text


def _sheet(view: DicetimeView) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("Row")
    seats = view["seats"]
    for seat in seats:
        marker = " ▶" if seat["seat"] in view["to_act"] else ""
        name = seat_name(view, seat["seat"])
        if seat["seat"] == view["seat"]:  # `You`: the colour in words too, never colour alone
            name += f" ({seat['colour']})"
        table.add_column(
            Text(name + marker, style=STYLES[seat["colour"]]),
            justify="right",
        )
    for index, (key, english, german) in enumerate(ROWS):
        cells: list[Text] = [Text(f"{english} ({german})")]
        for seat in seats:
            cells.append(_cell(seat, key))
        table.add_row(*cells, end_section=index == 5)
        if index == 5:
            table.add_row(
                Text("Upper total · bonus"),
                *(Text(_upper(s)) for s in seats),
                end_section=True,
            )
    table.add_row(
        Text("Total", style="bold"), *(Text(str(s["total"]), style="bold") for s in seats)
    )
    return table


def _upper(seat: SeatView) -> str:
    """The upper total and the bonus, or what the bonus still needs (the view says how much)."""
    if seat["bonus"]:
        return f"{seat['upper']} · {seat['bonus']}"
    return f"{seat['upper']} · {seat['bonus_needed']} to go"


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
        return Text(f"{name}: roll the dice (type roll).")
    text = Text(f"{name}: ")
    for position, (face, kept) in enumerate(zip(turn["dice"], turn["kept"], strict=True), 1):
        style = "bold yellow" if kept else "bold"
        text.append(f" {position}:{FACES[face - 1]} {face}{'★' if kept else ''} ", style=style)
    left = turn.get("rolls_left", turn.get("rerolls_left", 0))
    label = "rolls left" if "rolls_left" in turn else "rerolls left in the pool"
    text.append(f"   {label}: {left}")
    text.append("\n" + _choices(left), style="dim")
    return text


def _choices(rolls_left: int) -> str:
    """What the seat may do with its roll: roll again while a roll is left, else enter it."""
    scores = "the numbers in brackets are what each open row scores now."
    if rolls_left:
        return (
            "keep dice and roll the rest (e.g. keep 1,3 or 13), roll all, or enter a row "
            f"(e.g. enter full_house or fh); {scores}"
        )
    return f"no rolls left: enter the roll in an open row (e.g. enter full_house or fh); {scores}"


def confirm(shown: View, action: str) -> str | None:
    """A question before entering 0 in a row while another open row would score (a slip, such
    as `ls` for `ss`), from what the view says each open row would score now."""
    view = cast(DicetimeView, shown)
    seat = view["seat"]
    turn = None if seat is None else view["seats"][seat]["turn"]
    would = cast(dict[str, int], turn.get("would_score", {})) if turn else {}
    row = action.removeprefix("enter ")
    best = max(would, key=would.__getitem__, default=row)
    if would.get(row) != 0 or would[best] == 0:
        return None
    return f"Enter 0 in {TITLES[row]}? {TITLES[best]} would score {would[best]}."


def clock(shown: View, left: float) -> Text:
    """The puzzle's time left, shown before each prompt."""
    return Text(f"Time left: {_minutes(max(0, math.ceil(left)))}", style="bold")


def _minutes(seconds: int) -> str:
    """Seconds as minutes and seconds (`9:05`)."""
    return f"{seconds // 60}:{seconds % 60:02d}"
