"""Like Dice in the terminal: the challenge card, the common display and every player's own
display drawn with coloured dice (cards, target, dots), the answers called out so far in
calling order, the last challenge's check (who won, which card moved), the winner's choice,
and the recent log. Every die shows its colour's initial too (`⚃b4`: blue 4, as typed to take
a card), so the game reads the same without colour (`NO_COLOR`, or a colour-blind player)."""

from __future__ import annotations

from typing import cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.boxes.likedice.views import (
    CardView,
    ChallengeView,
    DieView,
    LikeDiceView,
    ResultView,
)
from parlour.kernel import View
from parlour.terminal.renderers.names import seat_name

STYLES = {
    "blue": "bold blue",
    "red": "bold red",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
}
FACES = "⚀⚁⚂⚃⚄⚅"


def _hint(view: LikeDiceView) -> str:
    """What the seat to act may type."""
    if view["take"] is None:
        return (
            f"Type your count, a number from 0 to {view['max_answer']} (e.g. 17), or pass (p). "
            "help lists the actions."
        )
    actions = [choice["action"] for choice in view["take"]["choices"]]
    listed = ", ".join(actions[:-1]) + " or " + actions[-1]
    return f"Type {listed} (or just the number, or the card's dice, e.g. b4 g6)."


def render(view: View) -> RenderableType:
    """A Like Dice view (`LikeDiceView`) drawn for the terminal."""
    return _board(cast(LikeDiceView, view))


def _board(view: LikeDiceView) -> RenderableType:
    parts: list[RenderableType] = [_header(view)]
    if not view["over"]:
        parts.append(_challenge(view["challenge"], view["number"]))
    parts.append(_displays(view))
    parts.append(_legend())
    if view["answers"] and view["phase"] != "over":
        parts.append(_answers(view))
    if view["result"] is not None:
        parts.append(_result(view, view["result"]))
    seat = view["seat"]
    if seat in view["to_act"]:
        parts.append(Text(_hint(view), style="dim"))
    log = view["log"][-5:]
    if log:
        parts.append(Text("\n".join(entry["text"] for entry in log), style="dim"))
    return Group(*parts)


def _header(view: LikeDiceView) -> Text:
    text = Text("Like Dice", style="bold")
    text.append(f"  {view['level']} · challenge {view['number']}")
    if view["max_challenges"]:
        text.append(f" of {view['max_challenges']}")
    text.append(f" · dice deck: {view['dice_deck']} card{'s' if view['dice_deck'] != 1 else ''}")
    if view["time_limit"]:
        text.append(f" · {view['time_limit']} s a challenge")
    if view["over"]:
        names = " and ".join(seat_name(view, seat) for seat in view["winners"])
        text.append(f"\nGame over. Won: {names}.", style="bold")
    elif view["take"] is not None:
        text.append(f" · {seat_name(view, view['take']['seat'])} may choose a card")
    else:
        waiting = ", ".join(seat_name(view, seat) for seat in view["to_act"])
        text.append(f" · waiting for: {waiting}")
    return text


def die(entry: DieView) -> Text:
    """One die in its colour: its face, its colour's initial and its number (`⚃b4`)."""
    colour, pips = entry["colour"], entry["pips"]
    return Text(f"{FACES[pips - 1]}{colour[0]}{pips}", style=STYLES[colour])


def _legend() -> Text:
    """The colours' initials, each in its colour."""
    keys = Text(" · ").join(Text(f"{c[0]} {c}", style=style) for c, style in STYLES.items())
    return Text("dice: ", style="dim") + keys


def card(entry: CardView) -> Text:
    """A dice card: its two dice in brackets."""
    return Text("[").append(die(entry["dice"][0])).append(" ").append(die(entry["dice"][1])) + "]"


def _challenge(challenge: ChallengeView, number: int) -> Text:
    text = Text(f"Challenge {number}: ", style="bold")
    if challenge["kind"] == "colours":
        text += Text(" + ").join(Text(c, style=STYLES[c]) for c in challenge["colours"])
    elif challenge["kind"] == "big+small":
        big, small = challenge["big"], challenge["small"]
        text += Text("BIG ") + Text(big.upper(), style=STYLES[big])
        text += Text(" + small ") + Text(small, style=STYLES[small])
    elif challenge["kind"] == "white":
        text += Text("white dice " + " ".join(FACES[f - 1] for f in challenge["faces"]))
    else:
        text += Text(" ").join(Text(c, style=STYLES[c]) for c in challenge["order"])
        text += Text(f" · position {challenge['position']}", style="bold")
    text.append(f"\n  {challenge['text']}", style="italic")
    return text


def _displays(view: LikeDiceView) -> Table:
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_column(justify="right")
    places = Text("  ").join(
        Text(f"{place}:") + card(entry) for place, entry in enumerate(view["common"], start=1)
    )
    table.add_row("common", places, "")
    for seat in view["seats"]:
        number = seat["seat"]
        name = seat_name(view, number) + (" ▶" if number in view["to_act"] else "")
        cards = Text(" ").join(card(entry) for entry in seat["display"])
        tally = f"{seat['cards']}/{seat['target']} cards · {seat['pips']} dots"
        table.add_row(name, cards, tally)
    return table


def _answers(view: LikeDiceView) -> Text:
    called = [
        f"{seat_name(view, entry['seat'])}: "
        + ("pass" if entry["answer"] is None else str(entry["answer"]))
        for entry in view["answers"]
    ]
    return Text("Called (in order): " + " · ".join(called))


def _result(view: LikeDiceView, result: ResultView) -> Text:
    text = Text(f"Challenge {result['number']} checked", style="bold")
    if result["timed_out"]:
        text.append(" (time was up)")
    text.append(": ")
    checks = [
        f"{seat_name(view, check['seat'])} {check['answer']} "
        + ("✓" if check["right"] else f"✗ ({check['correct']})")
        for check in result["checked"]
    ]
    text.append(" · ".join(checks) or "no answers")
    if result["winner"] is None:
        text.append(" · nobody was right")
    elif result["took"] is not None:
        text.append(f" · {seat_name(view, result['winner'])} took ")
        text.append(card(result["took"]))
    take = view["take"]
    if take is not None:
        text.append(f"\n{seat_name(view, take['seat'])} may take: ")
        text.append(
            Text("  ").join(
                Text(f"{choice['action']} ") + card(choice["card"]) for choice in take["choices"]
            )
        )
    return text
