"""Dicetime in the terminal: the sheets side by side, the dice with kept ones starred, the
rolls left, what each open row would score now, and the recent log."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

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


def render(view: View) -> RenderableType:
    parts: list[RenderableType] = [_header(view), _sheet(view)]
    for seat in view["seats"]:
        if seat["turn"] is not None and (view["seat"] is None or seat["seat"] == view["seat"]):
            parts.append(_turn(view, seat))
    log = view["log"][-4:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _header(view: View) -> Text:
    text = Text("Dicetime", style="bold")
    if view["mode"] == "puzzle":
        limit = view["time_limit"]
        clock = f"{limit // 60}:{limit % 60:02d} to play" if limit else "untimed"
        text.append(f"  puzzle · rerolls left in the pool: {view['pool']} · {clock}")
    elif view["mode"] == "simultaneous":
        text.append("  simultaneous: everyone plays their own sheet")
    else:
        text.append(f"  round {view['round']} of 13")
        if view["current"] is None:
            text.append(" · race: whoever rolls first begins")
    if view["over"]:
        names = ", ".join(seat_name(view, seat) for seat in view["winners"])
        text.append(f"\nGame over. Winner{'s' if len(view['winners']) > 1 else ''}: {names}")
    return text


def _sheet(view: View) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("Row")
    seats = view["seats"]
    for seat in seats:
        marker = " ▶" if seat["seat"] in view["to_act"] else ""
        table.add_column(
            Text(seat_name(view, seat["seat"]) + marker, style=STYLES[seat["colour"]]),
            justify="right",
        )
    for index, (key, english, german) in enumerate(ROWS):
        cells: list[Text] = [Text(f"{english} ({german})")]
        for seat in seats:
            cells.append(_cell(seat, key))
        table.add_row(*cells, end_section=index == 5)
        if index == 5:
            table.add_row(
                Text("Upper total / bonus"),
                *(Text(f"{s['upper']}/63 · {s['bonus'] or '-'}") for s in seats),
                end_section=True,
            )
    table.add_row(
        Text("Total", style="bold"), *(Text(str(s["total"]), style="bold") for s in seats)
    )
    return table


def _cell(seat: dict[str, Any], key: str) -> Text:
    entered = seat["sheet"][key]
    if entered is not None:
        return Text(str(entered))
    turn = seat["turn"]
    if turn and turn.get("would_score"):
        return Text(f"({turn['would_score'][key]})", style="italic cyan")
    return Text("·", style="dim")


def _turn(view: View, seat: dict[str, Any]) -> Text:
    turn = seat["turn"]
    name = seat_name(view, seat["seat"])
    if not turn["rolled"]:
        return Text(f"{name}: roll the dice (type roll).")
    text = Text(f"{name}: ")
    for position, (face, kept) in enumerate(zip(turn["dice"], turn["kept"], strict=True), 1):
        style = "bold yellow" if kept else "bold"
        text.append(f" {position}:{FACES[face - 1]} {face}{'★' if kept else ''} ", style=style)
    left = turn.get("rolls_left", turn.get("rerolls_left"))
    label = "rolls left" if "rolls_left" in turn else "rerolls left in the pool"
    text.append(f"   {label}: {left}")
    text.append(
        "\nkeep dice and roll the rest (e.g. keep 1,3 or 13), roll all, or enter a row "
        "(e.g. enter full_house or fh); the numbers in brackets are what each open row "
        "scores now.",
        style="dim",
    )
    return text
