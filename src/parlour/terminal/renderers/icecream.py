"""Ice Cream in the terminal: the day and phase, the decks' counts, every player's face-up
Ice Cream cards (with the scoops served on them today), face-down cards (your own by name),
points; the turned-over scoop; the cones with their scoops and whether you can serve each
exactly or nearly; what to type; and the recent log."""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.icecream.views import IcecreamView
from parlour.kernel import SPECTATOR, View
from parlour.terminal.renderers.names import seat_name

STYLES = {
    "strawberry": "bold hot_pink",
    "black raspberry": "bold purple",
    "chocolate chip": "bold tan",
    "chocolate": "bold dark_orange3",
    "pistachio": "bold green3",
    "vanilla": "bold light_goldenrod1",
}
HINTS = {
    "deliveries": "Type keep (k), or discard (x) to take the next card face down instead: "
    "that one you must keep.",
    "cones": "Type cone 3 (or just 3) to put the scoop on cone 3, or new cone (n).",
    "serving": "Type serve 2 (or just 2), or draw (d). A cone you can serve exactly must be "
    "served; otherwise serve one with a single scoop missing, or draw.",
}
FITS = {
    "exact": ("you can serve it exactly", "bold green"),
    "near": ("you lack one scoop", "yellow"),
    "none": ("", "dim"),
}


def flavour(name: str, suffix: str = "") -> Text:
    return Text(name + suffix, style=STYLES[name])


def render(shown: View) -> RenderableType:
    view = cast(IcecreamView, shown)  # an Ice Cream state's view
    parts: list[RenderableType] = [_header(view), _players(view)]
    if view["scoop"] is not None and view["active"] is not None:
        who = seat_name(view, view["active"])
        line = Text(f"{who} turned over a scoop: ")
        line.append_text(flavour(view["scoop"]))
        parts.append(line)
    if view["cones"]:
        parts.append(_cones(view))
    if view["seat"] is not SPECTATOR and view["seat"] in view["to_act"]:
        parts.append(Text(HINTS[view["phase"]] + " help lists every legal action.", style="dim"))
    log = view["log"][-6:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _header(view: IcecreamView) -> Text:
    text = Text("Ice Cream", style="bold")
    text.append(f"  day {view['day']} of {view['days']} · {view['phase']}")
    text.append(f" · dealer {seat_name(view, view['dealer'])}")
    text.append(f" · Ice Cream deck: {view['ice_cream_deck']} cards")
    if view["phase"] in ("deliveries", "cones"):
        text.append(f" · scoops to turn over: {view['scoops_left']}")
    text.append(f" · cones started: {view['cones_started']} of {view['cones_limit']}")
    if view["over"]:
        names = " and ".join(seat_name(view, seat) for seat in view["winners"])
        text.append(f"\nGame over. Won: {names}.", style="bold")
    elif view["active"] is not None:
        text.append(f"\nTo act: {seat_name(view, view['active'])}.", style="bold")
    return text


def _players(view: IcecreamView) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("", "Ice Cream cards (scoops on them today)", "face down", "today", "total"):
        table.add_column(column, justify="right" if column in ("today", "total") else "left")
    for seat in view["seats"]:
        number = seat["seat"]
        name = seat_name(view, number) + (" ▶" if number in view["to_act"] else "")
        cards = Text(", ").join(
            flavour(card["flavour"], f" ●{card['scoops']}" if card["scoops"] else "")
            for card in seat["cards"]
        ) or Text("none", style="dim")
        if seat["delivery"] is not None:
            down = flavour(seat["delivery"], " (yours)")
        else:
            down = Text("1 card" if seat["face_down"] else "", style="dim")
        table.add_row(name, cards, down, str(seat["served"]), str(seat["total"]))
    return table


def _cones(view: IcecreamView) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("cone")
    table.add_column("scoops")
    table.add_column("")
    for cone in view["cones"]:
        scoops = Text(", ").join(flavour(scoop) for scoop in cone["scoops"])
        scoops.append(f"  ({len(cone['scoops'])}/{view['max_scoops']})", style="dim")
        fit = cone["fit"]
        note = Text("")
        if fit is not None:
            words, style = FITS[fit]
            if fit == "near" and cone["missing"]:
                words += f" ({cone['missing'][0]})"
            note = Text(words, style=style)
        table.add_row(str(cone["cone"]), scoops, note)
    return table
