"""How the terminal names a seat, for every renderer and the runner alike.

A seat is `You` to its own viewer, else its colour where the game gives seats one (`Red`), else
its number (`Seat 2`). Where the runner says who plays each seat (`labelled`: a bot's name), the
name says it too (`Seat 2 (greedy)`), in the renderers' screens and in the log alike. Names are
told in the language of the moment (`Du`, `Rot (Platz 1)`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from parlour.i18n import N_, _
from parlour.kernel import SPECTATOR, View
from parlour.kernel import seat_name as numbered

PLAYED_BY = "played_by"
"""The key `labelled` adds to a view: who plays each seat (a bot's name, `None` for a person)."""
COLOURS = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "purple": N_("Purple"),
    "orange": N_("Orange"),
    "pink": N_("Pink"),
    "teal": N_("Teal"),
}
"""The seat colours views give (`seats[i].colour`), as a name (told with `_`)."""


def labelled(view: View, played_by: Sequence[str | None]) -> View:
    """A copy of `view` that knows who plays each seat, its log's seat names labelled so."""
    shown: dict[str, Any] = {**view, PLAYED_BY: list(played_by)}
    if isinstance(view.get("log"), list):
        shown["log"] = [{**entry, "text": _label(shown, entry["text"])} for entry in view["log"]]
    return shown


def seat_name(view: View, seat: int) -> str:
    """`seat` as named to whoever sees `view`: `You` for the viewer's own seat, else its colour
    (`Red`) or number (`Seat 2`), with the bot that plays it where known (`Seat 2 (greedy)`)."""
    if seat == view["seat"]:
        return numbered(seat, view["seat"])
    name, label = _plain(view, seat), _played_by(view, seat)
    return name if label is None else f"{name} ({label})"


def player_name(view: View, seat: int) -> str:
    """`seat` as named to everyone at the keyboard (no `You`): `Seat 2`, `Red (seat 1)`, and
    with the bot that plays it where known, `Seat 2 (greedy)` or `Red (seat 1, greedy)`."""
    name = numbered(seat, SPECTATOR)
    colour = _colour(view, seat)
    label = _played_by(view, seat)
    if colour is None:
        return name if label is None else f"{name} ({label})"
    if label is None:
        return _("{colour} (seat {number})").format(colour=colour, number=seat + 1)
    named = _("{colour} (seat {number}, {bot})")
    return named.format(colour=colour, number=seat + 1, bot=label)


def _label(view: View, text: str) -> str:
    """A log line whose seat names (as the kernel words them: `Seat 2`, or the seat's colour)
    say who plays the seat: `Seat 2 (greedy) rolled`."""
    for seat in range(len(view[PLAYED_BY])):
        if seat == view["seat"] or _played_by(view, seat) is None:
            continue
        plain = _plain(view, seat)
        text = seat_name(view, seat).join(re.split(rf"\b{re.escape(plain)}\b", text))
    return text


def _plain(view: View, seat: int) -> str:
    """`seat` named without its player: its colour (`Red`) or its number (`Seat 2`)."""
    colour = _colour(view, seat)
    return numbered(seat, SPECTATOR) if colour is None else colour


def _played_by(view: View, seat: int) -> str | None:
    """The bot that plays `seat`, where the view was `labelled` and a bot plays it."""
    played_by = view.get(PLAYED_BY)
    if not isinstance(played_by, list) or seat >= len(played_by):
        return None
    label = played_by[seat]
    return label if isinstance(label, str) else None


def _colour(view: View, seat: int) -> str | None:
    """The seat's colour named (`Red`), where the view's `seats` give one."""
    seats = view.get("seats")
    if not isinstance(seats, list) or not isinstance(seats[seat], dict):
        return None
    colour = seats[seat].get("colour")
    if not isinstance(colour, str):
        return None
    return _(COLOURS[colour]) if colour in COLOURS else colour.capitalize()
