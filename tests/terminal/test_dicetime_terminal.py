"""Dicetime in the terminal: the words fit the moment (rolls left or none, the race start only
while it matters), a zero entered by a slip is asked about first, and the puzzle's clock
counts down, survives a save and waits while the hints' table is built."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.kernel import SPECTATOR, View
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.renderers import dicetime
from parlour.terminal.runner import Quit, TerminalGame

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


def playing(
    lines: list[str], tmp_path: Path, confirm: bool = True, **options: object
) -> tuple[parlour.State, str]:
    """A solo game whose first roll is 1 1 2 3 5, played from `lines` until they run out (the
    game is then saved and left): the state and what the screen showed."""
    state = parlour.load("dicetime", 1, **options).new(0, chance=[1, 1, 2, 3, 5])
    console = Console(record=True, width=160, color_system=None)
    prompt = ScriptedPrompt(lines, console)
    game = TerminalGame(state, ["human"], console, prompt, tmp_path / "s.json", confirm=confirm)
    with pytest.raises(Quit):
        game.play()
    return state, console.export_text()


def test_a_zero_where_another_row_scores_is_asked_about_first(tmp_path: Path) -> None:
    """`ls` (large straight, 0 for 1 1 2 3 5) asks first: no keeps the roll, yes enters it."""
    state, screen = playing(["roll", "ls", "n", "ls", "y"], tmp_path)
    assert state.history == ((0, "roll"), (0, "enter large_straight"))
    question = "Enter 0 in Large straight? Chance would score 12."
    assert screen.count(question) == 2
    assert screen.index("Not played: enter large_straight.") < screen.rindex(question)


def test_a_row_that_scores_is_entered_without_a_question(tmp_path: Path) -> None:
    state, screen = playing(["roll", "ss", "n"], tmp_path)  # 1 2 3 5: no small straight
    assert "Enter 0 in Small straight?" in screen
    state, screen = playing(["roll", "1s"], tmp_path)
    assert state.history == ((0, "roll"), (0, "enter ones"))
    assert "Enter 0" not in screen


def test_the_question_can_be_turned_off(tmp_path: Path) -> None:
    state, screen = playing(["roll", "ls"], tmp_path, confirm=False)
    assert state.history == ((0, "roll"), (0, "enter large_straight"))
    assert "Enter 0" not in screen


def test_no_question_when_every_open_row_scores_zero() -> None:
    """Only when some open row would score more: with nothing better, a 0 is no slip."""
    state = parlour.load("dicetime").new(0, chance=[1, 1, 2, 3, 5])
    state.apply(0, "roll")
    view = state.view(0)
    turn = view["seats"][0]["turn"]
    turn["would_score"] = {"large_straight": 0, "five_of_a_kind": 0}
    assert dicetime.confirm(view, "enter large_straight") is None
    turn["would_score"] = {"large_straight": 0, "five_of_a_kind": 0, "chance": 12}
    assert dicetime.confirm(view, "enter large_straight") is not None
    assert dicetime.confirm(view, "keep 1,2") is None
    assert dicetime.confirm(state.view(SPECTATOR), "enter large_straight") is None


def test_play_no_confirm_enters_the_zero_at_once(tmp_path: Path) -> None:
    """`parlour play --no-confirm`: the slip question is off; by default it is asked."""
    first = parlour.load("dicetime").new(0)
    first.apply(0, "roll")
    assert first.view(0)["seats"][0]["turn"]["would_score"]["large_straight"] == 0
    for flags, entered in (([], False), (["--no-confirm"], True)):
        save = tmp_path / f"{entered}.json"
        args = ["play", "dicetime", "--seats", "human", "--seed", "0", "--save", str(save)]
        result = CliRunner().invoke(app, [*args, *flags], "roll\nls\n")
        assert result.exit_code == 0, result.output
        actions = json.loads(save.read_text())["actions"]
        assert ([0, "enter large_straight"] in actions) is entered
        assert ("Enter 0 in Large straight?" in result.output) is not entered
