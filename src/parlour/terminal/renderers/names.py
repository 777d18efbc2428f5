"""How the terminal names a seat, for every renderer and the runner alike."""

from __future__ import annotations

from parlour.kernel import SPECTATOR, View
from parlour.kernel import seat_name as numbered


def seat_name(view: View, seat: int) -> str:
    """`seat` as named to whoever sees `view`: `You` for the viewer's own seat, else the
    seat's colour where the game gives seats one (`Red`), else its number (`Seat 2`)."""
    colour = _colour(view, seat)
    if colour is None or seat == view["seat"]:
        return numbered(seat, view["seat"])
    return colour.capitalize()


def player_name(view: View, seat: int) -> str:
    """`seat` as named to everyone at the keyboard (no `You`): `Red (seat 1)` or `Seat 2`."""
    name = numbered(seat, SPECTATOR)
    colour = _colour(view, seat)
    return name if colour is None else f"{colour.capitalize()} ({name.lower()})"


def _colour(view: View, seat: int) -> str | None:
    """The seat's colour, where the view's `seats` give one."""
    seats = view.get("seats")
    if not isinstance(seats, list) or not isinstance(seats[seat], dict):
        return None
    colour = seats[seat].get("colour")
    return colour if isinstance(colour, str) else None
