"""The terminal names a seat in one place (`terminal/renderers/names.py`): `You` to its own
viewer, its colour where the game gives one, else its number; every renderer uses it."""

from __future__ import annotations

import importlib
import pkgutil

import parlour
from parlour.kernel import SPECTATOR
from parlour.terminal import renderers
from parlour.terminal.renderers.names import player_name, seat_name


def test_a_seat_is_you_its_colour_or_its_number() -> None:
    state = parlour.load("dicetime", 2).new(1)
    colour = str(state.view(0)["seats"][1]["colour"]).capitalize()
    assert seat_name(state.view(0), 0) == "You"
    assert seat_name(state.view(0), 1) == seat_name(state.view(SPECTATOR), 1) == colour
    assert player_name(state.view(0), 1) == f"{colour} (seat 2)"
    plain = parlour.load("dokitto", 3).new(1)
    assert seat_name(plain.view(1), 1) == "You"
    assert seat_name(plain.view(1), 2) == seat_name(plain.view(SPECTATOR), 2) == "Seat 3"
    assert player_name(plain.view(2), 2) == "Seat 3"


def test_every_renderer_names_seats_with_the_one_helper() -> None:
    for found in pkgutil.iter_modules(renderers.__path__):
        module = importlib.import_module(f"{renderers.__name__}.{found.name}")
        assert getattr(module, "seat_name", seat_name) is seat_name, found.name
