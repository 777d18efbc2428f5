"""Dokitto! Ice in the terminal: your hand sorted by flavour with the cards you may play
bright and the others dim; the trick so far with who led and the flavour to follow; every
cone's tiles and toppings; the stacks' counts and the Topping tokens left; the scores; the
last round's result and the recent log. It reads the view as `DokittoView` declares it; the
tiles a cone holds come from the view. Words are in the language of the moment, flavours by
their names in it; what a player types (`grape 7`, `take grape`) stays canonical."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.dokitto.views import DokittoView, PlayView
from parlour.boxes.dokitto.words import card_word, flavour_word
from parlour.i18n import N_, _, ngettext
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
COLUMNS = (
    N_("seat"),
    N_("cards"),
    N_("cone"),
    N_("toppings"),
    N_("tiles"),
    N_("round"),
    N_("total"),
)
"""The seats table's columns; the first, the cone and the toppings are words, left-aligned."""
LEFT = {COLUMNS[0], COLUMNS[2], COLUMNS[3]}


def render(shown: View) -> RenderableType:
    view = cast(DokittoView, shown)
    parts: list[RenderableType] = [_header(view), _table(view), _stacks(view), _trick(view)]
    if view["hand"] is not None:
        parts.append(_hand(view["hand"], view["playable"]))
    if view["seat"] in view["to_act"]:
        advice = _("help lists every legal action.")
        parts.append(Text(_hint(view) + " " + advice, style="dim"))
    log = view["log"][-6:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _hint(view: DokittoView) -> str:
    """How to type the decision at hand, with an example from it (typed in canonical words)."""
    if view["phase"] == "take":
        key = view["tile_choice"][0]
        return _(
            "Type the stack to take a tile from: take {key}, t{initial} or just {initial}."
        ).format(key=key, initial=key[0])
    key, number = view["playable"][0].split()
    return _(
        "Type a card: {key} {number} or {initial}{number}; a bare number or flavour is "
        "enough when only one card you may play has it."
    ).format(key=key, number=number, initial=key[0])


def _and(names: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(names) < 2:
        return "".join(names)
    return _("{some} and {last}").format(some=", ".join(names[:-1]), last=names[-1])


def _header(view: DokittoView) -> Text:
    text = Text("Dokitto! Ice", style="bold")
    told = _("round {round}").format(round=view["round"])
    text.append("  " + told + " · " + _("flavours:") + " ")
    text.append_text(Text(" ").join(_flavour(key) for key in view["flavours"]))
    text.append(" · " + _("first player: {who}").format(who=seat_name(view, view["first"])))
    aside = view["aside"]
    told = ngettext("{count} card set aside", "{count} cards set aside", aside)
    text.append(f" · {told.format(count=aside)}")
    if view["over"]:
        names = _and([seat_name(view, seat) for seat in view["winners"]])
        text.append("\n" + _("Game over. Won: {names}.").format(names=names), style="bold")
    elif view["phase"] == "take":
        winner = view["trick"]["winner"]
        assert winner is not None  # the trick's winner chooses
        told = (
            _("You won the trick and choose a tile.")
            if winner == view["seat"]
            else _("{who} won the trick and chooses a tile.")
        )
        text.append("\n" + told.format(who=seat_name(view, winner)))
    else:
        who = seat_name(view, view["to_act"][0])
        text.append("\n" + _("{who}: play a card.").format(who=who))
    last = view["last_round"]
    if last is not None:
        busted = last["busted"]
        scored = ", ".join(
            (_("{who} +{points} (fourth tile)") if seat == busted else "{who} +{points}").format(
                who=seat_name(view, seat), points=points
            )
            for seat, points in enumerate(last["points"])
        )
        told = _("Round {round}: {scored}.").format(round=last["round"], scored=scored)
        text.append("\n" + told, style="dim")
    return text


def _flavour(key: str, label: str | None = None) -> Text:
    """`label` (by default the flavour's name) in the flavour's colour."""
    return Text(label or flavour_word(key), style=STYLES[key])


def _table(view: DokittoView) -> Table:
    """One row a seat: cards in hand, the cone's tiles (★: starred) and Topping tokens, its
    tile count (a fourth ends the round at zero), the round's points so far and the total."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in COLUMNS:
        table.add_column(_(column), justify="left" if column in LEFT else "right")
    limit = view["cone_limit"]
    for cone in view["cones"]:
        seat = cone["seat"]
        name = seat_name(view, seat) + (" ▶" if seat in view["to_act"] else "")
        tiles = Text(" ").join(
            _flavour(
                tile["flavour"], flavour_word(tile["flavour"]) + (STAR if tile["star"] else "")
            )
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
    text = Text(_("Stacks:") + " ")
    text.append_text(
        Text(" · ").join(
            _flavour(
                key,
                f"{flavour_word(key)} {count}" + (f" {STAR}" if key in view["toppings"] else ""),
            )
            for key, count in view["stacks"].items()
        )
    )
    note = _("({star}: its starred tile and Topping token are still there)").format(star=STAR)
    text.append(f"  {note}", style="dim")
    return text


def _trick(view: DokittoView) -> Text:
    trick = view["trick"]
    plays = trick["plays"]
    if not plays and view["tricks"]:
        last = view["tricks"][-1]
        text = Text(_("Last trick:") + " ")
        text.append_text(_plays(view, last["plays"]))
        tile = last["tile"]
        who = seat_name(view, last["winner"])
        mine = last["winner"] == view["seat"]
        if tile is None:
            told = (
                _("You took a fourth tile: bust") if mine else _("{who} took a fourth tile: bust")
            )
        else:
            told = _("You took {tile}") if mine else _("{who} took {tile}")
        took = "" if tile is None else flavour_word(tile["flavour"]) + (STAR * tile["star"])
        text.append(" → " + told.format(who=who, tile=took))
        return text
    if not plays:
        told = (
            _("You lead the trick.")
            if trick["leader"] == view["seat"]
            else _("{who} leads the trick.")
        )
        return Text(told.format(who=seat_name(view, trick["leader"])))
    led = trick["led"]
    assert led is not None  # a card is played
    word = flavour_word(led)
    head = (
        _("Trick (led by You, follow {flavour}):")
        if trick["leader"] == view["seat"]
        else _("Trick (led by {who}, follow {flavour}):")
    ).format(who=seat_name(view, trick["leader"]), flavour=word)
    text = Text(head + " ")
    text.stylize(STYLES[led], head.rindex(word), head.rindex(word) + len(word))
    text.append_text(_plays(view, plays))
    if view["tile_choice"]:
        text.append(" → " + _("take from:") + " ")
        text.append_text(Text(_(" or ")).join(_flavour(key) for key in view["tile_choice"]))
    return text


def _plays(view: DokittoView, plays: Sequence[PlayView]) -> Text:
    return Text(", ").join(
        Text(f"{seat_name(view, play['seat'])} ").append_text(
            _flavour(play["card"].split()[0], card_word(play["card"]))
        )
        for play in plays
    )


def _hand(hand: Sequence[str], may_play: Sequence[str]) -> Text:
    """The hand by flavour; playable cards bright, the others dim."""
    playable = set(may_play)
    text = Text(_("Your hand:") + " ")
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card.split()[0], []).append(card)
    for index, (key, cards) in enumerate(groups.items()):
        if index:
            text.append(" | ")
        text.append_text(_flavour(key, flavour_word(key) + ":"))
        for card in cards:
            number = card.split()[1]
            style = STYLES[key] if card in playable else "dim"
            text.append(f" {number}", style=style)
    if not groups:
        text.append(_("empty"), style="dim")
    return text
