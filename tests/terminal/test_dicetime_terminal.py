"""Dicetime in the terminal: the words fit the moment (rolls left or none, the race start only
while it matters), a zero entered by a slip is asked about first, and the puzzle's clock
counts down, survives a save and waits while the hints' table is built."""

from __future__ import annotations

from rich.console import Console

import parlour
from parlour.kernel import SPECTATOR, View
from parlour.terminal.renderers import dicetime

KEEP_WORDS = "keep dice and roll the rest"


def shown(view: View) -> str:
    """The renderer's screen for `view`, as plain text."""
    console = Console(record=True, width=160, color_system=None)
    console.print(dicetime.render(view))
    return console.export_text()


def test_with_no_rolls_left_the_prompt_says_to_enter_the_roll() -> None:
    state = parlour.load("dicetime").new(3)
    for action in ("roll", "roll"):
        state.apply(0, action)
        assert KEEP_WORDS in shown(state.view(0))
    state.apply(0, "roll")
    screen = shown(state.view(0))
    assert KEEP_WORDS not in screen
    assert "no rolls left: enter the roll in an open row" in screen


def test_the_puzzle_with_an_empty_pool_says_to_enter_the_roll() -> None:
    state = parlour.load("dicetime", 1, mode="puzzle").new(3)
    state.apply(0, "roll")
    for _ in range(26):  # the whole pool of rerolls on the first turn
        state.apply(0, "roll")
    screen = shown(state.view(0))
    assert "rerolls left in the pool: 0" in screen
    assert KEEP_WORDS not in screen and "no rolls left" in screen


def finished(state: parlour.State) -> parlour.State:
    """`state` played to its end, each seat rolling once and entering its first open row."""
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, "roll")
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("enter")))
    return state


def test_the_race_start_shows_only_in_a_race_and_until_someone_rolls() -> None:
    race = parlour.load("dicetime", 2, start="race").new(1)
    assert "race: whoever rolls first begins" in shown(race.view(SPECTATOR))
    race.apply(1, "roll")
    assert "race" not in shown(race.view(SPECTATOR))
    for options in ({}, {"start": "race"}):
        state = finished(parlour.load("dicetime", 2, **options).new(1))
        screen = shown(state.view(SPECTATOR))
        assert "Game over" in screen and "race" not in screen
