"""Dicecream in the terminal: every sheet's four sundaes in their colours (cubes with their
numbers, the two cream spaces, ticked toppings, each sundae's score), the beans and totals;
the current roll with what each die is used for and what it may still do; the bonus cards;
who is still choosing; what to type now (examples taken from the legal moves); and the recent
log."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.boxes.dicecream.components import SPACE_NAMES, Colour
from parlour.boxes.dicecream.words import DIE_FACE, SUNDAE, space_words
from parlour.i18n import N_, _, ngettext
from parlour.kernel import SPECTATOR, View
from parlour.terminal.renderers.names import seat_name

if TYPE_CHECKING:
    from parlour.boxes.dicecream.views import (
        BowlView,
        ChoosingView,
        DicecreamView,
        SeatView,
        SundaeView,
        TurnView,
    )

STYLES = {
    "blue": "bold blue",
    "yellow": "bold yellow",
    "red": "bold red",
    "green": "bold green",
    "white": "bold white",
}
FACES = "⚀⚁⚂⚃⚄⚅"
_COLOURS = {colour.key: colour for colour in Colour}
LEGEND = N_(
    "Sheets: tops ✓ ticked / · open, by colour initial; cream: left right; cubes: colour:number; "
    "bowl: dice placed / unlocking die this turn; x2: all toppings ticked. help lists every "
    "legal action."
)


def render(shown: View) -> RenderableType:
    view = cast("DicecreamView", shown)
    parts: list[RenderableType] = [_header(view), _sheets(view)]
    if view["turn"] is not None and view["turn"]["rolled"]:
        parts.append(_dice(view, view["turn"]))
    if view["bonus_cards"]:
        parts.append(_bonus(view))
    if view["choosing"] is not None:
        parts.append(_choosing(view, view["choosing"]))
    if view["seat"] in view["to_act"]:
        parts.append(Text(_hint(view) + "\n" + _(LEGEND), style="dim"))
    log = view["log"][-5:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _hint(view: DicecreamView) -> str:
    """What the seat may type at this moment, with examples from its legal moves (the view's
    `moves`), each with its short form."""
    phase = view["phase"]
    if phase == "roll":
        return _("Type roll (r).")
    moves = [action for actions in view["moves"].values() for action in actions]
    if phase == "place":
        turn = view["turn"]
        assert turn is not None  # placing is the active player's turn
        unlock = [_typed(a) for a in moves if a.startswith("unlock ")][:1]
        dice = [_typed(a) for a in moves if " cube of " in a or " topping of " in a][:1]
        cream = [_typed(a) for a in moves if "cream of" in a][:1]
        reroll = ["reroll red,white (rr rw)"] if turn["may_reroll"] else []
        return _("Type {choices}.").format(
            choices=_either([*unlock, *dice, *cream, *reroll, "done (d)"])
        )
    verb = "take" if phase == "take" else "bonus"
    spaces = [_typed(a.removeprefix(verb + " ").split(" in ")[-1]) for a in moves]
    if not spaces:
        return _("Nothing fits your sheet now: type pass (p).")
    if phase == "take":
        return _("Type the space for the die you take, e.g. {space}, or pass (p).").format(
            space=spaces[0]
        )
    return _("Type the space for the bonus, e.g. {space}, or pass (p).").format(space=spaces[0])


def _typed(action: str) -> str:
    """An action and its short form: `unlock blue (ub)`, `red cube of blue (rcb)`,
    `left cream of blue (left b)`."""
    words = action.split()
    if words[1] == "cream":
        return f"{action} ({words[0]} {words[-1][0]})"
    return f"{action} ({''.join(word[0] for word in words if word != 'of')})"


def _either(options: list[str]) -> str:
    """`a, b or c`."""
    if len(options) == 1:
        return options[0]
    return _("{choices} or {last}").format(choices=", ".join(options[:-1]), last=options[-1])


def _header(view: DicecreamView) -> Text:
    text = Text("Dicecream", style="bold")
    text.append(
        "  " + _("round {round} of {rounds}").format(round=view["round"], rounds=view["rounds"])
    )
    stack = ngettext("bonus stack: {count} card", "bonus stack: {count} cards", view["stack"])
    text.append(" · " + stack.format(count=view["stack"]))
    phase = view["phase"]
    if view["over"]:
        names = _(" and ").join(seat_name(view, seat) for seat in view["winners"])
        text.append("\n" + _("Game over. Won: {names}.").format(names=names), style="bold")
    elif view["turn"] is not None:  # the active seat's turn: rolling, placing, the others' picks
        active = view["turn"]["seat"]
        if phase == "take":
            if active == view["seat"]:
                taking = _("the others may take one of your dice")
            else:
                taking = _("the others may take one of {who}'s dice").format(
                    who=seat_name(view, active)
                )
            text.append(" · " + taking)
        else:
            doing = _("roll the dice") if phase == "roll" else _("place dice")
            text.append(f" · {seat_name(view, active)}: {doing}")
    else:
        text.append(" · " + _("everyone may use one of the two bonus cards"))
    return text


def _sheets(view: DicecreamView) -> Columns:
    return Columns([_sheet(view, seat) for seat in view["seats"]])


def _sheet(view: View, seat: SeatView) -> Panel:
    number = seat["seat"]
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    table.add_column("")
    for sundae in seat["sundaes"]:
        table.add_column(Text(sundae["colour"], style=STYLES[sundae["colour"]]), justify="center")
    sundaes = seat["sundaes"]
    table.add_row(Text(_("tops"), style="dim"), *(_toppings(s) for s in sundaes))
    table.add_row(Text(_("cream"), style="dim"), *(_cream(s) for s in sundaes))
    for row in range(len(sundaes[0]["cubes"])):
        label = Text(_("cubes") if row == 0 else "", style="dim")
        table.add_row(label, *(_cube(s, row) for s in sundaes))
    turn = view["turn"]
    if turn is not None and turn["seat"] == number and turn["unlocked"]:
        bowls = {bowl["sundae"]: bowl for bowl in turn["unlocked"]}
        bowl_row = (_bowl(bowls.get(s["colour"])) for s in sundaes)
        table.add_row(Text(_("bowl"), style="dim"), *bowl_row)
    table.add_row(Text(_("score"), style="dim"), *(_score(s) for s in sundaes))
    beans = "●" * seat["beans"] or _("none")
    title = seat_name(view, number) + (" ▶" if number in view["to_act"] else "")
    if number == view["active"]:
        title += " " + _("(turn)")
    footer = _("beans {beans} · toppings {toppings} · total {total}").format(
        beans=beans, toppings=seat["toppings"], total=seat["total"]
    )
    return Panel(table, title=title, subtitle=footer, expand=False)


def _toppings(sundae: SundaeView) -> Text:
    return Text(" ").join(
        Text(f"✓{colour[0]}", style=STYLES[colour]) if ticked else Text(f"·{colour[0]}", "dim")
        for colour, ticked in sundae["toppings"].items()
    )


def _cream(sundae: SundaeView) -> Text:
    left, right = sundae["cream"]["left"], sundae["cream"]["right"]
    return Text(f"{left or '·'} {right or '·'}", style="bold white" if left or right else "dim")


def _cube(sundae: SundaeView, row: int) -> Text:
    colour, value = list(sundae["cubes"].items())[row]
    return Text(f"{colour[0]}:{value if value is not None else '·'}", style=STYLES[colour])


def _bowl(bowl: BowlView | None) -> Text:
    if bowl is None:
        return Text("")
    return Text(f"{bowl['spent']}/{bowl['limit']}", style="reverse")


def _score(sundae: SundaeView) -> Text:
    doubled = all(sundae["toppings"].values())
    return Text(f"{sundae['score']}{'x2' if doubled else ''}", style="bold")


def _dice(view: DicecreamView, turn: TurnView) -> Group:
    moves: dict[str, list[str]] = view["moves"]
    taking = view["phase"] == "take"
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column()
    table.add_column()
    table.add_column()
    for die in turn["dice"]:
        colour, face = die["colour"], die["face"]
        named = _(DIE_FACE[_COLOURS[colour]]).format(face=face)
        label = Text(f"{FACES[face - 1]} {named}", style=STYLES[colour])
        space = die["space"]
        if die["use"] == "bowl":
            use = _("unlocks {sundae}").format(sundae=_(SUNDAE[_COLOURS[colour]]))
        elif space is not None:
            use = _("on the {space}").format(space=space_words(SPACE_NAMES[space].index))
            use += " · " + _("may be taken") if taking else ""
        else:
            use = _("forfeited") if taking else _("not placed")
        options = [option.removeprefix("take ") for option in moves.get(colour, [])]
        table.add_row(label, Text(use), Text("→ " + " · ".join(options) if options else ""))
    if turn["seat"] == view["seat"]:
        caption = _("You rolled")
    else:
        caption = _("{who} rolled").format(who=seat_name(view, turn["seat"]))
    if turn["may_reroll"]:
        caption += " · " + _("a chocolate bean may reroll any dice first (e.g. reroll red,white)")
    return Group(Text(caption, style="bold"), table)


def _bonus(view: DicecreamView) -> Group:
    moves: dict[str, list[str]] = view["moves"]
    lines: list[RenderableType] = [Text(_("Bonus cards:"), style="bold")]
    for card in view["bonus_cards"]:
        line = Text(f"  {card['text']}")
        options = moves.get(card["key"], [])
        if options:
            line.append("  → " + " · ".join(options), style="cyan")
        lines.append(line)
    return Group(*lines)


def _choosing(view: DicecreamView, choosing: ChoosingView) -> Text:
    waiting = ", ".join(seat_name(view, seat) for seat in choosing["waiting"]) or _("nobody")
    text = Text(_("Choosing at once; waiting for: {waiting}.").format(waiting=waiting))
    if choosing["yours"]:
        chose = _("You chose: {action} (shown to the others when all have chosen).")
        text.append(" " + chose.format(action=choosing["yours"]))
    elif view["seat"] is not SPECTATOR and view["seat"] not in choosing["eligible"]:
        text.append(" " + _("You have nothing to choose this time."))
    return text
