"""Each player chooses a colour of their own (the rulebook's "Wähle ein Raumschiff
beziehungsweise eine Farbe. Deine Mitspieler:innen wählen eine eigene."): the option `colours`,
and the views' `seats[i].colour` follow the choice (the log names seats as the kernel does;
front ends name them by colour)."""

from __future__ import annotations

import pytest

import parlour
from parlour import OptionError
from parlour.boxes.dicetime.components import COLOURS
from parlour.kernel import Rng
from parlour.kernel.records import replay


def test_chosen_colours_are_the_seats_colours_in_views() -> None:
    game = parlour.load("dicetime", players=3, colours="teal,red,pink")
    state = game.new(seed=3)
    state.apply(0, "roll")
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert [seat["colour"] for seat in view["seats"]] == ["teal", "red", "pink"]
        assert view["options"]["colours"] == ["teal", "red", "pink"]
    assert state.view(1)["log"][0]["text"].startswith("Seat 1 rolled ")


def test_without_a_choice_seats_take_the_palette_in_order() -> None:
    view = parlour.load("dicetime", players=4).new(seed=0).view(None)
    assert [seat["colour"] for seat in view["seats"]] == list(COLOURS[:4])


@pytest.mark.parametrize(
    ("players", "given", "words"),
    [
        (2, "red,red", "gives red twice: each player chooses a colour of their own"),
        (3, "red,blue", "names 2 colours for 3 players: give one per seat"),
        (1, "red,blue", "names 2 colours for 1 players"),
        (2, "black,red", "colours=black,red is not allowed: use a comma-separated list"),
    ],
)
def test_a_bad_choice_is_refused_saying_why(players: int, given: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        parlour.load("dicetime", players=players, colours=given)


def test_the_colours_survive_a_record_and_the_determinizer() -> None:
    """A replayed record and a view rebuilt into a state keep the chosen colours."""
    game = parlour.load("dicetime", players=2, colours="yellow,purple")
    state = game.new(seed=5)
    state.apply(0, "roll")
    state.apply(0, "enter chance")
    replayed = replay(state.record)
    assert replayed.view(0)["seats"][1]["colour"] == "purple"
    rebuilt = game.determinize(state.view(0), Rng(7))
    assert rebuilt.view(0) == state.view(0)
