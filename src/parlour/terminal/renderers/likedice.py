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

from parlour.boxes.likedice.components import Colour, Level, listed
from parlour.boxes.likedice.views import (
    CardView,
    ChallengeView,
    DieView,
    LikeDiceView,
    ResultView,
)
from parlour.i18n import _, ngettext
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
WORDS = {colour.key: colour for colour in Colour}
LEVELS = {level.key: level for level in Level}


def _word(colour: str) -> str:
    """A colour's name in the language of the moment (`blue`, `Blau`)."""
    return WORDS[colour].word


def _hint(view: LikeDiceView) -> str:
    """What the seat to act may type."""
    if view["take"] is None:
        return _(
            "Type your count, a number from 0 to {most} (e.g. 17), or pass (p). "
            "help lists the actions."
        ).format(most=view["max_answer"])
    actions = [choice["action"] for choice in view["take"]["choices"]]
    return _("Type {actions} (or just the number, or the card's dice, e.g. b4 g6).").format(
        actions=listed(actions, _("{first} or {last}"))
    )


def _yours(view: LikeDiceView, seat: int, you: str, other: str) -> str:
    """`you` when `seat` is the viewer's, else `other` naming it (`{who}`): separate
    messages, since other languages conjugate them apart. `{card}` is left for the caller."""
    if seat == view["seat"]:
        return you
    return other.replace("{who}", seat_name(view, seat))


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
    number, most = view["number"], view["max_challenges"]
    text.append(f"  {LEVELS[view['level']].word} · ")
    if most:
        text.append(_("challenge {number} of {most}").format(number=number, most=most))
    else:
        text.append(_("challenge {number}").format(number=number))
    deck = view["dice_deck"]
    text.append(
        " · "
        + ngettext("dice deck: {count} card", "dice deck: {count} cards", deck).format(count=deck)
    )
    if view["time_limit"]:
        text.append(" · " + _("{seconds} s a challenge").format(seconds=view["time_limit"]))
    if view["over"]:
        names = listed([seat_name(view, seat) for seat in view["winners"]], _("{first} and {last}"))
        text.append("\n" + _("Game over. Won: {names}.").format(names=names), style="bold")
    elif view["take"] is not None:
        seat = view["take"]["seat"]
        text.append(
            " · " + _yours(view, seat, _("You may choose a card"), _("{who} may choose a card"))
        )
    else:
        waiting = ", ".join(seat_name(view, seat) for seat in view["to_act"])
        text.append(" · " + _("waiting for: {waiting}").format(waiting=waiting))
    return text


def die(entry: DieView) -> Text:
    """One die in its colour: its face, its colour's initial and its number (`⚃b4`)."""
    colour, pips = entry["colour"], entry["pips"]
    return Text(f"{FACES[pips - 1]}{colour[0]}{pips}", style=STYLES[colour])


def _legend() -> Text:
    """The colours' initials, each in its colour."""
    keys = Text(" · ").join(Text(f"{c[0]} {_word(c)}", style=style) for c, style in STYLES.items())
    return Text(_("dice:") + " ", style="dim") + keys


def card(entry: CardView) -> Text:
    """A dice card: its two dice in brackets."""
    return Text("[").append(die(entry["dice"][0])).append(" ").append(die(entry["dice"][1])) + "]"


def _challenge(challenge: ChallengeView, number: int) -> Text:
    text = Text(_("Challenge {number}:").format(number=number) + " ", style="bold")
    if challenge["kind"] == "colours":
        text += Text(" + ").join(Text(_word(c), style=STYLES[c]) for c in challenge["colours"])
    elif challenge["kind"] == "big+small":
        big, small = challenge["big"], challenge["small"]
        text += Text(_("BIG") + " ") + Text(_word(big).upper(), style=STYLES[big])
        text += Text(" + " + _("small") + " ") + Text(_word(small), style=STYLES[small])
    elif challenge["kind"] == "white":
        faces = " ".join(FACES[f - 1] for f in challenge["faces"])
        text += Text(_("white dice {faces}").format(faces=faces))
    else:
        text += Text(" ").join(Text(_word(c), style=STYLES[c]) for c in challenge["order"])
        position = _("position {position}").format(position=challenge["position"])
        text += Text(f" · {position}", style="bold")
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
    table.add_row(_("common"), places, "")
    for seat in view["seats"]:
        number = seat["seat"]
        name = seat_name(view, number) + (" ▶" if number in view["to_act"] else "")
        cards = Text(" ").join(card(entry) for entry in seat["display"])
        tally = _("{cards}/{target} cards · {dots} dots").format(
            cards=seat["cards"], target=seat["target"], dots=seat["pips"]
        )
        table.add_row(name, cards, tally)
    return table


def _answers(view: LikeDiceView) -> Text:
    called = [
        f"{seat_name(view, entry['seat'])}: "
        + (_("pass") if entry["answer"] is None else str(entry["answer"]))
        for entry in view["answers"]
    ]
    return Text(_("Called (in order):") + " " + " · ".join(called))


def _result(view: LikeDiceView, result: ResultView) -> Text:
    text = Text(_("Challenge {number} checked").format(number=result["number"]), style="bold")
    if result["timed_out"]:
        text.append(" " + _("(time was up)"))
    text.append(": ")
    checks = [
        f"{seat_name(view, check['seat'])} {check['answer']} "
        + ("✓" if check["right"] else f"✗ ({check['correct']})")
        for check in result["checked"]
    ]
    text.append(" · ".join(checks) or _("no answers"))
    if result["winner"] is None:
        text.append(" · " + _("nobody was right"))
    elif result["took"] is not None:
        took = _yours(view, result["winner"], _("You took {card}"), _("{who} took {card}"))
        before, _card, after = took.partition("{card}")
        text.append(" · " + before).append(card(result["took"])).append(after)
    take = view["take"]
    if take is not None:
        text.append("\n" + _yours(view, take["seat"], _("You may take:"), _("{who} may take:")))
        text.append(" ")
        text.append(
            Text("  ").join(
                Text(f"{choice['action']} ") + card(choice["card"]) for choice in take["choices"]
            )
        )
    return text
