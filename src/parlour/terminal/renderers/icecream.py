"""Ice Cream in the terminal: the day and phase, the decks' counts, every player's face-up
Ice Cream cards (with the scoops served on them today), face-down cards (your own by name),
points; the turned-over scoop; the cones with their scoops and whether you can serve each
exactly or nearly; what to type; and the recent log."""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.icecream.components import told
from parlour.boxes.icecream.views import IcecreamView
from parlour.i18n import N_, _, ngettext
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
    "deliveries": N_(
        "Type keep (k), or discard (x) to take the next card face down instead: "
        "that one you must keep."
    ),
    "cones": N_("Type cone 3 (or just 3) to put the scoop on cone 3, or new cone (n)."),
    "serving": N_(
        "Type serve 2 (or just 2), or draw (d). A cone you can serve exactly must be "
        "served; otherwise serve one with a single scoop missing, or draw."
    ),
}
PHASES = {
    "deliveries": N_("deliveries"),
    "cones": N_("cones"),
    "serving": N_("serving"),
    "over": N_("over"),
}
FITS = {
    "exact": (N_("you can serve it exactly"), "bold green"),
    "near": (N_("you lack one scoop"), "yellow"),
    "none": ("", "dim"),
}


def flavour(name: str, suffix: str = "") -> Text:
    """A flavour's name in the language of the moment, in its colour (the word says it)."""
    return Text(told(name) + suffix, style=STYLES[name])


def render(shown: View) -> RenderableType:
    view = cast(IcecreamView, shown)  # an Ice Cream state's view
    parts: list[RenderableType] = [_header(view), _players(view)]
    if view["scoop"] is not None and view["active"] is not None:
        who = seat_name(view, view["active"])
        said = (
            _("You turned over a scoop: ")
            if view["active"] == view["seat"]
            else _("{who} turned over a scoop: ")
        )
        line = Text(said.format(who=who))
        line.append_text(flavour(view["scoop"]))
        parts.append(line)
    if view["cones"]:
        parts.append(_cones(view))
    if view["seat"] is not SPECTATOR and view["seat"] in view["to_act"]:
        hint = _("{hint} help lists every legal action.").format(hint=_(HINTS[view["phase"]]))
        parts.append(Text(hint, style="dim"))
    log = view["log"][-6:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _header(view: IcecreamView) -> Text:
    text = Text("Ice Cream", style="bold")
    phase = _(PHASES[view["phase"]])
    text.append(
        _("  day {day} of {days} · {phase}").format(day=view["day"], days=view["days"], phase=phase)
    )
    text.append(_(" · dealer {who}").format(who=seat_name(view, view["dealer"])))
    deck = view["ice_cream_deck"]
    text.append(
        ngettext(
            " · Ice Cream deck: {count} card", " · Ice Cream deck: {count} cards", deck
        ).format(count=deck)
    )
    if view["phase"] in ("deliveries", "cones"):
        text.append(_(" · scoops to turn over: {count}").format(count=view["scoops_left"]))
    started = _(" · cones started: {started} of {limit}")
    text.append(started.format(started=view["cones_started"], limit=view["cones_limit"]))
    if view["over"]:
        names = names_of(view, view["winners"])
        text.append(_("\nGame over. Won: {names}.").format(names=names), style="bold")
    elif view["active"] is not None:
        who = seat_name(view, view["active"])
        text.append(_("\nTo act: {who}.").format(who=who), style="bold")
    return text


def names_of(view: IcecreamView, seats: list[int]) -> str:
    """`Seat 1 and You`, in the language of the moment."""
    named = [seat_name(view, seat) for seat in seats]
    if len(named) < 2:
        return "".join(named)
    return _("{names} and {last}").format(names=", ".join(named[:-1]), last=named[-1])


def _players(view: IcecreamView) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    columns = ("", N_("Ice Cream cards (scoops on them today)"), N_("face down"))
    for column in columns:
        table.add_column(_(column) if column else "")
    for column in (N_("today"), N_("total")):
        table.add_column(_(column), justify="right")
    for seat in view["seats"]:
        number = seat["seat"]
        name = seat_name(view, number) + (" ▶" if number in view["to_act"] else "")
        cards = Text(", ").join(
            flavour(card["flavour"], f" ●{card['scoops']}" if card["scoops"] else "")
            for card in seat["cards"]
        ) or Text(_("none"), style="dim")
        if seat["delivery"] is not None:
            down = flavour(seat["delivery"], _(" (yours)"))
        else:
            down = Text(_("1 card") if seat["face_down"] else "", style="dim")
        table.add_row(name, cards, down, str(seat["served"]), str(seat["total"]))
    return table


def _cones(view: IcecreamView) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("cone"))
    table.add_column(_("scoops"))
    table.add_column("")
    for cone in view["cones"]:
        scoops = Text(", ").join(flavour(scoop) for scoop in cone["scoops"])
        scoops.append(f"  ({len(cone['scoops'])}/{view['max_scoops']})", style="dim")
        fit = cone["fit"]
        note = Text("")
        if fit is not None:
            message, style = FITS[fit]
            words = _(message) if message else ""
            if fit == "near" and cone["missing"]:
                words += f" ({told(cone['missing'][0])})"
            note = Text(words, style=style)
        table.add_row(str(cone["cone"]), scoops, note)
    return table
