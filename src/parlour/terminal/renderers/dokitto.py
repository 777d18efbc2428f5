"""Dokitto! Ice in the terminal: your hand sorted by flavour with the cards you may play
bright and the others dim; the trick so far with who led and the flavour to follow; every
cone's tiles and toppings; the stacks' counts and the Topping tokens left; the scores; the
last round's result and the recent log. It reads the view as `DokittoView` declares it; the
tiles a cone holds come from the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.dokitto.views import DokittoView, PlayView
from parlour.kernel import View
from parlour.terminal.renderers.names import seat_name

STYLES = {
    "strawberry": "bold magenta",
    "chocolate": "bold dark_orange3",
    "matcha": "bold green",
    "grape": "bold purple",
    "vanilla": "bold yellow",
}
STAR = "★"


def render(shown: View) -> RenderableType:
    view = cast(DokittoView, shown)
    parts: list[RenderableType] = [_header(view), _table(view), _stacks(view), _trick(view)]
    if view["hand"] is not None:
        parts.append(_hand(view["hand"], view["playable"]))
    if view["seat"] in view["to_act"]:
        parts.append(Text(_hint(view) + " help lists every legal action.", style="dim"))
    log = view["log"][-6:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _hint(view: DokittoView) -> str:
    """How to type the decision at hand, with an example from it."""
    if view["phase"] == "take":
        key = view["tile_choice"][0]
        return f"Type the stack to take a tile from: take {key}, t{key[0]} or just {key[0]}."
    key, number = view["playable"][0].split()
    return (
        f"Type a card: {key} {number} or {key[0]}{number}; a bare number or flavour is "
        "enough when only one card you may play has it."
    )


def _header(view: DokittoView) -> Text:
    text = Text("Dokitto! Ice", style="bold")
    text.append(f"  round {view['round']} · flavours: ")
    text.append_text(Text(" ").join(_flavour(key) for key in view["flavours"]))
    text.append(f" · first player: {seat_name(view, view['first'])}")
    text.append(f" · {view['aside']} cards set aside")
    if view["over"]:
        names = " and ".join(seat_name(view, seat) for seat in view["winners"])
        text.append(f"\nGame over. Won: {names}.", style="bold")
    elif view["phase"] == "take":
        winner = view["trick"]["winner"]
        assert winner is not None  # the trick's winner chooses
        who = seat_name(view, winner)
        text.append(f"\n{who} won the trick and choose{'' if who == 'You' else 's'} a tile.")
    else:
        who = seat_name(view, view["to_act"][0])
        text.append(f"\n{who}: play a card.")
    last = view["last_round"]
    if last is not None:
        busted = last["busted"]
        scored = ", ".join(
            f"{seat_name(view, seat)} +{points}{' (fourth tile)' if seat == busted else ''}"
            for seat, points in enumerate(last["points"])
        )
        text.append(f"\nRound {last['round']}: {scored}.", style="dim")
    return text


def _flavour(key: str, label: str | None = None) -> Text:
    return Text(label or key, style=STYLES[key])


def _table(view: DokittoView) -> Table:
    """One row a seat: cards in hand, the cone's tiles (★: starred) and Topping tokens, its
    tile count (a fourth ends the round at zero), the round's points so far and the total."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("seat", "cards", "cone", "toppings", "tiles", "round", "total"):
        table.add_column(
            column, justify="left" if column in ("seat", "cone", "toppings") else "right"
        )
    limit = view["cone_limit"]
    for cone in view["cones"]:
        seat = cone["seat"]
        name = seat_name(view, seat) + (" ▶" if seat in view["to_act"] else "")
        tiles = Text(" ").join(
            _flavour(tile["flavour"], tile["flavour"] + (STAR if tile["star"] else ""))
            for tile in cone["tiles"]
        )
        toppings = Text(" ").join(_flavour(key) for key in cone["toppings"])
        count = len(cone["tiles"])
        table.add_row(
            name,
            str(view["hand_sizes"][seat]),
            tiles or Text("-", style="dim"),
            toppings or Text("-", style="dim"),
            Text(f"{count}/{limit}", style="bold red" if count == limit else ""),
            str(cone["points"]),
            str(view["scores"][seat]),
        )
    return table


def _stacks(view: DokittoView) -> Text:
    """Each stack's tiles left, and whether its Topping token is still to be won."""
    text = Text("Stacks: ")
    text.append_text(
        Text(" · ").join(
            _flavour(key, f"{key} {count}" + (f" {STAR}" if key in view["toppings"] else ""))
            for key, count in view["stacks"].items()
        )
    )
    text.append(f"  ({STAR}: its starred tile and Topping token are still there)", style="dim")
    return text


def _trick(view: DokittoView) -> Text:
    trick = view["trick"]
    plays = trick["plays"]
    if not plays and view["tricks"]:
        last = view["tricks"][-1]
        text = Text("Last trick: ")
        text.append_text(_plays(view, last["plays"]))
        tile = last["tile"]
        took = "a fourth tile: bust" if tile is None else tile["flavour"] + (STAR * tile["star"])
        text.append(f" → {seat_name(view, last['winner'])} took {took}")
        return text
    if not plays:
        who = seat_name(view, trick["leader"])
        return Text(f"{who} lead{'' if who == 'You' else 's'} the trick.")
    led = trick["led"]
    assert led is not None  # a card is played
    text = Text(f"Trick (led by {seat_name(view, trick['leader'])}, follow ")
    text.append_text(_flavour(led))
    text.append("): ")
    text.append_text(_plays(view, plays))
    if view["tile_choice"]:
        text.append(" → take from: ")
        text.append_text(Text(" or ").join(_flavour(key) for key in view["tile_choice"]))
    return text


def _plays(view: DokittoView, plays: Sequence[PlayView]) -> Text:
    return Text(", ").join(
        Text(f"{seat_name(view, play['seat'])} ").append_text(
            _flavour(play["card"].split()[0], play["card"])
        )
        for play in plays
    )


def _hand(hand: Sequence[str], may_play: Sequence[str]) -> Text:
    """The hand by flavour; playable cards bright, the others dim."""
    playable = set(may_play)
    text = Text("Your hand: ")
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card.split()[0], []).append(card)
    for index, (key, cards) in enumerate(groups.items()):
        if index:
            text.append(" | ")
        text.append_text(_flavour(key, key + ":"))
        for card in cards:
            number = card.split()[1]
            style = STYLES[key] if card in playable else "dim"
            text.append(f" {number}", style=style)
    if not groups:
        text.append("empty", style="dim")
    return text
